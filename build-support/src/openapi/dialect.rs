//! OpenAPI 3.0.3 spellings. Schemas are built in 3.1 form (JSON
//! Schema 2020-12); for a 3.0 document every schema is rewritten: type
//! arrays with `null` → `nullable: true`, `const` → a one-value `enum`,
//! `prefixItems` → `items` with a fixed length, `$ref` with siblings →
//! `allOf: [$ref]`, and keywords 3.0 lacks are dropped.

use crate::extensions as ext;
use serde_json::{json, Map, Value};

/// Rewrites every schema of a 3.1-form document into 3.0 spelling.
pub(super) fn downgrade_document(doc: &mut Value) {
    if let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    {
        schemas.values_mut().for_each(downgrade);
    }
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for item in paths.values_mut() {
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        for op in item.values_mut() {
            if let Some(params) = op.get_mut("parameters").and_then(Value::as_array_mut) {
                for p in params {
                    if let Some(s) = p.get_mut("schema") {
                        downgrade(s);
                    }
                }
            }
            if let Some(content) = op
                .pointer_mut("/requestBody/content")
                .and_then(Value::as_object_mut)
            {
                content.values_mut().for_each(downgrade_media);
            }
            if let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut) {
                for r in responses.values_mut() {
                    if let Some(content) = r.get_mut("content").and_then(Value::as_object_mut) {
                        content.values_mut().for_each(downgrade_media);
                    }
                }
            }
        }
    }
}

fn downgrade_media(media: &mut Value) {
    for key in ["schema", ext::ITEM_SCHEMA] {
        if let Some(s) = media.get_mut(key) {
            downgrade(s);
        }
    }
}

fn is_null_schema(v: &Value) -> bool {
    *v == json!({"type": "null"}) || *v == json!({"nullable": true, "enum": [null]})
}

/// Rewrites one schema (and its subschemas) into 3.0 spelling.
pub fn downgrade(schema: &mut Value) {
    let Some(obj) = schema.as_object_mut() else {
        return;
    };
    if let Some(props) = obj.get_mut("properties").and_then(Value::as_object_mut) {
        for prop in props.values_mut() {
            // 3.0 has no boolean schemas: a property that must be absent
            // (see `Group`) is one no value matches.
            if *prop == Value::Bool(false) {
                *prop = json!({"not": {}});
            }
            downgrade(prop);
        }
    }
    for key in ["additionalProperties", "items", "not"] {
        if let Some(v) = obj.get_mut(key) {
            if v.is_object() {
                downgrade(v);
            }
        }
    }
    for key in ["oneOf", "anyOf", "allOf", "prefixItems"] {
        if let Some(list) = obj.get_mut(key).and_then(Value::as_array_mut) {
            list.iter_mut().for_each(downgrade);
        }
    }
    rewrite(obj);
}

