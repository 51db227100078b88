use serde::Serialize;

/// An admin's view of a user.
#[derive(Serialize)]
pub struct User { pub id: u32, pub email: String }

pub struct AdminUsersController;
#[tether::controller("/admin/users")]
impl AdminUsersController {
    #[get]
    async fn list_all_users(&self) -> Vec<User> { todo!() }
}
