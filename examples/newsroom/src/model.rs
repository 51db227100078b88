//! The newsroom's data types.

use serde::{Deserialize, Serialize};

/// A published article.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Article {
    /// URL-safe identifier.
    pub slug: String,
    /// Headline.
    pub title: String,
    /// Body text.
    pub body: String,
}

/// Version 2 of an article: the body is split into paragraphs.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ArticleV2 {
    /// URL-safe identifier.
    pub slug: String,
    /// Headline.
    pub title: String,
    /// Paragraphs of the body.
    pub paragraphs: Vec<String>,
}

/// What a client sends to publish an article.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CreateArticle {
    /// Headline; it must contain an ASCII letter or digit (the slug is made of them).
    #[cfg_attr(
        any(),
        tether(schema = r#"{"type": "string", "pattern": "[A-Za-z0-9]"}"#)
    )]
    pub title: String,
    /// Body text; paragraphs are separated by blank lines.
    pub body: String,
}

/// The events of the live feed, one variant per event name.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NewsEvent {
    /// A new article.
    Published(Article),
    /// A headline changed.
    Retitled {
        /// Which article.
        slug: String,
        /// Its new headline.
        title: String,
    },
    /// The feed ends.
    Closed,
}

/// How long a slow call took.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Delay {
    /// Milliseconds slept.
    pub slept_ms: u64,
}

/// One received file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ReceivedFile {
    /// The client's file name.
    pub file_name: Option<String>,
    /// The part's content type.
    pub content_type: Option<String>,
    /// The bytes, echoed back.
    pub bytes: Vec<u8>,
}

/// What an upload received.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UploadReceipt {
    /// The caption field.
    pub caption: String,
    /// The credit field, if given.
    pub credit: Option<String>,
    /// The files, in the order sent.
    pub files: Vec<ReceivedFile>,
}
