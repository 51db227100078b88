use tether::extract::multipart::{MultipartForm, UploadedFile};

#[derive(MultipartForm)]
struct Upload {
    #[multipart(rename = document)]
    file: UploadedFile,
}

fn main() {}
