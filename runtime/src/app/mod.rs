//! The application: the [`App`] builder, the
//! compiled [`AppService`], middleware, CORS, tower
//! layers and the rolling-deploy probes.

pub use builder::*;
pub use cors::Cors;
pub use middleware::{Middleware, Next};
pub use response_future::ResponseFuture;
pub use service::AppService;

pub(crate) mod builder;
pub mod cors;
pub mod layer;
pub mod middleware;
pub(crate) mod probes;
pub(crate) mod response_future;
pub mod service;
