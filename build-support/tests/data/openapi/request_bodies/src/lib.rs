use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Deserialize)]
pub struct Login { pub user: String, pub password: String, pub remember: Option<bool>, pub state: Option<State> }

#[derive(Deserialize)]
pub enum State { Open, Closed }

#[derive(Deserialize, Serialize)]
pub struct Note { pub text: String }

pub struct BodiesController;
#[controller("/bodies")]
impl BodiesController {
    #[post("/json")]
    async fn json(&self, #[body] note: Note) -> Json<Note> { todo!() }
    #[post("/form")]
    async fn form(&self, #[body(form)] login: Login) -> String { todo!() }
    #[post("/text")]
    async fn text(&self, #[body(text)] text: String) -> String { todo!() }
    #[post("/bytes")]
    async fn bytes(&self, #[body(bytes)] data: Vec<u8>) -> Vec<u8> { todo!() }
    #[patch("/optional")]
    async fn optional(&self, #[body] note: Option<Note>) -> Json<Note> { todo!() }
    #[post("/explicit-json")]
    async fn explicit(&self, #[body(json)] note: Note) -> Json<Note> { todo!() }
}
