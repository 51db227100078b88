use tether::controller;

struct UsersController<T>(T);

#[controller("/users")]
impl<T: Send + Sync + 'static> UsersController<T> {
    #[get]
    async fn list(&self) {}
}

fn main() {}