fn rewrite(obj: &mut Map<String, Value>) {
    obj.shift_remove("propertyNames");
    // 3.1's numeric exclusive bounds are 3.0's boolean flags on minimum/maximum.
    for (exclusive, bound) in [
        ("exclusiveMinimum", "minimum"),
        ("exclusiveMaximum", "maximum"),
    ] {
        if let Some(n @ Value::Number(_)) = obj.get(exclusive).cloned() {
            obj.insert(bound.into(), n);
            obj.insert(exclusive.into(), json!(true));
        }
    }
    if obj.get("items") == Some(&json!(false)) {
        obj.shift_remove("items");
    }
    if let Some(Value::Array(items)) = obj.shift_remove("prefixItems") {
        let mut distinct: Vec<Value> = Vec::new();
        for item in items {
            if !distinct.contains(&item) {
                distinct.push(item);
            }
        }
        let items = match distinct.len() {
            0 => json!({}),
            1 => distinct.remove(0),
            _ => json!({ "anyOf": distinct }),
        };
        obj.insert("items".into(), items);
    }
    if let Some(c) = obj.shift_remove("const") {
        if !obj.contains_key("type") {
            let t = match &c {
                Value::String(_) => Some("string"),
                Value::Bool(_) => Some("boolean"),
                Value::Number(n) if n.is_f64() => Some("number"),
                Value::Number(_) => Some("integer"),
                _ => None,
            };
            if let Some(t) = t {
                obj.insert("type".into(), json!(t));
            }
        }
        obj.insert("enum".into(), json!([c]));
    }
    match obj.get("type").cloned() {
        Some(Value::Array(types)) => {
            let rest: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
            if rest.len() < types.len() {
                obj.insert("nullable".into(), json!(true));
            }
            match rest.len() {
                0 => {
                    obj.shift_remove("type");
                }
                1 => {
                    obj.insert("type".into(), rest[0].clone());
                }
                _ => {
                    obj.shift_remove("type");
                    let any: Vec<Value> = rest.into_iter().map(|t| json!({"type": t})).collect();
                    obj.insert("anyOf".into(), Value::Array(any));
                }
            }
        }
        Some(Value::String(t)) if t == "null" => {
            obj.shift_remove("type");
            obj.insert("nullable".into(), json!(true));
            obj.insert("enum".into(), json!([null]));
        }
        _ => {}
    }
    for key in ["oneOf", "anyOf"] {
        let Some(Value::Array(list)) = obj.get(key) else {
            continue;
        };
        if list.len() != 2 || !list.iter().any(is_null_schema) {
            continue;
        }
        let other = list
            .iter()
            .find(|v| !is_null_schema(v))
            .cloned()
            .unwrap_or(json!({}));
        obj.shift_remove(key);
        obj.insert("nullable".into(), json!(true));
        match other {
            Value::Object(o) if o.contains_key("$ref") => {
                obj.insert("allOf".into(), json!([o]));
            }
            Value::Object(o) => {
                for (k, v) in o {
                    obj.entry(k).or_insert(v);
                }
            }
            _ => {}
        }
    }
    if obj.contains_key("$ref") && obj.len() > 1 {
        let reference = obj.shift_remove("$ref").expect("checked");
        obj.insert("allOf".into(), json!([{ "$ref": reference }]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn down(v: Value) -> Value {
        let mut v = v;
        downgrade(&mut v);
        v
    }

    #[test]
    fn e5_exclusive_bounds_become_flags() {
        assert_eq!(
            down(json!({"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 10})),
            json!({"type": "integer", "exclusiveMinimum": true, "minimum": 0, "exclusiveMaximum": true, "maximum": 10})
        );
    }

    #[test]
    fn b5_openapi_3_0_spellings() {
        assert_eq!(
            down(json!({"type": ["integer", "null"], "format": "int32"})),
            json!({"type": "integer", "format": "int32", "nullable": true})
        );
        assert_eq!(
            down(json!({"type": "string", "const": "a"})),
            json!({"type": "string", "enum": ["a"]})
        );
        assert_eq!(
            down(json!({"const": "a"})),
            json!({"type": "string", "enum": ["a"]})
        );
        assert_eq!(
            down(
                json!({"oneOf": [{"$ref": "#/components/schemas/A"}, {"type": "null"}], "description": "d"})
            ),
            json!({"description": "d", "nullable": true, "allOf": [{"$ref": "#/components/schemas/A"}]})
        );
        assert_eq!(
            down(json!({"$ref": "#/x", "description": "d"})),
            json!({"description": "d", "allOf": [{"$ref": "#/x"}]})
        );
        assert_eq!(
            down(
                json!({"type": "array", "prefixItems": [{"type": "string"}, {"type": "string"}], "items": false, "minItems": 2, "maxItems": 2})
            ),
            json!({"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "string"}})
        );
        assert_eq!(
            down(json!({"type": "object", "properties": {"a": {"type": ["string", "null"]}}}))
                ["properties"]["a"]["nullable"],
            json!(true)
        );
        assert_eq!(
            down(json!({"type": "null"})),
            json!({"nullable": true, "enum": [null]})
        );
        // A flattened Option's "none of its fields" branch: no boolean schemas in 3.0.
        assert_eq!(
            down(json!({"allOf": [{"oneOf": [{"type": "object"}, {"properties": {"a": false}}]}]})),
            json!({"allOf": [{"oneOf": [{"type": "object"}, {"properties": {"a": {"not": {}}}}]}]})
        );
    }
}
