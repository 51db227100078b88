// `#[query]` without a key reads the whole query string into a struct: a
// number, text or a list there would refuse every request, while the
// argument's name looks like the key it was meant to read.
use tether::controller;

struct Items;

#[controller("/items")]
impl Items {
    #[get]
    async fn list(&self, #[query] limit: u32) -> String {
        limit.to_string()
    }

    #[get("/tagged")]
    async fn tagged(&self, #[query] tags: Vec<String>) -> String {
        tags.join(",")
    }

    #[get("/search")]
    async fn search(&self, #[query] q: Option<String>) -> String {
        q.unwrap_or_default()
    }
}

fn main() {}
