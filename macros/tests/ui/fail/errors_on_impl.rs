use tether::{controller, ApiError};

#[derive(Debug, ApiError)]
enum ProjectError {
    #[status(404)]
    NoProject,
}

struct ProjectsController;

#[controller("/projects")]
#[errors(ProjectError::NoProject)]
#[http_code(202)]
impl ProjectsController {
    #[get]
    async fn list(&self) -> Result<String, ProjectError> {
        Ok(String::new())
    }
}

fn main() {}
