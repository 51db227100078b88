// A mistake inside a handler's body is rustc's to report, where it is:
// the macro reads only signatures, so the controller is still seen.
use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get("/:id")]
    async fn find_one(&self, #[param] id: u64) -> String {
        let shown = ;
        id.to_string()
    }
}

fn main() {
    let _app = tether::App::new(tether::NativeAdapter::new()).controller(UsersController);
}
