use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[post]
    async fn create(&self, #[body] (name, email): (String, String)) {}
}

fn main() {}
