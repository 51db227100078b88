//! A schema as a TypeScript type expression: references,
//! scalars, arrays, objects with their JSDoc, compositions and unions.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::notes::{doc_lines, is_integer_note};
use super::{Ctx, Prec, Ty, Types, MAX_DEPTH};
use crate::sdk::document::{schema_ref_name, Document, Field};
use crate::sdk::naming::{
    object_member_type, prop_key, push_jsdoc, push_prop_key, string_literal, OBJECT_MEMBERS,
};

impl<'d> Types<'d> {
    pub(super) fn ty(&self, schema: &Value, ctx: Ctx<'_>, indent: usize, depth: usize) -> Ty {
        let Some(s) = schema.as_object() else {
            return Ty::atom(if schema == &Value::Bool(false) {
                "never"
            } else {
                "unknown"
            });
        };
        if depth > MAX_DEPTH {
            return Ty::atom("unknown");
        }
        if is_never(s) {
            return Ty::atom("never");
        }
        if let Some(r) = s.field("$ref").and_then(Value::as_str) {
            let base = self.reference(r, ctx, indent, depth);
            return nullable(base, s);
        }
        let base = self.base(s, ctx, indent, depth);
        nullable(base, s)
    }

    fn reference(&self, r: &str, ctx: Ctx<'_>, indent: usize, depth: usize) -> Ty {
        if let Some(name) = self.ref_name(r) {
            if !ctx.prefix.is_empty() {
                self.used.set(true);
            }
            return Ty::atom(format!("{}{name}", ctx.prefix));
        }
        let Some(target) = self.doc.pointer(r) else {
            return Ty::atom("unknown");
        };
        self.inlining
            .inline(target, || self.ty(target, ctx, indent, depth + 1))
            .unwrap_or_else(|| Ty::atom("unknown"))
    }

    fn base(&self, s: &Map<String, Value>, ctx: Ctx<'_>, indent: usize, depth: usize) -> Ty {
        if let Some(c) = s.field("const") {
            return Ty::atom(literal(c));
        }
        if let Some(values) = s.field("enum").and_then(Value::as_array) {
            return union(values.iter().map(|v| Ty::atom(literal(v))).collect());
        }
        let mut parts: Vec<Ty> = Vec::new();
        if let Some(all) = s.field("allOf").and_then(Value::as_array) {
            for member in all {
                if let Some(t) = self.all_of_member(member, ctx, indent, depth) {
                    parts.push(t);
                }
            }
        }
        for key in ["oneOf", "anyOf"] {
            if let Some(list) = s.get(key).and_then(Value::as_array) {
                parts.push(self.union_of(s, list, ctx, indent, depth));
            }
        }
        let combined = !parts.is_empty();
        let own = self.by_type(s, ctx, indent, depth, combined);
        if let Some(own) = own {
            parts.push(own);
        }
        join(parts, "unknown", Prec::Intersection)
    }

