//! The attributes work when written with their crate path, without imports.
struct UsersController;

#[tether::controller("/users")]
impl UsersController {
    #[tether::get("/:id")]
    #[tether::version("1")]
    async fn find(&self, #[tether::param] id: u64) -> String {
        id.to_string()
    }
}

pub(crate) fn main() {
    let _app = tether::App::new(tether::NativeAdapter::new()).controller(UsersController);
}
