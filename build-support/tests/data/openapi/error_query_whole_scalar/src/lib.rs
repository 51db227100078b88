use tether::controller;

/// How many items a page holds.
pub type Limit = u32;
pub type Tags = Vec<String>;

pub struct ItemsController;

/// `#[query]` without a key reads the whole query string into a struct:
/// behind an alias, a number or a list escapes the macro's check, not
/// tether-build's (the server would refuse every request).
#[controller("/items")]
impl ItemsController {
    #[get]
    async fn list(&self, #[query] limit: Limit) -> String { String::new() }

    #[get("/tagged")]
    async fn tagged(&self, #[query] tags: Tags) -> String { String::new() }
}
