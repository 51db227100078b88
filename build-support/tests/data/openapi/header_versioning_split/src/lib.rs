use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Serialize)]
pub struct Cat { pub name: String }
#[derive(Serialize)]
pub struct CatV2 { pub name: String, pub lives: u8 }
/// Answered by version 1, also read by version 2: one schema in both
/// documents (the request view: `tag` may be left out).
#[derive(Serialize, Deserialize)]
pub struct Memo { pub text: String, pub tag: Option<String> }

pub struct CatsController;

/// Cats, version 1 unless a method says otherwise.
#[controller("/cats")]
#[version("1")]
impl CatsController {
    #[get]
    async fn find_all(&self) -> Json<Vec<Cat>> { todo!() }
    /// Version 2 of the list: the method's version wins.
    #[get]
    #[version("2")]
    async fn find_all_v2(&self) -> Json<Vec<CatV2>> { todo!() }
    #[get("/:id")]
    #[version("1", "2", "10")]
    async fn find_one(&self, #[param] id: u32) -> Json<Cat> { todo!() }
    #[get("/memo")]
    async fn memo(&self) -> Json<Memo> { todo!() }
    #[post("/memo")]
    #[version("2")]
    async fn put_memo(&self, #[body] m: Memo) -> Json<Memo> { todo!() }
    #[get("/health")]
    #[version(neutral)]
    async fn health(&self) -> String { todo!() }
}

pub struct DogsController;
#[controller("/dogs")]
impl DogsController {
    /// Uses the default version.
    #[get]
    async fn list(&self) -> Json<Vec<String>> { todo!() }
}
