use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get]
    async fn list(&self, #[session("sid")] session: String) {}
}

fn main() {}
