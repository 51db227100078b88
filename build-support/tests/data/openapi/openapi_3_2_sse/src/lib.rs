use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use tether::Sse;

#[derive(Serialize)]
pub struct Order { pub id: u64, pub total: f64 }

/// Events of the order stream.
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderEvent {
    /// A new order.
    Created(Order),
    StatusChanged { id: u64, status: String },
    #[serde(rename = "ping")]
    Heartbeat,
    #[serde(skip)]
    Internal(u8),
}

pub struct OrdersController;
#[controller("/orders")]
impl OrdersController {
    /// Live order updates.
    #[get("/stream")]
    async fn stream(&self) -> Sse<OrderEvent> { todo!() }
}
