//! Which shapes a schema has: one scalar, a list of them,
//! an object of them (what a header or cookie carries), an object.

use serde_json::Value;

use super::{Types, MAX_DEPTH};
use crate::sdk::document::Field;

impl<'d> Types<'d> {
    /// Whether `schema` (its `$ref`s followed) is one text, number or
    /// boolean, or a choice of them (an enum, a `const`, a union), never
    /// null: what a header or a cookie carries as its value.
    pub(in crate::sdk) fn is_scalar(&self, schema: &Value) -> bool {
        self.scalar_at(schema, 0)
    }

    /// Whether `schema` is a list of [`Types::is_scalar`] values, never null.
    pub(in crate::sdk) fn is_scalar_list(&self, schema: &Value) -> bool {
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
    pub(in crate::sdk) fn is_scalar_object(&self, schema: &Value) -> bool {
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
    pub(in crate::sdk) fn is_object(&self, schema: &Value) -> bool {
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
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::sdk::document::Document;
    use crate::sdk::schema::Types;

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
        let doc = Document::new(&root).unwrap();
        let types = Types::new(&doc, Default::default());
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
