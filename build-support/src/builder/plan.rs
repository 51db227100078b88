//! The first step of a run: its documents, built in memory from
//! `tether.toml` and the crate's sources, as a [`Plan`] (the clients and
//! `tether.generated` are added to it in [`super::write`]). The crate's
//! refusals (`crate::checks`) run before any document is built; nothing
//! is written here.

use super::Builder;
use crate::analysis::controllers::read_controllers;
use crate::analysis::diagnostics::{Diagnostic, Error};
use crate::analysis::index::CrateIndex;
use crate::analysis::modules::CrateSources;
use crate::freeze::{Release, ReleaseError};
use crate::openapi::{build_documents, file_name, Inputs};
use crate::plan::{Plan, PlannedDocument};
use std::path::{Path, PathBuf};

impl Builder {
    /// Reads the settings and the crate and builds every document; every
    /// problem found, or the plan of the documents (with the crate root
    /// and the directory they are written to).
    pub(crate) fn plan_documents(&self) -> Result<(Plan, PathBuf, PathBuf), Error> {
        let Loaded {
            root,
            mut read,
            config,
            stated,
            index,
            controllers,
        } = self.load()?;
        let framework = config.framework();
        let schemes = &config.security.schemes;
        let out_dir = self.output_dir.clone().unwrap_or_else(|| root.clone());
        let mut plan = Plan {
            outputs: config.openapi.clone(),
            ..Plan::default()
        };
        let mut errors = Vec::new();
        for output in &config.openapi {
            let inputs = Inputs {
                index: &index,
                controllers: &controllers,
                framework: &framework,
                schemes,
                output,
                package: &self.package,
                stated: &stated,
            };
            match build_documents(&inputs) {
                Ok(built) => plan.documents.extend(built.into_iter().map(|b| {
                    let path = out_dir.join(file_name(&output.output, b.suffix.as_deref()));
                    PlannedDocument::new(path, b.document, output)
                })),
                Err(mut e) => {
                    errors.append(&mut e);
                    continue;
                }
            }
            // The released versions' documents, against their locks.
            if self.skip_locks {
                continue;
            }
            match crate::freeze::check_output(&inputs, &root) {
                Ok(checked) => {
                    self.print_rerun(&checked.watched);
                    for note in &checked.notes {
                        if self.cargo_directives {
                            println!("cargo:warning={note}");
                        }
                    }
                    // The locks; the directory holding them is only watched.
                    read.extend(checked.watched.into_iter().filter(|p| p.is_file()));
                    plan.released_notes.extend(checked.notes);
                }
                Err(mut e) => errors.append(&mut e),
            }
        }
        if !errors.is_empty() {
            return Err(Error::many(errors));
        }
        plan.read = read;
        Ok((plan, root, out_dir))
    }

    /// Reads the settings and the crate's controllers, and runs the
    /// crate's refusals.
    fn load(&self) -> Result<Loaded, Error> {
        let root = self.manifest_dir.clone().ok_or_else(|| {
            Error::one(Diagnostic::in_file(Path::new("build.rs"), "CARGO_MANIFEST_DIR is not set; call `tether_build::generate()` from build.rs, or set `Builder::manifest_dir`"))
        })?;
        if self.cargo_directives {
            println!("cargo:rerun-if-env-changed={}", super::DEFER_WRITES_ENV);
        }
        let mut read = Vec::new();
        let config = self.load_config(&root, &mut read)?;
        let stated = self.stated_schemas(&config, read.first().map(PathBuf::as_path))?;
        let manifests =
            crate::analysis::dependencies::check_serde_valid(&root).map_err(Error::one)?;
        read.extend(manifests);
        let index = self.read_crate(&root, &mut read)?;
        let controllers = read_controllers(&index).map_err(Error::many)?;
        crate::checks::controllers(
            &index,
            &controllers,
            &config.framework(),
            &config.security.schemes,
        )
        .map_err(Error::many)?;
        Ok(Loaded {
            root,
            read,
            config,
            stated,
            index,
            controllers,
        })
    }

    /// Releases `version`: writes the document of that version of every
    /// output serving it to its lock (`api/v1.json`), which later builds
    /// compare the version's document with. A lock that exists is only
    /// overwritten with breaking changes when `force` is set.
    pub fn release(&self, version: &str, force: bool) -> Result<Vec<Release>, ReleaseError> {
        let loaded = self
            .load()
            .map_err(|e| ReleaseError::Build(e.diagnostics))?;
        let framework = loaded.config.framework();
        let mut released = Vec::new();
        let mut served = Vec::new();
        for output in &loaded.config.openapi {
            let inputs = Inputs {
                index: &loaded.index,
                controllers: &loaded.controllers,
                framework: &framework,
                schemes: &loaded.config.security.schemes,
                output,
                package: &self.package,
                stated: &loaded.stated,
            };
            released.extend(crate::freeze::release(
                &inputs,
                &loaded.root,
                version,
                force,
            )?);
            served.extend(crate::openapi::served_versions(&inputs));
        }
        if released.is_empty() {
            served.dedup();
            return Err(ReleaseError::NotServed(served));
        }
        Ok(released)
    }

    /// The crate's sources (and its path dependencies'), indexed; each
    /// file read is added to `read` and watched by cargo.
    fn read_crate(&self, root: &Path, read: &mut Vec<PathBuf>) -> Result<CrateIndex, Error> {
        let roots = if self.roots.is_empty() {
            ["src/lib.rs", "src/main.rs"]
                .iter()
                .map(|r| root.join(r))
                .filter(|p| p.is_file())
                .collect()
        } else {
            self.roots.clone()
        };
        if roots.is_empty() {
            return Err(Error::one(Diagnostic::in_file(&root.join("src"), "found neither src/lib.rs nor src/main.rs").with_help("run tether-build from a crate with sources, or name the root with `Builder::source_root`")));
        }
        let deps = self.path_dependencies(root);
        let sources =
            CrateSources::load_with_deps(&roots, self.package.name.as_deref(), &deps, &self.cfg);
        let sources = match sources {
            Ok(s) => s,
            Err(e) => {
                self.print_rerun(read);
                return Err(e);
            }
        };
        read.extend(sources.files.iter().map(|f| f.path.clone()));
        self.print_rerun(read);
        Ok(CrateIndex::new(sources))
    }

    /// Path dependencies to read; when cargo cannot tell, none (their
    /// types are then reported like any unknown foreign type).
    fn path_dependencies(&self, root: &Path) -> Vec<(String, PathBuf)> {
        let Some(cargo) = &self.cargo else {
            return Vec::new();
        };
        if !root.join("Cargo.toml").is_file() {
            return Vec::new();
        }
        match crate::analysis::workspace::path_dependencies(root, cargo) {
            Ok(deps) => deps
                .into_iter()
                .filter(|d| d.lib_root.is_file())
                .map(|d| (d.name, d.lib_root))
                .collect(),
            Err(e) => {
                if self.cargo_directives {
                    println!("cargo:warning=tether-build: types of path dependencies are not documented: {e}");
                }
                Vec::new()
            }
        }
    }
}

/// The settings and controllers of a crate, read and checked.
struct Loaded {
    root: PathBuf,
    read: Vec<PathBuf>,
    config: tether_model::config::Config,
    stated: std::collections::BTreeMap<String, serde_json::Value>,
    index: CrateIndex,
    controllers: Vec<crate::analysis::controllers::FoundController>,
}
