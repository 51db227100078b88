use tether::controller;

struct MeController;

#[controller("/me")]
impl MeController {
    #[get]
    async fn show(&self, #[cookie] session: Option<String>) {}
}

fn main() {}
