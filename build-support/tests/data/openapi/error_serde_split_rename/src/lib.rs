use serde::{Deserialize, Serialize};
use tether::{controller, Json};

#[derive(Deserialize, Serialize)]
pub struct Stamped {
    #[serde(rename(serialize = "outName", deserialize = "inName"))]
    pub two_names: String,
    #[serde(rename(serialize = "same", deserialize = "same"))]
    pub one_name: String,
    /// An extra name requests may use: harmless, the documented one is read too.
    #[serde(rename = "label", alias = "title")]
    pub label: String,
}

#[derive(Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase", deserialize = "snake_case"))]
pub struct Cased { pub first_name: String }

/// A struct's own name is not written in JSON: a split one is harmless.
#[derive(Deserialize, Serialize)]
#[serde(rename(serialize = "Out", deserialize = "In"))]
pub struct Named { pub value: String }

#[derive(Deserialize, Serialize)]
pub enum Kind {
    #[serde(rename(serialize = "big"))]
    Large,
    Small,
}

pub struct StampsController;
#[controller("/stamps")]
impl StampsController {
    #[post]
    async fn create(&self, #[body] s: Stamped) -> Json<Stamped> { todo!() }
    #[post("/cased")]
    async fn cased(&self, #[body] c: Cased) -> Json<Kind> { todo!() }
    #[post("/named")]
    async fn named(&self, #[body] n: Named) -> Json<Named> { todo!() }
}
