use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Serialize)]
pub struct Money {
    #[serde(with = "my_cents")]
    pub amount: u64,
}

pub struct PayController;
#[controller("/pay")]
impl PayController {
    #[get]
    async fn get(&self) -> Json<Money> { todo!() }
}
