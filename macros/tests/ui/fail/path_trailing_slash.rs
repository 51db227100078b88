use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get("/active/")]
    async fn active(&self) {}
}

fn main() {}
