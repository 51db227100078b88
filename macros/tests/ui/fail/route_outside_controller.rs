use tether::get;

#[get("/users")]
async fn list() -> &'static str {
    "users"
}

fn main() {}
