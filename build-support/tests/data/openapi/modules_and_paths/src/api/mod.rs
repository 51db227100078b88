pub mod users;

pub mod inline {
    // Inside an inline module of a mod-rs file: src/api/inline/deep.rs
    pub mod deep;
}
