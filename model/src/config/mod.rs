//! `tether.toml`: one parser for the macros (`tether::config!()`),
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
//! servers = [{ url = "https://api.example.org", description = "Production" }]
//! [openapi.info]                    # all optional
//! description = "The catalogue."
//! terms_of_service = "https://example.org/terms"
//! contact = { name = "Books team", url = "https://example.org", email = "books@example.org" }
//! license = { name = "MIT", identifier = "MIT" }   # or url = "https://…"
//! [openapi.sdk]
//! output = "sdk"
//! emit = "ts"                       # or "js": compiled .js + .d.ts
//! tanstack_query = false            # true: queries.ts, TanStack Query options
//! zod = false                       # true: zod.ts, zod 4 schemas and a validator
//!
//! [schemas]                         # schemas of foreign types, by path
//! "geo::Point" = '{"type": "array", "items": {"type": "number"}}'
//! ```

mod about;
mod framework;
mod openapi;

pub use about::{ContactSection, InfoSection, LicenseSection, ServerEntry};
pub use framework::{ExcludeEntry, FrameworkSection, VersioningSection, VersioningType};
pub use openapi::{ControllerFilter, OpenApiOutput, OpenApiVersion, SdkEmit, SdkOutput};

use framework::{check_default_version, check_default_version_prefix};
use openapi::one_or_many;

use crate::config_spans::{locate, Place};
use crate::versioning::Framework;
use serde::Deserialize;
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
    /// with `#[security("name")]` (see [`crate::schemes`]).
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
                1 => "openapi".to_string(),
                _ => format!("openapi[{i}]"),
            };
            out.check(&key)?;
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

    pub(super) fn parse(s: &str) -> Result<Config, ConfigError> {
        Config::parse(s, Path::new("/app/tether.toml"))
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
