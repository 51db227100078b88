//! Security in the document: `components.securitySchemes` from
//! `[security.schemes]` of `tether.toml`, and each operation's `security`
//! from `#[security(..)]`/`#[public]`. The names are checked against the
//! declared schemes before (`crate::checks`).

use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use tether_model::schemes::{OAuthFlow, SchemeType, SecurityScheme};

/// The declared schemes, by name.
pub(crate) type Schemes = BTreeMap<String, SecurityScheme>;

/// `components.securitySchemes`, or `None` when none is declared.
pub(crate) fn components(schemes: &Schemes) -> Option<Value> {
    if schemes.is_empty() {
        return None;
    }
    let all: Map<String, Value> = schemes
        .iter()
        .map(|(name, s)| (name.clone(), scheme_object(s)))
        .collect();
    Some(Value::Object(all))
}

fn scheme_object(s: &SecurityScheme) -> Value {
    let mut o = Map::new();
    let kind = match s.kind {
        SchemeType::Http => "http",
        SchemeType::ApiKey => "apiKey",
        SchemeType::OAuth2 => "oauth2",
        SchemeType::OpenIdConnect => "openIdConnect",
    };
    o.insert("type".into(), json!(kind));
    if let Some(d) = &s.description {
        o.insert("description".into(), json!(d));
    }
    if let Some(scheme) = &s.scheme {
        o.insert("scheme".into(), json!(scheme.to_ascii_lowercase()));
    }
    if let Some(f) = &s.bearer_format {
        o.insert("bearerFormat".into(), json!(f));
    }
    if let Some(location) = s.location {
        o.insert("in".into(), json!(location.as_str()));
    }
    if let Some(name) = &s.name {
        o.insert("name".into(), json!(name));
    }
    if let Some(url) = &s.open_id_connect_url {
        o.insert("openIdConnectUrl".into(), json!(url));
    }
    if let Some(flows) = &s.flows {
        let flows: Map<String, Value> = flows
            .list()
            .into_iter()
            .map(|(name, f)| (name.to_string(), flow_object(f)))
            .collect();
        o.insert("flows".into(), Value::Object(flows));
    }
    Value::Object(o)
}

fn flow_object(f: &OAuthFlow) -> Value {
    let mut o = Map::new();
    for (key, value) in [
        ("authorizationUrl", &f.authorization_url),
        ("tokenUrl", &f.token_url),
        ("refreshUrl", &f.refresh_url),
    ] {
        if let Some(v) = value {
            o.insert(key.into(), json!(v));
        }
    }
    o.insert("scopes".into(), json!(f.scopes));
    Value::Object(o)
}

/// An operation's `security`: any one of `names` (OpenAPI's alternatives),
/// or `None` for a route that requires nothing.
pub(crate) fn requirement(names: &[String]) -> Option<Value> {
    if names.is_empty() {
        return None;
    }
    let alternatives: Vec<Value> = names.iter().map(|n| json!({ n: [] })).collect();
    Some(Value::Array(alternatives))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tether_model::config::Config;

    fn schemes(toml_text: &str) -> Schemes {
        let c = Config::parse(toml_text, std::path::Path::new("tether.toml")).unwrap();
        c.security.schemes
    }

    #[test]
    fn e4_every_scheme_type_is_written_as_openapi_spells_it() {
        let s = schemes(
            r#"
[security.schemes.bearer]
type = "http"
scheme = "Bearer"
bearer_format = "JWT"
[security.schemes.key]
type = "apiKey"
in = "cookie"
name = "sid"
description = "The session cookie."
[security.schemes.oauth.flows.authorization_code]
authorization_url = "https://a.example/auth"
token_url = "https://a.example/token"
scopes = { "books:write" = "Change the catalogue" }
[security.schemes.oauth]
type = "oauth2"
[security.schemes.oidc]
type = "openIdConnect"
open_id_connect_url = "https://a.example/.well-known/openid-configuration"
"#,
        );
        let c = components(&s).unwrap();
        assert_eq!(
            c["bearer"],
            json!({"type": "http", "scheme": "bearer", "bearerFormat": "JWT"})
        );
        assert_eq!(
            c["key"],
            json!({"type": "apiKey", "description": "The session cookie.", "in": "cookie", "name": "sid"})
        );
        assert_eq!(
            c["oauth"]["flows"]["authorizationCode"],
            json!({"authorizationUrl": "https://a.example/auth", "tokenUrl": "https://a.example/token", "scopes": {"books:write": "Change the catalogue"}})
        );
        assert_eq!(
            c["oidc"],
            json!({"type": "openIdConnect", "openIdConnectUrl": "https://a.example/.well-known/openid-configuration"})
        );
        assert!(components(&Schemes::new()).is_none());
    }

    #[test]
    fn e4_requirement_lists_alternatives() {
        assert_eq!(
            requirement(&["bearer".into(), "key".into()]),
            Some(json!([{"bearer": []}, {"key": []}]))
        );
        assert_eq!(requirement(&[]), None);
    }
}
