use tether::controller;

struct TicketsController;

#[controller("/tickets")]
impl TicketsController {
    #[get]
    async fn list(
        &self,
        #[query("limit")]
        #[validate(min_length = 1)]
        limit: u32,
        #[query("name")]
        #[validate(minimum = 1)]
        name: Option<String>,
        #[header("x-tag")]
        #[validate(max_items = 3)]
        tag: String,
    ) -> String {
        format!("{limit} {name:?} {tag}")
    }
}

fn main() {}
