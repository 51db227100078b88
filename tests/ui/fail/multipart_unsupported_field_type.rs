use std::collections::HashMap;
use tether::multipart::{MultipartForm, UploadedFile};

#[derive(MultipartForm)]
struct Upload {
    file: UploadedFile,
    tags: HashMap<String, String>,
}

fn main() {}
