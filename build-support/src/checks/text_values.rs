//! What the server's urlencoded reader (runtime/src/urlencoded.rs, for
//! `#[query]` structs and `#[body(form)]`) can read from a key's text
//! values: a scalar (text, a number, a boolean, a unit-variant enum, or
//! anything it reads from one string), an `Option` of one, or a list of
//! them. A struct, a map or a list of those has no key of its own in a
//! query string, so a field of that type is never filled.

use serde_json::Value;
use std::collections::BTreeMap;
use tether_model::attrs::ParamSource;

/// `ty` as written, without the spaces token streams put around `<`, `>`,
/// `,` and `::` (`Option<Range>`, `HashMap<String, String>`).
pub(super) fn written(ty: &syn::Type) -> String {
    quote::ToTokens::to_token_stream(ty)
        .to_string()
        .replace(" <", "<")
        .replace("< ", "<")
        .replace(" >", ">")
        .replace(" ,", ",")
        .replace(" :: ", "::")
}

/// The fix for a field the reader cannot fill, by what it is (see
/// [`unreadable`]): a map can be flattened (it then takes every other key,
/// as text); a struct's fields written in the outer struct; an enum of
/// unit variants; a list of scalars.
pub(super) fn fix(kind: &str, outer: &str, field: &str) -> String {
    match kind {
        "a map" => format!("mark `{field}` `#[serde(flatten)]` to read every other key into it (its values as `String`), or write the keys as fields of `{outer}`"),
        "a struct" => format!("write its fields in `{outer}` itself, as text, numbers, booleans or unit-variant enums (or an `Option`/`Vec` of one); `#[serde(flatten)]` on `{field}` works only when all its fields are `String`"),
        "an enum with fields" => format!("make `{field}`'s type an enum of unit variants (read by name), or write the values of its variants as fields of `{outer}`"),
        _ => format!("make `{field}` a `Vec` of text, numbers or unit-variant enums (one `key=value` per item), or write one field per value in `{outer}`"),
    }
}

/// The fix for a single `#[query("x")]`, `#[param]`, `#[header("x")]` or
/// `#[cookie("x")]` argument `ident` the reader cannot fill, by what it is
/// (see [`unreadable`]).
pub(super) fn param_fix(kind: &str, source: &ParamSource, ident: &str) -> String {
    let parse = format!("or read `{ident}` as `String` and parse it in the handler");
    match (kind, source) {
        ("a struct", ParamSource::Query(_)) => format!("take the query as a struct, `#[query] {ident}: T`, whose fields (text, numbers, booleans or unit-variant enums, or an `Option`/`Vec` of one) are read from keys of their own, {parse}"),
        ("a map", ParamSource::Query(_)) => format!("take every key of the query as a map, `#[query] {ident}: HashMap<String, String>`, {parse}"),
        ("an enum with fields", _) => format!("make `{ident}`'s type an enum of unit variants (read by name), {parse}"),
        ("a list of structs or lists", ParamSource::Query(_) | ParamSource::Header(_)) => format!("make `{ident}` a `Vec` of text, numbers or unit-variant enums (one value per item), {parse}"),
        _ => format!("give `{ident}` a type read from text (text, a number, a boolean or a unit-variant enum), {parse}"),
    }
}

/// What a field of schema `schema` is when the reader cannot fill it (`a
/// struct`, `a map`, `a list of structs or lists`, `an enum with fields`);
/// `None` when it can. `$ref`s are looked up in `components`.
pub(super) fn unreadable(
    schema: &Value,
    components: &BTreeMap<String, Value>,
) -> Option<&'static str> {
    let schema = resolved(not_null(schema), components);
    if let Some(items) = list_items(schema) {
        let nested = items.iter().any(|item| !is_scalar(item, components));
        return nested.then_some("a list of structs or lists");
    }
    match kind_of(schema, components) {
        Kind::Scalar => None,
        Kind::Struct => Some("a struct"),
        Kind::Map => Some("a map"),
        Kind::List => Some("a list of structs or lists"),
        Kind::EnumWithFields => Some("an enum with fields"),
    }
}

/// The shape of one value.
enum Kind {
    Scalar,
    Struct,
    Map,
    List,
    EnumWithFields,
}

