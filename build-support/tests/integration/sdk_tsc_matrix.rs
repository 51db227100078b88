//! SPEC G1: the generated clients compile under the settings real projects
//! use, not only under the strictest ones: `strict` on and off; `module`
//! NodeNext, ESNext + Bundler and CommonJS + Node10; `verbatimModuleSyntax`
//! (in the ESM modes: TypeScript refuses it with CommonJS output),
//! `isolatedModules` and `erasableSyntaxOnly`; target ES2020 with its own
//! library; and a Node.js project without the DOM library (`lib` ES2022,
//! `types` node: only what `@types/node` declares). Every project has `esModuleInterop` (`tsc --init`'s default):
//! zod's own declarations need it, and the client has no default import. The clients are every `.js`-importing golden case (their
//! `usage.ts` files are for the strict run of `sdk_tsc`) and the examples'.

use std::fs;
use std::path::Path;

use tether_build::sdk::{write_sdk, ImportExtension, SdkEmit};

use crate::sdk_support;
use sdk_support::{
    case_dirs, case_options, copy_dir, crate_dir, generate_case, generate_case_into, repo_dir,
    run_tsc, scratch,
};

/// `(module, moduleResolution)` pairs a project picks from.
const MODULES: &[(&str, &str)] = &[
    ("NodeNext", "NodeNext"),
    ("ESNext", "Bundler"),
    ("CommonJS", "Node10"),
];

fn tsconfig(root: &Path, module: &str, resolution: &str, strict: bool) -> String {
    let esm = module != "CommonJS";
    let path = root.join(format!(
        "tsconfig.{}.{}.json",
        module.to_lowercase(),
        if strict { "strict" } else { "loose" }
    ));
    fs::write(
        &path,
        format!(
            r#"{{
  "compilerOptions": {{
    "target": "ES2020",
    "lib": ["ES2020", "DOM", "DOM.Iterable"],
    "types": [],
    "module": "{module}",
    "moduleResolution": "{resolution}",
    "strict": {strict},
    "verbatimModuleSyntax": {esm},
    "esModuleInterop": true,
    "isolatedModules": true,
    "erasableSyntaxOnly": true,
    "skipLibCheck": false,
    "noEmit": true
  }},
  "include": ["clients/**/*.ts"],
  "exclude": ["clients/**/usage.ts"]
}}
"#
        ),
    )
    .unwrap();
    path.to_string_lossy().to_string()
}

/// `dir/tsconfig.{name}.json`: a NodeNext project (ES2022 with the DOM)
/// that checks `{file}.ts` alone, with `options` (`"strict": …,` lines).
fn single_file_tsconfig(dir: &Path, name: &str, file: &str, options: &str) -> String {
    let path = dir.join(format!("tsconfig.{name}.json"));
    fs::write(
        &path,
        format!(
            r#"{{
  "compilerOptions": {{
    "target": "ES2022",
    "lib": ["ES2022", "DOM", "DOM.Iterable"],
    "types": [],
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    {options}
    "skipLibCheck": false,
    "noEmit": true
  }},
  "files": ["{file}.ts"]
}}
"#
        ),
    )
    .unwrap();
    path.to_string_lossy().to_string()
}

/// A Node.js project: no DOM library, so the client may name only what
/// `@types/node` (the repository's pinned copy) declares as well, and with
/// `exactOptionalPropertyTypes`, under which `@types/node`'s optional
/// members (`value?: T` of a stream's end) differ from the DOM's; and with
/// `isolatedDeclarations`, which wants every export's type written out.
fn node_only_tsconfig(root: &Path) -> String {
    let path = root.join("tsconfig.node.json");
    let types_root = repo_dir().join("node_modules/@types");
    // `isolatedDeclarations` (JSR, libraries' builds) needs declarations
    // written: only those, out of the way.
    let declarations = root.join("declarations");
    fs::write(
        &path,
        format!(
            r#"{{
  "compilerOptions": {{
    "target": "ES2022",
    "lib": ["ES2022"],
    "types": ["node"],
    "typeRoots": [{types_root:?}],
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "exactOptionalPropertyTypes": true,
    "verbatimModuleSyntax": true,
    "esModuleInterop": true,
    "isolatedModules": true,
    "isolatedDeclarations": true,
    "declaration": true,
    "emitDeclarationOnly": true,
    "outDir": {declarations:?},
    "skipLibCheck": false
  }},
  "include": ["clients/**/*.ts"],
  "exclude": ["clients/**/usage.ts"]
}}
"#
        ),
    )
    .unwrap();
    path.to_string_lossy().to_string()
}

