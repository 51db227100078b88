use serde::{Deserialize, Serialize};
use serde_valid::Validate;
use tether::{controller, Json};

#[derive(Deserialize, Serialize, Validate)]
pub struct Dimensions {
    #[validate(minimum = 1)]
    pub width_mm: u32,
}

#[derive(Deserialize, Serialize)]
pub struct Plain { pub note: String }

#[derive(Deserialize, Validate)]
pub struct Shelf {
    #[validate(min_length = 1)]
    pub name: String,
    pub size: Dimensions,
    pub spare: Option<Dimensions>,
    pub sizes: Vec<Dimensions>,
    #[validate]
    pub checked: Dimensions,
    pub plain: Plain,
    pub by_name: std::collections::BTreeMap<String, Dimensions>,
    pub pair: (Dimensions, u8),
    #[validate]
    pub checked_map: std::collections::HashMap<String, Dimensions>,
}

/// Not validated at all: its nested rules are no different from its own.
#[derive(Deserialize, Serialize)]
pub struct Report { pub size: Dimensions }

pub struct ShelvesController;
#[controller("/shelves")]
impl ShelvesController {
    #[post]
    async fn create(&self, #[body] s: Shelf) -> Json<Report> { todo!() }
}
