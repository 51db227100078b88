// Input of the expansion golden (see `src/expand.rs` tests): `Result`
// returns (SPEC A3, A7). The value's type decides, not its spelling: an
// alias of `Result` splits into `Ok` (answered) and `Err` (raised to the
// exception filters) like `Result` itself; `(StatusCode, T)` in the `Ok`
// answers `T` with that status.
#[controller("/accounts")]
impl AccountsController {
    #[get("/:id")]
    async fn find(&self, #[param] id: u64) -> Result<Account, HttpError> {
        self.store.find(id)
    }

    #[get("/:id/owner")]
    async fn owner(&self, #[param] id: u64) -> ApiResult<Owner> {
        self.store.owner(id)
    }

    #[post]
    async fn open(&self, #[body] dto: OpenAccount) -> Result<(StatusCode, Account), AccountError> {
        self.store.open(dto)
    }
}
