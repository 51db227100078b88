//! A form body's own view of its type. A form (urlencoded or multipart)
//! carries no `null` and no empty list, so its schema differs from the
//! type's component, which JSON bodies and responses share and which must
//! keep saying what they carry. The operation writes the view inline,
//! marked with the component it comes from; once the document is whole,
//! [`settle`] gives a component that nothing else uses the view itself
//! (and the bodies their `$ref` back), so a type read only from forms
//! keeps one named schema, and removes the marks.

use super::always_sent::{refs, COMPONENT_PREFIX};
use serde_json::{Map, Value};

/// The mark of an inline form view: the name of its component. Never left
/// in a document.
pub(super) use crate::extensions::FORM_VIEW_OF as VIEW_OF;

/// Puts form views in place of the components only they use, refers to
/// those, and removes every [`VIEW_OF`] mark.
pub(super) fn settle(doc: &mut Value) {
    let mut referenced = Vec::new();
    refs(doc, &mut referenced);
    let Some(paths) = doc.get_mut("paths") else {
        return;
    };
    let mut adopted: Map<String, Value> = Map::new();
    for_each_body_schema(paths, &mut |schema| {
        let Some(Value::String(name)) =
            schema.as_object_mut().and_then(|o| o.shift_remove(VIEW_OF))
        else {
            return;
        };
        if referenced.contains(&name) {
            return;
        }
        let view = std::mem::replace(
            schema,
            serde_json::json!({"$ref": format!("{COMPONENT_PREFIX}{name}")}),
        );
        adopted.insert(name, view);
    });
    let components = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut);
    if let Some(components) = components {
        for (name, view) in adopted {
            components.insert(name, view);
        }
    }
}

/// Calls `f` on the schema of every request body's media type.
fn for_each_body_schema(paths: &mut Value, f: &mut impl FnMut(&mut Value)) {
    let operations = paths
        .as_object_mut()
        .into_iter()
        .flat_map(|paths| paths.values_mut())
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut());
    for op in operations {
        let Some(content) = op
            .pointer_mut("/requestBody/content")
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        for media in content.values_mut() {
            if let Some(schema) = media.get_mut("schema") {
                f(schema);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn body(schema: Value) -> Value {
        json!({"requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": schema}}}})
    }

    #[test]
    fn a_component_only_forms_use_becomes_their_view() {
        let view =
            json!({"type": "object", "properties": {"a": {"type": "string"}}, VIEW_OF: "Login"});
        let mut doc = json!({
            "paths": {"/login": {"post": body(view)}},
            "components": {"schemas": {"Login": {"type": "object", "properties": {"a": {"type": ["string", "null"]}}}}}
        });
        settle(&mut doc);
        let schema = &doc["paths"]["/login"]["post"]["requestBody"]["content"]
            ["application/x-www-form-urlencoded"]["schema"];
        assert_eq!(schema, &json!({"$ref": "#/components/schemas/Login"}));
        assert_eq!(
            doc["components"]["schemas"]["Login"]["properties"]["a"],
            json!({"type": "string"})
        );
    }

    #[test]
    fn a_component_json_also_uses_is_kept_and_the_view_stays_inline() {
        let view =
            json!({"type": "object", "properties": {"a": {"type": "string"}}, VIEW_OF: "Login"});
        let json_body = json!({"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Login"}}}}});
        let mut doc = json!({
            "paths": {"/login": {"post": body(view), "patch": json_body}},
            "components": {"schemas": {"Login": {"type": "object", "properties": {"a": {"type": ["string", "null"]}}}}}
        });
        settle(&mut doc);
        let schema = &doc["paths"]["/login"]["post"]["requestBody"]["content"]
            ["application/x-www-form-urlencoded"]["schema"];
        assert_eq!(
            schema,
            &json!({"type": "object", "properties": {"a": {"type": "string"}}})
        );
        assert_eq!(
            doc["components"]["schemas"]["Login"]["properties"]["a"]["type"],
            json!(["string", "null"])
        );
    }
}
