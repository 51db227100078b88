//! The plan of a client: every name it declares and how its
//! operations are grouped and ordered, decided before any text is written
//! ([`super::emit`]), so each rule is a unit test.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::document::{percent_decode, Document};
use super::naming::{is_generic_instance, pascal, type_name, Namer, INHERITED};
use super::operations::{Content, Operation};
use super::templates::{exported_names, CLIENT_TS, FORM_DATA_TS, SSE_TS, TANSTACK_TEMPLATE};

/// The names and groups of one client.
pub(super) struct ClientPlan {
    /// Each schema's TypeScript name, by its name in the document.
    pub schema_names: HashMap<String, String>,
    /// The controllers in the order of their first operation.
    pub controllers: Vec<Controller>,
    /// Names that had to change (two operations asked for one).
    pub warnings: Vec<String>,
}

impl ClientPlan {
    /// Names the schemas, then groups `ops` and names the controllers,
    /// classes, methods and their types, all unique among the globals.
    pub(super) fn new(doc: &Document<'_>, ops: &[Operation<'_>]) -> Self {
        let mut global = Namer::new(reserved_globals().iter().map(String::as_str));
        let mut schema_names = HashMap::new();
        // Names as written first, so a generic instance's readable name
        // (`Page_for_Issue` → `PageIssue`) never takes a schema's own name.
        let (generic, plain): (Vec<&String>, Vec<&String>) = doc
            .schemas()
            .map(|(raw, _)| raw)
            .partition(|raw| is_generic_instance(raw));
        for raw in plain.into_iter().chain(generic) {
            schema_names.insert(raw.clone(), global.unique(&type_name(raw)));
        }
        // The schemas `$ref`s point into (`#/components/schemas/A/properties/b`),
        // keyed by the reference (unless a component is named so).
        for r in doc.schema_pointers() {
            if !schema_names.contains_key(r) {
                schema_names.insert(r.to_string(), global.unique(&pointer_type_name(r)));
            }
        }
        let mut warnings = Vec::new();
        let controllers = plan(ops, &mut global, &mut warnings);
        ClientPlan {
            schema_names,
            controllers,
            warnings,
        }
    }
}

/// The name of a schema inside another (`#/components/schemas/Pet/properties/owner`
/// → `PetOwner`): its path's words, without the structural ones.
fn pointer_type_name(r: &str) -> String {
    let words: Vec<String> = percent_decode(r.trim_start_matches('#'))
        .split('/')
        .filter(|s| {
            !matches!(
                *s,
                "" | "components" | "schemas" | "schema" | "paths" | "properties" | "content"
            )
        })
        .map(|s| s.replace("~1", "/").replace("~0", "~"))
        .collect();
    pascal(&words.join(" "), "Schema")
}

/// One controller of the client (`client.books`): its key, its folder and
/// one class per version.
pub(super) struct Controller {
    pub(super) key: String,
    pub(super) dir: String,
    pub(super) classes: Vec<Class>,
}

/// The methods of one controller at one version (`BooksV2Controller`).
pub(super) struct Class {
    pub(super) version_key: Option<String>,
    pub(super) version: Option<String>,
    pub(super) name: String,
    pub(super) methods: Vec<Method>,
}

/// One method of a class: the operation it calls (an index into the
/// operations) and the names of its types.
pub(super) struct Method {
    pub(super) op: usize,
    pub(super) name: String,
    pub(super) options_type: String,
    pub(super) event_type: Option<String>,
}

/// Names every generated file declares at the top level of the barrel, so
/// schema and controller names never clash with them.
fn reserved_globals() -> Vec<String> {
    let mut names: Vec<String> = [CLIENT_TS, SSE_TS, FORM_DATA_TS, TANSTACK_TEMPLATE.1]
        .iter()
        .flat_map(|src| exported_names(src))
        .collect();
    names.extend(
        [
            "Client",
            "createClient",
            "types",
            "Blob",
            // `types.ts` types an optional property named like one of
            // `Object`'s members as `T | (typeof Object.prototype)["name"]`: a schema named
            // `Object` would take the global's place there (TS2502).
            "Object",
            "Queries",
            "createQueries",
            "Auth",
            "SECURITY_SCHEMES",
        ]
        .map(String::from),
    );
    names
}

