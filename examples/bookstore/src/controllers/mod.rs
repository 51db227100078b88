//! The bookstore's controllers.

pub mod authors;
pub mod books;
pub mod health;
