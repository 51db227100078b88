use serde::Serialize;

/// The public view of a user.
#[derive(Serialize)]
pub struct User { pub id: u32 }

pub struct UsersController;
#[tether::controller("/users")]
impl UsersController {
    #[get]
    async fn list_all_users(&self) -> Vec<User> { todo!() }
}
