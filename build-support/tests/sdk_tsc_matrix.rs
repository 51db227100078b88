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

use tether_build::sdk::ImportExtension;

mod sdk_support;
use sdk_support::{case_dirs, case_options, generate_case_into, repo_dir, run_tsc, scratch};

/// `(module, moduleResolution)` pairs a project picks from.
const MODULES: &[(&str, &str)] = &[
    ("NodeNext", "NodeNext"),
    ("ESNext", "Bundler"),
    ("CommonJS", "Node10"),
];

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            fs::copy(&path, &target).unwrap();
        }
    }
}

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

/// A Node.js project: no DOM library, so the client may name only what
/// `@types/node` (the repository's pinned copy) declares as well, and with
/// `exactOptionalPropertyTypes`, under which `@types/node`'s optional
/// members (`value?: T` of a stream's end) differ from the DOM's.
fn node_only_tsconfig(root: &Path) -> String {
    let path = root.join("tsconfig.node.json");
    let types_root = repo_dir().join("node_modules/@types");
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

#[test]
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
