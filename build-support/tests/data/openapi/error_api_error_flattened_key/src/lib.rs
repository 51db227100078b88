//! A key of the error body reached through a flattened field, which the
//! derive cannot see (it does not read `Extra`): tether-build refuses it.
use serde::Serialize;
use tether::{controller, ApiError};

#[derive(Debug, Serialize)]
pub struct Extra {
    pub message: String,
    pub hint: String,
}

#[derive(Debug, ApiError)]
pub enum TicketError {
    #[status(400)]
    Flattened {
        #[serde(flatten)]
        extra: Extra,
    },
    #[status(404)]
    NotFound { id: u64 },
}

pub struct TicketsController;
#[controller("/tickets")]
impl TicketsController {
    #[get("/:id")]
    async fn find(&self, #[param] id: u64) -> Result<String, TicketError> { todo!() }
}
