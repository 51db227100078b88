//! Where a key of `tether.toml` is written, so an error found
//! after parsing (by [`crate::config::Config`]'s checks) names the line and
//! column like one toml itself reports.

use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// A place in the file: 1-based line and column, and that line's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The line's text.
    pub text: String,
}

impl Place {
    /// The place of byte `offset` of `source`.
    pub fn of_offset(source: &str, offset: usize) -> Place {
        let before = &source[..floor_boundary(source, offset)];
        let line = before.matches('\n').count() + 1;
        let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
        let text = source.lines().nth(line - 1).unwrap_or("").to_string();
        Place { line, column, text }
    }
}

/// `offset`, moved back to a character boundary of `s` and into it.
fn floor_boundary(s: &str, offset: usize) -> usize {
    let mut i = offset.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The place of `key` (`framework.versioning.default_version`,
/// `framework.global_prefix_exclude[1]`, `schemas."geo::Point"`) in
/// `source`: its value when it has one, else the deepest table of it that
/// is written (a missing key's table). `None` when nothing of it is.
pub fn locate(source: &str, key: &str) -> Option<Place> {
    let root = DeTable::parse(source).ok()?;
    let span = deepest_span(root.get_ref(), &key_parts(key))?;
    Some(Place::of_offset(source, span.start))
}

/// One step of a key path: a name, with an index when it is `name[i]`.
fn key_parts(key: &str) -> Vec<(String, Option<usize>)> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in key.chars() {
        match c {
            '"' => quoted = !quoted,
            '.' if !quoted => parts.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    parts.push(current);
    parts.into_iter().map(|p| split_index(&p)).collect()
}

/// `name[3]` → (`name`, 3); `name` → (`name`, none).
fn split_index(part: &str) -> (String, Option<usize>) {
    let index = part
        .strip_suffix(']')
        .and_then(|p| p.rsplit_once('['))
        .and_then(|(name, i)| Some((name, i.parse().ok()?)));
    match index {
        Some((name, i)) => (name.to_string(), Some(i)),
        None => (part.to_string(), None),
    }
}

/// The span of the deepest step of `parts` written in `table`.
fn deepest_span(table: &DeTable<'_>, parts: &[(String, Option<usize>)]) -> Option<Range<usize>> {
    let ((name, index), rest) = parts.split_first()?;
    let (key, value) = table.iter().find(|(k, _)| k.get_ref() == name)?;
    let value = match (index, value.get_ref()) {
        (Some(i), DeValue::Array(items)) => items.get(*i).unwrap_or(value),
        _ => value,
    };
    let here = match value.get_ref() {
        DeValue::Table(_) | DeValue::Array(_) if index.is_none() => key.span(),
        _ => value.span(),
    };
    match value.get_ref() {
        DeValue::Table(inner) => deepest_span(inner, rest).or(Some(here)),
        _ => Some(here),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOML: &str = "[framework]\nglobal_prefix = \"api\"\nglobal_prefix_exclude = [\"health\", { path = \"x\", method = \"FETCH\" }]\n\n[security.schemes.bearer]\ntype = \"http\"\nscheme = \"bearr\"\n";

    fn at(key: &str) -> (usize, usize) {
        let p = locate(TOML, key).unwrap();
        (p.line, p.column)
    }

    #[test]
    fn b4_values_are_found_by_their_key_path() {
        assert_eq!(at("framework.global_prefix"), (2, 17));
        assert_eq!(at("framework.global_prefix_exclude[1]"), (3, 36));
        assert_eq!(at("security.schemes.bearer.scheme"), (7, 10));
    }

    #[test]
    fn b4_a_missing_key_is_found_at_its_table() {
        assert_eq!(
            locate(TOML, "security.schemes.bearer.bearer_format")
                .unwrap()
                .line,
            5
        );
        assert!(locate(TOML, "openapi.title").is_none());
    }

    #[test]
    fn b4_quoted_names_and_indexes_are_one_step() {
        assert_eq!(
            key_parts(r#"schemas."geo::Point""#),
            [("schemas".into(), None), ("geo::Point".into(), None)]
        );
        assert_eq!(
            key_parts("openapi[0].name"),
            [("openapi".into(), Some(0)), ("name".into(), None)]
        );
    }
}
