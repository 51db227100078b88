use tether::extract::multipart::MultipartForm;

#[derive(MultipartForm)]
struct Upload<T> {
    file: T,
}

fn main() {}
