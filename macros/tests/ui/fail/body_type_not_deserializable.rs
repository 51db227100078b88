use tether::controller;

struct CreateUser {
    name: String,
}

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[post]
    async fn create(&self, #[body] dto: CreateUser) -> String {
        dto.name
    }
}

fn main() {}