fn kind_of(schema: &Value, components: &BTreeMap<String, Value>) -> Kind {
    let schema = resolved(not_null(schema), components);
    if let Some(members) = alternatives(schema) {
        let all_scalar = members
            .iter()
            .filter(|m| **m != serde_json::json!({"type": "null"}))
            .all(|m| is_scalar(m, components));
        return match all_scalar {
            true => Kind::Scalar,
            false => Kind::EnumWithFields,
        };
    }
    let types = type_names(schema);
    if schema.get("properties").is_some()
        || types.contains(&"object") && schema.get("additionalProperties").is_none()
    {
        return Kind::Struct;
    }
    if types.contains(&"object") {
        return Kind::Map;
    }
    if types.contains(&"array") {
        return Kind::List;
    }
    Kind::Scalar
}

fn is_scalar(schema: &Value, components: &BTreeMap<String, Value>) -> bool {
    matches!(kind_of(schema, components), Kind::Scalar)
}

/// `T` of an `Option<T>` written `oneOf: [T, {"type": "null"}]`, else
/// `schema` (a `null` in `type` does not change what [`kind_of`] finds).
fn not_null(schema: &Value) -> &Value {
    match alternatives(schema).map(Vec::as_slice) {
        Some([some, null]) if *null == serde_json::json!({"type": "null"}) => some,
        _ => schema,
    }
}

/// The items of a list schema (`items`, or a tuple's `prefixItems`).
fn list_items(schema: &Value) -> Option<Vec<&Value>> {
    if !type_names(schema).contains(&"array") {
        return None;
    }
    let mut items: Vec<&Value> = schema.get("items").into_iter().collect();
    if let Some(Value::Array(prefix)) = schema.get("prefixItems") {
        items.extend(prefix);
    }
    Some(items)
}

/// The members of a `oneOf`/`anyOf`.
fn alternatives(schema: &Value) -> Option<&Vec<Value>> {
    schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))
        .and_then(Value::as_array)
}

/// `type`, whether one name or a list of them.
fn type_names(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// The component a `$ref` names (followed through `$ref`s to `$ref`s),
/// else `schema`.
fn resolved<'v>(mut schema: &'v Value, components: &'v BTreeMap<String, Value>) -> &'v Value {
    for _ in 0..8 {
        let Some(name) = schema
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
        else {
            break;
        };
        match components.get(name) {
            Some(next) => schema = next,
            None => break,
        }
    }
    schema
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(schema: Value) -> Option<&'static str> {
        let mut components = BTreeMap::new();
        components.insert(
            "Range".to_string(),
            json!({"type": "object", "properties": {"min": {"type": "integer"}}}),
        );
        components.insert(
            "Sort".to_string(),
            json!({"type": "string", "enum": ["asc", "desc"]}),
        );
        unreadable(&schema, &components)
    }

    #[test]
    fn scalars_options_of_them_and_lists_of_them_are_read() {
        assert_eq!(check(json!({"type": "string"})), None);
        assert_eq!(check(json!({"type": ["integer", "null"]})), None);
        assert_eq!(check(json!({"$ref": "#/components/schemas/Sort"})), None);
        let optional_enum =
            json!({"oneOf": [{"$ref": "#/components/schemas/Sort"}, {"type": "null"}]});
        assert_eq!(check(optional_enum), None);
        assert_eq!(
            check(json!({"type": "array", "items": {"type": "integer"}})),
            None
        );
        assert_eq!(check(json!({})), None);
    }

    #[test]
    fn structs_maps_and_nested_lists_are_not() {
        assert_eq!(
            check(json!({"$ref": "#/components/schemas/Range"})),
            Some("a struct")
        );
        let optional = json!({"oneOf": [{"$ref": "#/components/schemas/Range"}, {"type": "null"}]});
        assert_eq!(check(optional), Some("a struct"));
        let map = json!({"type": "object", "additionalProperties": {"type": "string"}});
        assert_eq!(check(map), Some("a map"));
        let list = json!({"type": "array", "items": {"$ref": "#/components/schemas/Range"}});
        assert_eq!(check(list), Some("a list of structs or lists"));
    }
}
