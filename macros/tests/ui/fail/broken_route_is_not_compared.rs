// A route whose attribute is broken yields its own error only: it is not
// compared with other routes ("duplicate route") nor with its arguments.
use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get]
    async fn find_all(&self) -> String {
        String::new()
    }

    #[get("/{id}")]
    async fn find_one(&self, #[param] id: u64) -> String {
        id.to_string()
    }
}

fn main() {
    // The controller with an error is still a controller: no second error here.
    let _app = tether::App::new(tether::NativeAdapter::new()).controller(UsersController);
}
