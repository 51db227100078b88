//! Validation rules: serde_valid's `#[validate(..)]` rules, read
//! alike by the macros (which enforce them on `#[param]`, `#[query("x")]`,
//! `#[header("x")]` and `#[cookie("x")]` arguments) and by tether-build
//! (which documents them, on those parameters and on struct fields). Each
//! rule is a JSON Schema keyword under its Rust name: `min_length = 1` is
//! `minLength: 1`.
//!
//! By concern, each importing only those before it:
//!
//! - `rule`: the rules and their values;
//! - `parse`: `#[validate(..)]` read into rules, each value checked;
//! - `fit`: the shape of a type and whether a rule fits it.

mod fit;
mod parse;
mod rule;

pub use fit::{Scalar, Shape};
pub use parse::{parse_validate_attrs, Parsed};
pub use rule::{Applies, Number, Rule, RuleKind, RuleValue};

/// What the tests of the submodules share.
#[cfg(test)]
mod test_support {
    use super::{parse_validate_attrs, Parsed};
    use syn::Attribute;

    /// The rules of `attrs`.
    pub(super) fn parse(attrs: Vec<Attribute>) -> Parsed {
        parse_validate_attrs(&attrs)
    }
}
