use serde::Deserialize;
use serde_valid::Validate;
use tether::controller;

#[derive(Deserialize, Validate)]
pub struct NewItem {
    #[validate(min_length = 1)]
    pub count: u32,
    #[validate(maximum = 10)]
    pub name: String,
    #[validate(max_items = 3)]
    pub tag: Option<String>,
    #[validate(r#enum = [1, 2])]
    pub kind: String,
    #[validate(minimum = 0)]
    pub done: bool,
    // These fit: left alone.
    #[validate(max_length = 20)]
    pub labels: Vec<String>,
    #[validate(min_properties = 1)]
    pub extra: std::collections::HashMap<String, u32>,
}

pub struct ItemsController;
#[controller("/items")]
impl ItemsController {
    #[post]
    async fn create(&self, #[body] item: NewItem) -> String { todo!() }
}
