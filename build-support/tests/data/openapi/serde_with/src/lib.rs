use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use chrono::{DateTime, Utc};

#[derive(Serialize, Deserialize)]
pub struct Event {
    #[serde(with = "chrono::serde::ts_seconds")]
    pub at: DateTime<Utc>,
    #[serde(with = "chrono::serde::ts_milliseconds_option")]
    pub until: Option<DateTime<Utc>>,
    #[serde(with = "time::serde::rfc3339")]
    pub stamp: time::OffsetDateTime,
    #[serde(with = "serde_bytes")]
    pub payload: Vec<u8>,
    #[serde(with = "humantime_serde")]
    pub every: std::time::Duration,
    /// time spells a module's `Option` form as its `option` submodule.
    #[serde(default, with = "time::serde::rfc3339::option")]
    pub snooze: Option<time::OffsetDateTime>,
    #[serde(default, with = "time::serde::timestamp::option")]
    pub stamp_secs: Option<time::OffsetDateTime>,
}

pub struct EventsController;
#[controller("/events")]
impl EventsController {
    #[get]
    async fn get(&self) -> Json<Event> { todo!() }
}
