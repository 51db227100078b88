use serde::{Deserialize, Serialize};
use tether::{controller, Json};


pub mod admin;
pub mod public;

pub struct HealthController;
#[controller]
impl HealthController {
    #[all("/health")]
    async fn r#check(&self) -> String { todo!() }
}
