//! Typed errors: an enum whose variants are a route's error
//! answers, each with its status and body, declared once with
//! `#[derive(ApiError)]` and served, documented and typed in the client
//! alike.
//!
//! ```
//! use tether::ApiError;
//!
//! #[derive(Debug, ApiError)]
//! #[serde(rename_all_fields = "camelCase")]
//! pub enum BookError {
//!     /// A book with this title exists.
//!     #[status(409, message = "a book titled {title:?} exists")]
//!     TitleTaken { title: String, conflicting_id: u64 },
//!     /// No book has this id.
//!     #[status(404)]
//!     NotFound { id: u64 },
//! }
//!
//! let e = BookError::TitleTaken { title: "Emma".into(), conflicting_id: 7 };
//! assert_eq!(e.status().as_u16(), 409);
//! assert_eq!(e.code(), "TITLE_TAKEN");
//! let res = tether::IntoResponse::into_response(e);
//! assert_eq!(res.status().as_u16(), 409);
//! // body: {"statusCode":409,"message":"a book titled \"Emma\" exists","error":"Conflict","code":"TITLE_TAKEN","title":"Emma","conflictingId":7}
//! ```

use crate::response::body::IntoResponse;
use http::StatusCode;

/// An error whose variants answer their own statuses. Derive it:
/// `#[derive(ApiError)]` on an enum, `#[status(404)]` on each variant.
///
/// A variant answers Nest's error body and its code, `{"statusCode",
/// "message", "error", "code"}`, with its named fields beside them, serialised as serde
/// serialises the fields of a struct variant (`#[serde(rename = ..)]`,
/// `#[serde(rename_all = ..)]` on the variant, `#[serde(rename_all_fields
/// = ..)]` on the enum). `message` is the status's reason phrase unless
/// written: `#[status(409, message = "title {title} is taken")]`, a format
/// string over the fields. `code` is the variant's name in
/// `SCREAMING_SNAKE_CASE` (`NoBooking` → `"NO_BOOKING"`) unless written:
/// `#[status(404, code = "booking.missing")]`; no two variants share one.
///
/// A handler returns it as `Result<T, MyError>`; tether-build documents
/// each status with its body and the client types `error` as a union
/// discriminated by `status`, each body narrowed by its `code`.
pub trait ApiError: IntoResponse + Send + 'static {
    /// The status this value answers.
    fn status(&self) -> StatusCode;

    /// The `code` of its body, which tells it apart from the other
    /// variants (an exception filter or a client branches on it).
    fn code(&self) -> &'static str;
}
