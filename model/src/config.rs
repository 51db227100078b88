//! `tether.toml` (SPEC B4): one parser for the macros (`tether::config!()`),
//! `tether-build` and `cargo tether`.
//!
//! ```toml
//! runtime = "multi-thread"          # or "per-core"
//!
//! [framework]
//! global_prefix = "api"
//! global_prefix_exclude = ["health", { path = "metrics", method = "GET" }]
//!
//! [framework.versioning]
//! type = "URI"                      # or "HEADER"
//! default_version = "1"
//! prefix = "v"
//!
//! [openapi]                         # or [[openapi]] for several outputs
//! output = "openapi.json"
//! title = "Bookstore"
//! version = "1.0.0"
//! [openapi.sdk]
//! output = "sdk"
//! emit = "ts"                       # or "js": compiled .js + .d.ts
//! tanstack_query = false            # true: queries.ts, TanStack Query options
//! zod = false                       # true: zod.ts, zod 4 schemas and a validator
//!
//! [schemas]                         # schemas of foreign types, by path
//! "geo::Point" = '{"type": "array", "items": {"type": "number"}}'
//! ```

use crate::config_spans::{locate, Place};
use crate::prefix_exclude::PrefixExclusion;
use crate::versioning::{validate_version, Framework, Versioning, VersioningKind};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};

/// The file name looked for in the crate root.
pub const CONFIG_FILE: &str = "tether.toml";

/// The whole `tether.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Runtime used by `cargo tether dev` and `App::listen`; `None` when
    /// the file does not say (then [`RuntimeKind::default`]).
    #[serde(default)]
    pub runtime: Option<RuntimeKind>,
    /// Global prefix and versioning.
    #[serde(default)]
    pub framework: FrameworkSection,
    /// One or several OpenAPI outputs.
    #[serde(default, deserialize_with = "one_or_many")]
    pub openapi: Vec<OpenApiOutput>,
    /// `[schemas]`: the JSON Schema of types tether-build cannot see into
    /// (from other crates), by type path or name: a JSON type name
    /// (`Money = "string"`) or JSON Schema text
    /// (`"geo::Point" = '{"type": "array", "items": {"type": "number"}}'`).
    #[serde(default)]
    pub schemas: std::collections::BTreeMap<String, String>,
    /// `[security.schemes.<name>]`: the security schemes routes require
    /// with `#[security("name")]` (SPEC E4; see [`crate::schemes`]).
    #[serde(default)]
    pub security: crate::schemes::SecuritySection,
}

/// `runtime = "…"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub enum RuntimeKind {
    /// tokio's multi-threaded runtime.
    #[default]
    #[serde(rename = "multi-thread")]
    MultiThread,
    /// One single-threaded runtime per core, each with its own listener.
    #[serde(rename = "per-core")]
    PerCore,
}

impl RuntimeKind {
    /// The spelling used in `tether.toml` and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            RuntimeKind::MultiThread => "multi-thread",
            RuntimeKind::PerCore => "per-core",
        }
    }

    /// Parses the spelling used in `tether.toml` and on the command line.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "multi-thread" => Some(RuntimeKind::MultiThread),
            "per-core" => Some(RuntimeKind::PerCore),
            _ => None,
        }
    }
}

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

/// One `[openapi]` output.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenApiOutput {
    /// Name used by `--name`; required when there are several outputs.
    pub name: Option<String>,
    /// Path of the JSON document, relative to the crate root.
    #[serde(default = "default_output")]
    pub output: String,
    /// `info.title`.
    pub title: Option<String>,
    /// `info.version`.
    pub version: Option<String>,
    /// `"3.1"` (default), `"3.2"` or `"3.0"`.
    #[serde(default)]
    pub openapi_version: OpenApiVersion,
    /// Which controllers this output documents; all when absent.
    pub filter: Option<ControllerFilter>,
    /// The TypeScript client; none when absent.
    pub sdk: Option<SdkOutput>,
}

fn default_output() -> String {
    "openapi.json".to_string()
}

/// `openapi_version = "…"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub enum OpenApiVersion {
    /// OpenAPI 3.0.3.
    #[serde(rename = "3.0")]
    V3_0,
    /// OpenAPI 3.1.0.
    #[default]
    #[serde(rename = "3.1")]
    V3_1,
    /// OpenAPI 3.2.0.
    #[serde(rename = "3.2")]
    V3_2,
}

