use tether::controller;

struct UsersController;

#[controller("/users/:id")]
impl UsersController {
    #[get("/friends/:id")]
    async fn friend(&self, #[param] id: u64) {}
}

fn main() {}
