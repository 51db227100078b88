use tether::controller;

struct UsersController;

#[controller("/users")]
#[version("1", "1")]
impl UsersController {
    #[get]
    async fn list(&self) {}
}

fn main() {}
