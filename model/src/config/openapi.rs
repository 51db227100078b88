//! `[openapi]` (or `[[openapi]]`) of `tether.toml`: each document's
//! output, title, version and controllers, and its `[openapi.sdk]` client.

use super::about::{InfoSection, ServerEntry};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

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
    /// `servers = [{ url = "…", description = "…" }]`: where the API is
    /// served; none when absent.
    #[serde(default)]
    pub servers: Vec<ServerEntry>,
    /// `[openapi.info]`: description, contact, license, terms of service.
    #[serde(default)]
    pub info: InfoSection,
}

impl OpenApiOutput {
    /// Checks the values serde cannot: the output's file name, its
    /// `servers` and `info`. `key` is the output's own key (`openapi`,
    /// `openapi[1]`); every message opens with the key it is about.
    pub fn check(&self, key: &str) -> Result<(), String> {
        check_output_is_json(&format!("{key}.output"), &self.output)?;
        super::about::check(key, &self.servers, &self.info)?;
        let identifier = self
            .info
            .license
            .as_ref()
            .and_then(|l| l.identifier.as_ref());
        match identifier {
            Some(id) if self.openapi_version == OpenApiVersion::V3_0 => Err(format!("key `{key}.info.license.identifier`: OpenAPI 3.0 has no license identifier; give the license's `url` instead (`https://spdx.org/licenses/{id}.html`), or write a 3.1 document")),
            _ => Ok(()),
        }
    }
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
pub(super) fn one_or_many<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<OpenApiOutput>, D::Error> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::tests::parse;
    use crate::config::RuntimeKind;

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
}
