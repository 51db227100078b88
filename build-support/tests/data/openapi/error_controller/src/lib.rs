use serde::{Deserialize, Serialize};
use tether::{controller, Json};


pub struct BadController;
#[controller("/bad")]
impl BadController {
    #[get("/:id")]
    fn not_async(&self) -> String { todo!() }

    #[post]
    async fn no_attr(&self, body: String) -> String { todo!() }

    #[gett("/typo")]
    async fn typo(&self) -> String { todo!() }
}
