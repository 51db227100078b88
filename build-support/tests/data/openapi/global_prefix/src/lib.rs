use serde::{Deserialize, Serialize};
use tether::{controller, Json};


pub struct UsersController;
#[controller("/users")]
impl UsersController {
    #[get]
    async fn list(&self) -> Json<Vec<String>> { todo!() }
    #[get("/:id")]
    async fn get(&self, #[param] id: String) -> Json<String> { todo!() }
}
