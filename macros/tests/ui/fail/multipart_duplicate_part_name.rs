use tether::extract::multipart::{MultipartForm, UploadedFile};

#[derive(MultipartForm)]
struct Upload {
    file: UploadedFile,
    #[multipart(rename = "file")]
    other: UploadedFile,
}

fn main() {}
