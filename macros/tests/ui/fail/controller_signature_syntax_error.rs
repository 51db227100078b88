// A broken signature gets syn's own message at the token, not "goes on
// an `impl` block".
use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get("/:id")]
    async fn find_one(&self, #[param] id: ) -> String {
        String::new()
    }
}

fn main() {}
