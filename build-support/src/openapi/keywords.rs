//! The JSON Schema keywords tether-build writes, as values: references,
//! descriptions, `null`, integers by width, the written forms of
//! well-known `#[serde(with)]` modules and of serde_repr enums.

use crate::analysis::types::Int;
use serde_json::{json, Map, Value};
use syn::Attribute;
use tether_model::controller::doc_lines;

/// A query parameter that may be absent needs no `null` in its schema.
pub(crate) fn strip_nullable(schema: Value) -> Value {
    let Value::Object(mut obj) = schema else {
        return schema;
    };
    if let Some(Value::Array(types)) = obj.get("type").cloned() {
        let rest: Vec<Value> = types.into_iter().filter(|t| t != "null").collect();
        if rest.len() == 1 {
            obj.insert("type".into(), rest[0].clone());
            if let Some(Value::Array(values)) = obj.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
        }
        return Value::Object(obj);
    }
    let one_of = obj.get("oneOf").and_then(Value::as_array).cloned();
    if let Some([first, null]) = one_of.as_deref() {
        if *null == json!({"type": "null"}) {
            let mut first = first.clone();
            if let (Some(d), Some(o)) = (obj.shift_remove("description"), first.as_object_mut()) {
                o.insert("description".into(), d);
            }
            return first;
        }
    }
    Value::Object(obj)
}

/// The component every error response refers to.
pub(crate) const HTTP_ERROR: &str = "HttpError";

