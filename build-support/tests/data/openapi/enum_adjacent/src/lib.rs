use serde::{Deserialize, Serialize};
use tether::{controller, Json};


/// Adjacently tagged: `{"t": "Name", "c": payload}`.
#[derive(Serialize, Deserialize)]
#[serde(tag = "t", content = "c")]
pub enum Block {
    Para(String),
    Heading { level: u8, text: String },
    Rule,
    Pair(u32, u32),
}

pub struct BlocksController;
#[controller("/blocks")]
impl BlocksController {
    #[get]
    async fn list(&self) -> Json<Vec<Block>> { todo!() }
}
