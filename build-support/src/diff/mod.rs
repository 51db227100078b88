//! `cargo tether diff`: two OpenAPI 3.x documents compared for a
//! client written against the old one. Every change is listed with a level
//! ([`Level`]), a stable rule id, the operation it concerns, a JSON pointer
//! and a one-line message.
//!
//! The stages, each a file: `resolve` (the document checked as OpenAPI
//! 3.x, `$ref`s followed with cycle safety), `compare` (operations matched
//! by method and path template, path parameter names ignored; parameters,
//! bodies, responses, security and schemas walked in the direction the data
//! flows, which is what `classify` decides levels from) and `render`
//! (text like rustc, a Markdown changelog, JSON).

mod classify;
mod compare;
mod render;
mod resolve;
#[cfg(test)]
mod tests;

pub use render::{render_json, render_markdown, render_text, summary};
pub use resolve::DiffError;

use serde_json::Value;

/// How a change affects a client written against the old document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Nothing a client relies on changes (an operation or optional field added…).
    Compatible,
    /// Breaks some clients (an enum value added to a response, a default changed…).
    PossiblyBreaking,
    /// Breaks a client written against the old document.
    Breaking,
}

impl Level {
    /// `breaking`, `possibly-breaking`, `compatible`: the JSON names.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Breaking => "breaking",
            Level::PossiblyBreaking => "possibly-breaking",
            Level::Compatible => "compatible",
        }
    }
}

/// One change between the two documents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// How it affects old clients.
    pub level: Level,
    /// The stable rule id, e.g. `response-property-removed`.
    pub rule: String,
    /// The operation, `GET /users/{id}` (the old document's spelling), or
    /// empty for a change to the document as a whole.
    pub operation: String,
    /// Where in the operation, readable: `response 200 body .name`.
    pub location: String,
    /// A JSON pointer to the place, in the old document for what was removed
    /// or changed and in the new one for what was added; `$ref`s are
    /// followed as if inlined.
    pub pointer: String,
    /// One line saying what changed.
    pub message: String,
    /// Whether [`Change::pointer`] is into the new document (true) or the
    /// old one.
    pub in_new: bool,
}

/// Every change from `old` to `new`, breaking first, then in document order.
///
/// Fails when either is not an OpenAPI 3.x document.
pub fn diff(old: &Value, new: &Value) -> Result<Vec<Change>, DiffError> {
    let old = resolve::Doc::new(old, "old")?;
    let new = resolve::Doc::new(new, "new")?;
    let mut changes = compare::compare(&old, &new);
    changes.sort_by_key(|c| std::cmp::Reverse(c.level));
    Ok(changes)
}

/// The highest level among `changes`, if any.
pub fn worst(changes: &[Change]) -> Option<Level> {
    changes.iter().map(|c| c.level).max()
}
