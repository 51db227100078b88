use tether::ApiError;

#[derive(ApiError)]
enum BookError {
    #[status(409)]
    Conflict { message: String },
    #[status(404)]
    NotFound {
        #[serde(rename = "statusCode")]
        code: u16,
    },
}

fn main() {}
