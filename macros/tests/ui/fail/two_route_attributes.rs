use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get]
    #[post]
    async fn list(&self) {}
}

fn main() {}
