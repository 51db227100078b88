//! Finding a request's route: the static route table that
//! `#[controller]` emits, and the router built from it.

pub mod controller;
pub(crate) mod router;

pub use router::RouteConflict;