/// Groups operations into controllers and version classes, and hands out
/// every name: all unique, none reserved.
fn plan(ops: &[Operation<'_>], global: &mut Namer, warnings: &mut Vec<String>) -> Vec<Controller> {
    let mut version_keys: Vec<(&str, &str)> = Vec::new();
    for op in ops {
        if let (Some(k), Some(v)) = (&op.version_key, &op.version) {
            if !version_keys.iter().any(|(key, _)| key == k) {
                version_keys.push((k, v));
            }
        }
    }
    let mut keys = Namer::new(
        version_keys
            .iter()
            .map(|(k, _)| *k)
            .chain(reserved_members()),
    );
    let mut dirs = Namer::case_insensitive(["client", "types", "sse", "form-data", "index"]);
    let mut by_raw: HashMap<&str, usize> = HashMap::new();
    let mut controllers: Vec<Controller> = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        let c = *by_raw.entry(op.controller.as_str()).or_insert_with(|| {
            let key = keys.unique(&op.controller);
            if key != op.controller && is_reserved_member(&op.controller) {
                warnings.push(format!(
                    "the controller `{}` is `client.{key}`: {}; {}",
                    op.controller,
                    // The client is a plain object: its `constructor` is Object.prototype's.
                    match op.controller.as_str() {
                        "constructor" => "`constructor` would shadow `Object.prototype.constructor`, which libraries read to tell plain objects from others".to_string(),
                        name => reserved_reason(name),
                    },
                    if op.op.get(crate::extensions::CONTROLLER).is_some() {
                        "rename the controller to choose another"
                    } else {
                        "give its operations another first tag to choose another"
                    }
                ));
            }
            let dir = dirs.unique(&key);
            controllers.push(Controller {
                key,
                dir,
                classes: Vec::new(),
            });
            controllers.len() - 1
        });
        let classes = &mut controllers[c].classes;
        let k = match classes
            .iter()
            .position(|cl| cl.version_key == op.version_key)
        {
            Some(k) => k,
            None => {
                classes.push(Class {
                    version_key: op.version_key.clone(),
                    version: op.version.clone(),
                    name: String::new(),
                    methods: Vec::new(),
                });
                classes.len() - 1
            }
        };
        classes[k].methods.push(Method {
            op: i,
            name: String::new(),
            options_type: String::new(),
            event_type: None,
        });
    }
    for c in &mut controllers {
        c.classes
            .sort_by(|a, b| compare_versions(a.version.as_deref(), b.version.as_deref()));
        for class in &mut c.classes {
            let base = format!(
                "{}{}",
                pascal(&c.key, "Default"),
                class
                    .version_key
                    .as_deref()
                    .map(|v| pascal(v, ""))
                    .unwrap_or_default()
            );
            class.name = global.unique(&format!("{base}Controller"));
            let mut methods = Namer::new(reserved_members());
            for m in &mut class.methods {
                let op = &ops[m.op];
                m.name = methods.unique(&op.method_name);
                if m.name != op.method_name {
                    warnings.push(renamed_warning(op, &m.name, &class.name));
                }
                let stem = format!("{base}{}", pascal(&m.name, ""));
                m.options_type = global.unique(&format!("{stem}Options"));
                if op.success.iter().any(|s| matches!(s, Content::Sse(_))) {
                    m.event_type = Some(global.unique(&format!("{stem}Event")));
                }
            }
        }
    }
    controllers
}

/// Member names a controller class cannot give a method, nor the client a
/// controller: `constructor` is the class's own, `then` would make it a
/// thenable (`await client.books` would send a request and never settle),
/// and the others are `Object.prototype`'s, which JavaScript and libraries
/// call on any object (`${client.books}`, `JSON.stringify(client.books)`).
fn reserved_members<'a>() -> impl Iterator<Item = &'a str> {
    ["then", "toJSON"].into_iter().chain(INHERITED)
}

fn is_reserved_member(name: &str) -> bool {
    reserved_members().any(|r| r == name)
}

