use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Serialize, Deserialize)]
pub struct Circle { pub radius: f64 }

/// Internally tagged: the tag sits beside the fields.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Shape {
    Circle(Circle),
    Rectangle { width: f64, height: f64 },
    Empty,
}

/// Unit-only but internally tagged: objects, not strings.
#[derive(Serialize, Deserialize)]
#[serde(tag = "state")]
pub enum Switch { On, Off }

pub struct ShapesController;
#[controller("/shapes")]
impl ShapesController {
    #[post]
    async fn create(&self, #[body] s: Shape) -> Json<Switch> { todo!() }
}
