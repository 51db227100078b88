use tether::ApiError;

#[derive(ApiError)]
enum BookError {
    #[status(404, message = "book {book_id} does not exist")]
    NotFound { id: u64 },
}

fn main() {}
