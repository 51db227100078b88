use tether::controller;

struct User {
    name: String,
}

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get]
    async fn first(&self) -> User {
        User { name: String::new() }
    }
}

fn main() {}
