use tether::controller;

pub struct PricesController;
#[controller("/prices")]
impl PricesController {
    // serde_valid checks `value % 0.1 == 0` in f64: 0.3 fails it.
    #[get]
    async fn find(&self, #[query("step")] #[validate(multiple_of = 0.1)] step: Option<f64>) -> String { todo!() }
}
