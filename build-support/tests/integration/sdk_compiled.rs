//! SPEC G1: the compiled client (`[openapi.sdk] emit = "js"`): `.js` ES
//! modules and `.d.ts` declarations. The templates' compiled forms in
//! `ts/dist` are exactly what the pinned tsc makes of them
//! (`UPDATE_GOLDEN=1` rewrites them); every golden case's `usage.ts` type-checks
//! against the declarations as strictly as against the sources; node loads
//! every module. `tests/tests/integration/sdk_package.rs` installs one with npm.

use std::fs;

use tether_build::sdk::{ImportExtension, SdkEmit};

use crate::sdk_support;
use sdk_support::{
    case_dirs, case_options, crate_dir, generate_case_into, node, read_tree, run_tsc, scratch,
    strict_tsconfig,
};

fn g1_compiled_templates_are_what_tsc_makes_of_them() {
    let root = scratch("sdk_compiled_templates");
    let ts = crate_dir().join("ts");
    run_tsc(
        &[
            "-p",
            &ts.join("tsconfig.dist.json").to_string_lossy(),
            "--outDir",
            &root.to_string_lossy(),
        ],
        "the templates (tsconfig.dist.json)",
    );
    let fresh = read_tree(&root);
    let committed = read_tree(&ts.join("dist"));
    assert_eq!(fresh.len(), 8, "expected .js and .d.ts of four templates");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        let _ = fs::remove_dir_all(ts.join("dist"));
        fs::create_dir_all(ts.join("dist")).unwrap();
        for (name, text) in &fresh {
            fs::write(ts.join("dist").join(name), text).unwrap();
        }
        return;
    }
    for (name, text) in &fresh {
        assert_eq!(
            committed.get(name),
            Some(text),
            "ts/dist/{name} is stale: run UPDATE_GOLDEN=1 cargo test -p tether-build --test integration -- sdk_compiled::"
        );
    }
    assert_eq!(committed.len(), fresh.len(), "ts/dist holds extra files");
}

fn g1_compiled_clients_declare_what_the_sources_do_and_load_in_node() {
    let root = scratch("sdk_compiled");
    fs::write(root.join("package.json"), "{ \"type\": \"module\" }\n").unwrap();
    let mut usages = 0;
    let mut modules = Vec::new();
    for dir in case_dirs() {
        let mut options = case_options(&dir);
        if options.import_extension != ImportExtension::Js {
            continue;
        }
        options.emit = SdkEmit::JavaScript;
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let out = root.join("cases").join(&name);
        if !generate_case_into(&dir, &options, &out) {
            continue;
        }
        let files = read_tree(&out.join("sdk"));
        assert!(
            files
                .keys()
                .all(|f| f.ends_with(".js") || f.ends_with(".d.ts") || f == "package.json"),
            "{name}: a compiled client holds only .js, .d.ts and package.json: {:?}",
            files.keys()
        );
        modules.push(out.join("sdk/index.js"));
        if dir.join("usage.ts").exists() {
            fs::copy(dir.join("usage.ts"), out.join("usage.ts")).unwrap();
            usages += 1;
        }
    }
    assert!(
        usages >= 10,
        "expected the golden cases' usage.ts, found {usages}"
    );
    run_tsc(
        &["-p", &strict_tsconfig(&root)],
        "the usage files against the compiled clients' declarations",
    );
    let imports: String = modules
        .iter()
        .map(|m| {
            format!(
                "{{ const m = await import({:?}); if (typeof m.createClient !== \"function\") throw new Error({:?}); m.createClient(); }}\n",
                format!("file://{}", m.display()),
                m.display().to_string()
            )
        })
        .collect();
    let script = root.join("load.mjs");
    fs::write(
        &script,
        format!("{imports}console.log(\"loaded {}\");\n", modules.len()),
    )
    .unwrap();
    let out = node().arg(&script).output().expect("node runs");
    assert!(
        out.status.success(),
        "node could not load a compiled client:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("loaded {}", modules.len())
    );
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        g1_compiled_templates_are_what_tsc_makes_of_them,
        g1_compiled_clients_declare_what_the_sources_do_and_load_in_node,
    ]
}
