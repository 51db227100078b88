use tether::{controller, Json};

pub struct UsersController;
#[controller("/users")]
impl UsersController {
    #[get]
    async fn list(&self) -> Json<Vec<String>> { todo!() }
}

/// Served outside `/api`: `health` for every method, `metrics` for GET only.
pub struct OpsController;
#[controller]
impl OpsController {
    #[get("/health")]
    #[version(neutral)]
    async fn health(&self) -> String { todo!() }
    #[get("/metrics")]
    async fn metrics(&self) -> String { todo!() }
    #[post("/metrics")]
    async fn reset_metrics(&self) -> String { todo!() }
}