impl OpenApiVersion {
    /// The `openapi` field of the document.
    pub fn document_version(self) -> &'static str {
        match self {
            OpenApiVersion::V3_0 => "3.0.3",
            OpenApiVersion::V3_1 => "3.1.0",
            OpenApiVersion::V3_2 => "3.2.0",
        }
    }
}

/// `[openapi.filter]`: a controller is kept when it matches every list given.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ControllerFilter {
    /// Controller type names, e.g. `["UsersController"]`.
    pub controllers: Option<Vec<String>>,
    /// Controller path prefixes, e.g. `["/admin"]`.
    pub paths: Option<Vec<String>>,
    /// Module path prefixes, e.g. `["crate::admin"]`.
    pub modules: Option<Vec<String>>,
}

impl ControllerFilter {
    /// Whether a controller with this type name, path and module is kept.
    pub fn keeps(&self, type_name: &str, path: &str, module: &str) -> bool {
        let path_matches = |p: &String| {
            let p = p.trim_end_matches('/');
            path == p || path.starts_with(&format!("{p}/")) || p.is_empty()
        };
        let module_matches = |m: &String| module == m || module.starts_with(&format!("{m}::"));
        self.controllers
            .as_ref()
            .is_none_or(|c| c.iter().any(|c| c == type_name))
            && self
                .paths
                .as_ref()
                .is_none_or(|p| p.iter().any(path_matches))
            && self
                .modules
                .as_ref()
                .is_none_or(|m| m.iter().any(module_matches))
    }
}

/// `[openapi.sdk]`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SdkOutput {
    /// Directory of the generated client, relative to the crate root.
    pub output: String,
    /// `"ts"` (default): TypeScript sources; `"js"`: compiled ES modules
    /// with `.d.ts` declarations, installable with `npm install ./sdk`.
    #[serde(default)]
    pub emit: SdkEmit,
    /// Also TanStack Query options and keys per operation (`queries.ts`).
    #[serde(default)]
    pub tanstack_query: bool,
    /// Also zod 4 schemas and a `validator` for the client (`zod.ts`).
    #[serde(default)]
    pub zod: bool,
}

/// `[openapi.sdk] emit = "…"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub enum SdkEmit {
    /// `.ts` sources, for a project that compiles them itself.
    #[default]
    #[serde(rename = "ts")]
    TypeScript,
    /// `.js` ES modules and `.d.ts` declarations: no compile step.
    #[serde(rename = "js")]
    JavaScript,
}

/// Accepts `[openapi]` (one table) and `[[openapi]]` (an array of tables)
/// while keeping serde's precise errors for each table.
fn one_or_many<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<OpenApiOutput>, D::Error> {
    struct OneOrMany;
    impl<'de> Visitor<'de> for OneOrMany {
        type Value = Vec<OpenApiOutput>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an `[openapi]` table or an `[[openapi]]` array of tables")
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            OpenApiOutput::deserialize(de::value::MapAccessDeserializer::new(map)).map(|o| vec![o])
        }
        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            Vec::deserialize(de::value::SeqAccessDeserializer::new(seq))
        }
    }
    d.deserialize_any(OneOrMany)
}

