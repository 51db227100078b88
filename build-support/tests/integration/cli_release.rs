//! Released versions are frozen, end to end (issue 35, items 1 and 4): a
//! copy of examples/bookstore releases version 1 with `cargo tether
//! release 1`; then each breaking edit of version 1 (a field removed from
//! its DTO, a required query parameter added, an enum narrowed) fails
//! `cargo build` (build.rs) and `cargo tether build --check` at the source
//! line, and the same edits served under version 2 build, with a
//! compatible change to version 1 (its authors deprecated) reported.

use crate::cli_support::{fixture_target_dir, repo_root, stderr, tether_cmd};
use std::path::{Path, PathBuf};

/// A copy of the bookstore, a package of its own (`bookstore-frozen`,
/// library still `bookstore`) building into the shared fixture target dir.
struct Bookstore {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
}

const MANIFEST: &str = r#"[package]
name = "bookstore-frozen"
version = "0.1.0"
edition = "2021"
publish = false

[lib]
name = "bookstore"
path = "src/lib.rs"

[[bin]]
name = "bookstore-frozen"
path = "src/main.rs"

[features]
otlp = []

[dependencies]
tether = { path = "REPO/runtime", features = ["docs"] }
serde = { version = "1", features = ["derive"] }
tokio = { version = "1", features = ["rt-multi-thread", "net", "macros", "time", "sync", "signal", "io-util"] }
tracing = "0.1"
tracing-subscriber = { version = "0.3", features = ["env-filter", "json"] }

[build-dependencies]
tether-build = { path = "REPO/build-support" }

[workspace]
"#;

/// The sort of the book list: the enum the test narrows.
const SORT: &str = "\n/// How the book list is sorted.\n#[derive(Debug, Clone, Copy, Serialize, Deserialize)]\n#[serde(rename_all = \"lowercase\")]\npub enum Sort {\n    /// By title.\n    Title,\n    /// By year.\n    Year,\n}\n";

impl Bookstore {
    fn new() -> Self {
        let tmp = tempfile::Builder::new()
            .prefix("tether-frozen-")
            .tempdir()
            .unwrap();
        let dir = tmp.path().join("bookstore");
        let example = repo_root().join("examples/bookstore");
        for entry in [
            "src",
            "build.rs",
            "tether.toml",
            "openapi.json",
            "sdk",
            "tether.generated",
        ] {
            copy(&example.join(entry), &dir.join(entry));
        }
        let root = repo_root().display().to_string();
        std::fs::write(dir.join("Cargo.toml"), MANIFEST.replace("REPO", &root)).unwrap();
        std::fs::copy(repo_root().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
        let b = Bookstore { _tmp: tmp, dir };
        // An enum in version 1's contract: `?sort=title|year`.
        b.edit(
            "src/model.rs",
            "/// An author.\n",
            &format!("{}\n/// An author.\n", SORT.trim_start()),
        );
        b.edit(
            "src/controllers/books.rs",
            "#[query] query: ListBooksQuery) -> Vec<Book> {",
            "#[query] query: ListBooksQuery, #[query(\"sort\")] _sort: Option<crate::model::Sort>) -> Vec<Book> {",
        );
        b
    }

    fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.dir.join(rel)).unwrap()
    }

    fn edit(&self, rel: &str, from: &str, to: &str) {
        let text = self.read(rel);
        assert!(text.contains(from), "{rel} has no {from:?}");
        std::fs::write(self.dir.join(rel), text.replacen(from, to, 1)).unwrap();
    }

    /// `cargo build`, as a user runs it: build.rs does the check.
    fn cargo_build(&self) -> std::process::Output {
        std::process::Command::new(env!("CARGO"))
            .args(["build", "--offline", "--quiet"])
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", fixture_target_dir())
            .output()
            .unwrap()
    }

    /// Both builds fail with a breaking change to version 1 reported at
    /// `file:line` (the line holding `at`) with `words` in the message.
    fn fails_at(&self, file: &str, at: &str, words: &[&str]) {
        let line = 1 + self
            .read(file)
            .lines()
            .position(|l| l.contains(at))
            .unwrap_or_else(|| panic!("{file} has no {at:?}"));
        let build = self.cargo_build();
        let check = tether_cmd(&self.dir)
            .args(["build", "--check"])
            .output()
            .unwrap();
        for (what, out) in [
            ("cargo build", build),
            ("cargo tether build --check", check),
        ] {
            let err = stderr(&out);
            assert!(!out.status.success(), "{what} passed:\n{err}");
            let place = format!("{file}:{line}:");
            assert!(err.contains(&place), "{what}: no {place}\n{err}");
            for w in words.iter().chain(&[
                "released version 1 changed in a breaking way",
                "serve this change under a new version",
                "api/v1.json",
            ]) {
                assert!(err.contains(w), "{what}: no {w:?}\n{err}");
            }
        }
    }
}

