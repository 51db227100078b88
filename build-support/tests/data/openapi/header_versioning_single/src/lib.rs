use serde::{Deserialize, Serialize};
use tether::{controller, Json};


pub struct UsersController;
#[controller("/users")]
impl UsersController {
    #[get]
    async fn list(&self) -> Json<Vec<String>> { todo!() }
    #[post]
    #[version("2")]
    async fn create(&self, #[body] name: String) -> Json<String> { todo!() }
    #[get("/ping")]
    #[version(neutral)]
    async fn ping(&self) -> String { todo!() }
}
