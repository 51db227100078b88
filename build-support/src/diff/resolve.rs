//! The documents as the comparison reads them: checked to be OpenAPI 3.x,
//! with `$ref`s (local JSON pointers) followed, a chain of references
//! cut after a bound so a cycle `A -> B -> A` never hangs.

use serde_json::Value;
use std::fmt;

/// How many `$ref`s one lookup follows before giving up (a cycle of refs).
const MAX_REF_CHAIN: usize = 32;

/// Why a document cannot be compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiffError {
    /// What is wrong, naming the document (`old`/`new`).
    pub message: String,
}

impl fmt::Display for DiffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DiffError {}

/// One document, with the lookups the comparison needs.
pub(super) struct Doc<'a> {
    /// The whole document.
    pub(super) root: &'a Value,
}

impl<'a> Doc<'a> {
    /// Checks that `root` is an OpenAPI 3.x object; `which` names it in errors.
    pub(super) fn new(root: &'a Value, which: &str) -> Result<Self, DiffError> {
        let fail = |m: String| Err(DiffError { message: m });
        let Some(obj) = root.as_object() else {
            return fail(format!("the {which} document is not a JSON object"));
        };
        match obj.get("openapi").and_then(Value::as_str) {
            Some(v) if v.starts_with("3.") => {}
            Some(v) => {
                return fail(format!(
                    "the {which} document is OpenAPI {v}; only OpenAPI 3.x is compared"
                ))
            }
            None if obj.contains_key("swagger") => {
                return fail(format!(
                    "the {which} document is Swagger 2.0; only OpenAPI 3.x is compared"
                ))
            }
            None => {
                return fail(format!(
                    "the {which} document has no `openapi: 3.x` field: not an OpenAPI 3.x document"
                ))
            }
        }
        if let Some(paths) = obj.get("paths") {
            if !paths.is_object() {
                return fail(format!("the {which} document's `paths` is not an object"));
            }
        }
        Ok(Doc { root })
    }

    /// `value` with its `$ref` chain followed, and the last `$ref` seen
    /// (the name a cycle is detected by). A `$ref` to nowhere, to another
    /// file or in a cycle longer than the bound leaves the `$ref` object
    /// itself, compared as an opaque value.
    pub(super) fn resolve(&self, mut value: &'a Value) -> (&'a Value, Option<&'a str>) {
        let mut last = None;
        for _ in 0..MAX_REF_CHAIN {
            let Some(r) = value.get("$ref").and_then(Value::as_str) else {
                return (value, last);
            };
            match self.pointer(r) {
                Some(target) => {
                    last = Some(r);
                    value = target;
                }
                None => return (value, last.or(Some(r))),
            }
        }
        (value, last)
    }

    fn pointer(&self, r: &str) -> Option<&'a Value> {
        let p = r.strip_prefix('#')?;
        if p.is_empty() {
            return Some(self.root);
        }
        // `%7B` and friends: a URI fragment may be percent-encoded.
        let decoded = percent_decode(p);
        self.root.pointer(&decoded)
    }
}

fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_string();
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `a/b` as a JSON pointer token (`~0`, `~1`).
pub(super) fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}
