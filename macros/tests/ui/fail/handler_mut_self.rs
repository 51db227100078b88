use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get]
    async fn list(&mut self) {}
}

fn main() {}
