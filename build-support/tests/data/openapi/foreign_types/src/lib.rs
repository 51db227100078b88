use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use rust_decimal::Decimal;
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;
use url::Url;
use uuid::Uuid;

#[derive(Serialize, Deserialize)]
pub struct Record {
    pub id: Uuid,
    pub created: DateTime<Utc>,
    pub day: NaiveDate,
    pub local: NaiveDateTime,
    pub at: NaiveTime,
    #[serde(with = "time::serde::rfc3339")]
    pub offset: time::OffsetDateTime,
    pub date: time::Date,
    pub price: Decimal,
    pub homepage: Url,
    pub extra: serde_json::Value,
    pub meta: serde_json::Map<String, serde_json::Value>,
    pub raw: bytes::Bytes,
    pub ip: IpAddr,
    pub v4: Ipv4Addr,
    pub ttl: Duration,
    pub maybe_id: Option<uuid::Uuid>,
    pub contact: email_address::EmailAddress,
}

pub struct RecordsController;
#[controller("/records")]
impl RecordsController {
    #[get("/:id")]
    async fn get(&self, #[param] id: Uuid) -> Json<Record> { todo!() }
}
