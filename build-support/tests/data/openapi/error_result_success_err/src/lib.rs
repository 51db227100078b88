use serde::Serialize;
use tether::controller;

#[derive(Serialize)]
pub struct Item { pub id: u64 }

/// The `Err` of these answers with the route's success status.
pub type TextResult<T> = Result<T, String>;
pub type Outcome<T> = TextResult<T>;

pub struct ItemsController;

/// An `Err(String)` is answered `200` (`201` for a POST) as text: behind an
/// alias, the macro cannot see the `Result`; tether-build refuses it.
#[controller("/items")]
impl ItemsController {
    #[get("/:id")]
    async fn find(&self, #[param] id: u64) -> TextResult<Item> { Ok(Item { id }) }

    #[post]
    async fn create(&self) -> Outcome<Item> { Ok(Item { id: 1 }) }
}
