//! `[framework]` of `tether.toml`: the global prefix, the routes excluded
//! from it, and versioning; what [`FrameworkSection::to_framework`] makes of
//! them is what the runtime serves and the document describes.

use crate::prefix_exclude::PrefixExclusion;
use crate::versioning::{validate_version, Framework, Versioning, VersioningKind};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::fmt;

/// `[framework]`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrameworkSection {
    /// Placed first in every path.
    pub global_prefix: Option<String>,
    /// Routes served without the global prefix: route patterns, alone or
    /// with a method (see [`crate::prefix_exclude`]).
    #[serde(default, deserialize_with = "exclude_entries")]
    pub global_prefix_exclude: Vec<ExcludeEntry>,
    /// `[framework.versioning]`.
    pub versioning: Option<VersioningSection>,
}

/// One `global_prefix_exclude` entry: `"health"` or
/// `{ path = "health", method = "GET" }`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExcludeEntry {
    /// The route pattern, e.g. `health` or `users/:id`.
    pub path: String,
    /// `GET`, `POST`…; every method when absent.
    pub method: Option<String>,
}

impl<'de> Deserialize<'de> for ExcludeEntryOrPath {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct EntryVisitor;
        impl<'de> Visitor<'de> for EntryVisitor {
            type Value = ExcludeEntryOrPath;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a route path such as \"health\" or a table { path = \"health\", method = \"GET\" }")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(ExcludeEntryOrPath(ExcludeEntry {
                    path: v.to_string(),
                    method: None,
                }))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                ExcludeEntry::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(ExcludeEntryOrPath)
            }
        }
        d.deserialize_any(EntryVisitor)
    }
}

/// An [`ExcludeEntry`] written either way.
struct ExcludeEntryOrPath(ExcludeEntry);

fn exclude_entries<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<ExcludeEntry>, D::Error> {
    let list: Vec<ExcludeEntryOrPath> = Vec::deserialize(d)?;
    Ok(list.into_iter().map(|e| e.0).collect())
}

/// `[framework.versioning]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VersioningSection {
    /// `"URI"` or `"HEADER"`.
    #[serde(rename = "type")]
    pub kind: VersioningType,
    /// Version of routes without `#[version]`.
    pub default_version: Option<String>,
    /// Prefix of the URI version segment (default `v`).
    pub prefix: Option<String>,
}

/// `type = "URI" | "HEADER"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum VersioningType {
    /// Version in the path.
    #[serde(rename = "URI")]
    Uri,
    /// Version in `X-API-Version`.
    #[serde(rename = "HEADER")]
    Header,
}

impl FrameworkSection {
    /// `global_prefix_exclude`: each entry parses, and there is a prefix
    /// to exclude from.
    pub(super) fn check_exclusions(&self) -> Result<(), String> {
        if !self.global_prefix_exclude.is_empty() && self.to_framework().global_prefix.is_none() {
            return Err("key `framework.global_prefix_exclude` needs `global_prefix = \"…\"` under `[framework]`: without a prefix there is nothing to exclude routes from".into());
        }
        for (i, e) in self.global_prefix_exclude.iter().enumerate() {
            PrefixExclusion::parse(&e.path, e.method.as_deref())
                .map_err(|m| format!("key `framework.global_prefix_exclude[{i}]`: {m}"))?;
        }
        Ok(())
    }

    /// The path-shaping settings as the runtime and generator use them.
    pub fn to_framework(&self) -> Framework {
        Framework {
            global_prefix_exclude: self
                .global_prefix_exclude
                .iter()
                .filter_map(|e| PrefixExclusion::parse(&e.path, e.method.as_deref()).ok())
                .collect(),
            global_prefix: self
                .global_prefix
                .as_ref()
                .map(|p| p.trim_matches('/').to_string())
                .filter(|p| !p.is_empty())
                .map(Into::into),
            versioning: self.versioning.as_ref().map(|v| Versioning {
                kind: match v.kind {
                    VersioningType::Uri => VersioningKind::Uri,
                    VersioningType::Header => VersioningKind::Header,
                },
                default_version: v.default_version.clone().map(Into::into),
                prefix: v.prefix.clone().map_or(Cow::Borrowed("v"), Into::into),
            }),
        }
    }
}

