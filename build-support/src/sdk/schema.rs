//! JSON Schema (OpenAPI 3.0, 3.1, 3.2 dialects) → TypeScript types (SPEC C7).

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use serde_json::{Map, Value};

use super::document::{schema_ref_name, Document, Field};
use super::naming::{
    object_member_type, prop_key, push_jsdoc, push_prop_key, string_literal, OBJECT_MEMBERS,
};

/// How tightly a type expression binds, to know when it needs parentheses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Prec {
    Union,
    Intersection,
    Atom,
}

struct Ty {
    text: String,
    prec: Prec,
}

impl Ty {
    fn atom(text: impl Into<String>) -> Self {
        Ty {
            text: text.into(),
            prec: Prec::Atom,
        }
    }

    /// The text, parenthesised when it binds looser than `min`.
    fn at(self, min: Prec) -> String {
        if self.prec < min {
            format!("({})", self.text)
        } else {
            self.text
        }
    }
}

/// Where a type is written: inside `types.ts` (`prefix` empty) or a
/// controller file (`prefix` is `types.`).
#[derive(Clone, Copy)]
pub(super) struct Ctx<'a> {
    pub prefix: &'a str,
    /// The component being written, to break `allOf` ↔ `oneOf` cycles.
    pub current: Option<&'a str>,
}

const MAX_DEPTH: usize = 48;

pub(super) struct Types<'d> {
    doc: &'d Document<'d>,
    /// Component schema name → its TypeScript name.
    names: HashMap<String, String>,
    /// Set when a prefixed reference was written: the file needs its import.
    used: Cell<bool>,
    /// The schemas being inlined through `$ref`s that name no component
    /// (`#/components/schemas/A/properties/b`, as bundlers write them).
    inlining: Inlining,
}

impl<'d> Types<'d> {
    pub(super) fn new(doc: &'d Document<'d>, names: HashMap<String, String>) -> Self {
        Types {
            doc,
            names,
            used: Cell::new(false),
            inlining: Inlining::default(),
        }
    }

    /// The TypeScript name of the component schema `raw`.
    pub(super) fn name(&self, raw: &str) -> Option<&str> {
        self.names.get(raw).map(String::as_str)
    }

    /// Whether a prefixed reference was written since the last call.
    pub(super) fn take_used(&self) -> bool {
        self.used.replace(false)
    }

    /// Whether `schema` (its `$ref`s followed) is one text, number or
    /// boolean, or a choice of them (an enum, a `const`, a union), never
    /// null: what a header or a cookie carries as its value.
    pub(super) fn is_scalar(&self, schema: &Value) -> bool {
        self.scalar_at(schema, 0)
    }

    /// Whether `schema` is a list of [`Types::is_scalar`] values, never null.
    pub(super) fn is_scalar_list(&self, schema: &Value) -> bool {
        let s = self.doc.resolve(schema);
        s.field("type").and_then(Value::as_str) == Some("array")
            && s.field("nullable") != Some(&Value::Bool(true))
            && s.field("items").is_some_and(|items| self.is_scalar(items))
    }

    /// Whether `schema` (its `$ref`s followed) is an object, never null,
    /// whose every value is [`Types::is_scalar`]: named properties, or a
    /// map of such values. A header's `simple` style and a cookie's `form`
    /// style write it as `k,v` pairs (OpenAPI 3.1 §4.8.12.4); nested
    /// objects and lists have no such form (the specification leaves them
    /// undefined), nor has a free-form object of unknown values.
    pub(super) fn is_scalar_object(&self, schema: &Value) -> bool {
        let s = self.doc.resolve(schema);
        let Some(map) = s.as_object() else {
            return false;
        };
        let composed = ["allOf", "oneOf", "anyOf", "not", "enum", "const"]
            .iter()
            .any(|k| map.contains_key(*k));
        let object_type = match s.field("type") {
            Some(Value::String(t)) => t == "object",
            None => map.contains_key("properties") || map.contains_key("additionalProperties"),
            _ => false,
        };
        if composed || !object_type || s.field("nullable") == Some(&Value::Bool(true)) {
            return false;
        }
        let props = s.field("properties").and_then(Value::as_object);
        if !props.is_none_or(|p| p.values().all(|v| self.is_scalar(v))) {
            return false;
        }
        let named = props.is_some_and(|p| !p.is_empty());
        match s.field("additionalProperties") {
            // Without it, a bare `type: object` is a map of unknown values.
            None | Some(Value::Bool(false)) => named,
            Some(extra @ Value::Object(_)) => self.is_scalar(extra),
            _ => false,
        }
    }

    /// Whether `schema` (its `$ref`s followed) is an object, never null:
    /// what `buildFormData` takes as a multipart body's fields.
    pub(super) fn is_object(&self, schema: &Value) -> bool {
        self.object_at(schema, 0)
    }

