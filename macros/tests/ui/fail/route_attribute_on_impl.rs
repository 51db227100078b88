use tether::controller;

struct UsersController;

#[controller]
#[get("/users")]
impl UsersController {
    #[get]
    async fn list(&self) {}
}

fn main() {}
