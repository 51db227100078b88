//! Two schemas compared: refs followed once, then types, nullability,
//! enums, formats and bounds; keywords, properties and composition in
//! their own files.

use super::composition::flatten;
use super::{at_name, has_keywords, join, kebab, opt, show, At, Cx, Side};
use crate::diff::classify::{level, Dir, Effect};
use crate::diff::Level;
use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// Schemas nested deeper than this are not compared further (hostile
/// documents; real ones nest a few levels).
const MAX_DEPTH: usize = 48;

impl<'d> Cx<'d> {
    /// Compares two schemas read in direction `dir`. `root` is the schema
    /// of a body, parameter or header itself rather than of a property.
    pub(super) fn schema(
        &mut self,
        o: &Value,
        n: &Value,
        dir: Dir,
        at: &At,
        depth: usize,
        root: bool,
    ) {
        if depth > MAX_DEPTH {
            return;
        }
        let (o, oref) = self.old.resolve(o);
        let (n, nref) = self.new.resolve(n);
        let key = match (oref, nref) {
            (Some(a), Some(b)) => Some((a.to_string(), b.to_string(), dir)),
            _ => None,
        };
        if let Some(k) = &key {
            if self.stack.contains(k) || self.clean.contains(k) || !self.in_op.insert(k.clone()) {
                return;
            }
            self.stack.push(k.clone());
        }
        let before = self.out.len();
        self.all_of_parts(o, n, dir, at);
        let merged_o;
        let merged_n;
        let (o, n) = if o.get("allOf").is_some() || n.get("allOf").is_some() {
            merged_o = flatten(self.old, o, 0);
            merged_n = flatten(self.new, n, 0);
            (&merged_o, &merged_n)
        } else {
            (o, n)
        };
        self.schema_body(o, n, dir, at, depth, root);
        if let Some(k) = key {
            self.stack.pop();
            if self.out.len() == before {
                self.clean.insert(k);
            }
        }
    }

