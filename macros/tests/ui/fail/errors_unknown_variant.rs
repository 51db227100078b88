use tether::{controller, ApiError};

#[derive(Debug, ApiError)]
enum ProjectError {
    #[status(404)]
    NoProject,
    #[status(409)]
    KeyTaken,
}

struct ProjectsController;

#[controller("/projects")]
impl ProjectsController {
    #[get]
    #[errors(ProjectError::NoProject, ProjectError::KeyTakne)]
    async fn list(&self) -> Result<String, ProjectError> {
        Ok(String::new())
    }
}

fn main() {}
