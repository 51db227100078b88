//! What a document says about its API besides the operations: `servers`
//! and `[openapi.info]` (description, contact, license, terms of service)
//! of an `[openapi]` output, checked so that a broken value is an error
//! naming its key rather than a document linters and clients refuse.

use serde::Deserialize;

/// One entry of `servers = [{ url = "…", description = "…" }]`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerEntry {
    /// Where the API is served: an absolute `http(s)://` URL, or a path
    /// (`/`, `/v2`) relative to where the document is read from.
    pub url: String,
    /// What this server is (`Production`, `Local development`).
    pub description: Option<String>,
}

/// `[openapi.info]`: the document's `info` besides its title and version.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfoSection {
    /// `info.description` (CommonMark).
    pub description: Option<String>,
    /// `info.termsOfService`: a URL.
    pub terms_of_service: Option<String>,
    /// `info.contact`.
    pub contact: Option<ContactSection>,
    /// `info.license`.
    pub license: Option<LicenseSection>,
}

/// `[openapi.info.contact]`: at least one of its fields.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContactSection {
    /// A person or team.
    pub name: Option<String>,
    /// A URL.
    pub url: Option<String>,
    /// An email address.
    pub email: Option<String>,
}

/// `[openapi.info.license]`: a name, and an SPDX `identifier` or a `url`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LicenseSection {
    /// The license's name (`MIT`, `Apache 2.0`).
    pub name: String,
    /// An SPDX expression (`MIT`, `MIT OR Apache-2.0`); OpenAPI 3.1 and later.
    pub identifier: Option<String>,
    /// A URL of the license's text.
    pub url: Option<String>,
}

/// Checks `servers` and `info` of the output whose keys start with
/// `prefix` (`openapi`, `openapi[1]`). Every message opens with the key.
pub(super) fn check(
    prefix: &str,
    servers: &[ServerEntry],
    info: &InfoSection,
) -> Result<(), String> {
    for (i, server) in servers.iter().enumerate() {
        let key = format!("{prefix}.servers[{i}]");
        check_server_url(&format!("{key}.url"), &server.url)?;
        if servers[..i].iter().any(|s| s.url == server.url) {
            return Err(format!(
                "key `{key}.url`: `{}` is listed twice; list each server once",
                server.url
            ));
        }
        not_blank(&format!("{key}.description"), server.description.as_deref())?;
    }
    let key = format!("{prefix}.info");
    not_blank(&format!("{key}.description"), info.description.as_deref())?;
    if let Some(url) = &info.terms_of_service {
        check_absolute_url(&format!("{key}.terms_of_service"), url)?;
    }
    if let Some(contact) = &info.contact {
        let key = format!("{key}.contact");
        if contact.name.is_none() && contact.url.is_none() && contact.email.is_none() {
            return Err(format!(
                "key `{key}` is empty: give it a `name`, a `url` or an `email`, or remove it"
            ));
        }
        not_blank(&format!("{key}.name"), contact.name.as_deref())?;
        if let Some(url) = &contact.url {
            check_absolute_url(&format!("{key}.url"), url)?;
        }
        if let Some(email) = &contact.email {
            check_email(&format!("{key}.email"), email)?;
        }
    }
    if let Some(license) = &info.license {
        let key = format!("{key}.license");
        not_blank(&format!("{key}.name"), Some(&license.name))?;
        if license.identifier.is_some() && license.url.is_some() {
            return Err(format!("key `{key}.identifier`: a license has an `identifier` or a `url`, not both (OpenAPI); keep one"));
        }
        if let Some(id) = &license.identifier {
            check_spdx(&format!("{key}.identifier"), id)?;
        }
        if let Some(url) = &license.url {
            check_absolute_url(&format!("{key}.url"), url)?;
        }
    }
    Ok(())
}

/// An optional text that is there must say something.
fn not_blank(key: &str, value: Option<&str>) -> Result<(), String> {
    match value {
        Some(v) if v.trim().is_empty() => Err(format!(
            "key `{key}` is empty: write the text, or remove the key"
        )),
        _ => Ok(()),
    }
}

