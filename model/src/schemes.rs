//! `[security.schemes.<name>]` of `tether.toml`: each security
//! scheme declared once, then required by `#[security("<name>")]` on
//! controllers and routes.
//!
//! ```toml
//! [security.schemes.bearer]
//! type = "http"
//! scheme = "bearer"            # or "basic"
//! bearer_format = "JWT"
//!
//! [security.schemes.api_key]
//! type = "apiKey"
//! in = "header"                # or "query", "cookie"
//! name = "X-API-Key"
//!
//! [security.schemes.oauth]
//! type = "oauth2"
//! [security.schemes.oauth.flows.client_credentials]
//! token_url = "https://auth.example.com/token"
//! scopes = { "books:write" = "Change the catalogue" }
//!
//! [security.schemes.oidc]
//! type = "openIdConnect"
//! open_id_connect_url = "https://auth.example.com/.well-known/openid-configuration"
//! ```

use serde::Deserialize;
use std::collections::BTreeMap;

/// `[security]`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecuritySection {
    /// The schemes by name, as `#[security("name")]` refers to them.
    #[serde(default)]
    pub schemes: BTreeMap<String, SecurityScheme>,
}

/// `type = "…"` of a scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum SchemeType {
    /// An `Authorization` scheme: bearer or basic.
    #[serde(rename = "http")]
    Http,
    /// A key in a header, query parameter or cookie.
    #[serde(rename = "apiKey")]
    ApiKey,
    /// OAuth 2 flows.
    #[serde(rename = "oauth2")]
    OAuth2,
    /// OpenID Connect discovery.
    #[serde(rename = "openIdConnect")]
    OpenIdConnect,
}

/// `in = "…"` of an apiKey scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KeyLocation {
    /// A request header.
    Header,
    /// A query parameter.
    Query,
    /// A cookie.
    Cookie,
}

impl KeyLocation {
    /// The OpenAPI spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            KeyLocation::Header => "header",
            KeyLocation::Query => "query",
            KeyLocation::Cookie => "cookie",
        }
    }
}

/// One `[security.schemes.<name>]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecurityScheme {
    /// `http`, `apiKey`, `oauth2` or `openIdConnect`.
    #[serde(rename = "type")]
    pub kind: SchemeType,
    /// Shown in the document.
    pub description: Option<String>,
    /// http: `bearer` or `basic`.
    pub scheme: Option<String>,
    /// http bearer: a hint such as `JWT`.
    pub bearer_format: Option<String>,
    /// apiKey: where the key goes.
    #[serde(rename = "in")]
    pub location: Option<KeyLocation>,
    /// apiKey: the header, query parameter or cookie name.
    pub name: Option<String>,
    /// openIdConnect: the discovery document's URL.
    pub open_id_connect_url: Option<String>,
    /// oauth2: the flows, by name.
    pub flows: Option<OAuthFlows>,
}

/// `[security.schemes.<name>.flows]`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OAuthFlows {
    /// `implicit`.
    pub implicit: Option<OAuthFlow>,
    /// `password`.
    pub password: Option<OAuthFlow>,
    /// `client_credentials` (OpenAPI's `clientCredentials`).
    pub client_credentials: Option<OAuthFlow>,
    /// `authorization_code` (OpenAPI's `authorizationCode`).
    pub authorization_code: Option<OAuthFlow>,
}

impl OAuthFlows {
    /// The flows given, with their OpenAPI names, in the document's order.
    pub fn list(&self) -> Vec<(&'static str, &OAuthFlow)> {
        [
            ("authorizationCode", &self.authorization_code),
            ("clientCredentials", &self.client_credentials),
            ("implicit", &self.implicit),
            ("password", &self.password),
        ]
        .into_iter()
        .filter_map(|(n, f)| f.as_ref().map(|f| (n, f)))
        .collect()
    }
}

/// One OAuth 2 flow.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OAuthFlow {
    /// implicit, authorization_code.
    pub authorization_url: Option<String>,
    /// password, client_credentials, authorization_code.
    pub token_url: Option<String>,
    /// Any flow.
    pub refresh_url: Option<String>,
    /// Scope → description.
    #[serde(default)]
    pub scopes: BTreeMap<String, String>,
}

/// The error for `#[security("name")]` naming no scheme of `schemes`,
/// shared by `#[controller]` and tether-build so both say the same.
pub fn unknown_scheme(name: &str, schemes: &BTreeMap<String, SecurityScheme>) -> String {
    if schemes.is_empty() {
        return format!(
            "unknown security scheme `{name}`: tether.toml declares none; add `[security.schemes.{name}]` with `type = \"http\"` and `scheme = \"bearer\"` (or apiKey, oauth2, openIdConnect) to the tether.toml next to Cargo.toml"
        );
    }
    let known: Vec<String> = schemes.keys().map(|k| format!("`{k}`")).collect();
    format!(
        "unknown security scheme `{name}`: tether.toml declares {}; use one of them or add `[security.schemes.{name}]`",
        known.join(", ")
    )
}

