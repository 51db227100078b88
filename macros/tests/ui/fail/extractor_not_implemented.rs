use tether::controller;

struct CurrentUser {
    name: String,
}

struct MeController;

#[controller("/me")]
impl MeController {
    #[get]
    async fn show(&self, user: CurrentUser) -> String {
        user.name
    }
}

fn main() {}