/// Why `name` ([`reserved_members`]) cannot be used.
fn reserved_reason(name: &str) -> String {
    match name {
        "constructor" => "`constructor` is reserved in the generated class (JavaScript's class constructor)".into(),
        "then" => "`then` would make it a thenable: `await` (or a promise resolved with it) calls it, sending a request and never settling".into(),
        "toJSON" => "`toJSON` is what `JSON.stringify` calls: logging or serialising it would send a request".into(),
        _ => format!("`{name}` would shadow `Object.prototype.{name}`, which JavaScript and libraries call on any object (`String(..)`, template literals, comparisons): that would send a request"),
    }
}

/// Says why a method got another name than its operation asked for and
/// how to choose it: the name is a reserved member of the generated class,
/// or another operation of the class took it first.
fn renamed_warning(op: &Operation<'_>, name: &str, class: &str) -> String {
    let asked = &op.method_name;
    let what = format!("the method of `{} {}`", op.method, op.path);
    let what = match &op.operation_id {
        Some(id) => format!("{what} (operationId `{id}`)"),
        None => what,
    };
    // tether's documents name methods after the handler (`x-tether-method`),
    // other documents after the operationId.
    let choose = if op.op.get(crate::extensions::METHOD).is_some() {
        "rename the handler to choose another (tether has no attribute that sets an operationId)"
    } else if op.operation_id.is_some() {
        "change its operationId to choose another"
    } else {
        "give it an operationId to choose another"
    };
    let why = if is_reserved_member(asked) {
        reserved_reason(asked)
    } else {
        format!("another operation of {class} is already named `{asked}`")
    };
    format!("{what} is named `{name}` in {class}, not `{asked}`: {why}; {choose}")
}

/// `None` (unversioned) first, then versions in the order of the
/// documents (`tether_model::compare_versions`).
fn compare_versions(a: Option<&str>, b: Option<&str>) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(a), Some(b)) => tether_model::compare_versions(a, b),
    }
}

/// `client.<key>`: one controller's class at one level of the client.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Member {
    /// The controller's key.
    pub key: String,
    /// The class it is an instance of.
    pub class: String,
}

/// `client.<version key>.…`: the controllers of one version.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct VersionGroup {
    /// The version, for ordering.
    pub version: Option<String>,
    /// Its key (`v2`).
    pub key: String,
    /// Its controllers.
    pub members: Vec<Member>,
}

/// The shape of `createClient()`'s value: unversioned controllers at the
/// top, then one group per version in version order.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct ClientTree {
    /// `client.books`.
    pub top: Vec<Member>,
    /// `client.v2.books`.
    pub groups: Vec<VersionGroup>,
}

impl ClientTree {
    /// Places each class of `controllers`.
    pub(super) fn new(controllers: &[Controller]) -> Self {
        let mut top = Vec::new();
        let mut groups: Vec<VersionGroup> = Vec::new();
        for c in controllers {
            for cl in &c.classes {
                let member = Member {
                    key: c.key.clone(),
                    class: cl.name.clone(),
                };
                match &cl.version_key {
                    None => top.push(member),
                    Some(k) => match groups.iter_mut().find(|g| &g.key == k) {
                        Some(g) => g.members.push(member),
                        None => groups.push(VersionGroup {
                            version: cl.version.clone(),
                            key: k.clone(),
                            members: vec![member],
                        }),
                    },
                }
            }
        }
        groups.sort_by(|a, b| compare_versions(a.version.as_deref(), b.version.as_deref()));
        ClientTree { top, groups }
    }
}

#[cfg(test)]
mod tests {
    use super::super::operations;
    use super::*;
    use serde_json::{json, Value};

    fn op(controller: &str, method: &str, version: Option<&str>) -> Value {
        let mut op = json!({
            "x-tether-controller": controller,
            "x-tether-method": method,
            "responses": {"204": {"description": "done"}},
        });
        if let Some(v) = version {
            op["x-tether-version"] = json!(v);
        }
        op
    }

    /// A HEADER-versioned document with `paths` and `schemas`.
    fn document(paths: Value, schemas: Value) -> Value {
        json!({
            "openapi": "3.1.0",
            "info": {"title": "T", "version": "1"},
            "x-tether": {"versioning": {"type": "HEADER"}},
            "paths": paths,
            "components": {"schemas": schemas},
        })
    }

