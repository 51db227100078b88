#[derive(serde::Serialize)]
pub enum Label {
    Admin,
    Member,
}
