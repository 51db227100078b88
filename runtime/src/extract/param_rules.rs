//! Rules on single values: `#[validate(..)]` on a `#[param]`,
//! `#[query("x")]`, `#[header("x")]` or `#[cookie("x")]` argument, checked
//! by serde_valid's own single-value checks (`ValidateMinimum`,
//! `ValidateMaxLength`, `ValidatePattern`, …), so a parameter is held to
//! exactly what a struct field with the same rule is:
//!
//! ```
//! use tether::controller;
//!
//! struct Tickets;
//!
//! #[controller("/tickets")]
//! impl Tickets {
//!     #[get]
//!     async fn list(
//!         &self,
//!         #[query("limit")]
//!         #[validate(minimum = 1)]
//!         #[validate(maximum = 100)]
//!         limit: Option<u32>,
//!     ) -> String {
//!         format!("{limit:?}")
//!     }
//! }
//! ```
//!
//! Every broken rule of every argument is listed in one `400`, each named
//! by the parameter's wire name (`limit: The number must be `<= 100`.`,
//! `tag[1]: …` for the second value of a repeated key), before pipes and
//! the handler run.

use crate::extract::request::Request;
use crate::extract::validate::{Messages, DEFAULT_MAX_MESSAGES};
use crate::pipeline::stages::raise;
use crate::response::body::Response;
use crate::response::exception::Exception;
use crate::HttpError;
use http::StatusCode;
use serde_valid::validation::error::FormatDefault;
use std::sync::OnceLock;

#[doc(hidden)]
pub use crate::extract::text_length::CodePointLength;
#[doc(hidden)]
pub use serde_valid::export::regex::Regex;
#[doc(hidden)]
pub use serde_valid::{
    ValidateEnum, ValidateExclusiveMaximum, ValidateExclusiveMinimum, ValidateMaxItems,
    ValidateMaxLength, ValidateMaximum, ValidateMinItems, ValidateMinLength, ValidateMinimum,
    ValidateMultipleOf, ValidatePattern, ValidateUniqueItems,
};

/// The messages of the rules broken so far, one per broken rule, up to
/// the app's limit (`App::max_validation_messages`); past it they are
/// counted, not written.
#[doc(hidden)]
pub struct Broken(Messages);

impl Default for Broken {
    fn default() -> Self {
        Self::new()
    }
}

impl Broken {
    /// Nothing broken yet (no allocation), with the default limit.
    pub fn new() -> Self {
        Broken(Messages::new(DEFAULT_MAX_MESSAGES))
    }

    /// Nothing broken yet, with the limit of the app serving `req`.
    pub fn of(req: &Request) -> Self {
        Broken(Messages::new(req.message_limit as usize))
    }

    /// Records `checked` of the parameter `name`.
    #[inline]
    pub fn add<E: FormatDefault>(&mut self, name: &str, checked: Result<(), E>) {
        if let Err(e) = checked {
            self.0.push(|| format!("{name}: {}", e.format_default()));
        }
    }

    /// Records `checked` of the `index`-th value of the parameter `name`.
    #[inline]
    pub fn add_item<E: FormatDefault>(&mut self, name: &str, index: usize, checked: Result<(), E>) {
        if let Err(e) = checked {
            self.0
                .push(|| format!("{name}[{index}]: {}", e.format_default()));
        }
    }

    /// `Ok` when nothing is broken, else the `400` listing every message,
    /// raised to the route's filters like any other error.
    // The `Err` is the handler's response, returned as is.
    #[allow(clippy::result_large_err)]
    pub fn finish(
        self,
        req: &Request,
        status: StatusCode,
    ) -> Result<(), Result<Response, Exception>> {
        if self.0.is_empty() {
            return Ok(());
        }
        Err(raise(
            req,
            HttpError::bad_request_list(self.0.finish()),
            status,
        ))
    }

    /// The messages written (without the count of those past the limit).
    pub fn messages(&self) -> &[String] {
        self.0.written()
    }
}

/// The compiled `pattern` of one rule, compiled on first use. The macro
/// checked the pattern with the `regex` crate's own parser.
#[doc(hidden)]
pub fn pattern(cell: &'static OnceLock<Regex>, source: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(source).expect("the pattern was checked when compiled"))
}

/// The generated handler's step for an argument with rules: read, with no
/// pipes yet (they run once every rule of every argument is checked).
#[inline]
#[allow(clippy::result_large_err)]
#[doc(hidden)]
pub fn unpiped<T>(
    extracted: Result<T, HttpError>,
    req: &Request,
    status: StatusCode,
) -> Result<T, Result<Response, Exception>> {
    extracted.map_err(|e| raise(req, e, status))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 31 item 8: the messages of single values stop at the limit
    /// too (a repeated query key can break a rule once per value).
    #[test]
    fn issue31_8_messages_past_the_limit_are_counted_not_written() {
        let mut broken = Broken::new();
        for index in 0..150 {
            broken.add_item(
                "tag",
                index,
                ValidateMaxLength::validate_max_length("toolong", 3),
            );
        }
        assert_eq!(broken.messages().len(), 100);
        assert_eq!(
            broken.messages()[99],
            "tag[99]: The length of the value must be `<= 3`."
        );
        let list = broken.0.finish();
        assert_eq!(list.len(), 101);
        assert_eq!(list[100], "and 50 more");
    }

    #[test]
    fn e5_messages_are_serde_valids_named_by_wire_name() {
        let mut broken = Broken::new();
        broken.add("limit", ValidateMaximum::validate_maximum(&101u32, 100));
        broken.add("limit", ValidateMinimum::validate_minimum(&101u32, 1));
        broken.add_item(
            "tag",
            1,
            ValidateMaxLength::validate_max_length("toolong", 3),
        );
        static P: OnceLock<Regex> = OnceLock::new();
        broken.add(
            "x-id",
            ValidatePattern::validate_pattern("abc", pattern(&P, "^[0-9]+$")),
        );
        broken.add(
            "state",
            ValidateEnum::validate_enum(&String::from("x"), &["open", "closed"]),
        );
        assert_eq!(
            broken.messages(),
            [
                "limit: The number must be `<= 100`.",
                "tag[1]: The length of the value must be `<= 3`.",
                "x-id: The value must match the pattern of \"^[0-9]+$\".",
                "state: The value must be in [open, closed].",
            ]
        );
    }
}
