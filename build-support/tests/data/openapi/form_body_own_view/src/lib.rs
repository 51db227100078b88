//! A DTO read from a form and from JSON, and sent back: the form's view
//! (no `null`, required lists of one part or more) is its own and leaves
//! the shared components, which JSON bodies and responses use, unchanged.
use serde::{Deserialize, Serialize};
use tether::{controller, Json};

#[derive(Deserialize)]
pub struct UpdateProduct { pub display_name: Option<String>, pub price: Option<u32> }

#[derive(Deserialize, Serialize)]
pub struct SignupForm { pub email: String, pub newsletter: Option<bool> }

#[derive(Deserialize, Serialize)]
pub struct Upload { pub title: Option<String>, pub tags: Vec<String> }

#[derive(Deserialize, Serialize)]
pub struct Plain { pub name: String }

pub struct FormsController;
#[controller("/forms")]
impl FormsController {
    #[patch("/product")]
    async fn update(&self, #[body] p: UpdateProduct) -> String { todo!() }
    #[post("/product")]
    async fn form(&self, #[body(form)] p: UpdateProduct) -> String { todo!() }
    #[post("/signup")]
    async fn signup(&self, #[body(form)] s: SignupForm) -> Json<SignupForm> { todo!() }
    #[post("/upload")]
    async fn upload(&self, #[body(multipart)] u: Upload) -> Json<Upload> { todo!() }
    #[post("/plain")]
    async fn plain(&self, #[body(form)] p: Plain) -> Json<Plain> { todo!() }
}
