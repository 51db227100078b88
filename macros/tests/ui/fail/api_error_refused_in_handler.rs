// A refused `#[derive(ApiError)]` is one error, at the attribute: the
// handler returning the enum adds none of its own.
use tether::{controller, ApiError};

#[derive(Debug, ApiError)]
enum TaskError {
    #[status(422, message = "bad {field}")]
    Bad { field: String, error: String },
}

struct Tasks;

#[controller("/tasks")]
impl Tasks {
    #[get("/:id")]
    async fn find(&self, #[param] id: u64) -> Result<String, TaskError> {
        Ok(id.to_string())
    }
}

fn main() {}
