use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[post]
    async fn create(&self, #[body(xml)] raw: String) {}
}

fn main() {}
