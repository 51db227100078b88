use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[version("2")]
    async fn helper(&self) {}
}

fn main() {}
