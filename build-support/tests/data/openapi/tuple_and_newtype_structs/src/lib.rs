use serde::{Deserialize, Serialize};
use tether::{controller, Json};


/// A newtype: just its inner value.
#[derive(Serialize, Deserialize)]
pub struct UserId(pub u64);

/// A tuple struct: an array.
#[derive(Serialize, Deserialize)]
pub struct Point(pub f64, pub f64);

/// A unit struct: null.
#[derive(Serialize, Deserialize)]
pub struct Marker;

/// Transparent: the one field's schema.
#[derive(Serialize, Deserialize)]
#[serde(transparent)]
pub struct Email { pub address: String }

#[derive(Serialize, Deserialize)]
pub struct Everything {
    pub id: UserId,
    pub at: Point,
    pub marker: Marker,
    pub email: Email,
}

pub struct ThingsController;
#[controller("/things")]
impl ThingsController {
    #[get("/:id")]
    async fn get(&self, #[param] id: u64) -> Json<Everything> { todo!() }
}