impl SecuritySection {
    /// Checks every scheme has what its type needs; the error names the key.
    pub fn check(&self) -> Result<(), String> {
        for (name, s) in &self.schemes {
            s.check(&format!("security.schemes.{name}"))?;
        }
        Ok(())
    }
}

fn missing(key: &str, field: &str, fix: &str) -> String {
    format!("key `{key}.{field}` is missing: {fix}")
}

fn refuse(key: &str, fields: &[(&str, bool)], kind: &str) -> Result<(), String> {
    match fields.iter().find(|(_, given)| *given) {
        Some((field, _)) => Err(format!(
            "key `{key}.{field}` does not apply to `type = \"{kind}\"`; remove it"
        )),
        None => Ok(()),
    }
}

impl SecurityScheme {
    fn check(&self, key: &str) -> Result<(), String> {
        let http = [
            ("scheme", self.scheme.is_some()),
            ("bearer_format", self.bearer_format.is_some()),
        ];
        let api_key = [
            ("in", self.location.is_some()),
            ("name", self.name.is_some()),
        ];
        let oidc = [("open_id_connect_url", self.open_id_connect_url.is_some())];
        let oauth = [("flows", self.flows.is_some())];
        match self.kind {
            SchemeType::Http => {
                match self.scheme.as_deref().map(str::to_ascii_lowercase).as_deref() {
                    None => return Err(missing(key, "scheme", "write `scheme = \"bearer\"` or `scheme = \"basic\"`")),
                    Some("bearer") => {}
                    Some("basic") if self.bearer_format.is_some() => {
                        return Err(format!("key `{key}.bearer_format` only applies to `scheme = \"bearer\"`; remove it"))
                    }
                    Some("basic") => {}
                    Some(other) => return Err(format!("key `{key}.scheme`: `{other}` is not supported; write `\"bearer\"` or `\"basic\"`")),
                }
                [api_key.as_slice(), &oidc, &oauth]
                    .iter()
                    .try_for_each(|f| refuse(key, f, "http"))
            }
            SchemeType::ApiKey => {
                if self.location.is_none() {
                    return Err(missing(
                        key,
                        "in",
                        "write `in = \"header\"`, `\"query\"` or `\"cookie\"`",
                    ));
                }
                match self.name.as_deref() {
                    None | Some("") => return Err(missing(key, "name", "write the header, query parameter or cookie name, e.g. `name = \"X-API-Key\"`")),
                    Some(_) => {}
                }
                [http.as_slice(), &oidc, &oauth]
                    .iter()
                    .try_for_each(|f| refuse(key, f, "apiKey"))
            }
            SchemeType::OpenIdConnect => {
                if self.open_id_connect_url.is_none() {
                    return Err(missing(key, "open_id_connect_url", "write the discovery URL, e.g. `open_id_connect_url = \"https://auth.example.com/.well-known/openid-configuration\"`"));
                }
                [http.as_slice(), &api_key, &oauth]
                    .iter()
                    .try_for_each(|f| refuse(key, f, "openIdConnect"))
            }
            SchemeType::OAuth2 => {
                let flows = self
                    .flows
                    .as_ref()
                    .map(OAuthFlows::list)
                    .unwrap_or_default();
                if flows.is_empty() {
                    return Err(missing(key, "flows", "add at least one flow, e.g. `[security.schemes.NAME.flows.client_credentials]` with `token_url` and `scopes`"));
                }
                let f = self.flows.as_ref().expect("checked");
                let need = |flow: &Option<OAuthFlow>, name: &str, auth: bool, token: bool| {
                    let Some(flow) = flow else { return Ok(()) };
                    if auth && flow.authorization_url.is_none() {
                        return Err(missing(
                            &format!("{key}.flows.{name}"),
                            "authorization_url",
                            "write the URL users authorize at",
                        ));
                    }
                    if token && flow.token_url.is_none() {
                        return Err(missing(
                            &format!("{key}.flows.{name}"),
                            "token_url",
                            "write the URL tokens come from",
                        ));
                    }
                    Ok(())
                };
                need(&f.implicit, "implicit", true, false)?;
                need(&f.password, "password", false, true)?;
                need(&f.client_credentials, "client_credentials", false, true)?;
                need(&f.authorization_code, "authorization_code", true, true)?;
                [http.as_slice(), &api_key, &oidc]
                    .iter()
                    .try_for_each(|f| refuse(key, f, "oauth2"))
            }
        }
    }
}