    fn plan_of(root: &Value) -> ClientPlan {
        let doc = Document::new(root).unwrap();
        let ops = operations::collect(&doc);
        ClientPlan::new(&doc, &ops)
    }

    fn class_names(p: &ClientPlan) -> Vec<Vec<&str>> {
        p.controllers
            .iter()
            .map(|c| c.classes.iter().map(|cl| cl.name.as_str()).collect())
            .collect()
    }

    #[test]
    fn c4_groups_by_controller_then_version_in_version_order() {
        let root = document(
            json!({
                "/books": {
                    "get": op("books", "list", Some("10")),
                    "post": op("books", "create", Some("2")),
                    "put": op("books", "replace", None),
                },
                "/health": {"get": op("health", "check", None)},
                "/books/old": {"get": op("books", "old", Some("2"))},
            }),
            json!({}),
        );
        let p = plan_of(&root);
        // Controllers in the order of their first operation; in each, the
        // unversioned class first, then versions as numbers (2 before 10).
        assert_eq!(
            class_names(&p),
            [
                vec!["BooksController", "BooksV2Controller", "BooksV10Controller"],
                vec!["HealthController"],
            ]
        );
        let v2 = &p.controllers[0].classes[1];
        let methods: Vec<&str> = v2.methods.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(methods, ["create", "old"]);
        assert_eq!(v2.methods[0].options_type, "BooksV2CreateOptions");
        let tree = ClientTree::new(&p.controllers);
        let member = |key: &str, class: &str| Member {
            key: key.into(),
            class: class.into(),
        };
        assert_eq!(
            tree.top,
            [
                member("books", "BooksController"),
                member("health", "HealthController")
            ]
        );
        let keys: Vec<&str> = tree.groups.iter().map(|g| g.key.as_str()).collect();
        assert_eq!(keys, ["v2", "v10"]);
        assert_eq!(
            tree.groups[1].members,
            [member("books", "BooksV10Controller")]
        );
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    }

    #[test]
    fn c8_every_name_is_unique_and_none_reserved() {
        let root = document(
            json!({
                "/a": {"get": op("items", "find", None), "post": op("items", "find", None)},
                "/b": {"get": op("then", "constructor", None)},
            }),
            json!({
                "Client": {"type": "string"},
                "Page_for_Issue": {"type": "string"},
                "PageIssue": {"type": "string"},
                "ItemsFindOptions": {"type": "string"},
            }),
        );
        let p = plan_of(&root);
        let names = &p.schema_names;
        // `Client` is the barrel's; a schema's own name wins over a
        // generic instance's readable one; a schema keeps its name before
        // an options type asks for it.
        assert_eq!(names["Client"], "Client2");
        assert_eq!(names["PageIssue"], "PageIssue");
        assert_eq!(names["Page_for_Issue"], "PageIssue2");
        assert_eq!(names["ItemsFindOptions"], "ItemsFindOptions");
        let items = &p.controllers[0].classes[0];
        let methods: Vec<(&str, &str)> = items
            .methods
            .iter()
            .map(|m| (m.name.as_str(), m.options_type.as_str()))
            .collect();
        assert_eq!(
            methods,
            [
                ("find", "ItemsFindOptions2"),
                ("find2", "ItemsFind2Options")
            ]
        );
        // `then` would make the client a thenable; `constructor` is taken.
        assert_eq!(p.controllers[1].key, "then2");
        assert_eq!(p.controllers[1].classes[0].methods[0].name, "constructor2");
        assert_eq!(p.warnings.len(), 3, "{:?}", p.warnings);
        assert_eq!(
            p.warnings[0],
            "the controller `then` is `client.then2`: `then` would make it a thenable: `await` (or a promise resolved with it) calls it, sending a request and never settling; rename the controller to choose another"
        );
        assert_eq!(
            p.warnings[1],
            "the method of `POST /a` is named `find2` in ItemsController, not `find`: another operation of ItemsController is already named `find`; rename the handler to choose another (tether has no attribute that sets an operationId)"
        );
    }

