//! `/health`: served without a version segment.

use crate::model::Health;
use tether::controller;

/// Liveness probe.
pub struct HealthController;

#[controller("/health")]
#[version(neutral)]
impl HealthController {
    /// Answers while the server is up.
    #[get]
    async fn check(&self) -> Health {
        Health {
            status: "ok".into(),
        }
    }
}