/// `default_version` is a version's name; `neutral` would be a version
/// named so (`openapi.vneutral.json`, `X-API-Version: neutral`), not what
/// `#[version(neutral)]` means, so it is refused with both fixes.
pub(super) fn check_default_version(default: &str) -> Result<(), String> {
    let key = "key `framework.versioning.default_version`";
    if default.eq_ignore_ascii_case("neutral") {
        return Err(format!("{key}: `\"{default}\"` would be a version named `{default}`, not version-neutral routes; write the version routes without `#[version]` belong to, e.g. `\"1\"`, and mark version-neutral routes `#[version(neutral)]`"));
    }
    validate_version(default).map_err(|e| format!("{key}: {e}"))
}

/// `default_version = "v1"` under URI versioning with the prefix `v`:
/// served under `/vv1` (as `#[version("v1")]` would be, which the macros
/// refuse too).
pub(super) fn check_default_version_prefix(default: &str, prefix: &str) -> Result<(), String> {
    let Some(rest) = default
        .get(..prefix.len())
        .filter(|p| !prefix.is_empty() && p.eq_ignore_ascii_case(prefix))
        .map(|_| &default[prefix.len()..])
    else {
        return Ok(());
    };
    if !rest.starts_with(|c: char| c.is_ascii_digit()) {
        return Ok(());
    }
    Err(format!("key `framework.versioning.default_version`: `\"{default}\"` would be served under `/{prefix}{default}`: the URI segment is the prefix `{prefix}` followed by the version; write `default_version = \"{rest}\"`"))
}

#[cfg(test)]
mod tests {

    use crate::config::tests::parse;

    #[test]
    fn b4_default_version_neutral_is_refused_at_its_line() {
        let e = parse("[framework.versioning]\ntype = \"HEADER\"\ndefault_version = \"neutral\"\n")
            .unwrap_err();
        let text = e.to_string();
        assert!(text.contains("/app/tether.toml"), "{text}");
        assert!(
            text.contains("framework.versioning.default_version"),
            "{text}"
        );
        assert!(text.contains("#[version(neutral)]"), "{text}");
        assert_eq!(e.place.map(|p| (p.line, p.column)), Some((3, 19)));
    }

    /// Issue 12 item 13: `global_prefix_exclude` entries, both spellings.
    #[test]
    fn a5_global_prefix_exclude() {
        let c = parse(
            "[framework]\nglobal_prefix = \"api\"\nglobal_prefix_exclude = [\"health\", { path = \"metrics\", method = \"get\" }]\n",
        )
        .unwrap();
        let fw = c.framework();
        assert_eq!(fw.global_prefix_exclude.len(), 2);
        assert_eq!(
            fw.global_prefix_exclude[1].method,
            Some(crate::HttpMethod::Get)
        );
        for (text, needle) in [
            (
                "[framework]\nglobal_prefix_exclude = [\"health\"]\n",
                "key `framework.global_prefix_exclude` needs `global_prefix",
            ),
            (
                "[framework]\nglobal_prefix = \"api\"\nglobal_prefix_exclude = [\"ok\", \"health/\"]\n",
                "key `framework.global_prefix_exclude[1]`: `path`: route path `health/` has a trailing slash",
            ),
            (
                "[framework]\nglobal_prefix = \"api\"\nglobal_prefix_exclude = [{ path = \"h\", method = \"TRACE\" }]\n",
                "key `framework.global_prefix_exclude[0]`: `method`: `TRACE` is not a route method",
            ),
            (
                "[framework]\nglobal_prefix = \"api\"\nglobal_prefix_exclude = [{ path = \"h\", verb = \"GET\" }]\n",
                "line 3",
            ),
            (
                "[framework]\nglobal_prefix = \"api\"\nglobal_prefix_exclude = [3]\n",
                "a route path such as",
            ),
        ] {
            let e = parse(text).unwrap_err().to_string();
            assert!(
                e.contains(needle) && e.contains("/app/tether.toml"),
                "{needle:?} not in {e}"
            );
        }
    }
}
