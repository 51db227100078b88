use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use money::Money;

#[derive(Serialize, Deserialize)]
pub struct Place {
    /// Stated on the field: rustc never sees `tether(...)`.
    #[cfg_attr(any(), tether(schema = "string", format = "wkt"))]
    pub shape: geo::Polygon,
    /// Stated once in tether.toml for every use.
    pub point: geo::Point,
    pub price: Money,
    pub optional_shape: Option<Shape>,
    /// Stated with a JSON Schema.
    #[cfg_attr(any(), tether(schema = r#"{"type": "object", "additionalProperties": {"type": "integer"}}"#))]
    pub counts: fancy::Counter,
}

/// A crate type whose JSON form serde derives cannot show
/// (hand-written Serialize): stated on the definition.
#[cfg_attr(any(), tether(schema = "string", description = "A shape in WKT."))]
pub struct Shape { inner: geo::Polygon }

pub struct PlacesController;
#[controller("/places")]
impl PlacesController {
    #[get]
    async fn get(&self) -> Json<Place> { todo!() }
}
