use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[post]
    async fn create(&self, #[body] name: String, #[body] email: String) {}
}

fn main() {}