fn g1_clients_compile_under_every_common_tsconfig() {
    let root = scratch("sdk_tsc_matrix");
    let clients = root.join("clients");
    let mut count = 0;
    for dir in case_dirs() {
        let options = case_options(&dir);
        if options.import_extension != ImportExtension::Js {
            continue;
        }
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        if generate_case_into(&dir, &options, &clients.join(&name)) {
            count += 1;
        }
    }
    for example in ["bookstore", "newsroom"] {
        copy_dir(
            &repo_dir().join("examples").join(example).join("sdk"),
            &clients.join(example).join("sdk"),
        );
    }
    assert!(count >= 20, "expected the golden cases, generated {count}");
    for (module, resolution) in MODULES {
        for strict in [true, false] {
            let config = tsconfig(&root, module, resolution, strict);
            run_tsc(
                &["-p", &config],
                &format!("the clients with module {module}, strict {strict}"),
            );
        }
    }
    run_tsc(
        &["-p", &node_only_tsconfig(&root)],
        "the clients in a Node.js project without the DOM library",
    );
}

/// SPEC G3: the TanStack glue (`tanstack_query`) is the package's entry
/// `./queries`, so the main entry never imports the optional peer
/// `@tanstack/query-core`: it compiles in a project without the peer, with
/// the client installed as `npm install ./sdk` installs it (a symlink, whose
/// real path has no `node_modules` either), in both emits. `./queries` there
/// does need the peer: tsc reports it missing, which shows it is missing.
#[cfg(unix)]
fn g3_main_entry_compiles_without_the_tanstack_peer() {
    // Outside the repository and the target directory, whose `node_modules` have the peer.
    let root = std::env::temp_dir().join(format!("tether-sdk-no-peer-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap();
    for dir in root.ancestors() {
        assert!(
            !dir.join("node_modules/@tanstack/query-core").exists(),
            "{} has @tanstack/query-core: the test needs a folder without it",
            dir.display()
        );
    }
    let case = crate_dir().join("tests/data/sdk/tanstack_query");
    for emit in [SdkEmit::TypeScript, SdkEmit::JavaScript] {
        let mut options = case_options(&case);
        assert!(options.tanstack_query);
        options.emit = emit;
        let files = generate_case(&case, &options).unwrap();
        let package: serde_json::Value =
            serde_json::from_str(files.get("package.json").unwrap()).unwrap();
        let name = package["name"].as_str().unwrap().to_string();
        let base = root.join(format!("{emit:?}").to_lowercase());
        write_sdk(&base.join("sdk"), &files).unwrap();
        let project = base.join("project");
        fs::create_dir_all(project.join("node_modules")).unwrap();
        std::os::unix::fs::symlink(base.join("sdk"), project.join("node_modules").join(&name))
            .unwrap();
        fs::write(project.join("package.json"), "{ \"type\": \"module\" }\n").unwrap();
        fs::write(
            project.join("main.ts"),
            format!("import {{ createClient, SDKError }} from \"{name}\";\nconst client = createClient({{ baseUrl: \"http://localhost\" }});\nexport const ok: boolean = client.v1.articles !== undefined && SDKError !== undefined;\n"),
        )
        .unwrap();
        fs::write(
            project.join("queries.ts"),
            format!("import {{ createQueries }} from \"{name}/queries\";\nexport const q: unknown = createQueries;\n"),
        )
        .unwrap();
        let config = |file: &str| {
            let strict = "\"strict\": true,\n    \"exactOptionalPropertyTypes\": true,";
            single_file_tsconfig(&project, file, file, strict)
        };
        run_tsc(
            &["-p", &config("main")],
            &format!("the main entry ({emit:?}) in a project without @tanstack/query-core"),
        );
        let out = std::process::Command::new(sdk_support::tsc())
            .args(["-p", &config("queries")])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            !out.status.success() && text.contains("'@tanstack/query-core'"),
            "the `./queries` entry ({emit:?}) should need the peer here:\n{text}"
        );
    }
    let _ = fs::remove_dir_all(&root);
}

/// SPEC G1: what a loose project (`strict: false`, so no
/// `strictNullChecks`) writes with the client compiles too, not only the
/// client: `if (r.error === null) r.headers[..]` does not narrow the result
/// there, so `headers` must be a member of every outcome (trial 6 F3).
fn g1_loose_projects_read_declared_headers() {
    let root = scratch("sdk_tsc_loose_usage");
    let case = crate_dir().join("tests/data/sdk/response_headers");
    assert!(generate_case_into(&case, &case_options(&case), &root));
    fs::write(
        root.join("usage.ts"),
        r#"import { createClient } from "./sdk/index.js";

const client = createClient({ baseUrl: "http://localhost" });
export async function usage(): Promise<number> {
  const page = await client.items.list();
  if (page.error !== null) return 0;
  const total: number = page.headers["X-Total-Count"];
  const file = await client.items.export();
  if (file.error) return 0;
  const disposition: string = file.headers["Content-Disposition"];
  return total + disposition.length + file.data.size;
}
"#,
    )
    .unwrap();
    for strict in [false, true] {
        let path = single_file_tsconfig(
            &root,
            &strict.to_string(),
            "usage",
            &format!("\"strict\": {strict},"),
        );
        run_tsc(
            &["-p", &path],
            &format!("reading declared headers with strict {strict}"),
        );
    }
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        g1_clients_compile_under_every_common_tsconfig,
        g3_main_entry_compiles_without_the_tanstack_peer,
        g1_loose_projects_read_declared_headers,
    ]
}
