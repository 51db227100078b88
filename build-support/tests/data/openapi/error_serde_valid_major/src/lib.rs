use serde::Deserialize;
use serde_valid::Validate;

#[derive(Deserialize, Validate)]
pub struct NewShelf {
    #[validate(min_length = 1)]
    pub label: String,
}

pub struct ShelvesController;

#[controller("/shelves")]
impl ShelvesController {
    #[post]
    async fn create(&self, #[body] dto: NewShelf) -> String {
        dto.label
    }
}
