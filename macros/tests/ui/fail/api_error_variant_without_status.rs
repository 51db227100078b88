use tether::ApiError;

#[derive(ApiError)]
enum BookError {
    #[status(404)]
    NotFound { id: u64 },
    Conflict { id: u64 },
}

fn main() {}
