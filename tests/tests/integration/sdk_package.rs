//! SPEC G1: the compiled client (`[openapi.sdk] emit = "js"`) installs as a
//! package. The bookstore's client, generated as `.js` + `.d.ts`, is
//! installed with `npm install <dir>` into a fresh ES module project and a
//! fresh CommonJS one (`module` NodeNext, and CommonJS + Node10), compiled
//! there by the pinned tsc and run by node against the real server.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use tether_build::sdk::{generate_sdk, write_sdk, SdkEmit, SdkOptions};
use tether_tests::TestServer;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn run(cmd: &mut Command, what: &str) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{what} failed:\n{text}");
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// The bookstore's client, compiled, in `<root>/bookstore-sdk`.
fn compiled_client(root: &Path) -> PathBuf {
    let doc: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(repo().join("examples/bookstore/openapi.json")).unwrap(),
    )
    .unwrap();
    let options = SdkOptions {
        emit: SdkEmit::JavaScript,
        ..SdkOptions::default()
    };
    let files = generate_sdk(&doc, &options).unwrap();
    let dir = root.join("bookstore-sdk");
    write_sdk(&dir, &files).unwrap();
    dir
}

/// Calls the server through the installed package: a success, and a 404
/// that is an `SDKError` of the package's own class.
fn program(base_url: &str) -> String {
    format!(
        r#"import {{ createClient, SDKError }} from "bookstore-sdk";
import type {{ Book }} from "bookstore-sdk";

async function main(): Promise<void> {{
  const client = createClient({{ baseUrl: "{base_url}" }});
  const found = await client.v1.books.findOne({{ params: {{ id: 2 }} }});
  if (found.error !== null) throw found.error;
  const book: Book = found.data;
  const missing = await client.v1.books.findOne({{ params: {{ id: 99999 }} }});
  const typed = missing.error instanceof SDKError;
  console.log(JSON.stringify({{ title: book.title, status: missing.response?.status, typed }}));
}}

main().catch((e: unknown) => {{
  console.error(e);
  throw e;
}});
"#
    )
}

/// A fresh project of `kind` (`module` or `commonjs`) with the client
/// installed by npm, compiled with `module`/`moduleResolution`.
fn project(
    root: &Path,
    sdk: &Path,
    kind: &str,
    module: &str,
    resolution: &str,
    base_url: &str,
) -> PathBuf {
    let dir = root.join(format!("{kind}-{}", module.to_lowercase()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("package.json"),
        format!("{{ \"name\": \"fresh-{kind}-app\", \"private\": true, \"type\": \"{kind}\" }}\n"),
    )
    .unwrap();
    run(
        Command::new("npm")
            .current_dir(&dir)
            .args([
                "install",
                "--offline",
                "--no-audit",
                "--no-fund",
                "--ignore-scripts",
            ])
            .arg(sdk),
        &format!("npm install of the client into the {kind} project"),
    );
    assert!(dir.join("node_modules/bookstore-sdk/package.json").exists());
    fs::write(dir.join("main.ts"), program(base_url)).unwrap();
    fs::write(
        dir.join("tsconfig.json"),
        format!(
            r#"{{
  "compilerOptions": {{
    "target": "ES2022",
    "lib": ["ES2022", "DOM"],
    "types": [],
    "module": "{module}",
    "moduleResolution": "{resolution}",
    "strict": true,
    "skipLibCheck": false,
    "outDir": "out"
  }},
  "files": ["main.ts"]
}}
"#
        ),
    )
    .unwrap();
    let tsc = repo().join("node_modules/.bin/tsc");
    assert!(
        tsc.exists(),
        "{} is missing: run `npm ci` at the repository root (./test.sh does)",
        tsc.display()
    );
    run(
        Command::new(&tsc)
            .current_dir(&dir)
            .args(["-p", "tsconfig.json"]),
        &format!("tsc in the {kind} project ({module})"),
    );
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn g1_compiled_client_installs_in_fresh_esm_and_commonjs_projects() {
    let server = TestServer::start(bookstore::app()).await;
    let base_url = format!("http://{}", server.addr);
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sdk_package");
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap();
    let sdk = compiled_client(&root);
    let projects = [
        ("module", "NodeNext", "NodeNext"),
        ("commonjs", "NodeNext", "NodeNext"),
        ("commonjs", "CommonJS", "Node10"),
    ];
    for (kind, module, resolution) in projects {
        let dir = project(&root, &sdk, kind, module, resolution, &base_url);
        let compiled = fs::read_to_string(dir.join("out/main.js")).unwrap();
        if kind == "commonjs" {
            assert!(
                compiled.contains("require(\"bookstore-sdk\")"),
                "a CommonJS project loads the client with require:\n{compiled}"
            );
        }
        let dir2 = dir.clone();
        let stdout = tokio::task::spawn_blocking(move || {
            run(
                Command::new("node").current_dir(&dir2).arg("out/main.js"),
                &format!("node in the {kind} project ({module})"),
            )
        })
        .await
        .unwrap();
        assert_eq!(
            stdout.trim(),
            r#"{"title":"A Wizard of Earthsea","status":404,"typed":true}"#,
            "{kind} project ({module})"
        );
    }
    server.stop().await.unwrap();
}
