use serde::Deserialize;
use tether::controller;

#[derive(Deserialize)]
struct Search {
    q: String,
}

struct TicketsController;

#[controller("/tickets")]
impl TicketsController {
    #[get]
    async fn search(&self, #[query] #[validate(max_length = 10)] s: Search) -> String {
        s.q
    }

    #[get("/other")]
    async fn other(&self, #[validate(minimum = 1)] limit: u32) -> String {
        limit.to_string()
    }

    #[get("/custom")]
    async fn custom(&self, #[query("q")] #[validate(custom = check)] q: String) -> String {
        q
    }
}

fn main() {}
