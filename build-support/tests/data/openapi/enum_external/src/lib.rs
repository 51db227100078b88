use serde::{Deserialize, Serialize};
use tether::{controller, Json};


/// Unit-only: a string enum.
#[derive(Serialize, Deserialize)]
pub enum Color { Red, Green, Blue }

/// Every kind of variant, externally tagged (serde's default).
#[derive(Serialize, Deserialize)]
pub enum Message {
    /// Stop now.
    Quit,
    Move { x: i32, y: i32 },
    Write(String),
    ChangeColor(u8, u8, u8),
    Paint(Color),
}

pub struct EnumsController;
#[controller("/enums")]
impl EnumsController {
    #[post]
    async fn send(&self, #[body] m: Message) -> Json<Color> { todo!() }
}
