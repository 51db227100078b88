use serde::Deserialize;
use serde_valid::Validate;
use tether::controller;

#[derive(Deserialize, Validate)]
pub struct Price {
    // serde_valid checks `value % 0.01 == 0` in f64: 1.0 fails it.
    #[validate(multiple_of = 0.01)]
    pub amount: f64,
    // Exact steps are documented as written.
    #[validate(multiple_of = 0.25)]
    pub quarter: f64,
    #[validate(multiple_of = 5)]
    pub five: u32,
}

pub struct PricesController;
#[controller("/prices")]
impl PricesController {
    #[post]
    async fn create(&self, #[body] price: Price) -> String { todo!() }

    #[get]
    async fn find(&self, #[query("step")] #[validate(multiple_of = 0.5)] step: Option<f64>) -> String { todo!() }
}
