//! Nothing unused is written: a schema component that no operation
//! reaches, directly or through other components, is removed once the
//! document is whole. The schema of a `WithHeaders<T, H>`'s `H` is one:
//! its fields become the response's `headers`, and nothing refers to `H`.
//! A reference from an extension (`x-tether-item-schema`, the events of
//! an SSE stream in a 3.0/3.1 document) counts as a use: tether's client
//! reads it.

use super::always_sent::refs;
use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// Removes the schema components nothing outside them reaches.
pub(super) fn remove_unused_schemas(doc: &mut Value) {
    let Some(Value::Object(schemas)) = doc.pointer_mut("/components/schemas").map(Value::take)
    else {
        return;
    };
    let mut todo = Vec::new();
    refs(doc, &mut todo);
    let mut used = BTreeSet::new();
    while let Some(name) = todo.pop() {
        if used.insert(name.clone()) {
            if let Some(schema) = schemas.get(&name) {
                refs(schema, &mut todo);
            }
        }
    }
    let kept: Map<String, Value> = schemas
        .into_iter()
        .filter(|(name, _)| used.contains(name))
        .collect();
    let components = doc["components"]
        .as_object_mut()
        .expect("components held the schemas");
    if kept.is_empty() {
        components.remove("schemas");
        if components.is_empty() {
            doc.as_object_mut()
                .expect("a document is an object")
                .remove("components");
        }
    } else {
        components.insert("schemas".into(), Value::Object(kept));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema_ref(name: &str) -> Value {
        json!({"$ref": format!("#/components/schemas/{name}")})
    }

    #[test]
    fn b2_only_the_schemas_operations_reach_are_kept() {
        let mut doc = json!({
            "paths": {"/books": {"get": {"responses": {"200": {
                "description": "OK",
                "headers": {"X-Total-Count": {"schema": {"type": "integer"}}},
                "content": {
                    "application/json": {"schema": schema_ref("Book")},
                    "text/event-stream": {"x-tether-item-schema": schema_ref("Event")}
                }
            }}}}},
            "components": {
                "schemas": {
                    "Book": {"type": "object", "properties": {"author": schema_ref("Author")}},
                    "Author": {"type": "object"},
                    "Event": {"type": "object"},
                    "PageHeaders": {"type": "object", "properties": {"total": schema_ref("Total")}},
                    "Total": {"type": "integer"}
                },
                "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}
            }
        });
        remove_unused_schemas(&mut doc);
        let names: Vec<&String> = doc["components"]["schemas"]
            .as_object()
            .unwrap()
            .keys()
            .collect();
        assert_eq!(names, ["Book", "Author", "Event"]);
        assert!(doc["components"]["securitySchemes"].is_object());
    }

    #[test]
    fn b2_no_schema_used_leaves_no_schemas() {
        let mut doc = json!({"paths": {}, "components": {"schemas": {"H": {}}}});
        remove_unused_schemas(&mut doc);
        assert_eq!(doc, json!({"paths": {}}));
        let mut doc =
            json!({"paths": {}, "components": {"schemas": {"H": {}}, "securitySchemes": {}}});
        remove_unused_schemas(&mut doc);
        assert_eq!(
            doc,
            json!({"paths": {}, "components": {"securitySchemes": {}}})
        );
        let mut doc = json!({"paths": {}});
        remove_unused_schemas(&mut doc);
        assert_eq!(doc, json!({"paths": {}}));
    }
}
