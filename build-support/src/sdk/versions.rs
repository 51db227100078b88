//! One client of a HEADER-versioned API that tether-build split into one
//! document per version (`openapi.v1.json`, `openapi.v2.json`): the
//! documents' components merged into one root, their paths read one by one
//! (`Document::versions`), so the client groups operations by version and
//! carries one copy of the runtime.

use serde_json::{Map, Value};

use super::SdkError;
use crate::extensions as ext;

/// The root the merged client reads info, hints and components from: the
/// last (newest) document without its paths and its `documentVersion`, with
/// the components of every document. A component that two documents define
/// differently is refused: one client cannot give one name two types.
pub(super) fn merge(docs: &[Value]) -> Result<Value, SdkError> {
    let Some(last) = docs.last() else {
        return Err(SdkError::InvalidDocument(
            "no document to generate a client from".into(),
        ));
    };
    let mut root = last.clone();
    if let Some(map) = root.as_object_mut() {
        map.remove("paths");
    }
    if let Some(versioning) = root
        .get_mut(ext::ROOT)
        .and_then(|t| t.get_mut(ext::VERSIONING))
        .and_then(Value::as_object_mut)
    {
        versioning.remove(ext::DOCUMENT_VERSION);
    }
    let mut components = Map::new();
    for doc in docs {
        let Some(sections) = doc.get("components").and_then(Value::as_object) else {
            continue;
        };
        for (section, entries) in sections {
            let Some(entries) = entries.as_object() else {
                continue;
            };
            let merged = components
                .entry(section.clone())
                .or_insert_with(|| Value::Object(Map::new()))
                .as_object_mut()
                .expect("sections are objects");
            for (name, value) in entries {
                match merged.get(name) {
                    Some(seen) if seen != value => {
                        return Err(SdkError::InvalidDocument(format!(
                            "`components.{section}.{name}` differs between the version documents, \
                             and one client cannot give one name two types"
                        )))
                    }
                    Some(_) => {}
                    None => {
                        merged.insert(name.clone(), value.clone());
                    }
                }
            }
        }
    }
    if let Some(map) = root.as_object_mut() {
        map.insert("components".into(), Value::Object(components));
    }
    Ok(root)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc(version: &str, schemas: Value) -> Value {
        json!({
            "openapi": "3.1.0",
            "info": { "title": "T", "version": "1" },
            "x-tether": { "versioning": { "type": "HEADER", "documentVersion": version } },
            "paths": {},
            "components": { "schemas": schemas }
        })
    }

    #[test]
    fn g1_components_of_every_version_merge() {
        let a = json!({ "type": "string" });
        let b = json!({ "type": "integer" });
        let root = merge(&[
            doc("1", json!({ "A": a })),
            doc("2", json!({ "A": a, "B": b })),
        ])
        .unwrap();
        assert_eq!(root["components"]["schemas"], json!({ "A": a, "B": b }));
        assert!(root.get("paths").is_none());
        assert!(root["x-tether"]["versioning"]
            .get("documentVersion")
            .is_none());
    }

    #[test]
    fn g1_a_component_two_versions_define_differently_is_refused() {
        let e = merge(&[
            doc("1", json!({ "A": { "type": "string" } })),
            doc("2", json!({ "A": { "type": "integer" } })),
        ])
        .unwrap_err();
        assert!(e.to_string().contains("components.schemas.A"), "{e}");
    }
}
