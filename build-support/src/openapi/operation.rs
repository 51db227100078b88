//! One operation: parameters (path, query, header, the version header),
//! the request body per content type, and responses from the handler's
//! return type, with the hints the SDK reads (`x-tether-*`).

use super::keywords::with_note;
use super::naming::{controller_key, method_key};
use super::output::{Output, Outputs};
use super::schema::strip_nullable;
use super::schema::SchemaGen;
use crate::analysis::controllers::FoundController;
use crate::analysis::types::Ty;
use crate::extensions as ext;
use serde_json::{json, Map, Value};
use syn::ReturnType;
use tether_model::config::OpenApiVersion;
use tether_model::controller::{doc_summary, RouteModel};
use tether_model::{Version, VersioningKind};

/// Everything an operation needs besides the route itself.
pub(super) struct OperationContext<'g, 'a> {
    /// The document's schemas.
    pub gen: &'g mut SchemaGen<'a>,
    /// The document's OpenAPI version.
    pub openapi: OpenApiVersion,
    /// The versioning in force.
    pub versioning: Option<VersioningKind>,
    /// Whether the document declares security schemes: then an operation
    /// that requires none says so (`security: []`).
    pub schemes_declared: bool,
}

impl OperationContext<'_, '_> {
    /// The content of a `text/event-stream` response: one schema per event.
    fn sse_content(&mut self, events: Ty) -> Value {
        let events = self.gen.sse_events(&events);
        let items: Vec<Value> = events
            .into_iter()
            .map(|(name, data)| {
                json!({
                    "type": "object",
                    "properties": {
                        "event": {"type": "string", "const": name},
                        "data": data,
                        "id": {"type": "string"}
                    },
                    "required": ["event", "data"]
                })
            })
            .collect();
        let item = json!({ "oneOf": items });
        let key = match self.openapi {
            OpenApiVersion::V3_2 => "itemSchema",
            _ => ext::ITEM_SCHEMA,
        };
        // No `schema`: validators (schemathesis) would check each event
        // against it; the events are described by the item schema alone.
        json!({ key: item })
    }

    /// The responses of `route`: its success, its error answers, `default`.
    fn responses(&mut self, route: &RouteModel, c: &FoundController) -> Value {
        let output = match &route.output {
            ReturnType::Default => Some(Output::Empty),
            ReturnType::Type(_, ty) => Outputs { gen: self.gen }.output(ty, c),
        };
        // A refused return type never gets here (see `crate::checks`).
        let output = match output {
            Some(Output::Refused(_)) | None => Output::Opaque,
            Some(output) => output,
        };
        let mut response = Map::new();
        let (output, headers) = match output {
            Output::WithHeaders(body, h) => (*body, self.response_headers(&h)),
            other => (other, None),
        };
        // A file's `Content-Disposition`, before the headers it is sent with.
        let headers = match output {
            Output::Attachment => {
                let mut all = Map::new();
                all.insert("Content-Disposition".into(), content_disposition());
                if let Some(Value::Object(more)) = headers {
                    all.extend(more);
                }
                Some(Value::Object(all))
            }
            _ => headers,
        };
        // `(StatusCode, T)` and `Redirect` choose their status at run time:
        // documented as the range it falls in (OpenAPI's `2XX`, `3XX`).
        let (key, body) = match output {
            Output::NoContent => ("204".to_string(), Output::Empty),
            Output::WithStatus(body) => {
                response.insert(
                    "description".into(),
                    json!("Success, with the status the handler chooses."),
                );
                ("2XX".to_string(), *body)
            }
            Output::Redirect => {
                response.insert(
                    "description".into(),
                    json!("Redirect to the URL in `Location`."),
                );
                response.insert(
                    "headers".into(),
                    json!({"Location": {"required": true, "schema": {"type": "string"}}}),
                );
                ("3XX".to_string(), Output::Empty)
            }
            other => (route.status().to_string(), other),
        };
        if !response.contains_key("description") {
            let status = key.parse().unwrap_or(200);
            response.insert("description".into(), json!(reason(status)));
        }
        if let Some((media, body)) = self.content(body, &key) {
            response.insert("content".into(), json!({ media: body }));
        }
        if let Some(h) = headers {
            response.insert("headers".into(), h);
        }
        let mut responses = Map::new();
        responses.insert(key, Value::Object(response));
        responses.extend(self.error_responses(route, c));
        let error = self.gen.http_error();
        responses.insert(
            "default".into(),
            json!({
                "description": "Error: the status and message of what went wrong.",
                "content": {"application/json": {"schema": error}}
            }),
        );
        Value::Object(responses)
    }

