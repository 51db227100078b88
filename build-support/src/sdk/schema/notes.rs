//! The JSDoc of a schema: its title, description and
//! deprecation, and a note on integers a JavaScript number cannot hold.

use std::borrow::Cow;

use serde_json::Value;

use crate::sdk::document::Field;

/// The end of the note on integers a JavaScript number may not hold
/// exactly: `64-bit: values …` for an `int64`/`uint64`,
/// `128-bit: values …` for an `int128`/`uint128`, else `Values …`.
const UNSAFE_INTEGER: &str =
    "may exceed Number.MAX_SAFE_INTEGER (2^53 - 1), which JSON.parse rounds.";

/// `Number.MAX_SAFE_INTEGER`, 2^53 − 1.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// The note on an integer schema whose range reaches beyond
/// ±`Number.MAX_SAFE_INTEGER`, if it has one (also in a nullable
/// `type: [integer, null]`). The range is its `minimum`/`maximum` (or
/// exclusive bounds), else what its `format` implies; a side with neither
/// is unbounded. A bare `integer`, with no bound and no format of known
/// width, states no range (most documents write counts so) and gets no note.
fn unsafe_integer_note(s: &Value) -> Option<String> {
    let integer = match s.field("type") {
        Some(Value::String(t)) => t == "integer",
        Some(Value::Array(ts)) => ts.iter().any(|t| t == "integer"),
        _ => false,
    };
    if !integer {
        return None;
    }
    let format = s.field("format").and_then(Value::as_str);
    let (format_min, format_max) = format.and_then(format_range).unzip();
    let lower = bound(s, "minimum", "exclusiveMinimum", 1.0).or(format_min);
    let upper = bound(s, "maximum", "exclusiveMaximum", -1.0).or(format_max);
    if lower.is_none() && upper.is_none() {
        return None;
    }
    let safe = lower.is_some_and(|l| l >= -MAX_SAFE_INTEGER)
        && upper.is_some_and(|u| u <= MAX_SAFE_INTEGER);
    if safe {
        return None;
    }
    Some(match format {
        Some("int64" | "uint64") => format!("64-bit: values {UNSAFE_INTEGER}"),
        Some("int128" | "uint128") => format!("128-bit: values {UNSAFE_INTEGER}"),
        _ => format!("Values {UNSAFE_INTEGER}"),
    })
}

/// The range an integer `format` of known width implies (`int32`,
/// `uint16`, …); other formats (and none) bound nothing.
fn format_range(format: &str) -> Option<(f64, f64)> {
    let (min, max) = match format {
        "int8" => (i128::from(i8::MIN), i128::from(i8::MAX)),
        "int16" => (i128::from(i16::MIN), i128::from(i16::MAX)),
        "int32" => (i128::from(i32::MIN), i128::from(i32::MAX)),
        "int64" => (i128::from(i64::MIN), i128::from(i64::MAX)),
        "uint8" => (0, i128::from(u8::MAX)),
        "uint16" => (0, i128::from(u16::MAX)),
        "uint32" => (0, i128::from(u32::MAX)),
        "uint64" => (0, i128::from(u64::MAX)),
        "int128" => (i128::MIN, i128::MAX),
        // u128::MAX is past i128; 2^128 as a float is far enough.
        "uint128" => return Some((0.0, u128::MAX as f64)),
        _ => return None,
    };
    Some((min as f64, max as f64))
}

/// The schema's inclusive bound on one side: `key`, or its exclusive form
/// (3.1's number; 3.0's `true` beside `key`) moved by `step` onto the
/// nearest integer inside.
fn bound(s: &Value, key: &str, exclusive: &str, step: f64) -> Option<f64> {
    let flag = s.field(exclusive);
    let own = s.field(key).and_then(Value::as_f64).map(|b| {
        if flag == Some(&Value::Bool(true)) {
            b + step
        } else {
            b
        }
    });
    own.or_else(|| flag.and_then(Value::as_f64).map(|b| b + step))
}

