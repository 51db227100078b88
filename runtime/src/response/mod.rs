//! What handlers return: one [`Body`] type and [`IntoResponse`],
//! JSON and its finite numbers, the errors ([`HttpError`], typed
//! [`ApiError`]s, the [`Exception`] that carries
//! them to the filters), file downloads, server-sent events, declared
//! response headers and gzip.

pub mod api_error;
pub mod attachment;
pub(crate) mod body;
#[cfg(feature = "compression")]
pub mod compression;
pub mod cookie;
pub mod error;
pub mod exception;
pub(crate) mod finite;
pub mod headers;
pub mod sse;

pub use api_error::ApiError;
pub use attachment::Attachment;
pub use body::*;
#[cfg(feature = "compression")]
pub use compression::Compression;
pub use cookie::{SameSite, SetCookie};
pub use error::HttpError;
pub use exception::Exception;
pub use headers::WithHeaders;
pub use sse::{Sse, SseEvent};