    /// The `headers` of a response from the fields of `WithHeaders`' `H`:
    /// each field's serde name, schema (without `null`: an absent header
    /// is `None`), doc comment, and `required` unless it is optional or a
    /// list (an empty list sends no header at all).
    fn response_headers(&mut self, headers: &Ty) -> Option<Value> {
        let schema = self.gen.schema(headers);
        let name = schema["$ref"]
            .as_str()?
            .strip_prefix("#/components/schemas/")?
            .to_string();
        let component = self.gen.components.get(&name)?.clone();
        let required: Vec<&str> = component["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut out = Map::new();
        for (field, schema) in component["properties"].as_object()? {
            let mut schema = strip_nullable(schema.clone());
            let mut header = Map::new();
            if let Some(d) = schema
                .as_object_mut()
                .and_then(|o| o.shift_remove("description"))
            {
                header.insert("description".into(), d);
            }
            let list = schema["type"] == "array";
            let sent = required.contains(&field.as_str()) && !list;
            header.insert("required".into(), json!(sent));
            header.insert("schema".into(), schema);
            out.insert(field.clone(), Value::Object(header));
        }
        Some(Value::Object(out))
    }

    /// The media type and content object of a success body, if it has one.
    fn content(&mut self, output: Output, key: &str) -> Option<(&'static str, Value)> {
        match output {
            _ if key == "204" => None,
            Output::Json(ty) => Some(("application/json", json!({"schema": self.gen.schema(&ty)}))),
            Output::Text => Some(("text/plain", json!({"schema": {"type": "string"}}))),
            Output::Html => Some(("text/html", json!({"schema": {"type": "string"}}))),
            Output::Binary => Some((
                "application/octet-stream",
                json!({"schema": {"type": "string", "format": "binary"}}),
            )),
            // Bytes whose `Content-Type` the handler chooses at run time
            // (`.content_type("application/pdf")`): any media type, binary.
            Output::Attachment => Some((
                "*/*",
                json!({"schema": {"type": "string", "format": "binary"}}),
            )),
            // Whatever the handler builds: the client reads it by its
            // `Content-Type` at run time.
            Output::Opaque => Some(("*/*", json!({"schema": {}}))),
            Output::Sse(ty, ..) => Some(("text/event-stream", self.sse_content(ty))),
            // A status inside a status: the inner one is what is sent.
            Output::WithStatus(inner) | Output::WithHeaders(inner, _) => self.content(*inner, key),
            Output::Empty | Output::NoContent | Output::Redirect | Output::Refused(_) => None,
        }
    }

    /// The operation object of `route` served at `version`.
    pub(super) fn operation(
        &mut self,
        c: &FoundController,
        route: &RouteModel,
        version: Option<&Version>,
        operation_id: &str,
    ) -> Value {
        let mut op = Map::new();
        op.insert("operationId".into(), json!(operation_id));
        let deprecation = route.effective_deprecation(&c.model);
        let note = deprecation.and_then(|d| d.note.as_deref());
        // The first paragraph is the summary; the description is the
        // whole text, for readers that show one of them only.
        let summary = doc_summary(&route.docs).map(|(summary, _)| summary);
        let description = summary.as_ref().map(|_| doc_text(&route.docs));
        if let Some(summary) = summary {
            op.insert("summary".into(), json!(summary));
        }
        if let Some(description) = with_note(description, note) {
            op.insert("description".into(), json!(description));
        }
        let key = controller_key(&c.model.type_name);
        op.insert("tags".into(), json!(route_tags(c, route)));
        let (params, body) = self.parameters(route, c, version);
        if !params.is_empty() {
            op.insert("parameters".into(), Value::Array(params));
        }
        if let Some(body) = body {
            op.insert("requestBody".into(), body);
        }
        op.insert("responses".into(), self.responses(route, c));
        if deprecation.is_some() {
            op.insert("deprecated".into(), json!(true));
        }
        let schemes = route.effective_security(&c.model);
        match super::security::requirement(&schemes) {
            Some(security) => {
                op.insert("security".into(), security);
            }
            None if self.schemes_declared => {
                op.insert("security".into(), json!([]));
            }
            None => {}
        }
        op.insert(ext::CONTROLLER.into(), json!(key));
        let served_version = match version {
            Some(Version::Exact(v)) => Some(&**v),
            _ => None,
        };
        op.insert(
            ext::METHOD.into(),
            json!(method_key(&route.fn_ident, served_version)),
        );
        if let Some(Version::Exact(v)) = version {
            op.insert(ext::VERSION.into(), json!(v));
        }
        Value::Object(op)
    }
}

/// The tags of an operation: the controller's `#[tags]` (else its name,
/// `books`), then the method's own.
pub(super) fn route_tags(c: &FoundController, route: &RouteModel) -> Vec<String> {
    let mut tags = match c.model.tags.is_empty() {
        true => vec![controller_key(&c.model.type_name)],
        false => c.model.tags.clone(),
    };
    for t in &route.tags {
        if !tags.contains(t) {
            tags.push(t.clone());
        }
    }
    tags
}

/// A doc comment's whole text: its lines as written, trimmed around.
pub(super) fn doc_text(lines: &[String]) -> String {
    lines.join("\n").trim().to_string()
}

/// The reason phrase of a status, for response descriptions.
pub(super) fn reason(status: u16) -> &'static str {
    tether_model::status::reason(status).unwrap_or("Response")
}

