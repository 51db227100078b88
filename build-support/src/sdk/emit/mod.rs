//! The text of the client's files: `types.ts`, one
//! `<controller>/index.ts` per controller and the `index.ts` barrel with
//! `createClient`, after the fixed templates ([`super::templates`]), from
//! the names and groups of [`super::plan`].

use std::collections::BTreeMap;

use serde_json::Value;

use super::document::{Document, Field};
use super::naming::{jsdoc, prop_key};
use super::operations;
use super::package;
use super::plan::{ClientPlan, ClientTree, Controller, Member, VersionGroup};
use super::schema::Types;
use super::templates::{Flavor, HEADER, TANSTACK_TEMPLATE, TEMPLATES};
use super::{ImportExtension, SdkEmit, SdkOptions};

mod controller;
mod signature;

use controller::controller_file;

/// The files of the client and the warnings of the generation.
pub(super) fn generate(
    doc: &Document<'_>,
    options: &SdkOptions,
) -> (BTreeMap<String, String>, Vec<String>) {
    let ops = operations::collect(doc);
    let ClientPlan {
        schema_names,
        controllers,
        warnings,
    } = ClientPlan::new(doc, &ops);
    let types = Types::new(doc, schema_names);
    let (flavors, ext): (&[Flavor], &str) = match (options.emit, options.import_extension) {
        (SdkEmit::JavaScript, _) => (&[Flavor::Js, Flavor::Dts], ".js"),
        (SdkEmit::TypeScript, ImportExtension::Js) => (&[Flavor::Ts], ".js"),
        (SdkEmit::TypeScript, ImportExtension::Ts) => (&[Flavor::Ts], ".ts"),
        (SdkEmit::TypeScript, ImportExtension::None) => (&[Flavor::Ts], ""),
    };

    let mut files = BTreeMap::new();
    let mut types_ts = types.emit_all();
    if types_ts.is_empty() {
        types_ts = "export {};\n".into();
    }
    let mut templates = TEMPLATES.to_vec();
    if options.tanstack_query {
        templates.push(TANSTACK_TEMPLATE);
    }
    for &flavor in flavors {
        for &(stem, ts, js, dts) in &templates {
            let text = match flavor {
                Flavor::Ts => {
                    ts.replace("from \"./client.js\"", &format!("from \"./client{ext}\""))
                }
                Flavor::Js => js.to_string(),
                Flavor::Dts => dts.to_string(),
            };
            files.insert(flavor.file(stem), format!("{HEADER}{text}"));
        }
        if options.tanstack_query {
            let text = super::tanstack::queries_file(&controllers, &ops, ext, flavor);
            files.insert(flavor.file("queries"), text);
        }
        if options.zod {
            let text = super::zod::zod_file(doc, &types, &ops, ext, flavor);
            files.insert(flavor.file("zod"), text);
        }
        let types_text = if flavor.typed() {
            types_ts.as_str()
        } else {
            "export {};\n"
        };
        files.insert(flavor.file("types"), format!("{HEADER}\n{types_text}"));
        for c in &controllers {
            let text = controller_file(c, &ops, &types, ext, flavor);
            files.insert(flavor.file(&format!("{}/index", c.dir)), text);
        }
        files.insert(
            flavor.file("index"),
            index_file(doc, &controllers, ext, flavor),
        );
    }
    files.insert(
        "package.json".to_string(),
        package::package_json(doc, options),
    );
    (files, warnings)
}

