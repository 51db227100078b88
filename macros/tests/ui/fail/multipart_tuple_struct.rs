use tether::extract::multipart::{MultipartForm, UploadedFile};

#[derive(MultipartForm)]
struct Upload(UploadedFile, String);

fn main() {}