/// A `$ref` to a component.
pub(crate) fn reference(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

/// Doc comment text of an item, or `None` when it has none.
pub(crate) fn docs(attrs: &[Attribute]) -> Option<String> {
    let text = doc_lines(attrs).join("\n").trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// `schema` with a description (kept beside a `$ref`, which 3.1 allows).
pub(crate) fn describe(schema: Value, description: Option<String>) -> Value {
    match (description, schema) {
        (Some(d), Value::Object(obj)) => {
            let mut out = Map::with_capacity(obj.len() + 1);
            out.insert("description".into(), Value::String(d));
            out.extend(obj.into_iter().filter(|(k, _)| k != "description"));
            Value::Object(out)
        }
        (_, schema) => schema,
    }
}

/// `schema` marked `deprecated: true` when the item is `#[deprecated]`,
/// its note after the description.
pub(crate) fn deprecate(schema: Value, attrs: &[Attribute]) -> Value {
    let Some(d) = tether_model::controller::deprecation(attrs) else {
        return schema;
    };
    let Value::Object(mut obj) = schema else {
        return schema;
    };
    obj.insert("deprecated".into(), Value::Bool(true));
    let Some(note) = d.note.as_deref() else {
        return Value::Object(obj);
    };
    let own = obj
        .get("description")
        .and_then(Value::as_str)
        .map(str::to_string);
    describe(Value::Object(obj), with_note(own, Some(note)))
}

/// A description with a deprecation note as its last paragraph
/// (`Deprecated: use list`), as the client's JSDoc reads it back.
pub(crate) fn with_note(description: Option<String>, note: Option<&str>) -> Option<String> {
    let Some(note) = note else {
        return description;
    };
    let note = format!("{}{note}", crate::extensions::DEPRECATED_NOTE);
    Some(match description {
        Some(d) if !d.is_empty() => format!("{d}\n\n{note}"),
        _ => note,
    })
}

/// `schema` that also accepts `null`.
pub(crate) fn nullable(schema: Value) -> Value {
    let Value::Object(mut obj) = schema else {
        return schema;
    };
    if obj.is_empty() {
        return Value::Object(obj);
    }
    let plain = !obj.contains_key("$ref")
        && !obj.contains_key("oneOf")
        && !obj.contains_key("anyOf")
        && !obj.contains_key("allOf")
        && !obj.contains_key("const");
    match obj.get("type").cloned() {
        Some(Value::String(t)) if plain => {
            if t != "null" {
                obj.insert("type".into(), json!([t, "null"]));
                if let Some(Value::Array(values)) = obj.get_mut("enum") {
                    values.push(Value::Null);
                }
            }
            Value::Object(obj)
        }
        Some(Value::Array(types)) if types.contains(&json!("null")) => Value::Object(obj),
        _ => json!({ "oneOf": [Value::Object(obj), { "type": "null" }] }),
    }
}

/// An integer's schema: OpenAPI's `int32`/`int64` formats are signed, so
/// an unsigned type takes the next signed format that holds it (`u32` is
/// `int64`) with its range, and `u64`/`usize` the common `uint64`. A
/// 128-bit integer, which serde_json writes as a plain JSON number of up to
/// 39 digits, takes the `int128`/`uint128` format (schemars' names for
/// them), which says its width to clients (the TypeScript client's note
/// that values may exceed `Number.MAX_SAFE_INTEGER` reads it). Its bounds
/// beyond 64 bits are not written: serde_json's numbers stop at 64 bits,
/// and a rounded `1.7014118346046923e38` would be read by a decimal
/// validator as a maximum below `i128::MAX`; so only `u128`'s `minimum: 0`
/// is given.
pub(super) fn int_schema(int: Int, nonzero: bool) -> Value {
    let (format, min, max): (Option<&str>, Option<i128>, Option<i128>) = match int {
        Int::I8 => (Some("int32"), Some(-128), Some(127)),
        Int::I16 => (Some("int32"), Some(-32768), Some(32767)),
        Int::I32 => (Some("int32"), None, None),
        Int::I64 => (Some("int64"), None, None),
        Int::I128 => (Some("int128"), None, None),
        Int::U8 => (Some("int32"), Some(0), Some(255)),
        Int::U16 => (Some("int32"), Some(0), Some(65535)),
        Int::U32 => (Some("int64"), Some(0), Some(4294967295)),
        // Not `int64`: its implied bounds stop at 2^63 - 1, and a u64 takes more.
        Int::U64 => (Some("uint64"), Some(0), Some(i128::from(u64::MAX))),
        Int::U128 => (Some("uint128"), Some(0), None),
    };
    let mut obj = Map::new();
    obj.insert("type".into(), json!("integer"));
    if let Some(f) = format {
        obj.insert("format".into(), json!(f));
    }
    let min = if nonzero && min == Some(0) {
        Some(1)
    } else {
        min
    };
    if let Some(min) = min {
        obj.insert("minimum".into(), json!(min as i64));
    }
    if let Some(max) = max {
        let max = i64::try_from(max).map_or_else(|_| json!(max as u64), |m| json!(m));
        obj.insert("maximum".into(), max);
    }
    Value::Object(obj)
}

/// What a `#[serde(with = "…")]` module writes, for the well-known ones;
/// `Some(None)` when it writes what the type would.
pub(super) fn known_with(path: &str) -> Option<Option<Value>> {
    // time spells the `Option` form of a module as its `option` submodule
    // (`time::serde::rfc3339::option`), chrono as an `_option` suffix.
    let path = path.strip_suffix("::option").unwrap_or(path);
    let last = path.rsplit("::").next().unwrap_or(path);
    let base = last.trim_end_matches("_option");
    Some(match base {
        "ts_seconds" | "ts_milliseconds" | "ts_microseconds" | "ts_nanoseconds" | "timestamp" => {
            Some(json!({"type": "integer", "format": "int64"}))
        }
        "rfc3339" | "iso8601" => Some(json!({"type": "string", "format": "date-time"})),
        "rfc2822" | "display_fromstr" | "hex" | "base64" | "humantime_serde" | "string" => {
            Some(json!({"type": "string"}))
        }
        "serde_bytes" | "serde_with" => None,
        _ if path.starts_with("humantime_serde") => Some(json!({"type": "string"})),
        _ => return None,
    })
}

/// A fixed-length array of `items`, in order.
pub(super) fn tuple_schema(items: Vec<Value>) -> Value {
    let n = items.len();
    json!({"type": "array", "prefixItems": items, "items": false, "minItems": n, "maxItems": n})
}

/// Whether `ty` is written `Option<Option<T>>` (the field of a merge
/// patch: absent, `null` or a value).
pub(super) fn is_double_option(ty: &syn::Type) -> bool {
    fn option_arg(ty: &syn::Type) -> Option<&syn::Type> {
        let syn::Type::Path(p) = ty else { return None };
        let last = p.path.segments.last()?;
        if last.ident != "Option" {
            return None;
        }
        match &last.arguments {
            syn::PathArguments::AngleBracketed(args) => args.args.iter().find_map(|a| match a {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            }),
            _ => None,
        }
    }
    option_arg(ty).and_then(option_arg).is_some()
}

/// Undoes [`nullable`] for fields serde skips instead of writing `null`.
pub(super) fn strip_null(schema: Value) -> Value {
    let Value::Object(mut obj) = schema else {
        return schema;
    };
    if let Some(Value::Array(types)) = obj.get("type") {
        let rest: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
        if rest.len() == 1 {
            obj.insert("type".into(), rest[0].clone());
        }
        if let Some(Value::Array(values)) = obj.get_mut("enum") {
            values.retain(|v| !v.is_null());
        }
        return Value::Object(obj);
    }
    if let Some(Value::Array(one_of)) = obj.get("oneOf") {
        if one_of.len() == 2 && one_of[1] == json!({"type": "null"}) && obj.len() == 1 {
            return one_of[0].clone();
        }
    }
    Value::Object(obj)
}

/// Whether `attrs` derive `name` (the name or a path ending in it).
pub(crate) fn derives(attrs: &[Attribute], name: &str) -> bool {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .any(|a| {
            a.parse_args_with(
                syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
            )
            .is_ok_and(|paths| {
                paths
                    .iter()
                    .any(|p| p.segments.last().is_some_and(|s| s.ident == name))
            })
        })
}

/// The schema of an enum that serde_repr's `Serialize_repr` or
/// `Deserialize_repr` derives: the variants' discriminants as integers
/// (`1`, not `"Minor"`), which is what it writes and reads; `None` for
/// any other enum. A discriminant that is not an integer literal (a
/// constant) leaves the values out, keeping `type: integer`.
pub(super) fn repr_enum_schema(e: &syn::ItemEnum) -> Option<Value> {
    if !derives(&e.attrs, "Serialize_repr") && !derives(&e.attrs, "Deserialize_repr") {
        return None;
    }
    let mut next: Option<i128> = Some(0);
    let mut values = Vec::new();
    for v in &e.variants {
        let value = match &v.discriminant {
            Some((_, expr)) => integer_literal(expr),
            None => next,
        };
        values.push(value);
        next = value.and_then(|n| n.checked_add(1));
    }
    let values: Option<Vec<Value>> = values.into_iter().map(|v| v.map(|n| json!(n))).collect();
    Some(match values {
        Some(values) => json!({"type": "integer", "enum": values}),
        None => json!({"type": "integer"}),
    })
}

/// The value of an integer literal, possibly negated (`3`, `-1`, `0x10`).
fn integer_literal(expr: &syn::Expr) -> Option<i128> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse().ok(),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => integer_literal(expr).map(|n| -n),
        syn::Expr::Paren(p) => integer_literal(&p.expr),
        syn::Expr::Group(g) => integer_literal(&g.expr),
        _ => None,
    }
}
