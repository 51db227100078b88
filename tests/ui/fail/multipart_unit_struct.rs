use tether::multipart::MultipartForm;

#[derive(MultipartForm)]
struct Upload;

fn main() {}