    /// The schema's own `type` (and properties/items). When it is combined
    /// with `allOf`/`oneOf`, only what adds information is kept.
    fn by_type(
        &self,
        s: &Map<String, Value>,
        ctx: Ctx<'_>,
        indent: usize,
        depth: usize,
        combined: bool,
    ) -> Option<Ty> {
        let types: Vec<&str> = match s.field("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let has_object_shape = s.contains_key("properties")
            || s.field("additionalProperties")
                .is_some_and(|a| a != &Value::Bool(false));
        if types.is_empty() {
            if has_object_shape {
                return Some(Ty::atom(self.object(s, ctx, indent, depth)));
            }
            if s.contains_key("items") || s.contains_key("prefixItems") {
                return Some(self.array(s, ctx, indent, depth));
            }
            return None;
        }
        if combined && !has_object_shape && types.iter().all(|t| *t == "object") {
            return None;
        }
        let members = types
            .iter()
            .map(|t| match *t {
                "string" => Ty::atom(match s.field("format").and_then(Value::as_str) {
                    Some("binary") => "Blob",
                    _ => "string",
                }),
                "integer" | "number" => Ty::atom("number"),
                "boolean" => Ty::atom("boolean"),
                "null" => Ty::atom("null"),
                "array" => self.array(s, ctx, indent, depth),
                "object" => Ty::atom(self.object(s, ctx, indent, depth)),
                _ => Ty::atom("unknown"),
            })
            .collect();
        Some(union(members))
    }

    fn array(&self, s: &Map<String, Value>, ctx: Ctx<'_>, indent: usize, depth: usize) -> Ty {
        if let Some(prefix) = s.field("prefixItems").and_then(Value::as_array) {
            let mut items: Vec<String> = prefix
                .iter()
                .map(|p| self.ty(p, ctx, indent, depth + 1).text)
                .collect();
            match s.field("items") {
                Some(Value::Bool(false)) => {}
                Some(rest) => items.push(format!(
                    "...{}[]",
                    self.ty(rest, ctx, indent, depth + 1).at(Prec::Atom)
                )),
                None => items.push("...unknown[]".into()),
            }
            return Ty::atom(format!("[{}]", items.join(", ")));
        }
        let item = match s.field("items") {
            Some(items) => self.ty(items, ctx, indent, depth + 1),
            None => Ty::atom("unknown"),
        };
        Ty::atom(format!("{}[]", item.at(Prec::Atom)))
    }

    /// A property's JSDoc: its own description (beside a `$ref`, or around
    /// an `allOf` of one) wins over the description of the type it names.
    fn field_doc<'v>(&self, prop: &'v Value) -> Vec<Cow<'v, str>>
    where
        'd: 'v,
    {
        let own = doc_lines(prop);
        if own
            .iter()
            .any(|l| !l.starts_with("@deprecated") && !is_integer_note(l))
        {
            return own;
        }
        let resolved = doc_lines(self.doc.resolve(prop));
        if resolved.is_empty() {
            own
        } else {
            resolved
        }
    }

