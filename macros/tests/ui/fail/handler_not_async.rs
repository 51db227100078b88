use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get]
    fn list(&self) -> String {
        String::new()
    }
}

fn main() {}
