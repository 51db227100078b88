use std::collections::HashMap;
use tether::extract::multipart::{MultipartForm, UploadedFile};

#[derive(MultipartForm)]
struct Upload {
    file: UploadedFile,
    tags: HashMap<String, String>,
}

fn main() {}
