use tether::controller;

struct UsersController;

#[controller("/users//all")]
impl UsersController {
    #[get]
    async fn list(&self) {}
}

fn main() {}
