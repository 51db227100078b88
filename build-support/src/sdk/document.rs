//! The OpenAPI document as the generator reads it: its version, local
//! `$ref`s, and tether's own hints (`x-tether`, see the module docs of
//! `sdk`).

use serde_json::Value;

use super::SdkError;

/// How the document's API is versioned (from `x-tether.versioning`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Versioning {
    None,
    Uri { prefix: String },
    Header,
}

pub struct Document<'a> {
    pub root: &'a Value,
    pub versioning: Versioning,
    /// `x-tether.globalPrefix`, skipped when naming controllers from paths.
    pub global_prefix: Option<String>,
}

impl<'a> Document<'a> {
    pub fn new(root: &'a Value) -> Result<Self, SdkError> {
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
        let tether = root.get("x-tether");
        let versioning = match tether.and_then(|t| t.get("versioning")) {
            Some(v) => match v.get("type").and_then(Value::as_str) {
                Some("URI") => Versioning::Uri {
                    prefix: v
                        .get("prefix")
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
            .and_then(|t| t.get("globalPrefix"))
            .and_then(Value::as_str)
            .map(|p| p.trim_matches('/').to_string())
            .filter(|p| !p.is_empty());
        Ok(Document {
            root,
            versioning,
            global_prefix,
        })
    }

    /// Follows a local `$ref` (`#/a/b~1c`); `None` for remote or broken ones.
    pub fn pointer(&self, reference: &str) -> Option<&'a Value> {
        let pointer = reference.strip_prefix('#')?;
        let decoded = percent_decode(pointer);
        self.root.pointer(&decoded)
    }

    /// Follows `$ref` chains (parameters, responses, request bodies), at most a few hops.
    pub fn resolve(&self, mut value: &'a Value) -> &'a Value {
        for _ in 0..16 {
            match value.get("$ref").and_then(Value::as_str) {
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
    pub fn schemas(&self) -> impl Iterator<Item = (&'a String, &'a Value)> {
        self.root
            .get("components")
            .and_then(|c| c.get("schemas"))
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
    }
}

/// `$ref` pointers may be percent-encoded (`#/components/schemas/a%20b`).
fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_string();
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
    String::from_utf8_lossy(&out).into_owned()
}

/// The schema name a `$ref` to `components.schemas` points at.
pub fn schema_ref_name(reference: &str) -> Option<String> {
    let rest = reference.strip_prefix("#/components/schemas/")?;
    if rest.contains('/') {
        return None;
    }
    Some(percent_decode(rest).replace("~1", "/").replace("~0", "~"))
}
