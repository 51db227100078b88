//! Module walking (SPEC B1): `mod x;` as `x.rs` and `x/mod.rs`, inline
//! modules, `#[path]`, `use` with aliases, globs and `pub use` re-exports.
pub mod api;
#[path = "other/shared_types.rs"]
pub mod shared;

pub use shared::Tag as PublicTag;
