use tether::controller;

struct TicketsController;

#[controller("/tickets/:code")]
impl TicketsController {
    #[get]
    async fn list(
        &self,
        #[param]
        #[validate(pattern = "([A-Z]")]
        code: String,
        #[query("q")]
        #[validate(max_length = "10")]
        q: String,
        #[query("state")]
        #[validate(r#enum = ["open", 2])]
        state: String,
        #[query("limit")]
        #[validate(maximum = "100")]
        limit: u32,
    ) -> String {
        format!("{code} {q} {state} {limit}")
    }
}

fn main() {}
