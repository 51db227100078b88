use tether::ApiError;

#[derive(ApiError)]
enum BookError {
    #[status(302)]
    Moved,
    #[status(600)]
    Odd,
}

fn main() {}
