//! The settings of a run: `tether.toml` (or what was given in code), the
//! overrides that are refused, and the schemas stated for foreign types.

use super::Builder;
use crate::analysis::diagnostics::{Diagnostic, Error};
use crate::analysis::overrides::parse_schema_text;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use tether_model::config::{Config, OpenApiOutput, VersioningType, CONFIG_FILE};

impl Builder {
    /// The settings of the run. The crate's own `tether.toml` is the one
    /// `#[controller]` embeds: it is in `read` even when it does not exist
    /// yet, so that creating it reruns build.rs.
    pub(super) fn load_config(
        &self,
        root: &Path,
        read: &mut Vec<PathBuf>,
    ) -> Result<Config, Error> {
        let crate_config = root.join(CONFIG_FILE);
        let mut config = match (&self.config, &self.config_file) {
            (Some(c), _) => c.clone(),
            (None, Some(file)) => {
                read.push(file.clone());
                Config::load(file).map_err(config_error)?
            }
            (None, None) => {
                read.push(crate_config.clone());
                if crate_config.is_file() {
                    Config::load(&crate_config).map_err(config_error)?
                } else {
                    Config::default()
                }
            }
        };
        self.refuse_overrides(&crate_config)?;
        if self.compiled_with_config && (self.config.is_some() || self.config_file.is_some()) {
            check_served_framework(&config, &crate_config)?;
        }
        if !self.outputs.is_empty() {
            config.openapi = self.outputs.clone();
            check_outputs_in_code(&config.openapi)?;
        }
        if config.openapi.is_empty() {
            config.openapi.push(OpenApiOutput {
                output: "openapi.json".into(),
                ..OpenApiOutput::default()
            });
        }
        Ok(config)
    }

    /// `Builder::global_prefix`/`versioning` would change the document and
    /// not the served paths: an error that says where the setting goes.
    fn refuse_overrides(&self, crate_config: &Path) -> Result<(), Error> {
        let mut errors = Vec::new();
        if let Some(p) = &self.global_prefix {
            errors.push(Diagnostic::in_file(Path::new("build.rs"), format!(
                "`Builder::global_prefix({p:?})` would change the document but not the served paths: `#[controller]` reads the prefix from tether.toml"
            )).with_help(format!("put `global_prefix = {p:?}` under `[framework]` in {} and remove the call", crate_config.display())));
        }
        if let Some(v) = &self.versioning {
            let kind = match v.kind {
                VersioningType::Uri => "URI",
                VersioningType::Header => "HEADER",
            };
            let default = v
                .default_version
                .as_ref()
                .map(|d| format!(", default_version = {d:?}"))
                .unwrap_or_default();
            errors.push(Diagnostic::in_file(Path::new("build.rs"), "`Builder::versioning(..)` would change the document but not the served paths: `#[controller]` reads versioning from tether.toml")
                .with_help(format!("put `[framework.versioning]` with `type = \"{kind}\"{default}` in {} and remove the call", crate_config.display())));
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(Error::many(errors))
        }
    }

    pub(super) fn stated_schemas(
        &self,
        config: &Config,
        config_path: Option<&Path>,
    ) -> Result<BTreeMap<String, Value>, Error> {
        let mut stated = BTreeMap::new();
        let mut errors = Vec::new();
        for (name, text) in &config.schemas {
            match parse_schema_text(text) {
                Ok(v) => {
                    stated.insert(name.clone(), v);
                }
                Err(e) => {
                    let key = format!("schemas.\"{name}\"");
                    let file = config_path.unwrap_or(Path::new(CONFIG_FILE));
                    let d = Diagnostic::in_file(file, format!("key `{key}`: {e}"));
                    errors.push(at_key(d, config_path, &key));
                }
            }
        }
        stated.extend(self.stated.clone());
        if errors.is_empty() {
            Ok(stated)
        } else {
            Err(Error::many(errors))
        }
    }
}

/// A `[framework]` given in code (`Builder::config`, `Builder::config_file`)
/// that differs from the crate's `tether.toml`, which `#[controller]`
/// embeds, would document paths the app does not serve.
fn check_served_framework(config: &Config, crate_config: &Path) -> Result<(), Error> {
    let served = if crate_config.is_file() {
        Config::load(crate_config).map_err(config_error)?.framework
    } else {
        Default::default()
    };
    if served == config.framework {
        return Ok(());
    }
    Err(Error::one(
        Diagnostic::in_file(crate_config, "the `[framework]` settings given to tether-build differ from this file's, which `#[controller]` compiles into the app: the document would describe paths the app does not serve")
            .with_help("keep `[framework]` (global_prefix, versioning) in the crate's tether.toml only"),
    ))
}

/// Outputs given in code (`Builder::output`) are checked as the file's
/// are: a broken value names the output and the field.
fn check_outputs_in_code(outputs: &[OpenApiOutput]) -> Result<(), Error> {
    let errors: Vec<Diagnostic> = outputs
        .iter()
        .enumerate()
        .filter_map(|(i, out)| Some((i, out.check("openapi").err()?)))
        .map(|(i, e)| {
            let n = i + 1;
            Diagnostic::in_file(
                Path::new("build.rs"),
                format!("output #{n} of `Builder::output`: {e}"),
            )
        })
        .collect();
    match errors.is_empty() {
        true => Ok(()),
        false => Err(Error::many(errors)),
    }
}

/// `d`, placed at where `key` is written in the `tether.toml` at `file`
/// (when it can be read and has the key).
fn at_key(d: Diagnostic, file: Option<&Path>, key: &str) -> Diagnostic {
    let text = file.and_then(|f| std::fs::read_to_string(f).ok());
    let place = text.and_then(|t| tether_model::config_spans::locate(&t, key));
    placed(d, place)
}

/// `d` at `place` (line, column and the line's text), when known.
fn placed(mut d: Diagnostic, place: Option<tether_model::config_spans::Place>) -> Diagnostic {
    if let Some(place) = place {
        d.line = place.line;
        d.column = place.column;
        d.snippet = Some(place.text);
    }
    d
}

/// A `tether.toml` error as a diagnostic, at its line and column when
/// known.
fn config_error(e: tether_model::config::ConfigError) -> Error {
    Error::one(placed(Diagnostic::in_file(&e.file, e.message), e.place))
}