    pub(super) fn object(
        &self,
        s: &Map<String, Value>,
        ctx: Ctx<'_>,
        indent: usize,
        depth: usize,
    ) -> String {
        let pad = "  ".repeat(indent + 1);
        let required: Vec<&str> = s
            .field("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut body = String::new();
        let mut prop_types: Vec<String> = Vec::new();
        if let Some(props) = s.field("properties").and_then(Value::as_object) {
            for (name, prop) in props {
                let ty = self.ty(prop, ctx, indent + 1, depth + 1);
                let optional = !required.contains(&name.as_str());
                let opt = if optional { "?" } else { "" };
                let ty = if optional && OBJECT_MEMBERS.contains(&name.as_str()) {
                    // Absent, it reads as Object's own member; typed so, an
                    // object that leaves it out is assignable (TS2322 else).
                    format!("{} | {}", ty.text, object_member_type(name))
                } else {
                    ty.text
                };
                push_jsdoc(&mut body, &self.field_doc(prop), &pad);
                body.push_str(&pad);
                push_prop_key(&mut body, name);
                body.extend([opt, ": ", &ty, ";\n"]);
                prop_types.push(ty);
            }
        }
        let extra = match s.field("additionalProperties") {
            Some(Value::Bool(false)) => None,
            Some(Value::Bool(true)) => Some("unknown".to_string()),
            Some(ap @ Value::Object(_)) => Some(self.ty(ap, ctx, indent + 1, depth + 1).text),
            // No `additionalProperties`: a bare `type: object` is a free-form map.
            None if body.is_empty() => Some("unknown".to_string()),
            None => None,
            // Any other value is not a schema: ignore it.
            Some(_) => None,
        };
        if let Some(extra) = extra {
            // Every property must fit the index signature, so it includes their types.
            let index = if prop_types.is_empty() || extra == "unknown" {
                extra
            } else {
                let mut all = vec![extra];
                for t in prop_types {
                    if !all.contains(&t) {
                        all.push(t);
                    }
                }
                all.push("undefined".into());
                all.join(" | ")
            };
            body.extend([&pad, "[key: string]: ", &index, ";\n"]);
        }
        if body.is_empty() {
            return "{ [key: string]: never }".into();
        }
        let mut out = String::with_capacity(body.len() + 2 * indent + 3);
        out.push_str("{\n");
        out.push_str(&body);
        out.push_str(&pad[2..]);
        out.push('}');
        out
    }

    fn all_of_member(
        &self,
        member: &Value,
        ctx: Ctx<'_>,
        indent: usize,
        depth: usize,
    ) -> Option<Ty> {
        // `Dog: allOf [Pet, …]` where `Pet: oneOf [Dog, Cat]` would be a
        // circular alias: take only Pet's own part there.
        if let (Some(current), Some(r)) =
            (ctx.current, member.field("$ref").and_then(Value::as_str))
        {
            if let Some(target) = self.doc.pointer(r).and_then(Value::as_object) {
                if lists_ref_to(target, current) {
                    let mut own = target.clone();
                    for k in ["oneOf", "anyOf", "discriminator"] {
                        own.remove(k);
                    }
                    return self.by_type(&own, ctx, indent, depth + 1, false);
                }
            }
        }
        Some(self.ty(member, ctx, indent, depth + 1))
    }

    fn union_of(
        &self,
        s: &Map<String, Value>,
        list: &[Value],
        ctx: Ctx<'_>,
        indent: usize,
        depth: usize,
    ) -> Ty {
        let discriminator = s.field("discriminator");
        let property = discriminator
            .and_then(|d| d.field("propertyName"))
            .and_then(Value::as_str);
        let members = list
            .iter()
            .map(|m| {
                let ty = self.ty(m, ctx, indent, depth + 1);
                match (property, m.field("$ref").and_then(Value::as_str)) {
                    (Some(p), Some(r)) => match self.tag_values(p, r, discriminator) {
                        Some(tags) => Ty {
                            text: format!(
                                "{} & {{ {}: {} }}",
                                ty.at(Prec::Intersection),
                                prop_key(p),
                                tags.join(" | ")
                            ),
                            prec: Prec::Intersection,
                        },
                        None => ty,
                    },
                    _ => ty,
                }
            })
            .collect();
        union(members)
    }

    /// The discriminator values a `$ref` member needs pinned: none when the
    /// member fixes them itself (`const`/`enum`), else the mapping's keys
    /// for it, else the schema's name.
    pub(in crate::sdk) fn tag_values(
        &self,
        property: &str,
        r: &str,
        discriminator: Option<&Value>,
    ) -> Option<Vec<String>> {
        let target = self.doc.pointer(r)?;
        if pins_property(self.doc, target, property, 0) {
            return None;
        }
        let name = schema_ref_name(r);
        let mapped: Vec<String> = discriminator
            .and_then(|d| d.field("mapping"))
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .filter(|(_, v)| {
                v.as_str()
                    .is_some_and(|v| v == r || name.as_deref() == Some(v))
            })
            .map(|(k, _)| string_literal(k))
            .collect();
        if !mapped.is_empty() {
            return Some(mapped);
        }
        name.map(|n| vec![string_literal(&n)])
    }
}

/// Does the schema fix `property` to a constant (directly or through `allOf`)?
fn pins_property(doc: &Document<'_>, schema: &Value, property: &str, depth: usize) -> bool {
    if depth > 8 {
        return false;
    }
    let schema = doc.resolve(schema);
    let own = schema
        .field("properties")
        .and_then(|p| p.get(property))
        .map(|p| doc.resolve(p))
        .is_some_and(|p| {
            p.field("const").is_some()
                || p.field("enum")
                    .and_then(Value::as_array)
                    .is_some_and(|e| e.len() == 1)
        });
    own || schema
        .field("allOf")
        .and_then(Value::as_array)
        .is_some_and(|all| {
            all.iter()
                .any(|m| pins_property(doc, m, property, depth + 1))
        })
}

fn lists_ref_to(schema: &Map<String, Value>, name: &str) -> bool {
    ["oneOf", "anyOf"].iter().any(|k| {
        schema
            .get(*k)
            .and_then(Value::as_array)
            .is_some_and(|list| {
                list.iter().any(|m| {
                    m.field("$ref")
                        .and_then(Value::as_str)
                        .and_then(schema_ref_name)
                        .is_some_and(|n| n == name)
                })
            })
    })
}

fn union(members: Vec<Ty>) -> Ty {
    let mut unique: Vec<Ty> = Vec::new();
    for m in members {
        if !unique.iter().any(|u| u.text == m.text) {
            unique.push(m);
        }
    }
    join(unique, "never", Prec::Union)
}

/// `A & B` (`prec` Intersection) or `A | B` (Union); `empty` when there
/// are no parts. Each part is parenthesised when it binds looser than `&`.
fn join(mut parts: Vec<Ty>, empty: &str, prec: Prec) -> Ty {
    let sep = match prec {
        Prec::Union => " | ",
        _ => " & ",
    };
    match parts.len() {
        0 => Ty::atom(empty),
        1 => parts.pop().expect("one part"),
        _ => Ty {
            text: parts
                .into_iter()
                .map(|p| p.at(Prec::Intersection))
                .collect::<Vec<_>>()
                .join(sep),
            prec,
        },
    }
}

/// 3.0's `nullable: true` (3.1 spells it with `type: [.., "null"]`, handled by `by_type`).
fn nullable(base: Ty, s: &Map<String, Value>) -> Ty {
    let flagged = s.field("nullable") == Some(&Value::Bool(true));
    if !flagged || base.text == "null" || base.text == "unknown" {
        return base;
    }
    if base.prec == Prec::Union && base.text.split(" | ").any(|p| p == "null") {
        return base;
    }
    Ty {
        text: format!("{} | null", base.at(Prec::Intersection)),
        prec: Prec::Union,
    }
}

/// A JSON value as a TypeScript literal type.
pub(super) fn literal(v: &Value) -> String {
    match v {
        Value::String(s) => string_literal(s),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(literal).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(map) => {
            let fields: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", prop_key(k), literal(v)))
                .collect();
            format!("{{ {} }}", fields.join("; "))
        }
        other => other.to_string(),
    }
}

/// A schema that reads best as an `interface`.
pub(super) fn is_plain_object(s: &Value) -> bool {
    let Some(s) = s.as_object() else { return false };
    let combinator = ["allOf", "oneOf", "anyOf", "enum", "const", "$ref", "not"]
        .iter()
        .any(|k| s.contains_key(*k));
    let object_type = match s.field("type") {
        Some(Value::String(t)) => t == "object",
        None => s.contains_key("properties"),
        _ => false,
    };
    object_type
        && !combinator
        && s.field("nullable") != Some(&Value::Bool(true))
        && s.contains_key("properties")
}

/// `{"not": {}}`: 3.0's spelling of the `false` schema, which no value
/// matches (a property that must be absent).
pub(in crate::sdk) fn is_never(s: &Map<String, Value>) -> bool {
    s.len() == 1
        && s.get("not")
            .is_some_and(|n| n == &Value::Object(Map::new()))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn a_property_that_must_be_absent_is_never_in_3_1_and_3_0_spellings() {
        let never = |v: serde_json::Value| super::is_never(v.as_object().unwrap());
        assert!(never(json!({"not": {}})));
        assert!(!never(json!({"not": {"type": "string"}})));
        assert!(!never(json!({"not": {}, "type": "string"})));
    }
}
