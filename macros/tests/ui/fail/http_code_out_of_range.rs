use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[delete("/:id")]
    #[http_code(700)]
    async fn remove(&self, #[param] id: u64) {}
}

fn main() {}
