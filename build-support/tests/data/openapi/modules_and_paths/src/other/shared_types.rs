// Loaded through #[path]: behaves like a mod-rs file, so `mod types;`
// is src/other/types.rs … unless it has its own #[path].
#[path = "../shared/types.rs"]
pub mod types;

#[derive(serde::Serialize)]
pub struct Tag {
    pub name: String,
}
