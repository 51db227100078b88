//! The client's `auth` option: the document's
//! `components.securitySchemes` as a typed `Auth` (one key per scheme) and
//! a `SECURITY_SCHEMES` table for the transport, and each operation's
//! `security` (its own, else the document's) as alternatives.

use serde_json::Value;

use super::document::Document;
use super::naming::{jsdoc, object_member_type, prop_key, string_literal, OBJECT_MEMBERS};

/// How one scheme's credential is sent, as `SecuritySchemeSpec` spells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum SchemeSpec {
    /// `Authorization: Bearer` (http bearer, oauth2, openIdConnect).
    Bearer,
    /// `Authorization: Basic`.
    Basic,
    /// A key in `in` (`header`, `query`, `cookie`) named `name`.
    ApiKey { location: String, name: String },
}

/// One scheme the client can send: its name, how, and what the document says of it.
#[derive(Debug, Clone)]
pub(super) struct Scheme {
    pub name: String,
    pub spec: SchemeSpec,
    pub summary: String,
}

/// The schemes of the document the client can send, in document order;
/// others (http digest, mutualTLS, a malformed entry) are left out, and an
/// operation that needs one of them gets no credential for it.
pub(super) fn schemes(doc: &Document<'_>) -> Vec<Scheme> {
    let Some(all) = doc
        .root
        .pointer("/components/securitySchemes")
        .and_then(Value::as_object)
    else {
        return Vec::new();
    };
    all.iter()
        .filter_map(|(name, s)| {
            let s = doc.resolve(s);
            let text = |key: &str| s.get(key).and_then(Value::as_str);
            let (spec, what) = match text("type")? {
                "http" => match text("scheme")?.to_ascii_lowercase().as_str() {
                    "bearer" => (
                        SchemeSpec::Bearer,
                        "A token, sent as `Authorization: Bearer <token>`.".to_string(),
                    ),
                    "basic" => (
                        SchemeSpec::Basic,
                        "`{ username, password }`, sent as `Authorization: Basic`.".to_string(),
                    ),
                    _ => return None,
                },
                "oauth2" | "openIdConnect" => (
                    SchemeSpec::Bearer,
                    "An access token, sent as `Authorization: Bearer <token>`.".to_string(),
                ),
                "apiKey" => {
                    let location =
                        text("in").filter(|l| ["header", "query", "cookie"].contains(l))?;
                    let key = text("name").filter(|n| !n.is_empty())?;
                    let what = format!("A key, sent in the {location} `{key}`.");
                    (
                        SchemeSpec::ApiKey {
                            location: location.into(),
                            name: key.into(),
                        },
                        what,
                    )
                }
                _ => return None,
            };
            let summary = match text("description") {
                Some(d) => format!("{what}\n\n{d}"),
                None => what,
            };
            Some(Scheme {
                name: name.clone(),
                spec,
                summary,
            })
        })
        .collect()
}

/// The operation's requirement: alternatives of scheme names, from its
/// `security`, else the document's; `None` when it requires nothing. An
/// alternative naming a scheme the client cannot send is dropped; an
/// empty alternative (`{}`: credentials optional) is kept.
pub(super) fn requirement(
    doc: &Document<'_>,
    op: &Value,
    schemes: &[Scheme],
) -> Option<Vec<Vec<String>>> {
    let list = op
        .get("security")
        .or_else(|| doc.root.get("security"))?
        .as_array()?;
    let known = |n: &String| schemes.iter().any(|s| &s.name == n);
    let alternatives: Vec<Vec<String>> = list
        .iter()
        .filter_map(Value::as_object)
        .map(|alt| alt.keys().cloned().collect::<Vec<_>>())
        .filter(|names| names.iter().all(known))
        .collect();
    alternatives
        .iter()
        .any(|a| !a.is_empty())
        .then_some(alternatives)
}

/// `security: [["bearer"], ["api_key"]]` of an operation's spec literal.
pub(super) fn requirement_literal(alternatives: &[Vec<String>]) -> String {
    let alts: Vec<String> = alternatives
        .iter()
        .map(|names| {
            let names: Vec<String> = names.iter().map(|n| string_literal(n)).collect();
            format!("[{}]", names.join(", "))
        })
        .collect();
    format!("security: [{}]", alts.join(", "))
}

/// Whether a scheme is named like a member of `Object` (see [`auth_type`]);
/// `createClient` then hands its config on as `ClientConfig` by assertion.
pub(super) fn names_object_member(schemes: &[Scheme]) -> bool {
    schemes
        .iter()
        .any(|s| OBJECT_MEMBERS.contains(&s.name.as_str()))
}

