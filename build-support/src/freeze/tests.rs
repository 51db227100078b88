//! The freeze check over pairs of one crate: released as the first, built
//! as the second (released versions are frozen).

use super::*;
use crate::openapi::fixture::Fixture;
use crate::openapi::PackageInfo;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use tether_model::config::Config;

/// The crate released as version 1; each test edits a copy of it.
const V1: &str = "use tether::{controller, Json};
#[derive(Serialize, Deserialize)]
pub struct Book {
    pub id: u64,
    pub title: String,
    pub isbn: String,
}
#[derive(Serialize, Deserialize)]
pub enum Genre { Poetry, Prose, Drama }
#[derive(Deserialize)]
pub struct NewBook { pub title: String, pub genre: Genre }
pub struct Books;
#[controller(\"/books\")]
impl Books {
    #[get(\"/:id\")]
    async fn find(&self, #[param] id: u64) -> Json<Book> { todo!() }
    #[post]
    async fn create(&self, #[body] book: NewBook) -> Json<Book> { todo!() }
}
";

/// A crate root for locks, removed when dropped.
struct Root(PathBuf);

impl Root {
    fn new() -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tether-freeze-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Root(dir)
    }
}

impl Drop for Root {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn config(kind: &str) -> Config {
    let text = format!("[framework.versioning]\ntype = \"{kind}\"\ndefault_version = \"1\"\n");
    Config::parse(&text, Path::new("tether.toml")).unwrap()
}

/// Runs `f` with the inputs of the crate `src` under URI versioning.
fn with_inputs<T>(src: &str, f: impl FnOnce(&Inputs<'_>) -> T) -> T {
    with_inputs_under("URI", src, f)
}

/// Runs `f` with the inputs of the crate `src` under versioning `kind`.
fn with_inputs_under<T>(kind: &str, src: &str, f: impl FnOnce(&Inputs<'_>) -> T) -> T {
    let fixture = Fixture::new(src);
    let config = config(kind);
    let framework = config.framework();
    let output = OpenApiOutput {
        output: "openapi.json".into(),
        ..OpenApiOutput::default()
    };
    let stated = BTreeMap::new();
    let package = PackageInfo::default();
    let inputs = Inputs {
        index: &fixture.index,
        controllers: &fixture.controllers,
        framework: &framework,
        schemes: &config.security.schemes,
        output: &output,
        package: &package,
        stated: &stated,
    };
    f(&inputs)
}

/// Releases version 1 of `before`, then checks `after`: the errors as
/// `line: message`, or the notes.
fn check(before: &str, after: &str) -> Result<Vec<String>, Vec<(usize, String, String)>> {
    let root = Root::new();
    let released = with_inputs(before, |i| release(i, &root.0, "1", false));
    assert!(
        matches!(released, Ok(Some(Release { written: true, .. }))),
        "{released:?}"
    );
    assert!(root.0.join("api/v1.json").is_file());
    with_inputs(after, |i| check_output(i, &root.0))
        .map(|c| c.notes)
        .map_err(|errors| {
            errors
                .into_iter()
                .map(|d| (d.line, d.message, d.help.unwrap_or_default()))
                .collect()
        })
}

fn edit(from: &str, to: &str) -> String {
    assert!(V1.contains(from), "{from}");
    V1.replacen(from, to, 1)
}

/// The one error of a check, which must fail.
fn one_error(after: &str) -> (usize, String, String) {
    match check(V1, after) {
        Ok(notes) => panic!("the check passed: {notes:#?}"),
        Err(mut errors) => {
            assert_eq!(errors.len(), 1, "{errors:#?}");
            errors.remove(0)
        }
    }
}

#[test]
fn i35_an_unchanged_version_passes_silently() {
    assert_eq!(check(V1, V1), Ok(vec![]));
}

#[test]
fn i35_a_field_removed_from_a_released_response_fails_at_its_struct() {
    let (line, message, help) = one_error(&edit("    pub isbn: String,\n", "\n"));
    assert_eq!(line, 3, "{message}");
    assert!(
        message.starts_with(
            "released version 1 changed in a breaking way: the response property isbn was removed"
        ),
        "{message}"
    );
    assert!(
        message.contains("/v1/books") && message.ends_with("(and in 1 more operation)"),
        "{message}"
    );
    assert!(
        help.contains("api/v1.json")
            && help.contains("#[version(\"2\")]")
            && help.contains("keep the old handler"),
        "{help}"
    );
}

#[test]
fn i35_a_field_whose_type_changed_fails_at_the_field() {
    let (line, message, _) = one_error(&edit(
        "pub title: String, pub genre",
        "pub title: u32, pub genre",
    ));
    assert_eq!(line, 11, "{message}");
    assert!(message.contains("title"), "{message}");
}

#[test]
fn i35_a_new_required_query_parameter_fails_at_the_argument() {
    let after = edit(
        "#[param] id: u64)",
        "#[param] id: u64, #[query(\"fields\")] fields: String)",
    );
    let (line, message, _) = one_error(&after);
    assert_eq!(line, 16, "{message}");
    assert!(
        message.contains("fields") && message.contains("required"),
        "{message}"
    );
}

#[test]
fn i35_an_enum_narrowed_in_a_request_fails_at_the_enum() {
    let (line, message, _) = one_error(&edit("Prose, Drama }", "Prose }"));
    assert_eq!(line, 9, "{message}");
    assert!(message.contains("Drama"), "{message}");
}

#[test]
fn i35_a_removed_route_fails_at_the_lock() {
    let after = edit("    #[post]\n    async fn create(&self, #[body] book: NewBook) -> Json<Book> { todo!() }\n", "");
    let (line, message, _) = one_error(&after);
    assert_eq!(line, 0, "{message}");
    assert!(message.contains("POST /v1/books"), "{message}");
}

#[test]
fn i35_compatible_additions_pass_and_are_reported() {
    let after = edit(
        "    pub isbn: String,\n",
        "    pub isbn: String,\n    pub pages: u32,\n",
    );
    let notes = check(V1, &after).expect("compatible");
    assert!(!notes.is_empty());
    assert!(
        notes
            .iter()
            .all(|n| n.starts_with("released version 1 (api/v1.json): compatible change")),
        "{notes:#?}"
    );
    assert!(notes.iter().any(|n| n.contains("pages")), "{notes:#?}");
}

#[test]
fn i35_the_change_served_under_a_new_version_passes() {
    // Book loses `isbn` in version 2 only: the old handler and type stay.
    let after = format!(
        "{V1}#[derive(Serialize, Deserialize)]\npub struct BookV2 {{ pub id: u64, pub title: String }}\npub struct BooksV2;\n#[controller(\"/books\")]\n#[version(\"2\")]\nimpl BooksV2 {{\n    #[get(\"/:id\")]\n    async fn find(&self, #[param] id: u64) -> Json<BookV2> {{ todo!() }}\n}}\n"
    );
    assert_eq!(check(V1, &after), Ok(vec![]));
}

#[test]
fn i35_a_version_no_longer_served_fails() {
    let after = V1.replace(
        "#[controller(\"/books\")]",
        "#[controller(\"/books\")]\n#[version(\"2\")]",
    );
    let (line, message, _) = one_error(&after);
    assert_eq!(line, 0);
    assert!(message.contains("no route serves it"), "{message}");
}

#[test]
fn i35_release_refuses_to_overwrite_a_broken_lock_without_force() {
    let root = Root::new();
    let first = with_inputs(V1, |i| release(i, &root.0, "1", false));
    assert!(matches!(first, Ok(Some(_))));
    let again = with_inputs(V1, |i| release(i, &root.0, "1", false));
    assert!(matches!(again, Ok(Some(Release { written: false, .. }))));
    let broken = edit("    pub isbn: String,\n", "");
    let refused = with_inputs(&broken, |i| release(i, &root.0, "1", false));
    assert!(
        matches!(refused, Err(ReleaseError::Breaking(_, _))),
        "{refused:?}"
    );
    let forced = with_inputs(&broken, |i| release(i, &root.0, "1", true));
    assert!(matches!(forced, Ok(Some(Release { written: true, .. }))));
    let unknown = with_inputs(V1, |i| release(i, &root.0, "7", false));
    assert!(matches!(unknown, Ok(None)));
}

#[test]
fn i35_locks_are_found_per_output() {
    let root = Root::new();
    let api = root.0.join(LOCK_DIR);
    std::fs::create_dir_all(&api).unwrap();
    for f in ["v1.json", "v2.1.json", "admin.v1.json", "notes.txt"] {
        std::fs::write(api.join(f), "{}").unwrap();
    }
    let plain = OpenApiOutput::default();
    let admin = OpenApiOutput {
        name: Some("admin".into()),
        ..OpenApiOutput::default()
    };
    let versions = |o: &OpenApiOutput| -> Vec<String> {
        released(&root.0, o).into_iter().map(|(v, _)| v).collect()
    };
    assert_eq!(versions(&plain), ["1", "2.1"]);
    assert_eq!(versions(&admin), ["1"]);
    assert_eq!(lock_path(&root.0, &admin, "3"), api.join("admin.v3.json"));
    let released = |vs: &[&str]| -> Vec<(String, PathBuf)> {
        vs.iter().map(|v| (v.to_string(), PathBuf::new())).collect()
    };
    assert_eq!(next_version(&released(&["1", "2"])), "3");
    assert_eq!(next_version(&released(&["beta"])), "N");
}

#[test]
fn i35_header_versions_of_one_route_are_frozen_apart() {
    // Both versions of GET /books/:id on one path: per-version documents.
    let v2 = "#[derive(Serialize, Deserialize)]\npub struct BookV2 { pub id: u64 }\npub struct BooksV2;\n#[controller(\"/books\")]\n#[version(\"2\")]\nimpl BooksV2 {\n    #[get(\"/:id\")]\n    async fn find(&self, #[param] id: u64) -> Json<BookV2> { todo!() }\n}\n";
    let before = format!("{V1}{v2}");
    let root = Root::new();
    let released = with_inputs_under("HEADER", &before, |i| release(i, &root.0, "1", false));
    assert!(matches!(released, Ok(Some(_))), "{released:?}");
    let lock: Value =
        serde_json::from_str(&std::fs::read_to_string(root.0.join("api/v1.json")).unwrap())
            .unwrap();
    let find = &lock["paths"]["/books/{id}"]["get"];
    assert!(
        find["responses"]["200"].to_string().contains("/Book\""),
        "{find}"
    );
    // Version 2 changes freely; version 1 does not.
    let v2_changed = before.replace(
        "pub struct BookV2 { pub id: u64 }",
        "pub struct BookV2 { pub key: String }",
    );
    let checked = with_inputs_under("HEADER", &v2_changed, |i| check_output(i, &root.0));
    assert!(
        matches!(&checked, Ok(c) if c.notes.is_empty()),
        "{checked:?}"
    );
    let v1_changed = before.replacen("    pub isbn: String,\n", "\n", 1);
    let errors =
        with_inputs_under("HEADER", &v1_changed, |i| check_output(i, &root.0)).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].line, 3);
    assert!(errors[0].message.contains("isbn"), "{}", errors[0].message);
}

#[test]
fn i35_a_route_moved_to_another_version_fails_at_its_handler() {
    let (line, message, _) = one_error(&edit("    #[post]\n", "    #[post] #[version(\"2\")]\n"));
    assert_eq!(line, 17, "{message}");
    assert!(message.contains("POST /v1/books"), "{message}");
}
