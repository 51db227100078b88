use tether::ApiError;

#[derive(ApiError)]
struct BookError {
    id: u64,
}

fn main() {}
