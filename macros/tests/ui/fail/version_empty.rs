use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get]
    #[version()]
    async fn list(&self) {}
}

fn main() {}
