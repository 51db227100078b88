use tether::controller;

struct UsersController;

#[controller("/users", "2")]
impl UsersController {
    #[get]
    async fn list(&self) {}
}

fn main() {}
