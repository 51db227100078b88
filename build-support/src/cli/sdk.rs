//! `cargo tether sdk`: clients from existing documents, or
//! from any OpenAPI document with `--input`.

use super::plan::{self, outputs};
use super::{CliError, Emit, ImportExt, Progress, Project, SdkArgs};
use crate::sdk::{ImportExtension, SdkEmit, SdkOptions};
use tether_model::config::OpenApiOutput;

pub(super) fn run(args: &SdkArgs) -> Result<(), CliError> {
    let progress = Progress::new(args.target.quiet);
    if args.input.is_none() {
        refuse_input_only_flags(args)?;
    }
    let options = SdkOptions {
        import_extension: match args.import_extension {
            ImportExt::Js => ImportExtension::Js,
            ImportExt::Ts => ImportExtension::Ts,
            ImportExt::None => ImportExtension::None,
        },
        // Only with --input (refused otherwise): a configured output takes
        // these from its `[openapi.sdk]` table.
        emit: match args.emit.unwrap_or_default() {
            Emit::Ts => SdkEmit::TypeScript,
            Emit::Js => SdkEmit::JavaScript,
        },
        tanstack_query: args.tanstack_query,
        zod: args.zod,
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    let planned = progress.timed("Generated", "clients in memory", || match &args.input {
        Some(input) => {
            let dir = cwd.join(args.output.as_deref().expect("clap requires --output"));
            plan::from_file(&cwd.join(input), &dir, &options)
        }
        None => {
            let project = Project::locate(&args.target)?;
            let selected = select(&project, args)?;
            plan::from_documents(&project, &selected, &options)
        }
    })?;
    if args.check {
        plan::check(&planned, &progress, "cargo tether sdk")
    } else {
        plan::write(&planned)?.print(&progress);
        Ok(())
    }
}

/// The outputs to generate, with `--output` applied.
fn select(project: &Project, args: &SdkArgs) -> Result<Vec<OpenApiOutput>, CliError> {
    let all = outputs(project);
    let config = Project::show(&project.config_path);
    let mut chosen: Vec<OpenApiOutput> = match &args.name {
        Some(name) => {
            let Some(found) = all.iter().find(|o| o.name.as_deref() == Some(name)) else {
                let names: Vec<&str> = all.iter().filter_map(|o| o.name.as_deref()).collect();
                return Err(
                    CliError::new(format!("no output named `{name}` in {config}")).help(
                        if names.is_empty() {
                            "its outputs have no `name`; drop --name, or name them in [[openapi]] tables".to_string()
                        } else {
                            format!("--name takes one of: {}", names.join(", "))
                        },
                    ),
                );
            };
            if found.sdk.is_none() && args.output.is_none() {
                return Err(CliError::new(format!(
                    "the output `{name}` in {config} has no [openapi.sdk] table"
                ))
                .help("add `[openapi.sdk]` with `output = \"sdk\"` to it, or give the directory with --output DIR"));
            }
            vec![found.clone()]
        }
        None => all.iter().filter(|o| o.sdk.is_some()).cloned().collect(),
    };
    if chosen.is_empty() {
        return Err(
            CliError::new(format!("no output in {config} has an [openapi.sdk] table"))
                .help("add `[openapi.sdk]` with `output = \"sdk\"` under [openapi], or use --name N --output DIR"),
        );
    }
    if let Some(dir) = &args.output {
        if chosen.len() > 1 {
            return Err(CliError::new(format!(
                "--output names one directory, but {} outputs have clients",
                chosen.len()
            ))
            .help("choose one with --name"));
        }
        let dir = std::env::current_dir().unwrap_or_default().join(dir);
        let mut sdk = chosen[0].sdk.clone().unwrap_or_default();
        sdk.output = dir.display().to_string();
        chosen[0].sdk = Some(sdk);
    }
    Ok(chosen)
}

/// `--zod`, `--tanstack-query` and `--emit` choose what a client from
/// `--input` holds; a configured output takes them from its
/// `[openapi.sdk]` table, so without `--input` they are refused with the
/// key to set (clap's own message listed `--input` and `--output` as
/// missing, as if the flag had been meant for a document on disk).
fn refuse_input_only_flags(args: &SdkArgs) -> Result<(), CliError> {
    let given = [
        (args.zod, "--zod", "zod = true"),
        (
            args.tanstack_query,
            "--tanstack-query",
            "tanstack_query = true",
        ),
        (args.emit.is_some(), "--emit", "emit = \"js\" (or \"ts\")"),
    ];
    let Some((_, flag, key)) = given.into_iter().find(|(on, _, _)| *on) else {
        return Ok(());
    };
    Err(CliError::new(format!(
        "{flag} applies to a client generated from --input; the outputs of tether.toml take it from their `[openapi.sdk]` table"
    ))
    .help(format!(
        "set `{key}` under `[openapi.sdk]` in tether.toml and run `cargo tether sdk`, or generate from a document with `cargo tether sdk --input FILE --output DIR {flag}`"
    )))
}