/// Whether a JSDoc line is the note of [`unsafe_integer_note`].
pub(super) fn is_integer_note(line: &str) -> bool {
    line.ends_with(UNSAFE_INTEGER)
}

/// The description (else title), the integer note and the deprecation of a
/// schema, for JSDoc.
pub(in crate::sdk) fn doc_lines(s: &Value) -> Vec<Cow<'_, str>> {
    let mut lines = Vec::new();
    let text = s
        .field("description")
        .or_else(|| s.field("title"))
        .and_then(Value::as_str);
    let deprecated = s.field("deprecated") == Some(&Value::Bool(true));
    let (text, tag) = crate::sdk::naming::deprecation_doc(text, deprecated);
    if let Some(d) = text {
        lines.push(Cow::Borrowed(d));
    }
    if let Some(note) = unsafe_integer_note(s) {
        lines.push(Cow::Owned(note));
    }
    lines.extend(tag.map(Cow::Owned));
    lines
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::unsafe_integer_note;

    fn noted(schema: serde_json::Value) -> bool {
        unsafe_integer_note(&schema).is_some()
    }

    #[test]
    fn g2_integer_note_follows_the_range_not_only_the_format() {
        // u32 as tether documents it: int64, but bounded well inside 2^53.
        assert!(!noted(
            json!({"type": "integer", "format": "int64", "minimum": 0, "maximum": 4294967295u64})
        ));
        assert!(noted(json!({"type": "integer", "format": "int64"})));
        assert!(noted(
            json!({"type": "integer", "format": "uint64", "minimum": 0, "maximum": u64::MAX})
        ));
        assert!(noted(
            json!({"type": ["integer", "null"], "format": "int64"})
        ));
        // u128: no format, unbounded above.
        assert!(noted(json!({"type": "integer", "minimum": 0})));
        assert!(!noted(json!({"type": "integer", "format": "int32"})));
        assert!(!noted(
            json!({"type": "integer", "format": "int32", "minimum": 1})
        ));
        assert!(!noted(json!({"type": "integer"})));
        assert!(!noted(json!({"type": "integer", "format": "uint16"})));
        // i128 and u128 (tether writes no bounds past 64 bits): the format's width.
        assert!(noted(json!({"type": "integer", "format": "int128"})));
        assert!(noted(
            json!({"type": "integer", "format": "uint128", "minimum": 0})
        ));
        assert!(noted(
            json!({"type": ["integer", "null"], "format": "int128"})
        ));
        // A stated range inside 2^53 wins over the format.
        assert!(!noted(
            json!({"type": "integer", "format": "int128", "minimum": -5, "maximum": 5})
        ));
        assert!(!noted(json!({"type": "integer", "format": "int8"})));
        assert!(!noted(json!({"type": "number", "format": "int64"})));
        // Exclusive bounds, 3.1's numbers and 3.0's flags.
        assert!(!noted(
            json!({"type": "integer", "minimum": 0, "exclusiveMaximum": 9007199254740992u64})
        ));
        assert!(noted(
            json!({"type": "integer", "minimum": 0, "exclusiveMaximum": 9007199254740994u64})
        ));
        assert!(!noted(
            json!({"type": "integer", "minimum": -9007199254740992i64, "exclusiveMinimum": true, "maximum": 0})
        ));
    }

    #[test]
    fn g2_integer_note_says_64_bit_only_for_64_bit_formats() {
        let note = |s| unsafe_integer_note(&s).unwrap();
        assert!(note(json!({"type": "integer", "format": "int64"}))
            .starts_with("64-bit: values may exceed"));
        assert!(note(json!({"type": "integer", "minimum": 0})).starts_with("Values may exceed"));
        assert!(note(json!({"type": "integer", "format": "int128"}))
            .starts_with("128-bit: values may exceed"));
        assert!(
            note(json!({"type": "integer", "format": "uint128", "minimum": 0}))
                .starts_with("128-bit: values may exceed")
        );
    }
}
