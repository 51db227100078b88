use tether::extract::multipart::MultipartForm;

#[derive(MultipartForm)]
struct Upload {
    #[multipart(default = "none")]
    note: String,
}

fn main() {}
