use tether::ApiError;

#[derive(ApiError)]
enum BookError {
    #[status(404)]
    NotFound(u64),
}

fn main() {}
