use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get]
    #[version("v/2")]
    async fn list(&self) {}
}

fn main() {}
