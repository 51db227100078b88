use tether::controller;

struct AdminController;

#[controller("/admin")]
impl AdminController {
    #[get]
    #[public]
    #[security(bearer)]
    async fn stats(&self) {}
}

fn main() {}
