use serde::{Deserialize, Serialize};
use tether::{controller, Json};


pub struct PingController;
#[controller("/ping")]
impl PingController {
    #[get]
    async fn get(&self) -> String { todo!() }
}
