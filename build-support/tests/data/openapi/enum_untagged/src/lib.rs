use serde::{Deserialize, Serialize};
use tether::{controller, Json};


/// Untagged: matched by shape.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
pub enum Id {
    Number(u64),
    Text(String),
    Pair { a: u32, b: u32 },
    Nothing,
}

/// Some variants tagged, the last ones untagged (serde 1.0.181+).
#[derive(Serialize, Deserialize)]
pub enum Value {
    Known { name: String },
    #[serde(untagged)]
    Raw(String),
}

pub struct IdsController;
#[controller("/ids")]
impl IdsController {
    #[get]
    async fn id(&self) -> Json<Id> { todo!() }
    #[get("/value")]
    async fn value(&self) -> Json<Value> { todo!() }
}
