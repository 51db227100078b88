//! One module per framework, each serving the routes of the crate docs.

pub mod actix;
pub mod axum;
pub mod hyper;
pub mod tether;
