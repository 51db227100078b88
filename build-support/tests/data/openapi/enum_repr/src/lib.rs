use serde::{Deserialize, Serialize};
use serde_repr::{Deserialize_repr, Serialize_repr};
use tether::controller;

/// Written and read as its discriminant (`2`), not its name.
#[derive(Serialize_repr, Deserialize_repr)]
#[repr(u8)]
pub enum Severity {
    Minor = 1,
    Major = 2,
    /// Implicit: the previous one plus one.
    Critical,
}

/// Implicit discriminants from 0, a negative one, a hexadecimal one.
#[derive(serde_repr::Serialize_repr, serde_repr::Deserialize_repr)]
#[repr(i16)]
pub enum Offset {
    Zero,
    One,
    Minus = -5,
    Next,
    Hex = 0x10,
}

/// A plain enum beside them: its names.
#[derive(Serialize, Deserialize)]
pub enum Kind { Bug, Idea }

#[derive(Serialize, Deserialize)]
pub struct Report {
    pub severity: Severity,
    pub offset: Offset,
    pub kind: Kind,
}

pub struct Reports;

#[controller("/reports")]
impl Reports {
    #[post]
    async fn create(&self, #[body] r: Report, #[query("min")] min: Option<Severity>) -> Report {
        r
    }
}
