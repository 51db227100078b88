//! What handlers read: the [`Request`],
//! path, query and header arguments, bodies (JSON, form, text, bytes,
//! multipart), cookies, context and state, and their validation.

pub use args::*;
pub use body::read_body;
pub use context::{Extension, FromRequest, Requires};
pub use multipart::{Multipart, MultipartForm, UploadedFile};
pub use request::Request;
pub use state::State;
pub use validate::Validate;

pub(crate) mod args;
pub(crate) mod body;
pub mod context;
pub mod cookie;
pub mod multipart;
pub mod param_rules;
pub mod request;
pub mod state;
pub mod text_length;
pub(crate) mod urlencoded;
pub mod validate;
