//! Fields serde always writes: an `Option<T>` without
//! `skip_serializing_if`, a `#[serde(default)]` field. A client may omit them
//! in a request, but a response always has them, so in a schema that only
//! responses use they are `required` (with `null` in their type when they are
//! `Option`s): JSON Schema's own way to say "always present, maybe null",
//! which every OpenAPI tool reads; the client types them `field: T | null`.
//! A schema a request also uses keeps them optional.

use crate::extensions as ext;
use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// How a `$ref` to a component starts.
pub(super) const COMPONENT_PREFIX: &str = "#/components/schemas/";

/// Makes the always-sent fields of response-only components required and
/// removes the marker [`ext::ALWAYS_SENT`] from the whole document.
/// `requested` are the components a request carries in any document of
/// the output ([`request_components`] of each): under HEADER versioning a
/// type that only one version's responses use but another version reads
/// has one schema in every document, as the one client they make needs.
pub(super) fn apply(doc: &mut Value, requested: &BTreeSet<String>) {
    if let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    {
        for (name, schema) in schemas.iter_mut() {
            settle(schema, !requested.contains(name));
        }
    }
    if let Some(paths) = doc.get_mut("paths") {
        settle(paths, false);
    }
}

/// The components a request can carry: referenced from a parameter or a
/// request body, directly or through other components.
pub(super) fn request_components(doc: &Value) -> BTreeSet<String> {
    let mut todo = Vec::new();
    let operations = doc
        .get("paths")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|paths| paths.values())
        .filter_map(Value::as_object)
        .flat_map(|item| item.iter());
    for (key, value) in operations {
        if key == "parameters" {
            refs(value, &mut todo);
        } else if let Some(op) = value.as_object() {
            for part in ["parameters", "requestBody"] {
                if let Some(v) = op.get(part) {
                    refs(v, &mut todo);
                }
            }
        }
    }
    let mut seen = BTreeSet::new();
    while let Some(name) = todo.pop() {
        if seen.insert(name.clone()) {
            if let Some(schema) = doc.pointer(&format!("/components/schemas/{name}")) {
                refs(schema, &mut todo);
            }
        }
    }
    seen
}

/// Every component `value` references.
pub(super) fn refs(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(obj) => {
            if let Some(name) = obj
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix(COMPONENT_PREFIX))
            {
                out.push(name.to_string());
            }
            obj.values().for_each(|v| refs(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

/// Removes the markers under `value`; with `promote`, the marked
/// properties join their object's `required`.
fn settle(value: &mut Value, promote: bool) {
    match value {
        Value::Object(obj) => {
            if promote {
                require_marked(obj);
            }
            obj.remove(ext::ALWAYS_SENT);
            obj.values_mut().for_each(|v| settle(v, promote));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| settle(v, promote)),
        _ => {}
    }
}

fn require_marked(obj: &mut Map<String, Value>) {
    let Some(props) = obj.get("properties").and_then(Value::as_object) else {
        return;
    };
    let marked: Vec<Value> = props
        .iter()
        .filter(|(_, s)| s.get(ext::ALWAYS_SENT) == Some(&Value::Bool(true)))
        .map(|(name, _)| Value::String(name.clone()))
        .collect();
    if marked.is_empty() {
        return;
    }
    let required = obj
        .entry("required")
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(list) = required {
        for name in marked {
            if !list.contains(&name) {
                list.push(name);
            }
        }
    }
}
