// A handler whose future is not `Send` (it holds an `Rc` across an
// `.await`) is reported at the handler's name.
use std::rc::Rc;
use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get]
    async fn find_all(&self) -> String {
        let count = Rc::new(1);
        tokio::task::yield_now().await;
        count.to_string()
    }
}

fn main() {}
