//! What runs around a route's handler: guards, interceptors,
//! pipes and exception filters in Nest's order, the security
//! requirements, and the handler's own future.

pub use security::{BasicAuth, BearerToken, Security};
pub use stages::*;

// One of the two modules with `unsafe`: a handler's future is kept in
// inline space and polled and dropped through a small vtable, so a request
// costs no box (SPEC A10); each block carries its `// SAFETY:` reasoning.
#[allow(unsafe_code)]
pub(crate) mod handler;
pub mod security;
pub(crate) mod stages;
