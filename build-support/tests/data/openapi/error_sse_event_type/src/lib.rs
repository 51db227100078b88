use serde::Serialize;
use tether::{controller, Sse};

#[derive(Serialize)]
pub struct FeedItem { pub n: u32, pub text: String }

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Internal { Ping { at: u64 }, #[serde(rename = "MSG")] Message { text: String }, End }

#[derive(Serialize)]
#[serde(tag = "t", content = "c")]
pub enum Adjacent { Ping(u64), End }

#[derive(Serialize)]
#[serde(untagged)]
pub enum Untagged { Ping { at: u64 }, Text(String) }

#[derive(Serialize)]
pub enum OneUntagged { Ping { at: u64 }, #[serde(untagged)] Other(String) }

/// Served as documented: externally tagged, serde's default.
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
pub enum External { Item(FeedItem), Ping { at: u64 }, End }

pub struct FeedController;
#[controller("/feed")]
impl FeedController {
    #[get("/plain")]
    async fn plain(&self) -> Sse<FeedItem> { todo!() }
    #[get("/text")]
    async fn text(&self) -> Sse<String> { todo!() }
    #[get("/internal")]
    async fn internal(&self) -> Sse<Internal> { todo!() }
    #[get("/adjacent")]
    async fn adjacent(&self) -> Sse<Adjacent> { todo!() }
    #[get("/untagged")]
    async fn untagged(&self) -> Sse<Untagged> { todo!() }
    #[get("/one-untagged")]
    async fn one_untagged(&self) -> Sse<OneUntagged> { todo!() }
    #[get("/external")]
    async fn external(&self) -> Sse<External> { todo!() }
}
