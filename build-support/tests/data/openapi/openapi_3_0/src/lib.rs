use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use tether::{Sse, UploadedFile};

/// A thing.
#[derive(Serialize, Deserialize)]
pub struct Thing {
    pub name: Option<String>,
    /// A documented reference.
    pub parent: Option<Box<Thing>>,
    /// Documented, not optional.
    pub kind: Kind,
    pub pair: (u8, String),
    pub same: (u8, u8),
    pub nothing: (),
    pub count: Option<u32>,
    pub mode: Option<Mode>,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum Kind { Small { size: u8 }, Large }

#[derive(Serialize, Deserialize)]
pub enum Mode { Fast, Slow }

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
pub enum Loose { N(u32), Nil }

#[derive(Serialize)]
pub enum Tick { Tick(u64), Done }

#[derive(Deserialize)]
pub struct Upload { pub file: UploadedFile }

pub struct ThingsController;
#[controller("/things")]
impl ThingsController {
    #[get("/:id")]
    async fn get(&self, #[param] id: u32, #[query("q")] q: Option<String>) -> Json<Option<Thing>> { todo!() }
    #[get("/loose")]
    async fn loose(&self) -> Json<Loose> { todo!() }
    #[get("/ticks")]
    async fn ticks(&self) -> Sse<Tick> { todo!() }
    #[post("/upload")]
    async fn upload(&self, #[body(multipart)] u: Upload) -> Json<bool> { todo!() }
}
