use tether::controller;

struct TicketsController;

#[controller("/tickets")]
impl TicketsController {
    #[get]
    async fn list(&self, #[query("q")] #[validate(min_len = 1)] q: String) -> String {
        q
    }
}

fn main() {}
