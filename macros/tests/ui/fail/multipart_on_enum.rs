use tether::extract::multipart::{MultipartForm, UploadedFile};

#[derive(MultipartForm)]
enum Upload {
    File(UploadedFile),
    Text(String),
}

fn main() {}
