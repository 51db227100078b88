use serde::{Deserialize, Serialize};
use tether::controller;

/// A schema written as a bare JSON object is not a `key = "…"` item: rustc
/// drops the `cfg_attr(any(), ..)` unread, so tether-build says so at the
/// attribute instead of ignoring it.
#[derive(Serialize, Deserialize)]
pub struct Place {
    #[cfg_attr(any(), tether(schema = {"type": "array", "items": {"type": "number"}}))]
    pub point: geo::Point,
    /// Fine: in a raw string.
    #[cfg_attr(any(), tether(schema = r#"{"type": "string", "format": "wkt"}"#))]
    pub shape: geo::Polygon,
}

pub struct PlacesController;
#[controller("/places")]
impl PlacesController {
    #[post]
    async fn create(&self, #[body] p: Place) -> Place { p }
}
