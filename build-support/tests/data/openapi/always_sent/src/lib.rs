// SPEC G2: fields serde always writes (an `Option` without
// `skip_serializing_if`, a `#[serde(default)]` field) are required in schemas
// only responses use, and stay optional where a request may carry them.
use serde::{Deserialize, Serialize};
use tether::{controller, Json};

/// Only answered: `nickname`, `tags` and `address` are always there.
#[derive(Serialize)]
pub struct Profile {
    pub id: u32,
    pub nickname: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bio: Option<String>,
    pub address: Option<Address>,
    pub note: Note,
}

/// Sent by the client: everything optional stays optional.
#[derive(Deserialize)]
pub struct NewProfile {
    pub nickname: Option<String>,
    pub address: Option<Address>,
}

/// Reached from a request body (through `NewProfile`) and from a response.
#[derive(Serialize, Deserialize)]
pub struct Address {
    pub city: Option<String>,
}

/// In a request body and in a response.
#[derive(Serialize, Deserialize)]
pub struct Note {
    pub text: Option<String>,
}

pub struct ProfilesController;
#[controller("/profiles")]
impl ProfilesController {
    #[get("/:id")]
    async fn find_one(&self, #[param] id: u32) -> Json<Profile> { todo!() }
    #[post]
    async fn create(&self, #[body] dto: NewProfile) -> Json<Profile> { todo!() }
    #[put("/:id/note")]
    async fn note(&self, #[param] id: u32, #[body] note: Note) -> Json<Note> { todo!() }
}
