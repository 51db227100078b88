//! "did you mean" for attributes that are not tether's but are spelled
//! like one (ranked by `strsim`'s edit distance).

use super::attributes::METHOD_ATTRS;
use crate::attrs::{tether_attr_name, PARAM_ATTRS};
use syn::spanned::Spanned;
use syn::Attribute;

/// The one of `known` that `name` looks like a misspelling of: the same
/// letters in another case or without `_` (Nest's `UseGuards` for
/// `use_guards`), or at most `1 + len / per_edit` edits away (`len` of
/// the known name: the longer, the more typos it takes).
fn closest<'k>(name: &str, known: &[&'k str], per_edit: usize) -> Option<&'k str> {
    let folded = |s: &str| s.to_lowercase().replace('_', "");
    if let Some(k) = known.iter().find(|k| folded(k) == folded(name)) {
        return Some(k);
    }
    known
        .iter()
        .filter(|k| strsim::levenshtein(name, k) <= 1 + k.len() / per_edit)
        .min_by_key(|k| strsim::levenshtein(name, k))
        .copied()
}

pub(super) fn did_you_mean(attr: &Attribute) -> Option<syn::Error> {
    did_you_mean_on(attr, "a controller method")
}

/// "did you mean" for an attribute of `place` (a method, the impl) that
/// is not tether's but is spelled like one of its attributes.
pub(super) fn did_you_mean_on(attr: &Attribute, place: &str) -> Option<syn::Error> {
    let name = tether_attr_name(attr)?;
    if METHOD_ATTRS.contains(&name.as_str()) || name == "doc" || name.len() < 3 {
        return None;
    }
    let best = closest(&name, &METHOD_ATTRS, 6)?;
    Some(syn::Error::new(
        attr.path().span(),
        format!("unknown attribute `#[{name}]` on {place}; did you mean `#[{best}]`?"),
    ))
}

/// An argument attribute that is not tether's, with "did you mean" when
/// it is spelled like one (`#[parms]`, `#[Query]`).
pub(super) fn unknown_param_attr(attr: &Attribute) -> syn::Error {
    const NAMES: [&str; 6] = ["param", "query", "body", "header", "cookie", "req"];
    // What axum and Nest users reach for: axum's extractors by name,
    // Nest's `@Req()`/`@Request()`.
    const OTHER_NAMES: [(&str, &str); 5] = [
        ("path", "param"),
        ("json", "body"),
        ("form", "body(form)"),
        ("multipart", "body(multipart)"),
        ("request", "req"),
    ];
    let name = tether_attr_name(attr).unwrap_or_default();
    let known = OTHER_NAMES
        .iter()
        .find(|(other, _)| other.eq_ignore_ascii_case(&name))
        .map(|(_, ours)| *ours);
    // Two edits for `param` (`#[parms]`): arguments have few attributes,
    // none of them close to another.
    let message = match known.or_else(|| closest(&name, &NAMES, 4)) {
        Some(best) if name.len() >= 3 => format!(
            "unknown parameter attribute `#[{name}]`; did you mean `#[{best}]`? (tether's are {PARAM_ATTRS})"
        ),
        _ => format!("unsupported parameter attribute; use {PARAM_ATTRS}"),
    };
    syn::Error::new_spanned(attr, message)
}
