use tether::ApiError;

#[derive(ApiError)]
enum BookError {
    #[status(409, reason = "taken")]
    Conflict,
    #[status("404")]
    NotFound,
    #[status(410)]
    #[status(404)]
    Gone,
}

fn main() {}
