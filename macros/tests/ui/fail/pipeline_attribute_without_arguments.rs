use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get]
    #[use_guards]
    async fn list(&self) {}
}

fn main() {}
