//! `(StatusCode, T)`: `T`'s body under `2XX`, as the status is chosen at run time.
use serde::Serialize;
use tether::{controller, HttpError, Json, StatusCode};

#[derive(Serialize)]
pub struct Job {
    pub id: u32,
}

pub struct JobsController;

#[controller("/jobs")]
impl JobsController {
    #[post]
    async fn create(&self) -> (StatusCode, Job) { todo!() }
    #[get("/text")]
    async fn text(&self) -> (http::StatusCode, String) { todo!() }
    #[get("/json/:id")]
    async fn find(&self, #[param] id: u32) -> Result<(StatusCode, Json<Job>), HttpError> { todo!() }
    #[delete("/:id")]
    async fn remove(&self, #[param] id: u32) -> (StatusCode, ()) { todo!() }
}
