use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Serialize)]
pub struct Inner { pub x: i32 }

#[derive(Serialize, Deserialize)]
pub struct Maybe {
    pub plain: Option<u32>,
    pub reference: Option<Inner>,
    pub list: Option<Vec<String>>,
    pub nested: Option<Option<bool>>,
    pub items: Vec<Option<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<Inner>,
    pub kind: Option<Kind>,
}

#[derive(Serialize)]
pub enum Kind { A, B }

pub struct MaybeController;
#[controller("/maybe")]
impl MaybeController {
    #[get]
    async fn get(&self) -> Json<Maybe> { todo!() }
    #[get("/opt")]
    async fn opt(&self) -> Option<Inner> { todo!() }
}