    fn object_at(&self, schema: &Value, depth: usize) -> bool {
        let s = self.doc.resolve(schema);
        let Some(map) = s.as_object() else {
            return false;
        };
        if depth > MAX_DEPTH || s.field("nullable") == Some(&Value::Bool(true)) {
            return false;
        }
        if let Some(members) = s.field("allOf").and_then(Value::as_array) {
            if members.iter().any(|m| self.object_at(m, depth + 1)) {
                return true;
            }
        }
        match s.field("type") {
            Some(Value::String(t)) => t == "object",
            None => map.contains_key("properties") || map.contains_key("additionalProperties"),
            _ => false,
        }
    }

    fn scalar_at(&self, schema: &Value, depth: usize) -> bool {
        let s = self.doc.resolve(schema);
        let value = |v: &Value| matches!(v, Value::String(_) | Value::Number(_) | Value::Bool(_));
        let named = |t: &str| matches!(t, "string" | "number" | "integer" | "boolean");
        if depth > MAX_DEPTH
            || s.field("nullable") == Some(&Value::Bool(true))
            || s.field("format").and_then(Value::as_str) == Some("binary")
        {
            return false;
        }
        if let Some(c) = s.field("const") {
            return value(c);
        }
        if let Some(e) = s.field("enum").and_then(Value::as_array) {
            return !e.is_empty() && e.iter().all(value);
        }
        for key in ["oneOf", "anyOf"] {
            if let Some(members) = s.field(key).and_then(Value::as_array) {
                return !members.is_empty() && members.iter().all(|m| self.scalar_at(m, depth + 1));
            }
        }
        match s.field("type") {
            Some(Value::String(t)) => named(t),
            Some(Value::Array(ts)) => {
                !ts.is_empty() && ts.iter().all(|t| t.as_str().is_some_and(named))
            }
            _ => false,
        }
    }

    /// The TypeScript type of `schema`, laid out for `indent` levels.
    pub(super) fn render(&self, schema: &Value, ctx: Ctx<'_>, indent: usize) -> String {
        self.ty(schema, ctx, indent, 0).text
    }

    /// `types.ts`: one declaration per component schema, in document order,
    /// then one per schema inside another that a `$ref` points to.
    pub(super) fn emit_all(&self) -> String {
        let mut out = String::new();
        let components = self.doc.schemas().map(|(raw, schema)| {
            (
                self.names[raw.as_str()].as_str(),
                Some(raw.as_str()),
                schema,
            )
        });
        let pointers = self.pointers();
        for (name, current, schema) in components.chain(pointers) {
            let ctx = Ctx {
                prefix: "",
                current,
            };
            if !out.is_empty() {
                out.push('\n');
            }
            push_jsdoc(&mut out, &doc_lines(schema), "");
            if is_plain_object(schema) {
                let object = self.object(schema.as_object().expect("an object schema"), ctx, 0, 0);
                out.extend(["export interface ", name, " ", &object, "\n"]);
            } else if self.is_alias_cycle(schema) {
                // `type A = B; type B = A` is TS2456: a cycle of bare `$ref`s describes no value.
                out.extend(["export type ", name, " = unknown;\n"]);
            } else {
                let ty = self.ty(schema, ctx, 0, 0).text;
                out.extend(["export type ", name, " = ", &ty, ";\n"]);
            }
        }
        out
    }

    /// The named schemas inside others ([`Document::schema_pointers`]):
    /// their names and schemas, in document order.
    pub(super) fn pointers(&self) -> impl Iterator<Item = (&str, Option<&str>, &'d Value)> + '_ {
        self.doc.schema_pointers().into_iter().filter_map(|r| {
            let name = self.names.get(r)?;
            Some((name.as_str(), None, self.doc.pointer(r)?))
        })
    }

    /// Whether `schema` is a bare `$ref` whose chain of bare `$ref`s comes
    /// back to it (`Baz → Qux → Baz`).
    pub(super) fn is_alias_cycle(&self, schema: &Value) -> bool {
        let bare_ref = |schema: &Value| -> Option<&'d Value> {
            let r = schema.field("$ref").and_then(Value::as_str)?;
            let only_notes = schema.as_object()?.keys().all(|k| {
                [
                    "$ref",
                    "description",
                    "title",
                    "summary",
                    "deprecated",
                    "example",
                    "examples",
                ]
                .contains(&k.as_str())
            });
            only_notes.then(|| self.doc.pointer(r)).flatten()
        };
        let Some(mut at) = bare_ref(schema) else {
            return false;
        };
        for _ in 0..=self.names.len() {
            if std::ptr::eq(at, schema) {
                return true;
            }
            match bare_ref(at) {
                Some(next) => at = next,
                None => return false,
            }
        }
        false
    }