/// The `Content-Disposition` header of a `tether::Attachment`: always sent.
fn content_disposition() -> Value {
    json!({
        "description": "`attachment` (or `inline`), with the file's name: `attachment; filename=\"report.pdf\"`, plus `filename*=UTF-8''…` for a name that is not ASCII.",
        "required": true,
        "schema": {"type": "string"}
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openapi::fixture::Fixture;
    use std::collections::BTreeMap;

    const PRELUDE: &str = "use tether::{controller, HttpError, Json, NoContent, Redirect};\n#[derive(Serialize, Deserialize)] pub struct Book { pub id: u64, pub title: String, pub note: Option<String>, pub tags: Vec<String> }\n#[derive(Deserialize)] pub struct Page { pub page: Option<u32>, pub size: u32 }\npub type ApiResult<T> = Result<T, HttpError>;\npub struct Books;\n";

    /// The operation of handler `method` of the one controller in `routes`
    /// (the body of `#[controller("/books")] impl Books`), and the
    /// document's components.
    fn operation_of(routes: &str, method: &str) -> (Value, BTreeMap<String, Value>) {
        let src = format!("{PRELUDE}#[controller(\"/books\")]\nimpl Books {{\n{routes}\n}}\n");
        let f = Fixture::new(&src);
        let stated = BTreeMap::new();
        let mut gen = SchemaGen::new(&f.index, &stated);
        let c = &f.controllers[0];
        let route = c
            .model
            .routes
            .iter()
            .find(|r| r.fn_ident == method)
            .unwrap();
        let mut ctx = OperationContext {
            gen: &mut gen,
            openapi: OpenApiVersion::V3_1,
            versioning: None,
            schemes_declared: false,
        };
        let op = ctx.operation(c, route, None, "books_op");
        assert!(gen.errors.is_empty(), "{:?}", gen.errors);
        (op, gen.components)
    }

    #[test]
    fn b2_names_tags_and_the_sdk_hints() {
        let routes = "/// Finds one book.\n///\n/// By its id.\n#[get(\"/:id\")] async fn find_one(&self, #[param] id: u64) -> Json<Book> { todo!() }";
        let (op, components) = operation_of(routes, "find_one");
        assert_eq!(op["operationId"], "books_op");
        assert_eq!(op["summary"], "Finds one book.");
        // The whole doc comment: a reader that shows only the description
        // (Spectral wants one on every operation) shows all of it.
        assert_eq!(op["description"], "Finds one book.\n\nBy its id.");
        assert_eq!(op["tags"], json!(["books"]));
        assert_eq!(op[ext::CONTROLLER], "books");
        assert_eq!(op[ext::METHOD], "findOne");
        assert_eq!(
            op["parameters"],
            json!([{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "uint64", "minimum": 0, "maximum": u64::MAX}}])
        );
        let ok = &op["responses"]["200"];
        assert_eq!(
            ok["content"]["application/json"]["schema"],
            json!({"$ref": "#/components/schemas/Book"})
        );
        assert_eq!(
            op["responses"]["400"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/HttpError"
        );
        assert!(op["responses"]["default"].is_object());
        assert!(components.contains_key("Book") && components.contains_key("HttpError"));
    }

    #[test]
    fn b4_statuses_the_handler_chooses_are_ranges() {
        let routes = "#[delete(\"/:id\")] async fn remove(&self, #[param] id: u64) -> NoContent { todo!() }\n#[get(\"/old\")] async fn old(&self) -> Redirect { todo!() }\n#[post] async fn create(&self) -> (http::StatusCode, Json<Book>) { todo!() }";
        let (op, _) = operation_of(routes, "remove");
        assert_eq!(op["responses"]["204"], json!({"description": "No Content"}));
        let (op, _) = operation_of(routes, "old");
        let redirect = &op["responses"]["3XX"];
        assert_eq!(redirect["headers"]["Location"]["required"], true);
        assert!(redirect.get("content").is_none());
        let (op, _) = operation_of(routes, "create");
        let ok = &op["responses"]["2XX"];
        assert_eq!(
            ok["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/Book"
        );
    }

    #[test]
    fn b4_a_result_alias_answers_its_ok_type() {
        let routes = "#[get] async fn list(&self) -> ApiResult<Vec<Book>> { todo!() }";
        let (op, _) = operation_of(routes, "list");
        let schema = &op["responses"]["200"]["content"]["application/json"]["schema"];
        assert_eq!(schema["type"], "array");
        assert_eq!(schema["items"]["$ref"], "#/components/schemas/Book");
    }

    #[test]
    fn e1_query_parameters_as_the_server_reads_them() {
        let routes = "#[get] async fn search(&self, #[query(\"q\")] q: Option<String>, #[query(\"tag\")] tag: Vec<String>, #[header(\"x-trace\")] trace: String) -> Json<Vec<Book>> { todo!() }\n#[get(\"/paged\")] async fn paged(&self, #[query] page: Page) -> Json<Vec<Book>> { todo!() }";
        let (op, _) = operation_of(routes, "search");
        let params = op["parameters"].as_array().unwrap();
        // Absent is `None`: not required, and no `null` to send.
        assert_eq!(
            params[0],
            json!({"name": "q", "in": "query", "required": false, "schema": {"type": "string"}})
        );
        // A required list is at least one `tag=…`.
        assert_eq!(params[1]["schema"]["minItems"], 1);
        assert_eq!(params[2]["in"], "header");
        let (op, _) = operation_of(routes, "paged");
        let names: Vec<&str> = op["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["page", "size"]);
        assert_eq!(op["parameters"][0]["required"], false);
        assert_eq!(op["parameters"][1]["required"], true);
    }

    #[test]
    fn b3_a_form_body_is_its_own_view_of_the_type() {
        let routes = "#[post] async fn create(&self, #[body(form)] book: Book) -> Json<Book> { todo!() }\n#[put] async fn replace(&self, #[body] book: Book) -> Json<Book> { todo!() }";
        let (op, components) = operation_of(routes, "create");
        let body = &op["requestBody"];
        assert_eq!(body["required"], true);
        let view = &body["content"]["application/x-www-form-urlencoded"]["schema"];
        // No `null` in a form, and a required list is one part or more.
        assert_eq!(view["properties"]["note"]["type"], "string");
        assert_eq!(view["properties"]["tags"]["minItems"], 1);
        assert_eq!(view[ext::FORM_VIEW_OF], "Book");
        // The component JSON shares keeps its `null`.
        assert_eq!(
            components["Book"]["properties"]["note"]["type"],
            json!(["string", "null"])
        );
        let (op, _) = operation_of(routes, "replace");
        let json_body = &op["requestBody"]["content"]["application/json"]["schema"];
        assert_eq!(json_body["$ref"], "#/components/schemas/Book");
    }

    #[test]
    fn i35_deprecated_routes_carry_their_note_in_the_description() {
        let routes = "/// Lists them all.\n///\n/// Slowly.\n#[get(\"/all\")] #[deprecated(note = \"use `list`\")] async fn all(&self) -> Json<Vec<Book>> { todo!() }\n#[get(\"/old\")] #[deprecated] async fn old(&self) -> String { todo!() }";
        let (op, _) = operation_of(routes, "all");
        assert_eq!(op["deprecated"], true);
        // The description is the whole doc comment, then the note.
        assert_eq!(
            op["description"],
            "Lists them all.\n\nSlowly.\n\nDeprecated: use `list`"
        );
        let (op, _) = operation_of(routes, "old");
        assert_eq!(op["deprecated"], true);
        assert!(op.get("description").is_none(), "{op}");
    }

    /// Every operation of the first controller of `src` (after
    /// [`PRELUDE`]), and the document's components.
    fn operations_in(src: &str) -> (Vec<Value>, BTreeMap<String, Value>) {
        let f = Fixture::new(&format!("{PRELUDE}{src}"));
        let stated = BTreeMap::new();
        let mut gen = SchemaGen::new(&f.index, &stated);
        let mut ctx = OperationContext {
            gen: &mut gen,
            openapi: OpenApiVersion::V3_1,
            versioning: None,
            schemes_declared: false,
        };
        let c = &f.controllers[0];
        let ops = c
            .model
            .routes
            .iter()
            .map(|r| ctx.operation(c, r, None, "op"))
            .collect();
        (ops, gen.components)
    }

    #[test]
    fn i35_a_deprecated_controller_deprecates_every_route() {
        let (ops, _) = operations_in("#[controller(\"/books\")]\n#[deprecated = \"version 1 ends in June\"]\nimpl Books {\n#[get] async fn list(&self) -> String { todo!() }\n#[get(\"/x\")] #[deprecated(note = \"its own\")] async fn x(&self) -> String { todo!() }\n}\n");
        assert_eq!(ops[0]["deprecated"], true);
        assert_eq!(ops[0]["description"], "Deprecated: version 1 ends in June");
        // The method's own note wins.
        assert_eq!(ops[1]["description"], "Deprecated: its own");
    }

    #[test]
    fn i35_deprecated_fields_carry_their_note() {
        let (_, components) = operations_in("#[derive(Serialize)] pub struct Old { /// The code.\n #[deprecated(note = \"use id\")] pub code: u32, #[deprecated] pub x: u8 }\n#[controller(\"/old\")]\nimpl Books {\n#[get] async fn get(&self) -> Json<Old> { todo!() }\n}\n");
        let props = &components["Old"]["properties"];
        assert_eq!(props["code"]["deprecated"], true);
        assert_eq!(
            props["code"]["description"],
            "The code.\n\nDeprecated: use id"
        );
        assert_eq!(props["x"]["deprecated"], true);
        assert!(props["x"].get("description").is_none(), "{props}");
    }
}
