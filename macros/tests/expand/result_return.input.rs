// Input of the expansion golden (see `src/expand.rs` tests): `Result`
// returns (SPEC A3, A7). The value's type decides, not its spelling: an
// alias of `Result` splits into `Ok` (answered) and `Err` (raised to the
// exception filters) like `Result` itself; `(StatusCode, T)` in the `Ok`
// answers `T` with that status.
use serde::{Deserialize, Serialize};
use tether::{controller, HttpError, IntoResponse, Response, StatusCode};

#[derive(Serialize)]
pub struct Account {
    id: u64,
}

#[derive(Serialize)]
pub struct Owner {
    name: String,
}

#[derive(Deserialize)]
pub struct OpenAccount {
    owner: String,
}

pub enum AccountError {
    Exists,
}

impl IntoResponse for AccountError {
    fn into_response_with(self, _status: StatusCode) -> Response {
        HttpError::conflict("the account exists").into_response()
    }
}

pub type ApiResult<T> = Result<T, HttpError>;

#[derive(Default)]
pub struct AccountsController;

#[controller("/accounts")]
impl AccountsController {
    #[get("/:id")]
    async fn find(&self, #[param] id: u64) -> Result<Account, HttpError> {
        Ok(Account { id })
    }

    #[get("/:id/owner")]
    async fn owner(&self, #[param] id: u64) -> ApiResult<Owner> {
        Err(HttpError::not_found(format!("no account {id}")))
    }

    #[post]
    async fn open(&self, #[body] dto: OpenAccount) -> Result<(StatusCode, Account), AccountError> {
        match dto.owner.is_empty() {
            true => Err(AccountError::Exists),
            false => Ok((StatusCode::ACCEPTED, Account { id: 1 })),
        }
    }
}
