// Nest's `@UseGuards` spelled as a Rust attribute, on the impl and on a
// method: "did you mean `#[use_guards]`" at each, instead of rustc's
// "cannot find attribute".
use tether::controller;

struct UsersController;

#[controller("/users")]
#[UseGuards(AdminGuard)]
impl UsersController {
    #[get]
    #[useGuards(AdminGuard)]
    async fn list(&self) -> String {
        String::new()
    }
}

fn main() {}
