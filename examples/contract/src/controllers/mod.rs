//! The fixture's controllers, one per group of shapes.

pub mod account;
pub mod health;
pub mod items;
pub mod lookup;
pub mod misc;
pub mod versions;
