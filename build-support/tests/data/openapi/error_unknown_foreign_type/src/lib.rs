use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Serialize)]
pub struct Place {
    pub name: String,
    pub location: geo::Point,
}

pub struct PlacesController;
#[controller("/places")]
impl PlacesController {
    #[get]
    async fn get(&self) -> Json<Place> { todo!() }
    #[get("/:id")]
    async fn one(&self, #[param] id: Ulid2) -> Json<Place> { todo!() }
}
