use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get("/:id")]
    async fn find_one(&self, id: u64) {}
}

fn main() {}
