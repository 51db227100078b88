use serde::{Deserialize, Deserializer, Serialize};
use tether::controller;

use chrono::{DateTime, Utc};

fn double<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

fn trimmed<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Option::<String>::deserialize(d).map(|s| s.map(|s| s.trim().to_string()))
}

/// Read by serde: a missing `Option` is `None` only when no function
/// reads it (`with`, `deserialize_with`) or it has a `default`.
#[derive(Serialize, Deserialize)]
pub struct Reminder {
    /// Required: read through `with`, no `default`.
    #[serde(with = "chrono::serde::ts_milliseconds_option")]
    pub at: Option<DateTime<Utc>>,
    /// Optional: `default`.
    #[serde(default, with = "chrono::serde::ts_seconds_option")]
    pub since: Option<DateTime<Utc>>,
    /// Required: read through `deserialize_with`, no `default`.
    #[serde(deserialize_with = "trimmed")]
    pub note: Option<String>,
    /// Optional: only written through a function.
    #[serde(serialize_with = "tag_text")]
    #[cfg_attr(any(), tether(schema = "string"))]
    pub tag: Option<String>,
}

/// A merge patch: a missing key leaves the field, `null` clears it.
#[derive(Serialize, Deserialize)]
pub struct Patch {
    /// Absent for `None`, `null` for `Some(None)`: optional and nullable.
    #[serde(default, deserialize_with = "double", skip_serializing_if = "Option::is_none")]
    pub clear: Option<Option<String>>,
    /// Absent for `None`: optional, never `null`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plain: Option<String>,
}

pub struct RemindersController;
#[controller("/reminders")]
impl RemindersController {
    #[post]
    async fn create(&self, #[body] r: Reminder) -> Reminder { r }
    #[patch]
    async fn patch(&self, #[body] p: Patch) -> Patch { p }
}