fn copy(from: &Path, to: &Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            copy(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        std::fs::copy(from, to).unwrap();
    }
}

fn i35_breaking_changes_to_a_released_version_fail_the_build_at_their_line() {
    let b = Bookstore::new();
    let release = tether_cmd(&b.dir).args(["release", "1"]).output().unwrap();
    assert!(release.status.success(), "{}", stderr(&release));
    let lock: serde_json::Value = serde_json::from_str(&b.read("api/v1.json")).unwrap();
    assert!(lock["paths"]["/api/v1/books/{id}"]["get"].is_object());
    assert!(
        lock["paths"].get("/api/v2/books/{id}").is_none(),
        "only version 1's routes"
    );

    // A field removed from version 1's DTO: at the struct that lost it.
    let model = b.read("src/model.rs");
    b.edit(
        "src/model.rs",
        "    /// Year of first publication.\n    pub year: Option<u16>,\n}\n\n/// Version 2",
        "}\n\n/// Version 2",
    );
    b.fails_at(
        "src/model.rs",
        "pub struct Book {",
        &["the response property year was removed", "/api/v1/books"],
    );
    std::fs::write(b.dir.join("src/model.rs"), &model).unwrap();

    // A required query parameter added to a version 1 route: at the argument.
    let books = b.read("src/controllers/books.rs");
    b.edit(
        "src/controllers/books.rs",
        "find_one(&self, #[param] id: u64)",
        "find_one(&self, #[param] id: u64, #[query(\"fields\")] fields: String)",
    );
    b.fails_at(
        "src/controllers/books.rs",
        "#[query(\"fields\")] fields: String",
        &["fields", "required", "GET /api/v1/books/{id}"],
    );
    std::fs::write(b.dir.join("src/controllers/books.rs"), &books).unwrap();

    // An enum version 1 accepts narrowed: at the enum.
    b.edit("src/model.rs", "    /// By year.\n    Year,\n", "");
    b.fails_at("src/model.rs", "pub enum Sort {", &["year"]);
    std::fs::write(b.dir.join("src/model.rs"), &model).unwrap();

    // The same changes served under version 2, version 1 kept: builds.
    b.edit(
        "src/model.rs",
        "/// An author.\n",
        "/// Version 2 of a book in the list: no year.\n#[derive(Debug, Clone, Serialize, Deserialize)]\npub struct BookSlim {\n    /// Catalogue id.\n    pub id: u64,\n    /// Title.\n    pub title: String,\n}\n\n/// Version 2 of the sort: by title only.\n#[derive(Debug, Clone, Copy, Serialize, Deserialize)]\n#[serde(rename_all = \"lowercase\")]\npub enum SortV2 {\n    /// By title.\n    Title,\n}\n\n/// An author.\n",
    );
    b.edit(
        "src/controllers/books.rs",
        "    /// Finds one book.\n",
        "    /// Lists books, version 2.\n    #[get]\n    #[version(\"2\")]\n    async fn find_all_v2(&self, #[query(\"fields\")] _fields: String, #[query(\"sort\")] _sort: Option<crate::model::SortV2>) -> Vec<crate::model::BookSlim> {\n        Vec::new()\n    }\n\n    /// Finds one book.\n",
    );
    // And version 1's authors deprecated (item 2, on the impl): a
    // compatible change, built and reported.
    b.edit(
        "src/controllers/authors.rs",
        "#[controller(\"/authors\")]\n",
        "#[controller(\"/authors\")]\n#[deprecated(note = \"authors move to /people\")]\n",
    );
    let build = b.cargo_build();
    assert!(build.status.success(), "{}", stderr(&build));
    let check = tether_cmd(&b.dir)
        .args(["build", "--check"])
        .output()
        .unwrap();
    let err = stderr(&check);
    assert!(check.status.success(), "{err}");
    let note = "warning: released version 1 (api/v1.json): compatible change: the operation is now deprecated (at GET /api/v1/authors";
    assert!(err.contains(note), "{err}");
    assert!(!err.contains("breaking"), "{err}");
    let document: serde_json::Value = serde_json::from_str(&b.read("openapi.json")).unwrap();
    let authors = &document["paths"]["/api/v1/authors"]["get"];
    assert_eq!(authors["deprecated"], true, "{authors}");
    let description = authors["description"].as_str().unwrap_or("");
    assert!(
        description.ends_with("Deprecated: authors move to /people"),
        "{authors}"
    );
    let client = b.read("sdk/authors/index.ts");
    assert!(
        client.contains("@deprecated authors move to /people"),
        "{client}"
    );
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![i35_breaking_changes_to_a_released_version_fail_the_build_at_their_line]
}