fn index_file(doc: &Document<'_>, controllers: &[Controller], ext: &str, flavor: Flavor) -> String {
    let ClientTree { top, groups } = ClientTree::new(controllers);
    let empty = top.is_empty() && groups.is_empty();

    let schemes = super::auth::schemes(doc);
    let mut out = String::from(HEADER);
    if !empty && flavor != Flavor::Dts {
        out += &format!("import {{ ClientCore }} from \"./client{ext}\";\n");
    }
    if flavor.typed() {
        let mut names = vec!["ClientConfig"];
        if !schemes.is_empty() {
            names.push("AuthCredential");
            if schemes
                .iter()
                .any(|s| s.spec == super::auth::SchemeSpec::Basic)
            {
                names.push("BasicCredentials");
            }
        }
        out += &format!(
            "import type {{ {} }} from \"./client{ext}\";\n",
            names.join(", ")
        );
    }
    let import = if flavor == Flavor::Dts {
        "import type"
    } else {
        "import"
    };
    for c in controllers {
        let names: Vec<&str> = c.classes.iter().map(|cl| cl.name.as_str()).collect();
        out += &format!(
            "{import} {{ {} }} from \"./{}/index{ext}\";\n",
            names.join(", "),
            c.dir
        );
    }
    out += &format!("\nexport * from \"./client{ext}\";\nexport * from \"./form-data{ext}\";\nexport * from \"./sse{ext}\";\nexport * from \"./types{ext}\";\n");
    for c in controllers {
        out += &format!("export * from \"./{}/index{ext}\";\n", c.dir);
    }
    // The TanStack glue (`tanstack_query`) is the entry `./queries` of its own,
    // never re-exported here: it imports `@tanstack/query-core`, an optional
    // peer, which a project using only the client may not have.
    out += "\n";
    if flavor.typed() {
        out += &jsdoc(&[format!("The client of {}.", api_name(doc))], "");
        out += &client_interface(&top, &groups);
        if !schemes.is_empty() {
            out += &super::auth::auth_type(&schemes);
        }
    }
    if !schemes.is_empty() && !empty && flavor != Flavor::Dts {
        out += &super::auth::schemes_table(&schemes, flavor.typed());
    }
    // With schemes, `auth` is typed by scheme name (a misspelt one is an error).
    let config_type = match schemes.is_empty() {
        true => "ClientConfig & { throwOnError?: TThrow }",
        false => "Omit<ClientConfig, \"auth\"> & { auth?: Auth; throwOnError?: TThrow }",
    };
    if empty {
        out += "/** The document has no operations: the client is empty. */\n";
    } else {
        out += &jsdoc(
            &[
                "Creates the client. Every method resolves to `{ data, error, response }` and never throws,".into(),
                "unless `throwOnError: true` is set: then it throws the `SDKError` and resolves to a success.".into(),
            ],
            "",
        );
    }
    out += &match flavor {
        Flavor::Ts => format!("export function createClient<TThrow extends boolean = false>(\n  config: {config_type} = {{}},\n): Client<TThrow> {{\n"),
        Flavor::Js => "export function createClient(config = {}) {\n".to_string(),
        Flavor::Dts => return out + &format!("export declare function createClient<TThrow extends boolean = false>(\n  config?: {config_type},\n): Client<TThrow>;\n"),
    };
    if empty {
        // `config` is read (to no effect), so linters see no unused argument.
        return out + "  void config;\n  return {};\n}\n";
    }
    let args = match schemes.is_empty() {
        true => "config",
        false if flavor == Flavor::Ts && super::auth::names_object_member(&schemes) => {
            "config as ClientConfig, SECURITY_SCHEMES"
        }
        false => "config, SECURITY_SCHEMES",
    };
    out += &match flavor {
        Flavor::Ts => format!("  const core = new ClientCore<TThrow>({args});\n  return {{\n"),
        _ => format!("  const core = new ClientCore({args});\n  return {{\n"),
    };
    for Member { key, class } in &top {
        out += &format!("    {}: new {class}(core),\n", prop_key(key));
    }
    for group in &groups {
        out += &format!("    {}: {{\n", prop_key(&group.key));
        for Member { key, class } in &group.members {
            out += &format!("      {}: new {class}(core),\n", prop_key(key));
        }
        out += "    },\n";
    }
    out += "  };\n}\n";
    out
}

/// `Bookstore 1.0.0`: the document's title and version.
fn api_name(doc: &Document<'_>) -> String {
    let info = doc.root.field("info");
    let title = info
        .and_then(|i| i.field("title"))
        .and_then(Value::as_str)
        .unwrap_or("the API");
    match info
        .and_then(|i| i.field("version"))
        .and_then(Value::as_str)
    {
        Some(v) => format!("{title} {v}"),
        None => title.to_string(),
    }
}

/// `interface Client`: the controllers, unversioned first, then by version.
fn client_interface(top: &[Member], groups: &[VersionGroup]) -> String {
    if top.is_empty() && groups.is_empty() {
        // `TThrow` is read (`TThrow & never` is `never`), so linters see no
        // unused parameter.
        return "export type Client<TThrow extends boolean = false> = Record<string, TThrow & never>;\n\n"
            .into();
    }
    let mut out = String::from("export interface Client<TThrow extends boolean = false> {\n");
    for Member { key, class } in top {
        out += &format!("  readonly {}: {class}<TThrow>;\n", prop_key(key));
    }
    for group in groups {
        out += &format!("  readonly {}: {{\n", prop_key(&group.key));
        for Member { key, class } in &group.members {
            out += &format!("    readonly {}: {class}<TThrow>;\n", prop_key(key));
        }
        out += "  };\n";
    }
    out + "}\n\n"
}
