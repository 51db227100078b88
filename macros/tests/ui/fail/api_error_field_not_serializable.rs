use tether::ApiError;

struct Secret;

#[derive(ApiError)]
enum BookError {
    #[status(403)]
    Forbidden { secret: Secret },
}

fn main() {}
