use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Serialize, Deserialize)]
pub struct Account {
    pub id: u64,
    /// Never in JSON.
    #[serde(skip)]
    pub cache: Vec<u8>,
    /// Only accepted, never returned.
    #[serde(skip_serializing)]
    pub password: String,
    /// Only returned, never read.
    #[serde(skip_deserializing)]
    pub created_by: String,
    /// Absent instead of null.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nickname: Option<String>,
    /// Absent when empty.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub roles: Vec<String>,
    /// Written as null when unset.
    pub avatar: Option<String>,
}

#[derive(Serialize)]
pub enum Shape { Circle, #[serde(skip)] Internal, Square }

pub struct AccountsController;
#[controller("/accounts")]
impl AccountsController {
    #[get]
    async fn get(&self) -> Json<Account> { todo!() }
    #[get("/shape")]
    async fn shape(&self) -> Shape { todo!() }
}
