//! The OpenAPI document as the generator reads it: its version, local
//! `$ref`s, and tether's own hints (`x-tether`, see the module docs of
//! `sdk`).

use std::borrow::Cow;
use std::collections::HashSet;

use crate::extensions as ext;
use serde_json::{Map, Value};

use super::SdkError;

/// How the document's API is versioned (from `x-tether.versioning`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Versioning {
    None,
    Uri { prefix: String },
    Header,
}

pub(super) struct Document<'a> {
    /// Info, components and hints; `$ref`s resolve against it.
    pub root: &'a Value,
    /// The `paths` objects to read: the root's, or one per version document
    /// of a HEADER-versioned API ([`Document::versions`]).
    pub paths: Vec<&'a serde_json::Map<String, Value>>,
    pub versioning: Versioning,
    /// `x-tether.globalPrefix`, skipped when naming controllers from paths.
    pub global_prefix: Option<String>,
}

impl<'a> Document<'a> {
    pub(super) fn new(root: &'a Value) -> Result<Self, SdkError> {
        let version = root.get("openapi").and_then(Value::as_str).ok_or_else(|| {
            let hint = if root.get("swagger").is_some() {
                " (this is a Swagger 2.0 document: convert it to OpenAPI 3 first)"
            } else {
                ""
            };
            SdkError::InvalidDocument(format!(
                "the document has no `openapi` version string{hint}"
            ))
        })?;
        if !["3.0.", "3.1.", "3.2."]
            .iter()
            .any(|v| version.starts_with(v))
        {
            return Err(SdkError::UnsupportedVersion(version.to_string()));
        }
        if !root.get("paths").is_none_or(Value::is_object) {
            return Err(SdkError::InvalidDocument(
                "`paths` must be an object".into(),
            ));
        }
        let tether = root.get(ext::ROOT);
        let versioning = match tether.and_then(|t| t.get(ext::VERSIONING)) {
            Some(v) => match v.get(ext::VERSIONING_TYPE).and_then(Value::as_str) {
                Some("URI") => Versioning::Uri {
                    prefix: v
                        .get(ext::URI_PREFIX)
                        .and_then(Value::as_str)
                        .unwrap_or("v")
                        .to_string(),
                },
                Some("HEADER") => Versioning::Header,
                _ => Versioning::None,
            },
            None => Versioning::None,
        };
        let global_prefix = tether
            .and_then(|t| t.get(ext::GLOBAL_PREFIX))
            .and_then(Value::as_str)
            .map(|p| p.trim_matches('/').to_string())
            .filter(|p| !p.is_empty());
        Ok(Document {
            root,
            paths: root
                .get("paths")
                .and_then(Value::as_object)
                .into_iter()
                .collect(),
            versioning,
            global_prefix,
        })
    }

    /// One client of several version documents: `root` (their merged
    /// components, see `versions::merge`) and the paths of each of `docs`.
    pub(super) fn versions(root: &'a Value, docs: &'a [Value]) -> Result<Self, SdkError> {
        let mut doc = Document::new(root)?;
        doc.paths.clear();
        for d in docs {
            doc.paths.extend(Document::new(d)?.paths);
        }
        Ok(doc)
    }

    /// Follows a local `$ref` (`#/a/b~1c`); `None` for remote or broken ones.
    pub(super) fn pointer(&self, reference: &str) -> Option<&'a Value> {
        let pointer = percent_decode(reference.strip_prefix('#')?);
        // The common `#/components/schemas/Name` walked key by key, without
        // the copy of each key that `Value::pointer` makes to unescape it.
        let plain = pointer.strip_prefix('/').filter(|p| !p.contains('~'));
        let Some(keys) = plain else {
            return self.root.pointer(&pointer);
        };
        let mut target = self.root;
        for key in keys.split('/') {
            match target {
                Value::Object(map) => target = map.get(key)?,
                // Array indices: serde_json's rules.
                _ => return self.root.pointer(&pointer),
            }
        }
        Some(target)
    }

    /// Follows `$ref` chains (parameters, responses, request bodies), at most a few hops.
    pub(super) fn resolve(&self, mut value: &'a Value) -> &'a Value {
        for _ in 0..16 {
            match value.field("$ref").and_then(Value::as_str) {
                Some(r) => match self.pointer(r) {
                    Some(target) => value = target,
                    None => return value,
                },
                None => return value,
            }
        }
        value
    }

    /// `components.schemas`, in document order.
    pub(super) fn schemas(&self) -> impl Iterator<Item = (&'a String, &'a Value)> {
        self.root
            .get("components")
            .and_then(|c| c.get("schemas"))
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
    }

    /// The `$ref`s to a schema that is no component of its own
    /// (`#/components/schemas/A/properties/b`, `#/paths/…/schema`), in
    /// document order, each once: the client names them like components
    /// (`types.ts` declares them) rather than repeating them inline, which
    /// bundled documents with such references into one another made grow
    /// exponentially. Example values are not read.
    pub(super) fn schema_pointers(&self) -> Vec<&'a str> {
        fn walk<'v>(value: &'v Value, seen: &mut HashSet<&'v str>, out: &mut Vec<&'v str>) {
            match value {
                Value::Object(map) => {
                    for (key, v) in map {
                        match (key.as_str(), v) {
                            ("$ref", Value::String(r)) => {
                                if is_schema_pointer(r) && seen.insert(r) {
                                    out.push(r);
                                }
                            }
                            ("example" | "examples", _) => {}
                            _ => walk(v, seen, out),
                        }
                    }
                }
                Value::Array(items) => items.iter().for_each(|v| walk(v, seen, out)),
                _ => {}
            }
        }
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        walk(self.root, &mut seen, &mut out);
        out.retain(|r| matches!(self.pointer(r), Some(Value::Object(_) | Value::Bool(_))));
        out
    }
}

