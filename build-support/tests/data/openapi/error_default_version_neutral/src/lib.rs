use tether::controller;

pub struct HealthController;
#[controller("/health")]
impl HealthController {
    #[get]
    async fn check(&self) -> String { todo!() }
}