/// A `tether.toml` that could not be used: names the file, the place and the fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file that was read.
    pub file: PathBuf,
    /// Where in it, when known.
    pub place: Option<Place>,
    /// What is wrong and the fix.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error in {}: ", self.file.display())?;
        match &self.place {
            Some(p) => write!(
                f,
                "line {}, column {}: {} (at `{}`)",
                p.line,
                p.column,
                self.message,
                p.text.trim()
            ),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// Parses and checks the text of a `tether.toml` read from `file`.
    pub fn parse(text: &str, file: &Path) -> Result<Config, ConfigError> {
        let error = |place: Option<Place>, message: String| ConfigError {
            file: file.to_path_buf(),
            place,
            message,
        };
        let config: Config = toml::from_str(text).map_err(|e| {
            let place = e.span().map(|s| Place::of_offset(text, s.start));
            error(place, e.message().trim_end().to_string())
        })?;
        config.check().map_err(|message| {
            error(checked_key(&message).and_then(|k| locate(text, k)), message)
        })?;
        Ok(config)
    }

    /// Reads `file` and parses it.
    pub fn load(file: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(file).map_err(|e| ConfigError {
            file: file.to_path_buf(),
            place: None,
            message: format!("cannot read the file: {e}"),
        })?;
        Config::parse(&text, file)
    }

    /// Finds `tether.toml` in `dir` or its ancestors.
    pub fn find(dir: &Path) -> Option<PathBuf> {
        dir.ancestors()
            .map(|d| d.join(CONFIG_FILE))
            .find(|p| p.is_file())
    }

    fn check(&self) -> Result<(), String> {
        self.framework.check_exclusions()?;
        if let Some(v) = &self.framework.versioning {
            if let Some(default) = &v.default_version {
                check_default_version(default)?;
                if v.kind == VersioningType::Uri {
                    check_default_version_prefix(default, v.prefix.as_deref().unwrap_or("v"))?;
                }
            }
            if v.kind == VersioningType::Header && v.prefix.is_some() {
                return Err("key `framework.versioning.prefix` only applies to `type = \"URI\"`; remove it or switch to URI versioning".into());
            }
        }
        self.security.check()?;
        for (i, out) in self.openapi.iter().enumerate() {
            let key = match self.openapi.len() {
                1 => "openapi.output".to_string(),
                _ => format!("openapi[{i}].output"),
            };
            check_output_is_json(&key, &out.output)?;
        }
        if self.openapi.len() > 1 {
            let mut seen = Vec::new();
            for (i, out) in self.openapi.iter().enumerate() {
                let Some(name) = &out.name else {
                    return Err(format!("key `openapi[{i}].name` is missing: with several `[[openapi]]` outputs each needs a unique `name = \"…\"`"));
                };
                if seen.contains(&name) {
                    return Err(format!("key `openapi[{i}].name`: the name `{name}` is used twice; give each output its own name"));
                }
                seen.push(name);
            }
        }
        Ok(())
    }

    /// The path-shaping settings as the runtime and generator use them.
    pub fn framework(&self) -> Framework {
        self.framework.to_framework()
    }
}

