use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get("/:1d")]
    async fn find_one(&self) {}
}

fn main() {}
