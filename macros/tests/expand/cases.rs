// The expansion golden cases, read by the golden tests of `src/expand.rs`
// (one test per case, and a check that every `*.input.rs` is listed here)
// and by tether-tests' `tests/expansion_inputs.rs` (each input compiles
// and its controller starts): `case: the controller its input defines,
// what it shows`.
cases! {
    books: BooksController, "A versioned controller with every kind of argument and a status override.",
    rules: TicketsController, "Rules on single values (SPEC E5): read, checked together, then piped.",
    pipeline: OrdersController, "Guards, interceptors, pipes, filters and metadata on the controller and a method.",
    bodies: UploadsController, "Every `#[body(..)]` kind, and the optional text and bytes bodies.",
    result_return: AccountsController, "`Result` returns, an alias of one, and `(StatusCode, T)` in the `Ok`.",
    sse_return: LiveController, "`Sse<E>` returns, plain and in a `Result`.",
    http_code: JobsController, "The default statuses (200, 201 for POST) and `#[http_code(..)]`.",
    versions: CatsController, "Versions on the controller and on methods: inherited, one, several, neutral.",
    raw_identifiers: ItemsController, "Raw identifiers (`r#type`) as method, argument and capture names.",
    header_versioning: ArticlesController, "HEADER versioning and a global prefix from the case's `tether.toml`.",
}