/// What a URL may not hold anywhere: white space and control characters.
fn has_blank(s: &str) -> bool {
    s.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// `http://` or `https://`, then a host.
fn check_absolute_url(key: &str, url: &str) -> Result<(), String> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(rest) if !has_blank(url) && !rest.is_empty() && !rest.starts_with('/') => Ok(()),
        _ => Err(format!(
            "key `{key}`: `{url}` is not a URL; write it whole, as `https://host/…`"
        )),
    }
}

/// A server's URL: absolute, or a path from the document's origin; no
/// trailing `/` (clients join the paths to it), no variables, query or
/// fragment.
fn check_server_url(key: &str, url: &str) -> Result<(), String> {
    if url.contains(['{', '}']) {
        return Err(format!("key `{key}`: `{url}` holds a server variable, which tether does not write; list each URL as a server of its own"));
    }
    if url.contains(['?', '#']) {
        return Err(format!("key `{key}`: `{url}` has a query or a fragment; a server URL is where the paths are joined, so write it without them"));
    }
    if url.starts_with('/') && !url.starts_with("//") && !has_blank(url) {
        // A path on the origin the document is read from.
    } else {
        check_absolute_url(key, url).map_err(|_| {
            format!("key `{key}`: `{url}` is not a server URL; write `https://host` (with a path if the API is under one), or a path such as `/` for the origin the document is served from")
        })?;
    }
    if url.len() > 1 && url.ends_with('/') {
        let trimmed = url.trim_end_matches('/');
        return Err(format!("key `{key}`: `{url}` ends with `/`, which clients would double before every path; write `{trimmed}`"));
    }
    Ok(())
}

/// One `@`, with a name before it and a dotted domain after it.
fn check_email(key: &str, email: &str) -> Result<(), String> {
    let ok = match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !has_blank(email)
        }
        None => false,
    };
    match ok {
        true => Ok(()),
        false => Err(format!(
            "key `{key}`: `{email}` is not an email address; write it as `name@example.org`"
        )),
    }
}

