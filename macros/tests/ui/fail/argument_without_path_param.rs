use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get("/:id")]
    async fn find_one(&self, #[param] id: u64, #[param] slug: String) {}
}

fn main() {}
