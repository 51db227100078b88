use tether::controller;

pub struct OpsController;
#[controller]
impl OpsController {
    #[get("/metrics")]
    async fn metrics(&self) -> String { todo!() }
}