    fn ty(&self, schema: &Value, ctx: Ctx<'_>, indent: usize, depth: usize) -> Ty {
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

    /// The TypeScript name of what the `$ref` `r` points to: a component
    /// or a schema inside one ([`Document::schema_pointers`]).
    pub(super) fn ref_name(&self, r: &str) -> Option<&str> {
        match schema_ref_name(r) {
            Some(raw) => self.names.get(raw.as_ref()),
            None => self.names.get(r),
        }
        .map(String::as_str)
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
            .any(|l| l != "@deprecated" && !is_integer_note(l))
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

    fn object(&self, s: &Map<String, Value>, ctx: Ctx<'_>, indent: usize, depth: usize) -> String {
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
    pub(super) fn tag_values(
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

/// The schemas being inlined through `$ref`s that name no component, by
/// address. Such a schema reached again inside itself is a cycle no inline
/// type can spell: it is `unknown` there. Inlined until [`MAX_DEPTH`]
/// instead, a cycle with a few such references per level grows the output
/// exponentially (swagger2openapi bundles Azure's shared definitions as
/// `#/components/schemas/X/properties/y/…` references into one another:
/// azure.com/network-applicationGateway.json ran for minutes).
#[derive(Default)]
pub(super) struct Inlining(RefCell<Vec<*const Value>>);

impl Inlining {
    /// `f()`, unless `target` is already being inlined (`None`).
    pub(super) fn inline<T>(&self, target: &Value, f: impl FnOnce() -> T) -> Option<T> {
        let at: *const Value = target;
        if self.0.borrow().contains(&at) {
            return None;
        }
        self.0.borrow_mut().push(at);
        let out = f();
        self.0.borrow_mut().pop();
        Some(out)
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
fn is_plain_object(s: &Value) -> bool {
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
pub(super) fn is_never(s: &Map<String, Value>) -> bool {
    s.len() == 1
        && s.get("not")
            .is_some_and(|n| n == &Value::Object(Map::new()))
}

/// The end of the note on integers a JavaScript number may not hold
/// exactly (SPEC G2): `64-bit: values …` for an `int64`/`uint64`,
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
fn is_integer_note(line: &str) -> bool {
    line.ends_with(UNSAFE_INTEGER)
}

/// The description (else title), the integer note and the deprecation of a
/// schema, for JSDoc.
pub(super) fn doc_lines(s: &Value) -> Vec<Cow<'_, str>> {
    let mut lines = Vec::new();
    if let Some(d) = s
        .field("description")
        .or_else(|| s.field("title"))
        .and_then(Value::as_str)
    {
        lines.push(Cow::Borrowed(d));
    }
    if let Some(note) = unsafe_integer_note(s) {
        lines.push(Cow::Owned(note));
    }
    if s.field("deprecated") == Some(&Value::Bool(true)) {
        lines.push(Cow::Borrowed("@deprecated"));
    }
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
    fn a_property_that_must_be_absent_is_never_in_3_1_and_3_0_spellings() {
        let never = |v: serde_json::Value| super::is_never(v.as_object().unwrap());
        assert!(never(json!({"not": {}})));
        assert!(!never(json!({"not": {"type": "string"}})));
        assert!(!never(json!({"not": {}, "type": "string"})));
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

    #[test]
    fn c6_object_headers_are_objects_of_scalars_only() {
        let root = json!({
            "openapi": "3.1.0",
            "paths": {},
            "components": { "schemas": {
                "Pair": { "type": "object", "properties": { "a": { "type": "string" } } },
                "Mode": { "type": "string", "enum": ["on", "off"] },
                "Nullable": { "type": "object", "nullable": true, "properties": { "a": { "type": "string" } } }
            } }
        });
        let doc = super::Document::new(&root).unwrap();
        let types = super::Types::new(&doc, Default::default());
        let yes = |s: serde_json::Value| types.is_scalar_object(&s);
        assert!(yes(json!({ "$ref": "#/components/schemas/Pair" })));
        assert!(yes(
            json!({ "properties": { "m": { "$ref": "#/components/schemas/Mode" } } })
        ));
        assert!(yes(
            json!({ "type": "object", "additionalProperties": { "type": "integer" } })
        ));
        assert!(yes(json!({
            "type": "object",
            "properties": { "a": { "type": "string" } },
            "additionalProperties": false
        })));
        // Nested values, unknown values, null, compositions: text the caller writes.
        assert!(!yes(
            json!({ "type": "object", "properties": { "o": { "type": "object" } } })
        ));
        assert!(!yes(
            json!({ "type": "object", "properties": { "l": { "type": "array", "items": { "type": "string" } } } })
        ));
        assert!(!yes(
            json!({ "type": "object", "properties": { "n": { "type": ["string", "null"] } } })
        ));
        assert!(!yes(json!({ "type": "object" })));
        assert!(!yes(json!({ "type": "object", "properties": {} })));
        assert!(!yes(
            json!({ "type": "object", "properties": { "a": { "type": "string" } }, "additionalProperties": true })
        ));
        assert!(!yes(json!({ "$ref": "#/components/schemas/Nullable" })));
        assert!(!yes(
            json!({ "type": ["object", "null"], "properties": { "a": { "type": "string" } } })
        ));
        assert!(!yes(
            json!({ "allOf": [{ "$ref": "#/components/schemas/Pair" }] })
        ));
        assert!(!yes(json!({ "type": "string" })));
    }
}
