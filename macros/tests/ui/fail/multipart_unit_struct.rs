use tether::extract::multipart::MultipartForm;

#[derive(MultipartForm)]
struct Upload;

fn main() {}
