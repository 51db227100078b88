use tether::controller;

struct Session {
    id: String,
}

struct MeController;

#[controller("/me")]
impl MeController {
    #[get]
    async fn show(&self, #[cookie("session")] session: Option<Session>) -> String {
        session.map(|s| s.id).unwrap_or_default()
    }
}

fn main() {}