    fn schema_body(&mut self, o: &Value, n: &Value, dir: Dir, at: &At, depth: usize, root: bool) {
        let w = dir.word();
        let what_rule = if root { self.root_kind } else { "property" };
        let what = format!("{w} {what_rule}");
        let Some(om) = o.as_object() else { return };
        let Some(nm) = n.as_object() else {
            if n == &Value::Bool(true) {
                self.push(
                    level(dir, Effect::Widened),
                    &format!("{w}-{what_rule}-type-changed"),
                    at,
                    Side::New,
                    format!("the {what} {} now allows any value", at_name(at)),
                );
            }
            return;
        };
        // Types (with `nullable` as the `null` type).
        let (ot, nt) = (types(om), types(nm));
        match (&ot, &nt) {
            (Some(ot), Some(nt)) if ot != nt => {
                let strip = |s: &BTreeSet<String>| {
                    s.iter()
                        .filter(|t| *t != "null")
                        .cloned()
                        .collect::<BTreeSet<_>>()
                };
                let (os, ns) = (strip(ot), strip(nt));
                if os != ns {
                    // Neither containing the other breaks both ways.
                    let lvl = if self.loose && !os.is_empty() && !ns.is_empty() {
                        Level::Compatible
                    } else if subset_types(&os, &ns) {
                        level(dir, Effect::Widened)
                    } else if subset_types(&ns, &os) {
                        level(dir, Effect::Narrowed)
                    } else {
                        Level::Breaking
                    };
                    self.push(
                        lvl,
                        &format!("{w}-{what_rule}-type-changed"),
                        at,
                        Side::New,
                        format!(
                            "the type of the {what}{} changed from {} to {}",
                            at_name(at),
                            join(&os),
                            join(&ns)
                        ),
                    );
                }
                let (on, nn) = (ot.contains("null"), nt.contains("null"));
                if on != nn {
                    let (rule, effect) = if nn {
                        ("became-nullable", Effect::Widened)
                    } else {
                        ("became-not-nullable", Effect::Narrowed)
                    };
                    self.push(
                        level(dir, effect),
                        &format!("{w}-{what_rule}-{rule}"),
                        at,
                        Side::New,
                        format!(
                            "the {what}{} {}",
                            at_name(at),
                            if nn {
                                "became nullable"
                            } else {
                                "is no longer nullable"
                            }
                        ),
                    );
                }
            }
            (None, Some(nt)) if !nt.is_empty() => {
                self.push(
                    level(dir, Effect::Narrowed),
                    &format!("{w}-{what_rule}-type-changed"),
                    at,
                    Side::New,
                    format!("the {what}{} now has the type {}", at_name(at), join(nt)),
                );
            }
            (Some(ot), None) if !ot.is_empty() && nm.get("$ref").is_none() && has_keywords(nm) => {
                self.push(
                    level(dir, Effect::Widened),
                    &format!("{w}-{what_rule}-type-changed"),
                    at,
                    Side::New,
                    format!(
                        "the {what}{} no longer has a type (was {})",
                        at_name(at),
                        join(ot)
                    ),
                );
            }
            _ => {}
        }
        // Format.
        let (of, nf) = (
            om.get("format").and_then(Value::as_str),
            nm.get("format").and_then(Value::as_str),
        );
        if of != nf && ot == nt {
            let widening = matches!(
                (of, nf),
                (Some("int32"), Some("int64")) | (Some("float"), Some("double")) | (Some(_), None)
            );
            let narrowing = matches!(
                (of, nf),
                (Some("int64"), Some("int32")) | (Some("double"), Some("float")) | (None, Some(_))
            );
            let lvl = if widening {
                level(dir, Effect::Widened)
            } else if narrowing {
                level(dir, Effect::Narrowed)
            } else {
                Level::Breaking
            };
            self.push(
                lvl,
                &format!("{w}-{what_rule}-format-changed"),
                at,
                Side::New,
                format!(
                    "the format of the {what}{} changed from {} to {}",
                    at_name(at),
                    of.unwrap_or("none"),
                    nf.unwrap_or("none")
                ),
            );
        }
        // Enum values.
        if let (Some(oe), Some(ne)) = (
            om.get("enum").and_then(Value::as_array),
            nm.get("enum").and_then(Value::as_array),
        ) {
            for v in oe.iter().filter(|v| !ne.contains(v)) {
                self.push(
                    level(dir, Effect::Narrowed),
                    &format!("{w}-{what_rule}-enum-value-removed"),
                    at,
                    Side::Old,
                    format!(
                        "the enum value {} of the {what}{} was removed",
                        show(v),
                        at_name(at)
                    ),
                );
            }
            for v in ne.iter().filter(|v| !oe.contains(v)) {
                // A client that switches over every value meets one it does not know.
                let lvl = if dir == Dir::Response {
                    Level::PossiblyBreaking
                } else {
                    Level::Compatible
                };
                self.push(
                    lvl,
                    &format!("{w}-{what_rule}-enum-value-added"),
                    at,
                    Side::New,
                    format!(
                        "the enum value {} was added to the {what}{}",
                        show(v),
                        at_name(at)
                    ),
                );
            }
        } else if om.get("enum").is_none() && nm.get("enum").is_some() {
            self.push(
                level(dir, Effect::Narrowed),
                &format!("{w}-{what_rule}-enum-added"),
                at,
                Side::New,
                format!("the {what}{} is now limited to an enum", at_name(at)),
            );
        }
        // Constraints: (keyword, true when it is an upper bound).
        for (kw, upper) in [
            ("maxLength", true),
            ("maxItems", true),
            ("maxContains", true),
            ("minContains", false),
            ("maxProperties", true),
            ("maximum", true),
            ("exclusiveMaximum", true),
            ("minLength", false),
            ("minItems", false),
            ("minProperties", false),
            ("minimum", false),
            ("exclusiveMinimum", false),
        ] {
            let (ov, nv) = (
                om.get(kw).and_then(Value::as_f64),
                nm.get(kw).and_then(Value::as_f64),
            );
            let kebab = kebab(kw);
            let (effect, verb) = match (ov, nv) {
                (Some(a), Some(b)) if a == b => continue,
                (Some(a), Some(b)) => {
                    let tighter = if upper { b < a } else { b > a };
                    (
                        if tighter {
                            Effect::Narrowed
                        } else {
                            Effect::Widened
                        },
                        if b < a { "decreased" } else { "increased" },
                    )
                }
                (None, Some(_)) => (
                    if upper || dir == Dir::Response {
                        Effect::BoundSet
                    } else {
                        Effect::Narrowed
                    },
                    "set",
                ),
                (Some(_), None) => (Effect::Widened, "unset"),
                (None, None) => continue,
            };
            let effect = if !upper && verb == "set" && dir == Dir::Request {
                Effect::BoundSet
            } else {
                effect
            };
            self.push(
                level(dir, effect),
                &format!("{w}-{what_rule}-{kebab}-{verb}"),
                at,
                Side::New,
                format!(
                    "the {kw} of the {what}{} changed from {} to {}",
                    at_name(at),
                    opt(om.get(kw)),
                    opt(nm.get(kw))
                ),
            );
        }
        // Pattern.
        let any = |p: &&Value| !matches!(p.as_str(), Some("" | ".*" | "^.*$"));
        let (op, np) = (om.get("pattern").filter(any), nm.get("pattern").filter(any));
        if op != np {
            let (lvl, verb) = match (op, np) {
                (None, Some(_)) => (
                    if dir == Dir::Request {
                        Level::Breaking
                    } else {
                        Level::Compatible
                    },
                    "added",
                ),
                (Some(_), None) => (Level::Compatible, "removed"),
                _ => (
                    if dir == Dir::Request {
                        Level::PossiblyBreaking
                    } else {
                        Level::Compatible
                    },
                    "changed",
                ),
            };
            self.push(
                lvl,
                &format!("{w}-{what_rule}-pattern-{verb}"),
                at,
                Side::New,
                format!(
                    "the pattern of the {what}{} changed from {} to {}",
                    at_name(at),
                    opt(op),
                    opt(np)
                ),
            );
        }
        if om.get("multipleOf") != nm.get("multipleOf") && nm.get("multipleOf").is_some() {
            self.push(
                level(dir, Effect::Narrowed),
                &format!("{w}-{what_rule}-multiple-of-changed"),
                at,
                Side::New,
                format!(
                    "the multipleOf of the {what}{} changed to {}",
                    at_name(at),
                    opt(nm.get("multipleOf"))
                ),
            );
        }
        if om.get("uniqueItems") != Some(&Value::Bool(true))
            && nm.get("uniqueItems") == Some(&Value::Bool(true))
        {
            self.push(
                level(dir, Effect::Narrowed),
                &format!("{w}-{what_rule}-unique-items-set"),
                at,
                Side::New,
                format!("the items of the {what}{} must now be unique", at_name(at)),
            );
        }
        if !root && om.get("default") != nm.get("default") {
            self.push(
                Level::PossiblyBreaking,
                &format!("{w}-property-default-changed"),
                at,
                Side::New,
                format!(
                    "the default of the {what}{} changed from {} to {}",
                    at_name(at),
                    opt(om.get("default")),
                    opt(nm.get("default"))
                ),
            );
        }
        self.properties(om, nm, dir, at, depth);
        if let (Some(oi), Some(ni)) = (om.get("items"), nm.get("items")) {
            let a = At {
                text: format!("{}[]", at.text),
                old: format!("{}/items", at.old),
                new: format!("{}/items", at.new),
            };
            self.schema(oi, ni, dir, &a, depth + 1, false);
        }
        match (
            om.get("additionalProperties"),
            nm.get("additionalProperties"),
        ) {
            (Some(oa), Some(na)) if oa.is_object() && na.is_object() => {
                let a = At {
                    text: format!("{}.*", at.text),
                    old: format!("{}/additionalProperties", at.old),
                    new: format!("{}/additionalProperties", at.new),
                };
                self.schema(oa, na, dir, &a, depth + 1, false);
            }
            (oa, Some(Value::Bool(false)))
                if oa != Some(&Value::Bool(false))
                    && dir == Dir::Request
                    && (oa.is_some() || om.get("properties").is_none()) =>
            {
                self.push(
                    Level::Breaking,
                    "request-additional-properties-forbidden",
                    at,
                    Side::New,
                    format!(
                        "the {what}{} no longer accepts other properties",
                        at_name(at)
                    ),
                );
            }
            _ => {}
        }
        for kw in ["oneOf", "anyOf"] {
            self.alternatives(om.get(kw), nm.get(kw), kw, dir, at, depth);
        }
        self.keywords(om, nm, dir, at, depth);
    }
}

/// The types a schema allows, `null` included for `nullable: true`; `None` when it says no type.
fn types(m: &Map<String, Value>) -> Option<BTreeSet<String>> {
    let mut set: BTreeSet<String> = match m.get("type") {
        Some(Value::String(s)) => [s.clone()].into(),
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(Value::as_str)
            .map(String::from)
            .collect(),
        _ => return None,
    };
    if m.get("nullable") == Some(&Value::Bool(true)) {
        set.insert("null".into());
    }
    Some(set)
}

/// Whether every type of `a` is allowed by `b` (an integer is a number).
fn subset_types(a: &BTreeSet<String>, b: &BTreeSet<String>) -> bool {
    a.iter()
        .all(|t| b.contains(t) || (t == "integer" && b.contains("number")))
}
