// Input of the expansion golden (see `src/expand.rs` tests): the status a
// route answers (SPEC A4): 200 by default, 201 for POST, `#[http_code(..)]`
// over both; the status also reaches the pipes (`piped`) and the
// exception filters (`raise`).
#[controller("/jobs")]
impl JobsController {
    #[post]
    async fn create(&self, #[body] dto: CreateJob) -> Job {
        self.jobs.create(dto)
    }

    #[post("/:id/run")]
    #[http_code(202)]
    async fn run(&self, #[param] id: u64) -> Result<Job, HttpError> {
        self.jobs.run(id)
    }

    #[delete("/:id")]
    #[http_code(204)]
    async fn remove(&self, #[param] id: u64) {
        self.jobs.remove(id)
    }
}