/// `export type Auth = { … }`: the `auth` option of `createClient`.
pub(super) fn auth_type(schemes: &[Scheme]) -> String {
    let mut out = jsdoc(
        &["Credentials by security scheme (SPEC E4): a value, or a (possibly async) function returning one, asked on each call that needs it.".into()],
        "",
    );
    out += "export type Auth = {\n";
    for s in schemes {
        out += &jsdoc(std::slice::from_ref(&s.summary), "  ");
        let ty = match s.spec {
            SchemeSpec::Basic => "AuthCredential<BasicCredentials>",
            _ => "AuthCredential",
        };
        // tsc sees `Object`'s members on every object literal: a scheme named
        // like one must accept that member's type, or every `auth` lacking
        // it would fail to compile (the client reads own properties only).
        let inherited = match OBJECT_MEMBERS.contains(&s.name.as_str()) {
            true => format!(" | {}", object_member_type(&s.name)),
            false => String::new(),
        };
        out += &format!("  {}?: {ty}{inherited};\n", prop_key(&s.name));
    }
    out + "};\n\n"
}

/// `const SECURITY_SCHEMES = { … }`: how the transport sends each scheme.
/// Typed `as const` (not by annotation: tsc would not give a key named
/// like an `Object` member, e.g. `constructor`, its contextual type).
pub(super) fn schemes_table(schemes: &[Scheme], typed: bool) -> String {
    let mut out = String::from("const SECURITY_SCHEMES = {\n");
    for s in schemes {
        let spec = match &s.spec {
            SchemeSpec::Bearer => "{ type: \"bearer\" }".to_string(),
            SchemeSpec::Basic => "{ type: \"basic\" }".to_string(),
            SchemeSpec::ApiKey { location, name } => format!(
                "{{ type: \"apiKey\", in: {}, name: {} }}",
                string_literal(location),
                string_literal(name)
            ),
        };
        out += &format!("  {}: {spec},\n", literal_key(&s.name));
    }
    out + if typed { "} as const;\n\n" } else { "};\n\n" }
}

/// A key of an object literal; `__proto__` is computed, or it would set
/// the prototype instead of a property.
fn literal_key(name: &str) -> String {
    match name {
        "__proto__" => format!("[{}]", string_literal(name)),
        _ => prop_key(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc_schemes(v: &Value) -> Vec<Scheme> {
        schemes(&Document::new(v).unwrap())
    }

    #[test]
    fn e4_schemes_the_client_can_send_and_no_others() {
        let v = json!({
            "openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {},
            "components": {"securitySchemes": {
                "b": {"type": "http", "scheme": "Bearer"},
                "digest": {"type": "http", "scheme": "digest"},
                "k": {"type": "apiKey", "in": "query", "name": "key"},
                "bad": {"type": "apiKey", "in": "body", "name": "x"},
                "unnamed": {"type": "apiKey", "in": "header"},
                "tls": {"type": "mutualTLS"},
                "o": {"type": "oauth2", "flows": {}}
            }}
        });
        let s = doc_schemes(&v);
        let names: Vec<&str> = s.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["b", "k", "o"]);
        assert_eq!(
            s[1].spec,
            SchemeSpec::ApiKey {
                location: "query".into(),
                name: "key".into()
            }
        );
        assert_eq!(s[2].spec, SchemeSpec::Bearer);
    }

    #[test]
    fn e4_requirement_from_the_operation_else_the_document() {
        let v = json!({
            "openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {},
            "security": [{"b": []}],
            "components": {"securitySchemes": {
                "b": {"type": "http", "scheme": "bearer"},
                "k": {"type": "apiKey", "in": "header", "name": "X-Key"},
                "digest": {"type": "http", "scheme": "digest"}
            }}
        });
        let doc = Document::new(&v).unwrap();
        let s = schemes(&doc);
        assert_eq!(
            requirement(&doc, &json!({}), &s),
            Some(vec![vec!["b".to_string()]])
        );
        assert_eq!(requirement(&doc, &json!({"security": []}), &s), None);
        let op = json!({"security": [{"digest": []}, {"k": [], "b": []}, {}]});
        assert_eq!(
            requirement(&doc, &op, &s),
            Some(vec![vec!["k".to_string(), "b".to_string()], vec![]])
        );
        assert_eq!(
            requirement(&doc, &json!({"security": [{"digest": []}]}), &s),
            None
        );
        assert_eq!(requirement(&doc, &json!({"security": "bearer"}), &s), None);
        assert_eq!(
            requirement_literal(&[vec!["k".into(), "b".into()], vec![]]),
            "security: [[\"k\", \"b\"], []]"
        );
    }
}
