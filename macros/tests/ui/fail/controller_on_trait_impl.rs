use tether::controller;

struct UsersController;

#[controller("/users")]
impl Default for UsersController {
    fn default() -> Self {
        UsersController
    }
}

fn main() {}
