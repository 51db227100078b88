// The `Err` of a handler's `Result` is answered with its own response: a
// `String`, `&str`, bytes, `()` or `Json` answers with the route's success
// status, so a failure would reach the client as a 200 it reads as data.
use tether::{controller, Json};

struct Items;

#[controller("/items")]
impl Items {
    #[get("/:id")]
    async fn find(&self, #[param] id: u64) -> Result<String, String> {
        Err(format!("no item {id}"))
    }

    #[post]
    async fn create(&self) -> Result<(), &'static str> {
        Err("refused")
    }

    #[delete("/:id")]
    async fn remove(&self, #[param] id: u64) -> Result<(), Json<u64>> {
        Err(Json(id))
    }
}

fn main() {}
