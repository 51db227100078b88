use serde::{Deserialize, Serialize};
use tether::controller;
use time::{OffsetDateTime, PrimitiveDateTime};

/// time's own `Serialize` writes these as lists of numbers (or, with its
/// `serde-human-readable` feature, as text that is not RFC 3339): only
/// `#[serde(with = "time::serde::rfc3339")]` makes them `date-time`.
#[derive(Serialize, Deserialize)]
pub struct Stamp {
    /// Fine: written as RFC 3339.
    #[serde(with = "time::serde::rfc3339")]
    pub written: OffsetDateTime,
    /// Refused: `[2025,2,3,4,5,0,0,0,0]` on the wire.
    pub plain: OffsetDateTime,
    /// Refused, inside an `Option` too.
    pub maybe: Option<time::OffsetDateTime>,
    /// Refused: no offset, no RFC 3339 module.
    pub local: PrimitiveDateTime,
    /// Fine: the field states what it writes.
    #[cfg_attr(any(), tether(schema = "string"))]
    pub stated: time::UtcDateTime,
}

pub struct StampsController;
#[controller("/stamps")]
impl StampsController {
    #[post]
    async fn create(&self, #[body] s: Stamp) -> Stamp { s }
}
