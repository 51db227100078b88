use tether::extract::multipart::{MultipartForm, UploadedFile};

#[derive(MultipartForm)]
struct Upload {
    #[multipart(name = "document")]
    file: UploadedFile,
}

fn main() {}