impl FrameworkSection {
    /// `global_prefix_exclude`: each entry parses, and there is a prefix
    /// to exclude from.
    fn check_exclusions(&self) -> Result<(), String> {
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
fn check_default_version(default: &str) -> Result<(), String> {
    let key = "key `framework.versioning.default_version`";
    if default.eq_ignore_ascii_case("neutral") {
        return Err(format!("{key}: `\"{default}\"` would be a version named `{default}`, not version-neutral routes; write the version routes without `#[version]` belong to, e.g. `\"1\"`, and mark version-neutral routes `#[version(neutral)]`"));
    }
    validate_version(default).map_err(|e| format!("{key}: {e}"))
}

/// `default_version = "v1"` under URI versioning with the prefix `v`:
/// served under `/vv1` (as `#[version("v1")]` would be, which the macros
/// refuse too).
fn check_default_version_prefix(default: &str, prefix: &str) -> Result<(), String> {
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

/// tether-build writes the document as JSON whatever the file is called:
/// an `openapi.yaml` would hold JSON, which a reader of the name does not
/// expect (YAML tools read it, as JSON is YAML, but diffs and editors do
/// not).
fn check_output_is_json(key: &str, output: &str) -> Result<(), String> {
    let lower = output.to_ascii_lowercase();
    if !(lower.ends_with(".yaml") || lower.ends_with(".yml")) {
        return Ok(());
    }
    let stem = &output[..output.rfind('.').unwrap_or(output.len())];
    Err(format!("key `{key}`: tether writes the OpenAPI document as JSON, so `{output}` would hold JSON; name it `{stem}.json` (every YAML reader reads JSON too, and `cargo tether sdk --input` reads either)"))
}

/// The key a check's message is about: every message of [`Config::check`]
/// opens with it (`key `framework.versioning.prefix` …`), so the error can
/// point at where it is written.
fn checked_key(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("key `")?;
    rest.split_once('`').map(|(key, _)| key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Config, ConfigError> {
        Config::parse(s, Path::new("/app/tether.toml"))
    }

    #[test]
    fn b4_single_output() {
        let c = parse(
            r#"
runtime = "per-core"
[framework]
global_prefix = "/api/"
[framework.versioning]
type = "URI"
default_version = "1"
[openapi]
output = "doc/openapi.json"
title = "Books"
version = "1.2.0"
openapi_version = "3.2"
[openapi.sdk]
output = "sdk"
emit = "js"
"#,
        )
        .unwrap();
        assert_eq!(c.openapi[0].sdk.as_ref().unwrap().emit, SdkEmit::JavaScript);
        assert_eq!(c.runtime, Some(RuntimeKind::PerCore));
        assert_eq!(c.openapi.len(), 1);
        assert_eq!(c.openapi[0].sdk.as_ref().unwrap().output, "sdk");
        assert_eq!(c.openapi[0].openapi_version, OpenApiVersion::V3_2);
        let fw = c.framework();
        assert_eq!(fw.global_prefix.as_deref(), Some("api"));
        assert_eq!(fw.versioning.unwrap().prefix, "v");
    }

    #[test]
    fn b4_several_outputs() {
        let c = parse(
            r#"
[[openapi]]
name = "public"
output = "public.json"
[openapi.filter]
paths = ["/books"]
[[openapi]]
name = "admin"
output = "admin.json"
"#,
        )
        .unwrap();
        assert_eq!(c.openapi.len(), 2);
        let f = c.openapi[0].filter.as_ref().unwrap();
        assert!(f.keeps("BooksController", "/books", "crate"));
        assert!(f.keeps("BooksController", "/books/x", "crate"));
        assert!(!f.keeps("BooksController", "/booksx", "crate"));
        assert!(c.openapi[1].sdk.is_none());
    }

    #[test]
    fn b4_unknown_key_names_file_line_and_allowed_keys() {
        let e = parse("[framework]\nglobal_prefx = \"api\"\n").unwrap_err();
        let text = e.to_string();
        assert!(text.contains("/app/tether.toml"), "{text}");
        assert!(text.contains("line 2"), "{text}");
        assert!(text.contains("global_prefx"), "{text}");
        assert!(text.contains("global_prefix"), "{text}");
    }

    #[test]
    fn b4_wrong_value_lists_allowed_values() {
        let e = parse("[framework.versioning]\ntype = \"PATH\"\n").unwrap_err();
        let text = e.to_string();
        assert!(text.contains("line 2"), "{text}");
        assert!(text.contains("URI") && text.contains("HEADER"), "{text}");
        let e = parse("runtime = \"bun\"\n").unwrap_err().to_string();
        assert!(e.contains("multi-thread") && e.contains("per-core"), "{e}");
        let e = parse("[openapi]\ntitle = 3\n").unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("string"), "{e}");
    }

    /// `default_version = "v1"` under URI versioning (prefix `v`) would be
    /// `/vv1`; a `.yaml` output would hold JSON: both refused at their line.
    #[test]
    fn b4_default_version_with_the_prefix_and_yaml_outputs_are_refused() {
        let e = parse("[framework.versioning]\ntype = \"URI\"\ndefault_version = \"v1\"\n")
            .unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("`/vv1`") && text.contains(r#"default_version = "1""#),
            "{text}"
        );
        assert_eq!(e.place.map(|p| p.line), Some(3));
        let custom = "[framework.versioning]\ntype = \"URI\"\nprefix = \"version\"\ndefault_version = \"v1\"\n";
        assert!(
            parse(custom).is_ok(),
            "another prefix: `v1` is a version of its own"
        );
        let header = "[framework.versioning]\ntype = \"HEADER\"\ndefault_version = \"v1\"\n";
        assert!(parse(header).is_ok());
        let e = parse("[openapi]\ntitle = \"x\"\noutput = \"docs/api.yaml\"\n").unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("`docs/api.json`") && text.contains("openapi.output"),
            "{text}"
        );
        assert_eq!(e.place.map(|p| p.line), Some(3));
        let e = parse("[[openapi]]\nname = \"a\"\noutput = \"a.json\"\n[[openapi]]\nname = \"b\"\noutput = \"b.YML\"\n")
            .unwrap_err();
        assert!(e.to_string().contains("openapi[1].output"), "{e}");
        assert_eq!(e.place.map(|p| p.line), Some(6));
    }

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

    #[test]
    fn b4_checked_values_name_their_line() {
        let scheme = "[security.schemes.bearer]\ntype = \"http\"\nscheme = \"bearr\"\n";
        let e = parse(scheme).unwrap_err();
        assert_eq!(e.place.as_ref().map(|p| p.line), Some(3), "{e}");
        assert!(e.to_string().contains("line 3, column 10"), "{e}");
        let exclude = "[framework]\nglobal_prefix = \"api\"\nglobal_prefix_exclude = [{ path = \"x\", method = \"FETCH\" }]\n";
        let e = parse(exclude).unwrap_err();
        assert_eq!(e.place.as_ref().map(|p| p.line), Some(3), "{e}");
    }

    #[test]
    fn b4_several_outputs_need_unique_names() {
        let e = parse("[[openapi]]\noutput=\"a.json\"\n[[openapi]]\nname=\"b\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("openapi[0].name"), "{e}");
        let e = parse("[[openapi]]\nname=\"a\"\n[[openapi]]\nname=\"a\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("used twice"), "{e}");
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

    #[test]
    fn b3_schemas_table() {
        let c = parse("[schemas]\n\"geo::Point\" = '{\"type\": \"array\"}'\nMoney = \"string\"\n")
            .unwrap();
        assert_eq!(c.schemas["Money"], "string");
        assert_eq!(c.schemas["geo::Point"], r#"{"type": "array"}"#);
        let e = parse("[schemas]\nMoney = 3\n").unwrap_err().to_string();
        assert!(e.contains("line 2"), "{e}");
    }

    #[test]
    fn e4_security_schemes() {
        let c = parse(
            r#"
[security.schemes.bearer]
type = "http"
scheme = "bearer"
bearer_format = "JWT"
[security.schemes.key]
type = "apiKey"
in = "cookie"
name = "sid"
[security.schemes.oauth]
type = "oauth2"
[security.schemes.oauth.flows.client_credentials]
token_url = "https://a/token"
scopes = { "books:write" = "Change books" }
[security.schemes.oidc]
type = "openIdConnect"
open_id_connect_url = "https://a/.well-known/openid-configuration"
"#,
        )
        .unwrap();
        assert_eq!(c.security.schemes.len(), 4);
        for (text, needle) in [
            (
                "[security.schemes.b]\ntype = \"http\"\n",
                "key `security.schemes.b.scheme` is missing",
            ),
            (
                "[security.schemes.b]\ntype = \"http\"\nscheme = \"digest\"\n",
                "key `security.schemes.b.scheme`: `digest`",
            ),
            (
                "[security.schemes.b]\ntype = \"apiKey\"\nin = \"header\"\n",
                "key `security.schemes.b.name` is missing",
            ),
            (
                "[security.schemes.b]\ntype = \"apiKey\"\nin = \"body\"\nname = \"x\"\n",
                "line 3",
            ),
            (
                "[security.schemes.b]\ntype = \"http\"\nscheme = \"basic\"\nname = \"x\"\n",
                "key `security.schemes.b.name` does not apply",
            ),
            (
                "[security.schemes.b]\ntype = \"oauth2\"\n",
                "key `security.schemes.b.flows` is missing",
            ),
            (
                "[security.schemes.b]\ntype = \"oauth2\"\n[security.schemes.b.flows.implicit]\n",
                "key `security.schemes.b.flows.implicit.authorization_url`",
            ),
            ("[security.schemes.b]\ntype = \"jwt\"\n", "openIdConnect"),
            (
                "[security.schemes.b]\ntype = \"http\"\nschem = \"basic\"\n",
                "line 3",
            ),
        ] {
            let e = parse(text).unwrap_err().to_string();
            assert!(
                e.contains(needle) && e.contains("/app/tether.toml"),
                "{needle:?} not in {e}"
            );
        }
    }

    #[test]
    fn empty_file_is_defaults() {
        let c = parse("").unwrap();
        assert_eq!(c, Config::default());
        assert_eq!(c.framework(), Framework::default());
    }
}
