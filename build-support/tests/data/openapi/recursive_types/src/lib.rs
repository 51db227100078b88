use serde::{Deserialize, Serialize};
use tether::{controller, Json};


/// A tree of categories.
#[derive(Serialize)]
pub struct Category {
    pub name: String,
    pub children: Vec<Category>,
    pub parent: Option<Box<Category>>,
}

#[derive(Serialize)]
pub struct A { pub b: Option<Box<B>> }
#[derive(Serialize)]
pub struct B { pub a: Vec<A> }

#[derive(Serialize)]
#[serde(tag = "op")]
pub enum Expr {
    Lit { value: f64 },
    Add { left: Box<Expr>, right: Box<Expr> },
}

pub struct TreeController;
#[controller("/tree")]
impl TreeController {
    #[get]
    async fn tree(&self) -> Json<Category> { todo!() }
    #[get("/ab")]
    async fn ab(&self) -> Json<A> { todo!() }
    #[post("/eval")]
    async fn eval(&self, #[body] e: Expr) -> Json<f64> { todo!() }
}