/// A local `$ref` into a schema that does not name a component: one of its
/// segments is `schema`, `schemas`, `definitions` or `$defs`.
fn is_schema_pointer(r: &str) -> bool {
    let Some(rest) = r.strip_prefix("#/") else {
        return false;
    };
    schema_ref_name(r).is_none()
        && rest
            .split('/')
            .any(|s| matches!(s, "schema" | "schemas" | "definitions" | "$defs"))
}

/// `$ref` pointers may be percent-encoded (`#/components/schemas/a%20b`).
pub(super) fn percent_decode(s: &str) -> Cow<'_, str> {
    if !s.contains('%') {
        return Cow::Borrowed(s);
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let Some(b) = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

/// The schema name a `$ref` to `components.schemas` points at.
pub(super) fn schema_ref_name(reference: &str) -> Option<Cow<'_, str>> {
    let rest = reference.strip_prefix("#/components/schemas/")?;
    if rest.contains('/') {
        return None;
    }
    let name = percent_decode(rest);
    if !name.contains('~') {
        return Some(name);
    }
    Some(Cow::Owned(name.replace("~1", "/").replace("~0", "~")))
}

/// A member of a JSON object, found by comparing keys in order: faster than
/// the map's hashed lookup for the handful of keys of a schema, parameter
/// or response object, which the generator asks for again and again.
pub(super) trait Field {
    /// The value of `key`, if this is an object that has it.
    fn field(&self, key: &str) -> Option<&Value>;
}

impl Field for Map<String, Value> {
    fn field(&self, key: &str) -> Option<&Value> {
        if self.len() > 12 {
            return self.get(key);
        }
        self.iter().find(|(k, _)| k.as_str() == key).map(|(_, v)| v)
    }
}

impl Field for Value {
    fn field(&self, key: &str) -> Option<&Value> {
        self.as_object()?.field(key)
    }
}

/// Reads any self-describing format (YAML, JSON) into a JSON value, taking
/// integers beyond 64 bits as the nearest float: JSON Schema allows
/// `minimum: 1e30` written out in full, and `serde_json::Value` alone refuses
/// it ("number out of range").
pub fn lenient_value<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    d.deserialize_any(LenientVisitor)
}

struct LenientVisitor;

impl<'de> serde::de::Visitor<'de> for LenientVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON-compatible value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_i128<E>(self, v: i128) -> Result<Value, E> {
        Ok(i64::try_from(v).map_or_else(|_| float(v as f64), Value::from))
    }
    fn visit_u128<E>(self, v: u128) -> Result<Value, E> {
        Ok(u64::try_from(v).map_or_else(|_| float(v as f64), Value::from))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(float(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        lenient_value(d)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(Lenient(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = serde_json::Map::new();
        while let Some((k, Lenient(v))) = map.next_entry::<MapKey, Lenient>()? {
            out.insert(k.0, v);
        }
        Ok(Value::Object(out))
    }
}

/// A float as JSON has it; NaN and infinities (YAML's `.nan`, `.inf`) become null.
fn float(v: f64) -> Value {
    serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
}

struct Lenient(Value);

impl<'de> serde::Deserialize<'de> for Lenient {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        lenient_value(d).map(Lenient)
    }
}

/// A mapping key: YAML allows numbers and booleans (`200:` for a status); JSON keys are their text.
struct MapKey(String);

impl<'de> serde::Deserialize<'de> for MapKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(MapKey(match lenient_value(d)? {
            Value::String(s) => s,
            other => other.to_string(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c1_integers_beyond_64_bits_read_as_floats() {
        let text = r#"{"a": 340282366920938463463374607431768211456, "b": -18446744073709551617, "c": 7, "d": [1.5, null]}"#;
        let mut de = serde_json::Deserializer::from_str(text);
        let v = lenient_value(&mut de).unwrap();
        assert_eq!(v["a"].as_f64(), Some(3.402823669209385e38));
        assert_eq!(v["b"].as_f64(), Some(-1.8446744073709552e19));
        assert_eq!(v["c"], 7);
        assert_eq!(v["d"], serde_json::json!([1.5, null]));
    }
}
