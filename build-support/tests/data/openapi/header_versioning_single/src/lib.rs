use serde::{Deserialize, Serialize};
use tether::{controller, Json};


pub struct UsersController;
#[controller("/users")]
impl UsersController {
    /// Reads the version header itself: documented once, with its const.
    #[get]
    async fn list(&self, #[header("x-api-version")] v: Option<String>) -> Json<Vec<String>> { todo!() }
    #[post]
    #[version("2")]
    async fn create(&self, #[body] name: String) -> Json<String> { todo!() }
    #[get("/ping")]
    #[version(neutral)]
    async fn ping(&self, #[header("X-API-Version")] v: Option<String>) -> String { todo!() }
}
