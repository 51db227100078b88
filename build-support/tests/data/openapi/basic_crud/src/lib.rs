use serde::{Deserialize, Serialize};
use tether::{controller, HttpError, Json, NoContent};

/// A registered user.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: u64,
    /// The name shown to others.
    pub display_name: String,
    pub email: Option<String>,
}

#[derive(Deserialize)]
pub struct CreateUser {
    pub display_name: String,
    pub email: Option<String>,
}

pub struct UsersController;

/// Everything about users.
#[controller("/users")]
impl UsersController {
    /// Lists users.
    #[get]
    async fn find_all(&self) -> Json<Vec<User>> {
        todo!()
    }

    /// Finds one user.
    ///
    /// Fails with 404 when there is no such user.
    #[get("/:id")]
    async fn find_one(&self, #[param] id: u64) -> Result<Json<User>, HttpError> {
        todo!()
    }

    #[post]
    async fn create(&self, #[body] dto: CreateUser) -> Json<User> {
        todo!()
    }

    #[put("/:id")]
    async fn update(&self, #[param] id: u64, #[body] dto: CreateUser) -> Result<User, HttpError> {
        todo!()
    }

    #[delete("/:id")]
    async fn remove(&self, #[param] id: u64) -> NoContent {
        todo!()
    }

    fn not_a_route(&self) {}
}
