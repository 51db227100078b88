use tether::controller;

struct AdminController;

#[controller("/admin")]
impl AdminController {
    #[get]
    #[metadata("roles", ["admin"])]
    async fn stats(&self) {}
}

fn main() {}
