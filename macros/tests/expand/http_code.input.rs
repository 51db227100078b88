// Input of the expansion golden (see `src/expand.rs` tests): the status a
// route answers (SPEC A4): 200 by default, 201 for POST, `#[http_code(..)]`
// over both; the status also reaches the pipes (`piped`) and the
// exception filters (`raise`).
use serde::{Deserialize, Serialize};
use tether::{controller, HttpError};

#[derive(Serialize)]
pub struct Job {
    id: u64,
}

#[derive(Deserialize)]
pub struct CreateJob {
    name: String,
}

#[derive(Default)]
pub struct JobsController;

#[controller("/jobs")]
impl JobsController {
    #[post]
    async fn create(&self, #[body] dto: CreateJob) -> Job {
        Job { id: dto.name.len() as u64 }
    }

    #[post("/:id/run")]
    #[http_code(202)]
    async fn run(&self, #[param] id: u64) -> Result<Job, HttpError> {
        Ok(Job { id })
    }

    #[delete("/:id")]
    #[http_code(204)]
    async fn remove(&self, #[param] id: u64) {
        let _ = id;
    }
}
