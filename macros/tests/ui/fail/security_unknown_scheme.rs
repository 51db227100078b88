use tether::controller;

struct AdminController;

#[controller("/admin")]
#[security("bearr")]
impl AdminController {
    #[get]
    async fn stats(&self) {}
}

fn main() {}
