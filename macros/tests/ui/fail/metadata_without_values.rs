use tether::controller;

struct AdminController;

#[controller("/admin")]
#[metadata]
impl AdminController {
    #[get]
    async fn stats(&self) {}
}

fn main() {}
