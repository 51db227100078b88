//! The seed's "Generated path rules" table and SPEC B2/B2h, one test per
//! row or rule, each on a small crate generated from source text.

use crate::openapi_support;

use openapi_support::{document, generate};
use serde_json::{json, Value};

const USERS: &str = r#"
pub struct UsersController;
#[controller("/users")]
impl UsersController {
    #[get]
    async fn find_all(&self) -> Vec<String> { todo!() }
    #[get("/:id")]
    async fn find_one(&self, #[param] id: u64) -> String { todo!() }
}
"#;

fn paths(doc: &Value) -> Vec<String> {
    doc["paths"].as_object().unwrap().keys().cloned().collect()
}

fn operation_ids(doc: &Value) -> Vec<String> {
    let mut ids = Vec::new();
    for item in doc["paths"].as_object().unwrap().values() {
        for op in item.as_object().unwrap().values() {
            ids.push(op["operationId"].as_str().unwrap().to_string());
        }
    }
    ids
}

fn seed_row_global_prefix() {
    let doc = document(
        "row-prefix",
        "[framework]\nglobal_prefix = \"api\"\n",
        USERS,
    );
    assert_eq!(paths(&doc), ["/api/users", "/api/users/{id}"]);
    assert_eq!(doc["x-tether"], json!({"globalPrefix": "api"}));
}

fn seed_row_uri_versioning_default_prefix() {
    let doc = document(
        "row-uri",
        "[framework.versioning]\ntype = \"URI\"\ndefault_version = \"1\"\n",
        USERS,
    );
    assert_eq!(paths(&doc), ["/v1/users", "/v1/users/{id}"]);
    assert_eq!(
        doc["x-tether"]["versioning"],
        json!({"type": "URI", "prefix": "v", "defaultVersion": "1"})
    );
    assert_eq!(doc["paths"]["/v1/users"]["get"]["x-tether-version"], "1");
}

fn seed_row_global_prefix_and_uri_versioning() {
    let toml = "[framework]\nglobal_prefix = \"api\"\n[framework.versioning]\ntype = \"URI\"\ndefault_version = \"1\"\n";
    let doc = document("row-prefix-uri", toml, USERS);
    assert_eq!(paths(&doc), ["/api/v1/users", "/api/v1/users/{id}"]);
}

fn seed_row_header_versioning_leaves_paths_and_adds_the_header() {
    let toml = "[framework.versioning]\ntype = \"HEADER\"\ndefault_version = \"1\"\n";
    let doc = document("row-header", toml, USERS);
    assert_eq!(paths(&doc), ["/users", "/users/{id}"]);
    let params = doc["paths"]["/users"]["get"]["parameters"]
        .as_array()
        .unwrap();
    let header = params
        .iter()
        .find(|p| p["name"] == "X-API-Version")
        .expect("version header");
    assert_eq!(header["in"], "header");
    assert_eq!(header["required"], true);
    assert_eq!(header["schema"], json!({"type": "string", "const": "1"}));
}

fn b2h_header_parameter_in_openapi_3_0_is_a_one_value_enum() {
    let toml = "[framework.versioning]\ntype = \"HEADER\"\ndefault_version = \"3\"\n[openapi]\nopenapi_version = \"3.0\"\n";
    let doc = document("header-30", toml, USERS);
    assert_eq!(doc["openapi"], "3.0.3");
    let param = &doc["paths"]["/users"]["get"]["parameters"][0];
    assert_eq!(param["schema"], json!({"type": "string", "enum": ["3"]}));
}

fn b2_custom_version_prefix() {
    let toml =
        "[framework.versioning]\ntype = \"URI\"\nprefix = \"version-\"\ndefault_version = \"2\"\n";
    let doc = document("uri-prefix", toml, USERS);
    assert_eq!(paths(&doc), ["/version-2/users", "/version-2/users/{id}"]);
}

fn b2_route_params_and_catch_all_become_braces() {
    let src = r#"
pub struct FilesController;
#[controller("files/:bucket")]
impl FilesController {
    #[get("*rest")]
    async fn read(&self, #[param] bucket: String, #[param] rest: String) -> Vec<u8> { todo!() }
}
"#;
    let doc = document("catch-all", "", src);
    assert_eq!(paths(&doc), ["/files/{bucket}/{rest}"]);
    let params = &doc["paths"]["/files/{bucket}/{rest}"]["get"]["parameters"];
    assert_eq!(params[0]["name"], "bucket");
    assert_eq!(params[1]["name"], "rest");
    assert_eq!(params[1]["required"], true);
}

fn b2_no_double_or_trailing_slashes() {
    let src = r#"
pub struct RootController;
#[controller("/")]
impl RootController {
    #[get("/")]
    async fn index(&self) -> String { todo!() }
    #[get("health")]
    async fn health(&self) -> String { todo!() }
}
"#;
    let doc = document("slashes", "[framework]\nglobal_prefix = \"/api/\"\n", src);
    assert_eq!(paths(&doc), ["/api", "/api/health"]);
}

const VERSIONED: &str = r#"
pub struct CatsController;
#[controller("/cats")]
#[version("1")]
impl CatsController {
    #[get]
    async fn list(&self) -> Vec<String> { todo!() }
    #[get("/:id")]
    #[version("2")]
    async fn find_one(&self, #[param] id: u32) -> String { todo!() }
    #[post]
    #[version("10", "2")]
    async fn create(&self) -> String { todo!() }
    #[get("/ping")]
    #[version(neutral)]
    async fn ping(&self) -> String { todo!() }
}

pub struct DogsController;
#[controller("/dogs")]
impl DogsController {
    #[get]
    async fn list(&self) -> Vec<String> { todo!() }
}
"#;

const URI_DEFAULT_3: &str = "[framework.versioning]\ntype = \"URI\"\ndefault_version = \"3\"\n";

fn b2_controller_version_applies_to_its_routes() {
    let doc = document("ctl-version", URI_DEFAULT_3, VERSIONED);
    assert!(doc["paths"]["/v1/cats"]["get"].is_object());
    assert!(doc["paths"].get("/v3/cats").is_none());
}

fn b2_method_version_overrides_the_controllers() {
    let doc = document("method-version", URI_DEFAULT_3, VERSIONED);
    assert!(doc["paths"]["/v2/cats/{id}"]["get"].is_object());
    assert!(doc["paths"].get("/v1/cats/{id}").is_none());
    assert_eq!(
        doc["paths"]["/v2/cats/{id}"]["get"]["x-tether-version"],
        "2"
    );
}

fn b2_route_without_version_uses_default_version() {
    let doc = document("default-version", URI_DEFAULT_3, VERSIONED);
    assert_eq!(doc["paths"]["/v3/dogs"]["get"]["x-tether-version"], "3");
}

fn b2_neutral_route_has_no_version_segment_nor_version_hint() {
    let doc = document("neutral", URI_DEFAULT_3, VERSIONED);
    let op = &doc["paths"]["/cats/ping"]["get"];
    assert!(op.is_object(), "{:?}", paths(&doc));
    assert!(op.get("x-tether-version").is_none());
}

fn b2_two_versions_of_one_route_are_two_operations_in_numeric_order() {
    let doc = document("two-versions", URI_DEFAULT_3, VERSIONED);
    let p = paths(&doc);
    let v2 = p.iter().position(|p| p == "/v2/cats").unwrap();
    let v10 = p.iter().position(|p| p == "/v10/cats").unwrap();
    assert!(v2 < v10, "v2 must come before v10: {p:?}");
    assert_eq!(
        doc["paths"]["/v2/cats"]["post"]["operationId"],
        "cats_create_v2"
    );
    assert_eq!(
        doc["paths"]["/v10/cats"]["post"]["operationId"],
        "cats_create_v10"
    );
}

fn b2_operation_ids_are_unique_across_the_document() {
    let src = r#"
pub mod a {
    pub struct UsersController;
    #[controller("/a")]
    impl UsersController {
        #[get] async fn list(&self) -> String { todo!() }
    }
}
pub mod b {
    pub struct UsersController;
    #[controller("/b")]
    impl UsersController {
        #[get] async fn list(&self) -> String { todo!() }
        #[all("/any")] async fn any(&self) -> String { todo!() }
    }
}
"#;
    let doc = document("unique-ids", "", src);
    let mut ids = operation_ids(&doc);
    let n = ids.len();
    assert_eq!(n, 9, "{ids:?}");
    assert!(ids.contains(&"users_list".to_string()) && ids.contains(&"users_list_2".to_string()));
    assert!(
        ids.contains(&"users_any_get".to_string()) && ids.contains(&"users_any_patch".to_string())
    );
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n);
}

fn b2h_colliding_versions_under_header_versioning_give_one_document_per_version() {
    let toml = "[framework.versioning]\ntype = \"HEADER\"\ndefault_version = \"1\"\n[openapi]\noutput = \"out/openapi.json\"\n";
    let src = r#"
pub struct CatsController;
#[controller("/cats")]
impl CatsController {
    #[get] async fn list(&self) -> Vec<String> { todo!() }
    #[get] #[version("2")] async fn list_v2(&self) -> Vec<u32> { todo!() }
    #[get("/ping")] #[version(neutral)] async fn ping(&self) -> String { todo!() }
}
"#;
    let docs = generate("header-split", toml, src).unwrap();
    let names: Vec<&str> = docs.iter().map(|d| d.0.as_str()).collect();
    assert_eq!(names, ["out/openapi.v1.json", "out/openapi.v2.json"]);
    for (i, (_, doc)) in docs.iter().enumerate() {
        let version = ["1", "2"][i];
        let op = &doc["paths"]["/cats"]["get"];
        assert_eq!(op["x-tether-version"], version);
        assert_eq!(op["parameters"][0]["schema"]["const"], version);
        assert_eq!(doc["x-tether"]["versioning"]["documentVersion"], version);
        // The neutral route is in every version's document, without the header.
        assert!(doc["paths"]["/cats/ping"]["get"]
            .get("parameters")
            .is_none());
    }
    // `list_v2` served at version 2 is the client's `list` of the v2 client.
    assert_eq!(
        docs[1].1["paths"]["/cats"]["get"]["x-tether-method"],
        "list"
    );
    assert_eq!(
        docs[1].1["paths"]["/cats"]["get"]["operationId"],
        "cats_listV2"
    );
}

fn b2h_header_versioning_without_collision_is_one_document() {
    let toml = "[framework.versioning]\ntype = \"HEADER\"\n";
    let src = r#"
pub struct CatsController;
#[controller("/cats")]
#[version("1")]
impl CatsController {
    #[get] async fn list(&self) -> Vec<String> { todo!() }
    #[get("/:id")] #[version("2")] async fn find_one(&self, #[param] id: u32) -> String { todo!() }
}
"#;
    let docs = generate("header-one", toml, src).unwrap();
    assert_eq!(docs.len(), 1);
    assert_eq!(docs[0].0, "openapi.json");
    let doc = &docs[0].1;
    assert_eq!(
        doc["paths"]["/cats"]["get"]["parameters"][0]["schema"]["const"],
        "1"
    );
    assert_eq!(
        doc["paths"]["/cats/{id}"]["get"]["parameters"][1]["schema"]["const"],
        "2"
    );
}

fn b2_same_route_twice_without_versions_is_an_error_naming_both() {
    let src = r#"
pub struct AController;
#[controller("/x")]
impl AController { #[get] async fn one(&self) -> String { todo!() } }
pub struct BController;
#[controller("/x")]
impl BController { #[get] async fn two(&self) -> String { todo!() } }
"#;
    let e = generate("dup-route", "", src).unwrap_err().to_string();
    assert!(
        e.contains("GET /x is served by both `AController::one` and `BController::two`"),
        "{e}"
    );
    assert!(e.contains("src/lib.rs:7:20"), "{e}");
}

fn b2_same_route_up_to_parameter_names_is_an_error_naming_both() {
    let src = r#"
pub struct AController;
#[controller("/products")]
impl AController { #[get("/:id")] async fn one(&self, #[param] id: u32) -> String { todo!() } }
pub struct BController;
#[controller("/products")]
impl BController { #[get("/:productId")] async fn two(&self, #[param("productId")] id: u32) -> String { todo!() } }
"#;
    let e = generate("dup-route-names", "", src)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("GET /products/{id} and GET /products/{productId} differ only in their parameters' names: they are one route, served by both `AController::one` and `BController::two`"),
        "{e}"
    );
    assert!(e.contains("src/lib.rs:7:20"), "{e}");
    assert!(e.contains("help: change one path"), "{e}");
}

fn b2_a_parameter_and_a_catch_all_at_one_place_are_one_route() {
    let src = r#"
pub struct FilesController;
#[controller("/files")]
impl FilesController {
    #[get("/:name")] async fn one(&self, #[param] name: String) -> String { todo!() }
    #[get("/*rest")] async fn rest(&self, #[param] rest: String) -> String { todo!() }
}
"#;
    let e = generate("dup-route-catch-all", "", src)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(
            "GET /files/{name} and GET /files/{rest} differ only in their parameters' names"
        ),
        "{e}"
    );
}

fn b3_types_from_workspace_path_dependencies_are_followed() {
    let dir = openapi_support::write_crate(
        "workspace",
        &[
            ("Cargo.toml", "[workspace]\nmembers = [\"app\", \"shared-models\"]\nresolver = \"2\"\n"),
            ("app/Cargo.toml", "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n[dependencies]\nshared-models = { path = \"../shared-models\" }\n"),
            ("app/src/lib.rs", "use shared_models::User;\npub struct UsersController;\n#[controller(\"/users\")]\nimpl UsersController {\n    #[get]\n    async fn list(&self) -> Vec<User> { todo!() }\n    #[get(\"/role\")]\n    async fn role(&self) -> ::shared_models::roles::Role { todo!() }\n}\n"),
            ("shared-models/Cargo.toml", "[package]\nname = \"shared-models\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("shared-models/src/lib.rs", "pub mod roles;\n/// A user shared by several crates.\n#[derive(serde::Serialize)]\npub struct User { pub name: String, pub role: crate::roles::Role }\npub struct NotAController;\n"),
            ("shared-models/src/roles.rs", "#[derive(serde::Serialize)]\n#[serde(rename_all = \"lowercase\")]\npub enum Role { Admin, Member }\n"),
        ],
    );
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let report = tether_build::Builder::new()
        .manifest_dir(dir.join("app"))
        .follow_path_dependencies(cargo)
        .run()
        .unwrap_or_else(|e| panic!("{e}"));
    let doc = &report.documents[0].document;
    assert_eq!(
        doc["components"]["schemas"]["User"]["description"],
        "A user shared by several crates."
    );
    assert_eq!(
        doc["components"]["schemas"]["Role"],
        json!({"type": "string", "enum": ["admin", "member"]})
    );
    assert!(report
        .read
        .iter()
        .any(|p| p.ends_with("shared-models/src/roles.rs")));
    // Without following path dependencies the type is unknown, and the error says so.
    let e = tether_build::Builder::new()
        .manifest_dir(dir.join("app"))
        .run()
        .unwrap_err()
        .to_string();
    assert!(e.contains("`shared_models::roles::Role`"), "{e}");
}

/// Issue 12 item 6: a prefix or versioning given to the builder would be
/// documented but not served (`#[controller]` embeds tether.toml), so it is
/// refused with the line to put in tether.toml instead (SPEC A5).
#[allow(deprecated)]
fn a5_builder_overrides_of_framework_are_refused_with_the_fix() {
    let dir = openapi_support::write_crate(
        "builder-override",
        &[(
            "src/lib.rs",
            "pub struct H;\n#[controller(\"/h\")]\nimpl H {\n    #[get]\n    async fn get(&self) -> String { todo!() }\n}\n",
        )],
    );
    let e = tether_build::Builder::new()
        .manifest_dir(&dir)
        .global_prefix("api")
        .versioning(tether_build::config::VersioningType::Header, Some("1"))
        .run()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("would change the document but not the served paths"),
        "{e}"
    );
    assert!(
        e.contains("put `global_prefix = \"api\"` under `[framework]`"),
        "{e}"
    );
    assert!(
        e.contains("`type = \"HEADER\", default_version = \"1\"`"),
        "{e}"
    );
    assert!(e.contains("tether.toml"), "{e}");
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        seed_row_global_prefix,
        seed_row_uri_versioning_default_prefix,
        seed_row_global_prefix_and_uri_versioning,
        seed_row_header_versioning_leaves_paths_and_adds_the_header,
        b2h_header_parameter_in_openapi_3_0_is_a_one_value_enum,
        b2_custom_version_prefix,
        b2_route_params_and_catch_all_become_braces,
        b2_no_double_or_trailing_slashes,
        b2_controller_version_applies_to_its_routes,
        b2_method_version_overrides_the_controllers,
        b2_route_without_version_uses_default_version,
        b2_neutral_route_has_no_version_segment_nor_version_hint,
        b2_two_versions_of_one_route_are_two_operations_in_numeric_order,
        b2_operation_ids_are_unique_across_the_document,
        b2h_colliding_versions_under_header_versioning_give_one_document_per_version,
        b2h_header_versioning_without_collision_is_one_document,
        b2_same_route_twice_without_versions_is_an_error_naming_both,
        b2_same_route_up_to_parameter_names_is_an_error_naming_both,
        b2_a_parameter_and_a_catch_all_at_one_place_are_one_route,
        b3_types_from_workspace_path_dependencies_are_followed,
        a5_builder_overrides_of_framework_are_refused_with_the_fix,
    ]
}
