use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "PascalCase")]
pub enum Event {
    UserCreated { user_id: u64, display_name: String },
    #[serde(rename = "gone")]
    UserDeleted { user_id: u64 },
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    Other { some_field: bool },
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "UPPERCASE")]
pub enum Tagged { FirstOne { #[serde(rename = "v")] value: i32 }, SecondOne }

pub struct EventsController;
#[controller("/events")]
impl EventsController {
    #[get]
    async fn event(&self) -> Json<Event> { todo!() }
    #[get("/tagged")]
    async fn tagged(&self) -> Json<Tagged> { todo!() }
}
