use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Deserialize, Serialize)]
pub struct Settings {
    pub name: String,
    #[serde(default)]
    pub retries: u8,
    #[serde(default = "default_timeout")]
    pub timeout_ms: u32,
}

/// Every field may be left out.
#[derive(Deserialize, Serialize)]
#[serde(default)]
pub struct Limits {
    pub max: u32,
    pub min: u32,
}

fn default_timeout() -> u32 { 1000 }

pub struct SettingsController;
#[controller("/settings")]
impl SettingsController {
    #[put]
    async fn put(&self, #[body] s: Settings, ) -> Json<Limits> { todo!() }
}