/// An SPDX license expression: identifiers (`MIT`, `Apache-2.0`,
/// `LicenseRef-x`) joined by `AND`, `OR`, `WITH`, with parentheses.
fn check_spdx(key: &str, id: &str) -> Result<(), String> {
    let words: Vec<&str> = id
        .split([' ', '(', ')'])
        .filter(|w| !w.is_empty())
        .collect();
    let id_like = |w: &str| {
        w.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+' | ':'))
    };
    if words.is_empty() || !words.iter().all(|w| id_like(w)) {
        return Err(format!("key `{key}`: `{id}` is not an SPDX license expression; write one such as `MIT` or `MIT OR Apache-2.0` (spdx.org/licenses), or give the license's `url` instead"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::config::tests::parse;

    const OK: &str = r#"
[openapi]
title = "Books"
servers = [{ url = "https://api.example.org/v2", description = "Production" }, { url = "/" }]
[openapi.info]
description = "The catalogue."
terms_of_service = "https://example.org/terms"
[openapi.info.contact]
name = "Books team"
url = "https://example.org/team"
email = "books@example.org"
[openapi.info.license]
name = "MIT OR Apache-2.0"
identifier = "MIT OR Apache-2.0"
"#;

    #[test]
    fn b4_servers_and_info_are_read() {
        let c = parse(OK).unwrap();
        let out = &c.openapi[0];
        assert_eq!(out.servers.len(), 2);
        assert_eq!(out.servers[0].url, "https://api.example.org/v2");
        assert_eq!(out.servers[0].description.as_deref(), Some("Production"));
        assert_eq!(out.servers[1].url, "/");
        let info = &out.info;
        assert_eq!(info.description.as_deref(), Some("The catalogue."));
        assert_eq!(
            info.terms_of_service.as_deref(),
            Some("https://example.org/terms")
        );
        let contact = info.contact.as_ref().unwrap();
        assert_eq!(contact.email.as_deref(), Some("books@example.org"));
        let license = info.license.as_ref().unwrap();
        assert_eq!(license.identifier.as_deref(), Some("MIT OR Apache-2.0"));
        // `[[openapi.servers]]` tables are the same list.
        let tables = "[openapi]\n[[openapi.servers]]\nurl = \"http://localhost:3000\"\n";
        assert_eq!(
            parse(tables).unwrap().openapi[0].servers[0].url,
            "http://localhost:3000"
        );
    }

    /// Each broken value is refused with its key, the file and its line.
    #[test]
    fn b4_broken_servers_and_info_name_the_key_file_and_line() {
        let cases: &[(&str, &str, usize)] = &[
            ("[openapi]\nservers = [{ url = \"\" }]\n", "openapi.servers[0].url", 2),
            ("[openapi]\nservers = [{ url = \"api.example.org\" }]\n", "openapi.servers[0].url", 2),
            ("[openapi]\nservers = [{ url = \"https://a.example/\" }]\n", "write `https://a.example`", 2),
            ("[openapi]\nservers = [{ url = \"https://{env}.example\" }]\n", "server variable", 2),
            ("[openapi]\nservers = [{ url = \"https://a.example?x=1\" }]\n", "query", 2),
            ("[openapi]\nservers = [{ url = \"https://a b.example\" }]\n", "openapi.servers[0].url", 2),
            ("[openapi]\nservers = [{ url = \"//a.example\" }]\n", "openapi.servers[0].url", 2),
            ("[openapi]\nservers = [{ url = \"/\" }, { url = \"/\" }]\n", "openapi.servers[1].url", 2),
            ("[openapi]\nservers = [{ url = \"/\", description = \" \" }]\n", "openapi.servers[0].description", 2),
            ("[openapi]\nservers = [{ uri = \"/\" }]\n", "unknown field `uri`", 2),
            ("[openapi]\nservers = \"https://a.example\"\n", "line 2", 2),
            ("[openapi]\n[openapi.info]\ndescription = \"\"\n", "openapi.info.description", 3),
            ("[openapi]\n[openapi.info]\nterms_of_service = \"terms.html\"\n", "openapi.info.terms_of_service", 3),
            ("[openapi]\n[openapi.info]\ntermsOfService = \"https://a.example\"\n", "terms_of_service", 3),
            ("[openapi]\n[openapi.info.contact]\n", "openapi.info.contact` is empty", 2),
            ("[openapi]\n[openapi.info.contact]\nemail = \"books\"\n", "openapi.info.contact.email", 3),
            ("[openapi]\n[openapi.info.contact]\nemail = \"a@b@c.org\"\n", "not an email", 3),
            ("[openapi]\n[openapi.info.contact]\nurl = \"https://\"\n", "openapi.info.contact.url", 3),
            ("[openapi]\n[openapi.info.contact]\nname = \"x\"\nphone = \"1\"\n", "unknown field `phone`", 4),
            ("[openapi]\n[openapi.info.license]\nidentifier = \"MIT\"\n", "missing field `name`", 2),
            ("[openapi]\n[openapi.info.license]\nname = \"MIT\"\nidentifier = \"MIT\"\nurl = \"https://opensource.org/license/mit\"\n", "not both", 4),
            ("[openapi]\n[openapi.info.license]\nname = \"MIT\"\nidentifier = \"MIT; rm\"\n", "SPDX", 4),
            ("[openapi]\n[openapi.info.license]\nname = \"MIT\"\nurl = \"mit.txt\"\n", "openapi.info.license.url", 4),
            ("[openapi]\nopenapi_version = \"3.0\"\n[openapi.info.license]\nname = \"MIT\"\nidentifier = \"MIT\"\n", "OpenAPI 3.0 has no license identifier", 5),
            ("[[openapi]]\nname = \"a\"\n[[openapi]]\nname = \"b\"\n[openapi.info.contact]\nemail = \"x\"\n", "openapi[1].info.contact.email", 6),
        ];
        for (text, needle, line) in cases {
            let e = parse(text).unwrap_err();
            let shown = e.to_string();
            assert!(
                shown.contains(needle) && shown.contains("/app/tether.toml"),
                "{needle:?} not in {shown}"
            );
            assert_eq!(e.place.as_ref().map(|p| p.line), Some(*line), "{shown}");
        }
    }
}
