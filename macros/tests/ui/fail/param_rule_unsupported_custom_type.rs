use serde::Deserialize;
use tether::controller;

#[derive(Deserialize)]
struct Code(String);

struct TicketsController;

#[controller("/tickets")]
impl TicketsController {
    #[get]
    async fn list(&self, #[query("code")] #[validate(max_length = 5)] code: Code) -> String {
        code.0
    }
}

fn main() {}
