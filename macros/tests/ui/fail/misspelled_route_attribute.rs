use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[gett("/:id")]
    async fn find_one(&self) {}
}

fn main() {}
