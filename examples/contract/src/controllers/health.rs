//! `/health`, served outside the global prefix `/api`
//! (`global_prefix_exclude` in tether.toml, issue 12 item 13), of no version:
//! where a load balancer looks, whatever the API's prefix.

use tether::controller;

/// The liveness probe.
pub struct HealthController;

#[controller("/health")]
#[version(neutral)]
#[tags("ops")]
impl HealthController {
    /// `ok` while the process serves requests.
    #[get]
    async fn check(&self) -> &'static str {
        "ok"
    }
}
