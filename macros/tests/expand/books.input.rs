// Input of the expansion golden (see `src/expand.rs` tests): a controller
// with a version, every kind of argument and a status override.
#[controller("/books")]
#[version("1")]
impl BooksController {
    /// Finds one book.
    #[get("/:id")]
    #[version("1", "2")]
    async fn find_one(&self, #[param] id: u64, #[header("x-request-id")] rid: Option<String>) -> Result<Book, HttpError> {
        self.store.find(id, rid)
    }

    #[get]
    async fn find_all(&self, #[query] query: ListQuery, #[query("page")] page: Option<u32>) -> Vec<Book> {
        self.store.list(query, page)
    }

    #[post]
    async fn create(&self, #[body] dto: CreateBook, #[req] req: &Request) -> Json<Book> {
        Json(self.store.create(dto, req))
    }

    #[delete("/:id")]
    #[http_code(204)]
    async fn remove(&self, #[param] id: u64) {
        self.store.remove(id)
    }
}