    #[test]
    fn c8_methods_named_like_object_prototype_members_or_then_are_renamed_with_the_reason() {
        let names = [
            "toString",
            "valueOf",
            "toJSON",
            "then",
            "hasOwnProperty",
            "isPrototypeOf",
            "propertyIsEnumerable",
            "toLocaleString",
        ];
        let mut paths = serde_json::Map::new();
        for name in names {
            paths.insert(
                format!("/{name}"),
                json!({"get": {"operationId": name, "tags": ["items"], "responses": {"204": {"description": "done"}}}}),
            );
        }
        let root = json!({
            "openapi": "3.1.0",
            "info": {"title": "T", "version": "1"},
            "paths": paths,
        });
        let p = plan_of(&root);
        let methods: Vec<&str> = p.controllers[0].classes[0]
            .methods
            .iter()
            .map(|m| m.name.as_str())
            .collect();
        assert_eq!(
            methods,
            [
                "toString2",
                "valueOf2",
                "toJSON2",
                "then2",
                "hasOwnProperty2",
                "isPrototypeOf2",
                "propertyIsEnumerable2",
                "toLocaleString2"
            ]
        );
        assert_eq!(p.warnings.len(), names.len(), "{:?}", p.warnings);
        assert_eq!(
            p.warnings[0],
            "the method of `GET /toString` (operationId `toString`) is named `toString2` in ItemsController, not `toString`: `toString` would shadow `Object.prototype.toString`, which JavaScript and libraries call on any object (`String(..)`, template literals, comparisons): that would send a request; change its operationId to choose another"
        );
        assert!(
            p.warnings[2].contains("`toJSON` is what `JSON.stringify` calls"),
            "{}",
            p.warnings[2]
        );
        assert!(
            p.warnings[3].contains("`then` would make it a thenable"),
            "{}",
            p.warnings[3]
        );
        // A controller (the first tag) named so is renamed too, with a warning.
        let root = json!({
            "openapi": "3.1.0",
            "info": {"title": "T", "version": "1"},
            "paths": {"/v": {"get": {"operationId": "list", "tags": ["valueOf"], "responses": {"204": {"description": "done"}}}}},
        });
        let p = plan_of(&root);
        assert_eq!(p.controllers[0].key, "valueOf2");
        assert_eq!(
            p.warnings,
            ["the controller `valueOf` is `client.valueOf2`: `valueOf` would shadow `Object.prototype.valueOf`, which JavaScript and libraries call on any object (`String(..)`, template literals, comparisons): that would send a request; give its operations another first tag to choose another"]
        );
        // The client is a plain object: a controller `constructor` shadows Object.prototype's.
        let root = json!({
            "openapi": "3.1.0",
            "info": {"title": "T", "version": "1"},
            "paths": {"/c": {"get": {"operationId": "list", "tags": ["constructor"], "responses": {"204": {"description": "done"}}}}},
        });
        let p = plan_of(&root);
        assert_eq!(p.controllers[0].key, "constructor2");
        assert_eq!(
            p.warnings,
            ["the controller `constructor` is `client.constructor2`: `constructor` would shadow `Object.prototype.constructor`, which libraries read to tell plain objects from others; give its operations another first tag to choose another"]
        );
    }

    #[test]
    fn c8_a_method_named_constructor_is_renamed_with_the_reason() {
        let root = document(
            json!({"/f": {"get": {"operationId": "function_constructor", "x-tether-controller": "function", "x-tether-method": "constructor", "x-tether-version": "1", "responses": {"204": {"description": "done"}}}}}),
            json!({}),
        );
        let p = plan_of(&root);
        assert_eq!(
            p.warnings,
            ["the method of `GET /f` (operationId `function_constructor`) is named `constructor2` in FunctionV1Controller, not `constructor`: `constructor` is reserved in the generated class (JavaScript's class constructor); rename the handler to choose another (tether has no attribute that sets an operationId)"]
        );
        // A document from elsewhere names methods after operationIds.
        let root = json!({
            "openapi": "3.1.0",
            "info": {"title": "T", "version": "1"},
            "paths": {"/f": {"get": {"operationId": "constructor", "responses": {"204": {"description": "done"}}}}},
        });
        let p = plan_of(&root);
        assert!(
            p.warnings[0].ends_with(
                "(JavaScript's class constructor); change its operationId to choose another"
            ),
            "{:?}",
            p.warnings
        );
    }
}
