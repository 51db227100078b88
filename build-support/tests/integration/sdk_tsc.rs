//! SPEC C1/C7: every generated client passes `tsc --strict` with
//! `noUncheckedIndexedAccess` and `exactOptionalPropertyTypes` (and the
//! unused-code checks, so the output is clean in strict projects too). The
//! golden cases' `usage.ts` files use the clients, with `@ts-expect-error`
//! lines for what must NOT type-check. One tsc run covers every case.

use std::fs;
use std::path::Path;

use tether_build::sdk::{ImportExtension, SdkOptions};

use crate::sdk_support;
use sdk_support::{
    case_dirs, case_options, crate_dir, generate_case_into, generate_into, run_tsc, scratch,
};

const COMPILER_OPTIONS: &str = r#"
    "target": "ES2022",
    "lib": ["ES2022", "DOM", "DOM.Iterable"],
    "types": [],
    "strict": true,
    "noUncheckedIndexedAccess": true,
    "exactOptionalPropertyTypes": true,
    "noImplicitOverride": true,
    "noImplicitReturns": true,
    "noFallthroughCasesInSwitch": true,
    "noUnusedLocals": true,
    "noUnusedParameters": true,
    "verbatimModuleSyntax": true,
    "isolatedModules": true,
    "erasableSyntaxOnly": true,
    "skipLibCheck": false,
    "noEmit": true"#;

fn tsconfig(dir: &Path, module: &str, include: &[String]) -> String {
    let path = dir.join(format!("tsconfig.{}.json", module.to_lowercase()));
    let resolution = if module == "NodeNext" {
        "NodeNext"
    } else {
        "Bundler"
    };
    let include = include
        .iter()
        .map(|i| format!("\"{i}\""))
        .collect::<Vec<_>>()
        .join(", ");
    fs::write(
        &path,
        format!(
            "{{\n  \"compilerOptions\": {{\n    \"module\": \"{module}\",\n    \"moduleResolution\": \"{resolution}\",{COMPILER_OPTIONS}\n  }},\n  \"include\": [{include}]\n}}\n"
        ),
    )
    .unwrap();
    path.to_string_lossy().to_string()
}

fn c1_c7_every_client_passes_strict_tsc() {
    let root = scratch("sdk_tsc");
    fs::write(root.join("package.json"), "{ \"type\": \"module\" }\n").unwrap();
    let mut node_next = Vec::new();
    let mut bundler = Vec::new();
    for dir in case_dirs() {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let out = root.join("cases").join(&name);
        let options = case_options(&dir);
        if !generate_case_into(&dir, &options, &out) {
            continue;
        }
        if dir.join("usage.ts").exists() {
            fs::copy(dir.join("usage.ts"), out.join("usage.ts")).unwrap();
        }
        if options.zod {
            check_the_unchecked_file(&out.join("sdk/zod.ts"));
        }
        if options.tanstack_query {
            check_the_unchecked_file(&out.join("sdk/queries.ts"));
        }
        let glob = format!("cases/{name}/**/*.ts");
        match options.import_extension {
            ImportExtension::Js => node_next.push(glob),
            _ => bundler.push(glob),
        }
    }
    let third = crate_dir().join("tests/data/thirdparty");
    let mut third_count = 0;
    for entry in fs::read_dir(&third).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let out = root.join("thirdparty").join(&name);
            assert!(
                generate_into(&path, &SdkOptions::default(), &out),
                "{name}: the generator refused a third-party document"
            );
            node_next.push(format!("thirdparty/{name}/**/*.ts"));
            third_count += 1;
        }
    }
    assert!(
        third_count >= 5,
        "expected at least five third-party documents, found {third_count}"
    );
    let a = tsconfig(&root, "NodeNext", &node_next);
    run_tsc(&["-p", &a], "the generated clients (NodeNext)");
    if !bundler.is_empty() {
        let b = tsconfig(&root, "ESNext", &bundler);
        run_tsc(&["-p", &b], "the generated clients (Bundler)");
    }
}

/// `zod.ts` and `queries.ts` carry `// @ts-nocheck` so users' tsc need not
/// infer what their annotated exports already say; here they are checked
/// strictly all the same.
fn check_the_unchecked_file(path: &Path) {
    let text = fs::read_to_string(path).unwrap();
    let pragma = "\n// @ts-nocheck\n";
    assert!(
        text.contains(pragma),
        "{}: no `// @ts-nocheck` line",
        path.display()
    );
    fs::write(path, text.replacen(pragma, "\n", 1)).unwrap();
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![c1_c7_every_client_passes_strict_tsc,]
}
