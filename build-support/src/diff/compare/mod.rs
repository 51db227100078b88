//! The walk: operations matched by method and path template, then their
//! parameters, request body, responses and security, then the schemas in
//! them, each change pushed with the level [`classify`] gives it.
//!
//! One file a concern, each adding its methods to [`Cx`]: [`operations`],
//! [`parameters`], [`bodies`] (request bodies and media types),
//! [`responses`], [`security`], then [`schemas`] with its [`keywords`],
//! [`properties`] and [`composition`]. This file holds the walk's state and
//! the small helpers they share.

mod bodies;
mod composition;
mod keywords;
mod operations;
mod parameters;
mod properties;
mod responses;
mod schemas;
mod security;

use super::classify::Dir;
use super::resolve::{escape, Doc};
use super::{Change, Level};
use serde_json::{Map, Value};
use std::collections::{BTreeSet, HashSet};

/// Where a change is: readable text and pointers into both documents.
#[derive(Clone)]
struct At {
    text: String,
    old: String,
    new: String,
}

impl At {
    fn child(&self, text: &str, old: &str, new: &str) -> At {
        let sep = if self.text.is_empty()
            || text.is_empty()
            || text.starts_with('.')
            || text.starts_with('[')
        {
            ""
        } else {
            " "
        };
        At {
            text: format!("{}{sep}{text}", self.text),
            old: format!("{}/{}", self.old, escape(old)),
            new: format!("{}/{}", self.new, escape(new)),
        }
    }

    fn key(&self, text: &str, key: &str) -> At {
        self.child(text, key, key)
    }
}

/// Whether a pointer names the old or the new document's place.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Old,
    New,
}

struct Cx<'d> {
    old: &'d Doc<'d>,
    new: &'d Doc<'d>,
    out: Vec<Change>,
    op: String,
    /// `$ref` pairs being compared (a cycle stops there).
    stack: Vec<(String, String, Dir)>,
    /// `$ref` pairs already compared without a change: not walked again.
    clean: HashSet<(String, String, Dir)>,
    /// `$ref` pairs already compared in this operation: a change in a
    /// component is reported once per operation, at its first use, and
    /// components referring to each other many times over (a fan-out of
    /// refs, exponential if walked naively) are walked once.
    in_op: HashSet<(String, String, Dir)>,
    /// What the schema being compared is the schema of: `body`, `parameter`, `header`.
    root_kind: &'static str,
    /// The body being compared is XML or a form: types are loosely held.
    loose: bool,
    /// `paths` or `webhooks`: the section being walked.
    section: &'static str,
}

/// Every change from `old` to `new`, in document order.
pub(super) fn compare(old: &Doc<'_>, new: &Doc<'_>) -> Vec<Change> {
    let mut cx = Cx {
        old,
        new,
        out: vec![],
        op: String::new(),
        stack: vec![],
        clean: HashSet::new(),
        in_op: HashSet::new(),
        root_kind: "body",
        loose: false,
        section: "paths",
    };
    cx.paths();
    cx.out
}

fn show(v: &Value) -> String {
    match v {
        Value::String(s) => format!("`{s}`"),
        other => format!("`{other}`"),
    }
}

impl<'d> Cx<'d> {
    fn push(&mut self, level: Level, rule: &str, at: &At, side: Side, message: String) {
        self.out.push(Change {
            level,
            rule: rule.to_string(),
            operation: self.op.clone(),
            location: at.text.trim_end().to_string(),
            pointer: if side == Side::Old {
                at.old.clone()
            } else {
                at.new.clone()
            },
            message,
            in_new: side == Side::New,
        });
    }
}

/// Whether `v` has `key: true` (`required`, `deprecated`, `readOnly`…).
fn flag(v: &Value, key: &str) -> bool {
    v.get(key) == Some(&Value::Bool(true))
}

/// The object `v` holds, or an empty one.
fn as_map(v: Option<&Value>) -> &Map<String, Value> {
    v.and_then(Value::as_object).unwrap_or(empty_map())
}

fn empty_map() -> &'static Map<String, Value> {
    static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    EMPTY.get_or_init(Map::new)
}

fn empty_vec() -> &'static Vec<Value> {
    static EMPTY: Vec<Value> = Vec::new();
    &EMPTY
}

fn kebab(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn opt(v: Option<&Value>) -> String {
    v.map(show).unwrap_or_else(|| "none".into())
}

fn join(s: &BTreeSet<String>) -> String {
    if s.is_empty() {
        "any".into()
    } else {
        s.iter().cloned().collect::<Vec<_>>().join(" | ")
    }
}

/// ` name` of the property a location ends with, or nothing.
fn at_name(at: &At) -> String {
    match at.text.rsplit_once('.') {
        Some((_, n)) if !n.contains(' ') => format!(" {n}"),
        _ => String::new(),
    }
}

fn has_keywords(m: &Map<String, Value>) -> bool {
    !m.keys().all(|k| {
        matches!(
            k.as_str(),
            "description" | "title" | "example" | "examples" | "deprecated"
        )
    })
}
