use serde::{Deserialize, Serialize};
use tether::{controller, Json};


/// One page of results.
#[derive(Serialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: u64,
    pub next: Option<Box<Page<T>>>,
}

#[derive(Serialize)]
pub struct Pair<A, B> { pub left: A, pub right: B }

#[derive(Serialize)]
pub struct User { pub name: String }
#[derive(Serialize)]
pub struct Group { pub title: String }

#[derive(Serialize)]
pub enum Either<L, R> { Left(L), Right(R) }

pub type UserPage = Page<User>;

pub struct PagesController;
#[controller("/pages")]
impl PagesController {
    #[get("/users")]
    async fn users(&self) -> Json<UserPage> { todo!() }
    #[get("/groups")]
    async fn groups(&self) -> Json<Page<Group>> { todo!() }
    #[get("/pairs")]
    async fn pairs(&self) -> Json<Vec<Pair<User, Page<u32>>>> { todo!() }
    #[get("/either")]
    async fn either(&self) -> Json<Either<User, String>> { todo!() }
}
