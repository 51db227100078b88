use serde::Deserialize;
use serde_valid::Validate;
use tether::controller;

#[derive(Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NewBook {
    /// The title.
    #[validate(min_length = 1)]
    #[validate(max_length = 200, message = "too long")]
    pub book_title: String,
    #[validate(pattern = r"^[0-9]{3}-[0-9]{10}$")]
    pub isbn: Option<String>,
    #[validate(exclusive_minimum = 0)]
    #[validate(maximum = 5000)]
    #[validate(multiple_of = 2)]
    pub pages: u32,
    #[validate(min_items = 1)]
    #[validate(max_items = 5)]
    #[validate(unique_items)]
    pub tags: Vec<String>,
    #[validate]
    pub author: Author,
    #[validate(r#enum = ["paper", "ebook"])]
    pub format: String,
}

#[derive(Deserialize, Validate)]
pub struct Author {
    #[validate(min_length = 1, custom = check_name)]
    pub name: String,
}

#[derive(Deserialize, Validate)]
pub struct Search {
    #[validate(maximum = 100)]
    pub limit: Option<u32>,
}

pub struct BooksController;
#[controller("/books")]
impl BooksController {
    #[post]
    async fn create(&self, #[body] dto: NewBook) -> String { todo!() }

    #[get]
    async fn search(&self, #[query] q: Search) -> String { todo!() }
}
