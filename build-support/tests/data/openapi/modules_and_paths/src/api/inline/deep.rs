use serde::Serialize;

#[derive(Serialize)]
pub struct Profile {
    pub bio: String,
    pub label: crate::shared::types::Label,
}
