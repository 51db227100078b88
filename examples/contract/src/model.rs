//! The fixture's data types.

use serde::{Deserialize, Serialize};
use serde_valid::Validate;

/// Where an item stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Being worked on.
    Open,
    /// Done.
    Closed,
}

/// A stored item.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Item {
    /// Identifier.
    pub id: u64,
    /// Display name.
    pub name: String,
    /// Where it stands.
    pub state: State,
    /// Free-form labels.
    pub labels: Vec<String>,
}

/// What a client sends to create an item, as JSON or as a form. Its rules
/// (SPEC E5) are checked before the handler runs and documented.
#[derive(Debug, Clone, Serialize, Deserialize, Validate)]
pub struct CreateItem {
    /// Display name.
    #[validate(min_length = 1)]
    #[validate(max_length = 40)]
    pub name: String,
    /// Where it stands.
    pub state: State,
    /// Free-form labels (none when left out), at most five, each once.
    #[serde(default)]
    #[validate(max_items = 5)]
    #[validate(unique_items)]
    pub labels: Vec<String>,
}

/// A new name for an item.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Rename {
    /// The new display name.
    pub name: String,
}

/// The filters of `GET /items`: an enum, scalars, an array and an
/// optional array. (Not yet a `#[serde(flatten)]`ed struct of numbers: the
/// server refuses its values, issue 12 item 3.)
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ItemFilter {
    /// Only items in this state.
    pub state: Option<State>,
    /// Only items whose name contains this.
    pub name: Option<String>,
    /// Only items with every one of these labels.
    #[serde(default)]
    pub labels: Vec<String>,
    /// Only items with at least one of these labels, when given.
    pub any_label: Option<Vec<String>>,
    /// Items skipped.
    pub offset: Option<u32>,
    /// At most this many.
    pub limit: Option<u32>,
}

/// Which version answered.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Answered {
    /// The handler's name.
    pub handler: String,
}

/// The events of `GET /misc/events`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tick {
    /// One tick.
    Tick {
        /// Its number, from 1.
        n: u32,
    },
    /// The stream ends.
    Done,
}

/// A multipart upload: a title, one file or more, optional notes.
#[derive(tether::extract::multipart::MultipartForm)]
pub struct Attachments {
    /// What the files are.
    pub title: String,
    /// The files; one part each, at least one, each plain text, a PDF or
    /// an image (`415` otherwise).
    #[multipart(content_type = "text/plain, application/pdf, image/*")]
    pub files: Vec<tether::extract::multipart::UploadedFile>,
    /// Notes, one part each, when given.
    pub notes: Option<Vec<String>>,
}

/// What an upload received.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Received {
    /// The form's title.
    pub title: String,
    /// The size of each file, in order.
    pub sizes: Vec<u64>,
    /// How many notes came.
    pub notes: u32,
}
