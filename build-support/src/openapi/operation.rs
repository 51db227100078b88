//! One operation: parameters (path, query, header, the version header),
//! the request body per content type, and responses from the handler's
//! return type, with the hints the SDK reads (`x-tether-*`).

use super::naming::{controller_key, method_key};
use super::schema::SchemaGen;
use crate::analysis::controllers::FoundController;
use crate::analysis::index::DefItem;
use crate::analysis::modules::ModId;
use crate::analysis::serde::FieldAttrs;
use crate::analysis::types::{Env, Ty};
use crate::extensions as ext;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use syn::spanned::Spanned;
use syn::{PathArguments, ReturnType, Type};
use tether_model::attrs::{BodyKind, ParamSource};
use tether_model::config::OpenApiVersion;
use tether_model::controller::{doc_summary, ParamModel, RouteModel};
use tether_model::response::{is_named, return_shape, strip_refs, type_args, ReturnShape};
use tether_model::schemes::{KeyLocation, SchemeType};
use tether_model::{Version, VersioningKind, VERSION_HEADER};

/// What a handler's return type sends.
#[derive(Debug, Clone)]
pub(super) enum Output {
    /// JSON of a type.
    Json(Ty),
    /// `text/plain`.
    Text,
    /// `text/html`.
    Html,
    /// `application/octet-stream`.
    Binary,
    /// `tether::Attachment`: bytes of the media type the handler chooses,
    /// with `Content-Disposition`.
    Attachment,
    /// `()`: no body, the route's status.
    Empty,
    /// `NoContent`: 204.
    NoContent,
    /// `Sse<E>`: `text/event-stream` of the events of `E`, with where `E`
    /// is written.
    Sse(Ty, ModId, proc_macro2::Span),
    /// `(StatusCode, T)`: `T`'s body with a status the handler chooses.
    WithStatus(Box<Output>),
    /// `Redirect`: a `3xx` with a `Location` header.
    Redirect,
    /// `WithHeaders<T, H>`: `T` as JSON, with the headers of `H`'s fields.
    WithHeaders(Box<Output>, Ty),
    /// `Response`, `impl IntoResponse`: any body, of any media type.
    Opaque,
}

/// A type parameter of an alias being read, bound to the type written
/// where the alias is used (in that module, with that place's bindings).
#[derive(Debug, Clone)]
struct AliasArg {
    ty: Type,
    module: ModId,
    args: AliasArgs,
}

/// The parameters of the aliases being read, by name.
type AliasArgs = BTreeMap<String, AliasArg>;

/// The binding of `ty` when it is a bare parameter of an alias being read.
fn alias_param<'a>(ty: &Type, args: &'a AliasArgs) -> Option<&'a AliasArg> {
    match ty {
        Type::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
            let seg = &p.path.segments[0];
            matches!(seg.arguments, PathArguments::None)
                .then(|| args.get(&seg.ident.to_string()))
                .flatten()
        }
        _ => None,
    }
}

/// Everything an operation needs besides the route itself.
pub(super) struct OperationContext<'g, 'a> {
    /// The document's schemas.
    pub gen: &'g mut SchemaGen<'a>,
    /// The document's OpenAPI version.
    pub openapi: OpenApiVersion,
    /// The versioning in force.
    pub versioning: Option<VersioningKind>,
    /// The security schemes of `tether.toml`.
    pub schemes: &'g super::security::Schemes,
}

impl OperationContext<'_, '_> {
    /// Classifies a handler's return type as the server answers it: by its
    /// last path segment, through `&`, with the crate's type aliases
    /// followed (`type ApiResult<T> = Result<T, HttpError>` is a `Result`),
    /// as the macro's conversion goes by the type, not its spelling.
    pub(super) fn output(&mut self, ty: &Type, c: &FoundController) -> Option<Output> {
        self.output_in(ty, c.module, &AliasArgs::new(), c)
    }

    fn output_in(
        &mut self,
        ty: &Type,
        module: ModId,
        args: &AliasArgs,
        c: &FoundController,
    ) -> Option<Output> {
        let ty = strip_refs(ty);
        if let Some(bound) = alias_param(ty, args) {
            return self.output_in(&bound.ty, bound.module, &bound.args, c);
        }
        if let Some((alias, alias_module, alias_args)) = self.alias_of(ty, module, args) {
            return self.output_in(&alias, alias_module, &alias_args, c);
        }
        let env = self.ty_env(args);
        let shape = return_shape(ty);
        // A type of the crate's own that shares a name with one of
        // tether's answers (a `Redirect` or `Response` DTO, a
        // `mail::Attachment`) is a value like any other: JSON.
        if is_named_answer(&shape) && self.is_crate_item(ty, module) {
            return self.gen.resolve(ty, module, &env).map(Output::Json);
        }
        match shape {
            ReturnShape::Empty => Some(Output::Empty),
            ReturnShape::WithStatus(body) => {
                let body = self.output_in(body, module, args, c)?;
                Some(Output::WithStatus(Box::new(body)))
            }
            ReturnShape::Opaque => Some(Output::Opaque),
            ReturnShape::Json(arg) => arg
                .and_then(|a| self.gen.resolve(a, module, &env))
                .map(Output::Json),
            ReturnShape::Result(arg) => match arg {
                Some(a) => self.output_in(a, module, args, c),
                None => Some(Output::Opaque),
            },
            ReturnShape::Option(arg) => match arg.map(|a| self.output_in(a, module, args, c)) {
                Some(Some(Output::Json(inner))) => Some(Output::Json(Ty::Option(Box::new(inner)))),
                Some(Some(Output::Text)) => Some(Output::Json(Ty::Option(Box::new(Ty::String)))),
                Some(other) => other,
                None => Some(Output::Opaque),
            },
            ReturnShape::Text => Some(Output::Text),
            ReturnShape::Html => Some(Output::Html),
            ReturnShape::Bytes => Some(Output::Binary),
            ReturnShape::Attachment => Some(Output::Attachment),
            ReturnShape::NoContent => Some(Output::NoContent),
            ReturnShape::Redirect => Some(Output::Redirect),
            ReturnShape::WithHeaders(seg) => match type_args(seg).as_slice() {
                [body, headers] => {
                    // The body is JSON, or a file (`Attachment`).
                    let body = match self.output_in(body, module, args, c)? {
                        Output::Attachment => Output::Attachment,
                        _ => Output::Json(self.gen.resolve(body, module, &env)?),
                    };
                    let headers = self.gen.resolve(headers, module, &env)?;
                    Some(Output::WithHeaders(Box::new(body), headers))
                }
                _ => {
                    let d = self.gen_diag(c, ty.span(), "write the body and the headers' type: `WithHeaders<Body, Headers>`, where `Headers` is a struct with one field per header");
                    self.gen.errors.push(d);
                    None
                }
            },
            ReturnShape::Sse(arg) => match arg {
                Some(a) => self
                    .gen
                    .resolve(a, module, &env)
                    .map(|e| Output::Sse(e, module, a.span())),
                None => {
                    let d = self.gen_diag(c, ty.span(), "write the event type: `Sse<Event>`, where `Event` is an enum with one variant per event");
                    self.gen.errors.push(d);
                    None
                }
            },
            ReturnShape::Other(ty) => self.gen.resolve(ty, module, &env).map(Output::Json),
        }
    }

    /// The type a crate alias written as `ty` in `module` stands for, the
    /// module it is written in, and its parameters bound to `ty`'s
    /// arguments; `None` when `ty` is not an alias of the crate.
    fn alias_of(
        &self,
        ty: &Type,
        module: ModId,
        args: &AliasArgs,
    ) -> Option<(Type, ModId, AliasArgs)> {
        let Type::Path(p) = ty else { return None };
        if p.qself.is_some() {
            return None;
        }
        let index = self.gen_index();
        let def = &index.defs[index.def_of(module, &p.path)?];
        let DefItem::Alias(alias) = &def.item else {
            return None;
        };
        let written = p.path.segments.last().map(type_args).unwrap_or_default();
        let bound = alias
            .generics
            .type_params()
            .zip(written)
            .map(|(param, ty)| {
                let arg = AliasArg {
                    ty: ty.clone(),
                    module,
                    args: args.clone(),
                };
                (param.ident.to_string(), arg)
            })
            .collect();
        Some(((*alias.ty).clone(), def.module, bound))
    }

    /// Whether `ty`, written in `module`, names an item of the crate itself.
    fn is_crate_item(&self, ty: &Type, module: ModId) -> bool {
        match ty {
            Type::Path(p) if p.qself.is_none() => {
                self.gen_index().def_of(module, &p.path).is_some()
            }
            _ => false,
        }
    }

    /// The alias parameters in scope as resolved types, for schemas.
    fn ty_env(&mut self, args: &AliasArgs) -> Env {
        let mut env = Env::new();
        for (name, arg) in args {
            let inner = self.ty_env(&arg.args);
            if let Some(ty) = self.gen.resolve(&arg.ty, arg.module, &inner) {
                env.insert(name.clone(), ty);
            }
        }
        env
    }

    pub(super) fn gen_diag(
        &self,
        c: &FoundController,
        span: proc_macro2::Span,
        msg: &str,
    ) -> crate::analysis::Diagnostic {
        self.gen_index().sources.diagnostic(c.module, span, msg)
    }

    fn gen_index(&self) -> &crate::analysis::index::CrateIndex {
        self.gen.index_ref()
    }

    fn sse_content(&mut self, events: Ty, at: (ModId, proc_macro2::Span)) -> Value {
        let events = match self.gen.sse_events(&events, at) {
            Ok(e) => e,
            Err(d) => {
                self.gen.errors.push(d);
                Vec::new()
            }
        };
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

    fn responses(&mut self, route: &RouteModel, c: &FoundController) -> Value {
        let output = match &route.output {
            ReturnType::Default => Some(Output::Empty),
            ReturnType::Type(_, ty) => self.output(ty, c),
        };
        let output = output.unwrap_or(Output::Opaque);
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
            Output::Sse(ty, module, span) => {
                Some(("text/event-stream", self.sse_content(ty, (module, span))))
            }
            // A status inside a status: the inner one is what is sent.
            Output::WithStatus(inner) | Output::WithHeaders(inner, _) => self.content(*inner, key),
            Output::Empty | Output::NoContent | Output::Redirect => None,
        }
    }

    /// One parameter, its schema carrying its `#[validate(..)]` rules.
    fn param(&mut self, name: &str, location: &str, ty: &Ty, p: &ParamModel) -> Value {
        let (inner, required) = match ty {
            Ty::Option(inner) => (&**inner, false),
            other => (other, true),
        };
        let mut schema = super::constraints::apply_rules(self.gen.schema(inner), &p.rules);
        if required && location == "query" {
            schema = one_or_more(schema);
        }
        param_object(name, location, required || location == "path", schema)
    }

    fn parameters(
        &mut self,
        route: &RouteModel,
        c: &FoundController,
        version: Option<&Version>,
    ) -> (Vec<Value>, Option<Value>) {
        let mut params = Vec::new();
        let mut body = None;
        let mut keys = ParamKeys::default();
        let env = Env::new();
        let version_const = match (self.versioning, version) {
            (Some(VersioningKind::Header), Some(Version::Exact(v))) => Some(v),
            _ => None,
        };
        for p in &route.params {
            // The raw request and user extractors are not part of the
            // contract; what an extractor requires is (`#[security]`).
            if matches!(p.source, ParamSource::Request | ParamSource::Extractor) {
                continue;
            }
            let Some(ty) = self.gen.resolve(&p.ty, c.module, &env) else {
                continue;
            };
            self.refuse_unreadable_param(&ty, p, c);
            match &p.source {
                ParamSource::Path(name) => params.push(self.param(name, "path", &ty, p)),
                ParamSource::Query(name) => {
                    keys.read("query", name, p);
                    params.push(self.param(name, "query", &ty, p));
                }
                // Under HEADER versioning the version parameter below, with
                // its const, documents the header the handler reads.
                ParamSource::Header(name)
                    if version_const.is_some() && name.eq_ignore_ascii_case(VERSION_HEADER) => {}
                ParamSource::Header(name) => {
                    keys.read("header", name, p);
                    params.push(self.param(name, "header", &ty, p));
                }
                ParamSource::Cookie(name) => {
                    keys.read("cookie", name, p);
                    params.push(self.param(name, "cookie", &ty, p));
                }
                ParamSource::QueryAll => match self.gen.query_fields(&ty) {
                    // Both checks report what they find, then nothing is documented.
                    Some(_)
                        if self.refuse_flattened_numbers(&ty, "#[query]", &p.ty, c)
                            | self.refuse_nested_fields(&ty, "#[query]") => {}
                    Some(shape) => {
                        if self.gen.denies_unknown_fields(&ty) {
                            keys.strict.push(p);
                        }
                        for prop in shape.props {
                            keys.read("query", &prop.name, p);
                            let mut schema = strip_nullable(prop.schema);
                            if prop.required {
                                schema = one_or_more(schema);
                            }
                            params.push(param_object(&prop.name, "query", prop.required, schema));
                        }
                    }
                    None if self.refuse_scalar_whole_query(&ty, p, c) => {}
                    None => {
                        let schema = self.gen.schema(&ty);
                        let mut param = param_object(&p.ident.to_string(), "query", false, schema);
                        param["style"] = json!("form");
                        param["explode"] = json!(true);
                        params.push(param);
                    }
                },
                ParamSource::Body(BodyKind::Form)
                    if self.refuse_flattened_numbers(&ty, "#[body(form)]", &p.ty, c)
                        | self.refuse_nested_fields(&ty, "#[body(form)]") => {}
                ParamSource::Body(kind) => body = Some(self.body(*kind, &ty, &p.ty)),
                ParamSource::Request | ParamSource::Extractor => {}
            }
        }
        keys.credentials = self.query_credentials(route, c);
        self.refuse_key_clashes(&keys, c);
        if let Some(v) = version_const {
            params.push(json!({
                "name": VERSION_HEADER,
                "in": "header",
                "required": true,
                "description": "The API version this operation belongs to.",
                "schema": {"type": "string", "const": v}
            }));
        }
        (params, body)
    }

    /// `#[query] limit: Limit` where `Limit` is (an alias of) a number,
    /// text, a list or an `Option` of one: `#[query]` without a key reads
    /// the whole query string into a struct or a map, so the server would
    /// refuse every request while the document showed a parameter named
    /// after the argument (SPEC E1). The macro refuses such a type as
    /// written; this catches it behind an alias. `true` when refused.
    fn refuse_scalar_whole_query(&mut self, ty: &Ty, p: &ParamModel, c: &FoundController) -> bool {
        let scalar = matches!(
            ty,
            Ty::Bool
                | Ty::Int(..)
                | Ty::Float(_)
                | Ty::Char
                | Ty::String
                | Ty::Unit
                | Ty::Option(_)
                | Ty::Seq { .. }
                | Ty::Tuple(_)
        );
        if !scalar {
            return false;
        }
        let ident = p.ident.to_string();
        let written = super::text_values::written(&p.ty);
        let message = format!(
            "`#[query] {ident}` reads the whole query string into `{written}`, which is not a struct or a map: the server would refuse every request"
        );
        let help = format!(
            "to read the key `{ident}`, write `#[query(\"{ident}\")] {ident}: {written}`; to read several keys, take a struct with `#[query] q: T`"
        );
        let d = self.gen_diag(c, p.ty.span(), &message).with_help(help);
        self.gen.errors.push(d);
        true
    }

    /// A query key, header or cookie is read by one argument, and a
    /// `#[query]` struct that denies unknown fields is the only reader of
    /// the query: otherwise the document lists a parameter twice (the
    /// client sends it once), or the server refuses the key another
    /// argument documents (SPEC E1).
    fn refuse_key_clashes(&mut self, keys: &ParamKeys<'_>, c: &FoundController) {
        for (place, name, first, second) in keys.twice() {
            let key = if place == "query" { "query key" } else { place };
            let message = format!(
                "the {key} `{name}` is read by two arguments, {} and {}: the document would list the parameter twice and the client send it once",
                reader(first, name),
                reader(second, name)
            );
            let help = match place {
                "query" => format!(
                    "read `{name}` in one place: drop one of the two, or rename the key of one (`#[query(\"..\")]`, `#[serde(rename = \"..\")]`)"
                ),
                _ => format!("read `{name}` in one place: drop one of the two arguments"),
            };
            let d = self.gen_diag(c, second.ty.span(), &message).with_help(help);
            self.gen.errors.push(d);
        }
        for strict in &keys.strict {
            self.refuse_strict_beside_credential(keys, strict, c);
            let Some((name, other)) = keys.read_by_others(strict) else {
                continue;
            };
            let written = super::text_values::written(&strict.ty);
            let message = format!(
                "`#[query] {}: {written}` has `#[serde(deny_unknown_fields)]`, so the server refuses every query key it does not name, and `{name}`, which {} reads, is one: a request that sends it, as the client does when it is set, is answered 400",
                strict.ident,
                reader(other, name)
            );
            let help = format!(
                "move `{name}` into `{written}` as a field, or remove `deny_unknown_fields` from it"
            );
            let d = self.gen_diag(c, strict.ty.span(), &message).with_help(help);
            self.gen.errors.push(d);
        }
    }

    /// The query keys of the apiKey schemes (`in = "query"`) the route
    /// accepts, with each scheme's name.
    fn query_credentials(&self, route: &RouteModel, c: &FoundController) -> Vec<(String, String)> {
        route
            .effective_security(&c.model)
            .into_iter()
            .filter_map(|scheme| {
                let s = self.schemes.get(&scheme)?;
                if s.kind != SchemeType::ApiKey || s.location != Some(KeyLocation::Query) {
                    return None;
                }
                Some((scheme, s.name.clone()?))
            })
            .collect()
    }

    /// A `#[query]` struct that denies unknown fields refuses the query
    /// key a credential of the route is sent under, unless it reads it.
    fn refuse_strict_beside_credential(
        &mut self,
        keys: &ParamKeys<'_>,
        strict: &ParamModel,
        c: &FoundController,
    ) {
        let Some((scheme, key)) = keys
            .credentials
            .iter()
            .find(|(_, key)| !keys.reads(strict, key))
        else {
            return;
        };
        let written = super::text_values::written(&strict.ty);
        let message = format!(
            "`#[query] {}: {written}` has `#[serde(deny_unknown_fields)]`, so the server refuses every query key it does not name, and `{key}`, the query parameter of the security scheme `{scheme}` this route accepts, is one: a request that sends the credential there is answered 400",
            strict.ident
        );
        let help = format!(
            "remove `deny_unknown_fields` from `{written}`, or send the credential in a header (`in = \"header\"` under `[security.schemes.{scheme}]`)"
        );
        let d = self.gen_diag(c, strict.ty.span(), &message).with_help(help);
        self.gen.errors.push(d);
    }

    /// serde hands the fields of a `#[serde(flatten)]`ed struct their
    /// query or form values as buffered text, which a `bool`, a number or
    /// an array cannot be read from: such a request would be refused at
    /// run time whatever the client sends, so it is refused here, at
    /// build time (SPEC E1). `true` when `ty` was refused.
    fn refuse_flattened_numbers(
        &mut self,
        ty: &Ty,
        attribute: &str,
        written: &Type,
        c: &FoundController,
    ) -> bool {
        let Ty::Def(id, _) = ty else { return false };
        let index = self.gen.index_ref();
        let outer = &index.defs[*id];
        let DefItem::Struct(item) = &outer.item else {
            return false;
        };
        let flattened: Vec<&syn::Type> = item
            .fields
            .iter()
            .filter(|f| FieldAttrs::from_attrs(&f.attrs).flatten)
            .map(|f| &f.ty)
            .collect();
        let (outer_name, module) = (outer.name.clone(), outer.module);
        for inner_ty in flattened {
            let Some(inner) = self.gen.resolve(inner_ty, module, &Env::new()) else {
                continue;
            };
            let Some(shape) = self.gen.query_fields(&inner) else {
                continue;
            };
            let Some((field, kind)) = shape.props.iter().find_map(|p| {
                non_text_kind(&strip_nullable(p.schema.clone())).map(|k| (p.name.clone(), k))
            }) else {
                continue;
            };
            let inner_name = quote::ToTokens::to_token_stream(inner_ty).to_string();
            let message = format!(
                "`{attribute}` struct `{outer_name}` flattens `{inner_name}` (`#[serde(flatten)]`), whose field `{field}` is {kind}: serde hands flattened fields their values as text, so a request that sends it would be refused at run time"
            );
            let help = format!(
                "write the fields of `{inner_name}` in `{outer_name}` itself, or give `{field}` the type `String` (or `Option<String>`) and parse it in the handler"
            );
            let d = self.gen_diag(c, written.span(), &message).with_help(help);
            self.gen.errors.push(d);
            return true;
        }
        false
    }

    /// The urlencoded reader gives each key its text values, so a field of
    /// a `#[query]` or `#[body(form)]` struct that is a struct, a map or a
    /// list of those is never read: the server would leave it `None` (or
    /// refuse every request) whatever the document told clients to send.
    /// Each such field is refused at its type (SPEC E1), also inside a
    /// `#[serde(flatten)]`ed struct (whose fields take keys of the outer
    /// one); `true` when one was.
    fn refuse_nested_fields(&mut self, ty: &Ty, attribute: &str) -> bool {
        let Ty::Def(id, _) = ty else { return false };
        let outer = self.gen.index_ref().defs[*id].name.clone();
        self.refuse_nested_fields_of(*id, attribute, &outer, 0)
    }

    /// [`Self::refuse_nested_fields`] for the fields of struct `id`, read
    /// as keys of `attribute` struct `outer` (itself, or the struct that
    /// flattens it); `depth` counts the flattens on the way.
    fn refuse_nested_fields_of(
        &mut self,
        id: crate::analysis::index::DefId,
        attribute: &str,
        outer: &str,
        depth: usize,
    ) -> bool {
        let index = self.gen.index_ref();
        let def = &index.defs[id];
        let DefItem::Struct(item) = &def.item else {
            return false;
        };
        let (own_name, module) = (def.name.clone(), def.module);
        let mut refused = false;
        for field in &item.fields {
            let attrs = FieldAttrs::from_attrs(&field.attrs);
            if attrs.skip || attrs.skip_deserializing {
                continue;
            }
            if attrs.flatten {
                // A flattened struct's fields are keys of the outer struct.
                let inner = match self.gen.resolve(&field.ty, module, &Env::new()) {
                    Some(Ty::Option(inner)) => *inner,
                    Some(other) => other,
                    None => continue,
                };
                if let Ty::Def(inner, _) = inner {
                    if depth < 8 {
                        refused |= self.refuse_nested_fields_of(inner, attribute, outer, depth + 1);
                    }
                }
                continue;
            }
            let Some((schema, _)) = self.gen.field_schema(field, module, &Env::new()) else {
                continue;
            };
            let Some(kind) = super::text_values::unreadable(&schema, &self.gen.components) else {
                continue;
            };
            let name = field
                .ident
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default();
            let written = super::text_values::written(&field.ty);
            let carrier = match attribute {
                "#[query]" => "a query string",
                _ => "a urlencoded form",
            };
            let whose = match depth {
                0 => format!("`{attribute}` struct `{outer}`"),
                _ => format!("`{own_name}`, flattened into `{attribute}` struct `{outer}`,"),
            };
            let message = format!(
                "field `{name}` of {whose} is {kind} (`{written}`), which {carrier} cannot carry: it sends text values under flat keys (`{name}=…`), so the server could never read this field (an `Option` would stay `None`, anything else refuse every request)"
            );
            let help = super::text_values::fix(kind, &own_name, &name);
            let d = self
                .gen
                .index_ref()
                .sources
                .diagnostic(module, field.ty.span(), message)
                .with_help(help);
            self.gen.errors.push(d);
            refused = true;
        }
        refused
    }

    /// A `#[query("x")]`, `#[param]`, `#[header("x")]` or `#[cookie("x")]`
    /// argument is read with serde from the text of one key (or header,
    /// or path segment): a struct, a map, an enum with fields or a list of
    /// those is never read from it, so a request that sends one is refused
    /// whatever the document told the client to send (an `Option` is
    /// `None` only while the key is absent). Refused at the argument's
    /// type (SPEC E1).
    fn refuse_unreadable_param(&mut self, ty: &Ty, p: &ParamModel, c: &FoundController) {
        let (name, place, carrier) = match &p.source {
            ParamSource::Query(name) => (name, "query parameter", "a query string"),
            ParamSource::Path(name) => (name, "path parameter", "a path segment"),
            ParamSource::Header(name) => (name, "header", "a header"),
            ParamSource::Cookie(name) => (name, "cookie", "a cookie"),
            _ => return,
        };
        let one = match ty {
            Ty::Option(inner) => &**inner,
            other => other,
        };
        if matches!(p.source, ParamSource::Cookie(_)) && matches!(one, Ty::Seq { .. }) {
            // A request has one cookie of a name (browsers keep one per
            // name, and the server reads the first): the list would never
            // hold more than one value, whatever the client sends.
            let ident = p.ident.to_string();
            let message = format!(
                "`#[cookie(\"{name}\")] {ident}` is a list (`{}`), which a cookie cannot carry: a request has one `{name}` cookie (the server reads the first of several), so the list would never hold more than one value",
                super::text_values::written(&p.ty)
            );
            let help = format!(
                "read `{ident}` as `String` and split it in the handler, or take the list as a query parameter or a header (`#[header(\"x-{name}\")] {ident}: Vec<..>`, comma-separated items)"
            );
            let d = self.gen_diag(c, p.ty.span(), &message).with_help(help);
            self.gen.errors.push(d);
            return;
        }
        let schema = self.gen.schema(ty);
        let Some(kind) = super::text_values::unreadable(&schema, &self.gen.components) else {
            return;
        };
        let attribute = match &p.source {
            ParamSource::Path(_) => "#[param]".to_string(),
            ParamSource::Query(_) => format!("#[query(\"{name}\")]"),
            ParamSource::Header(_) => format!("#[header(\"{name}\")]"),
            _ => format!("#[cookie(\"{name}\")]"),
        };
        let written = super::text_values::written(&p.ty);
        let ident = p.ident.to_string();
        let outcome = match &p.source {
            ParamSource::Path(_) => "every request to this route is refused".to_string(),
            _ => format!(
                "a request that sends `{name}` is refused; an `Option` is `None` only while it is absent"
            ),
        };
        let message = format!(
            "`{attribute} {ident}` is {kind} (`{written}`), which {carrier} cannot carry: the {place} `{name}` is text, so the server could never read this argument ({outcome})"
        );
        let help = super::text_values::param_fix(kind, &p.source, &ident);
        let d = self.gen_diag(c, p.ty.span(), &message).with_help(help);
        self.gen.errors.push(d);
    }

    /// The component object `schema` refers to (`{"$ref": "#/components/schemas/X"}`).
    fn component(&self, schema: &Value) -> Option<&Map<String, Value>> {
        let name = schema["$ref"]
            .as_str()?
            .strip_prefix("#/components/schemas/")?;
        self.gen.components.get(name)?.as_object()
    }

    /// A form body's own view of its type: the component with its fields
    /// as a form carries them ([`absent_not_null`],
    /// [`lists_take_one_part_or_more`]), written inline (marked with the
    /// component's name) when that differs from the component. The
    /// component is shared with JSON bodies and responses, which do carry
    /// `null` and empty lists, so it is not changed here; see
    /// [`super::form_views::settle`] for a component only forms use.
    fn form_view(&self, schema: Value) -> Value {
        let Some(component) = self.component(&schema) else {
            return schema;
        };
        let mut view = component.clone();
        absent_not_null(&mut view);
        lists_take_one_part_or_more(&mut view);
        if view == *component {
            return schema;
        }
        let name = schema["$ref"].as_str().unwrap_or_default();
        let name = name.trim_start_matches("#/components/schemas/");
        view.insert(super::form_views::VIEW_OF.into(), json!(name));
        Value::Object(view)
    }

    fn body(&mut self, kind: BodyKind, ty: &Ty, written: &Type) -> Value {
        let (inner, required) = match ty {
            Ty::Option(inner) => (&**inner, false),
            other => (other, true),
        };
        // A required text or bytes body refuses an empty one (400).
        let non_empty = |mut s: Value| {
            if required {
                s["minLength"] = json!(1);
            }
            s
        };
        let schema = match kind {
            BodyKind::Text => non_empty(json!({"type": "string"})),
            BodyKind::Bytes => non_empty(json!({"type": "string", "format": "binary"})),
            BodyKind::Multipart if is_named(written, &["Multipart"]) => json!({"type": "object"}),
            BodyKind::Multipart => {
                let schema = self.gen.schema(inner);
                self.form_view(schema)
            }
            BodyKind::Form => {
                let schema = self.gen.schema(inner);
                self.form_view(schema)
            }
            BodyKind::Json => self.gen.schema(inner),
        };
        json!({
            "required": required,
            "content": { kind.content_type(): {"schema": schema} }
        })
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
        if let Some((summary, description)) = doc_summary(&route.docs) {
            op.insert("summary".into(), json!(summary));
            if let Some(description) = description {
                op.insert("description".into(), json!(description));
            }
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
        if route.deprecated {
            op.insert("deprecated".into(), json!(true));
        }
        let schemes = route.effective_security(&c.model);
        if let Some(security) = super::security::requirement(&schemes) {
            op.insert("security".into(), security);
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

/// The query keys, headers and cookies a route's arguments read, and its
/// `#[query]` structs that deny unknown fields.
#[derive(Default)]
struct ParamKeys<'r> {
    /// Each key with its location and the argument reading it, in order.
    read: Vec<(&'static str, String, &'r ParamModel)>,
    /// `#[query] q: T` arguments whose `T` has `deny_unknown_fields`.
    strict: Vec<&'r ParamModel>,
    /// The query keys of the route's apiKey credentials: scheme, key.
    credentials: Vec<(String, String)>,
}

impl<'r> ParamKeys<'r> {
    /// Records that `p` reads the key `name` of `place` (query, header, cookie).
    fn read(&mut self, place: &'static str, name: &str, p: &'r ParamModel) {
        self.read.push((place, name.to_string(), p));
    }

    /// Keys read by two arguments: the location, the key, the first
    /// reader, the second. Header names are compared without case.
    fn twice(&self) -> Vec<(&'static str, &str, &'r ParamModel, &'r ParamModel)> {
        let same = |place: &str, a: &str, b: &str| match place {
            "header" => a.eq_ignore_ascii_case(b),
            _ => a == b,
        };
        let mut found = Vec::new();
        for (i, (place, name, second)) in self.read.iter().enumerate() {
            let first = self.read[..i]
                .iter()
                .find(|(p, n, _)| p == place && same(place, n, name))
                .map(|(_, _, first)| *first)
                .filter(|first| !std::ptr::eq(*first, *second));
            if let Some(first) = first {
                found.push((*place, name.as_str(), first, *second));
            }
        }
        found
    }

    /// Whether the argument `p` reads the query key `key`.
    fn reads(&self, p: &ParamModel, key: &str) -> bool {
        self.read
            .iter()
            .any(|(place, name, by)| *place == "query" && name == key && std::ptr::eq(*by, p))
    }

    /// The first query key that an argument other than `strict` reads.
    fn read_by_others(&self, strict: &ParamModel) -> Option<(&str, &'r ParamModel)> {
        self.read
            .iter()
            .find(|(place, _, p)| *place == "query" && !std::ptr::eq(*p, strict))
            .map(|(_, name, p)| (name.as_str(), *p))
    }
}

/// How a message names the argument that reads the key `name`, as written.
fn reader(p: &ParamModel, name: &str) -> String {
    let (attribute, own) = match &p.source {
        ParamSource::Header(own) => ("header", own.as_str()),
        ParamSource::Cookie(own) => ("cookie", own.as_str()),
        ParamSource::Query(own) => ("query", own.as_str()),
        _ => {
            let written = super::text_values::written(&p.ty);
            return format!("`#[query] {}: {written}` (its field `{name}`)", p.ident);
        }
    };
    format!("`#[{attribute}(\"{own}\")] {}`", p.ident)
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

fn param_object(name: &str, location: &str, required: bool, mut schema: Value) -> Value {
    let mut param = Map::new();
    param.insert("name".into(), json!(name));
    param.insert("in".into(), json!(location));
    param.insert("required".into(), json!(required));
    if let Some(d) = schema
        .as_object_mut()
        .and_then(|o| o.shift_remove("description"))
    {
        param.insert("description".into(), d);
    }
    param.insert("schema".into(), schema);
    Value::Object(param)
}

/// `a boolean`, `an integer`, `a number` or `an array` for a schema that
/// text cannot be read as through a flatten; `None` for a string (or
/// anything else).
fn non_text_kind(schema: &Value) -> Option<&'static str> {
    match schema.get("type").and_then(Value::as_str)? {
        "boolean" => Some("a boolean"),
        "integer" => Some("an integer"),
        "number" => Some("a number"),
        "array" => Some("an array"),
        _ => None,
    }
}

/// A form (urlencoded or multipart) cannot carry `null`: an `Option`
/// field left at `None` is a field left out, and the text `null` is
/// refused like any value of the wrong type. So a form's view of its type
/// (`object`, a struct's schema) documents its fields without `null`.
fn absent_not_null(object: &mut Map<String, Value>) {
    let Some(Value::Object(props)) = object.get_mut("properties") else {
        return;
    };
    for value in props.values_mut() {
        *value = strip_nullable(std::mem::take(value));
    }
}

/// A form (multipart or urlencoded) sends a list as one part or pair per
/// item, so an empty list cannot be told from a field left out: a
/// required list field of the form (`Vec<T>`, which the server reads as
/// one value or more) gets `minItems: 1` in the form's view of its type
/// (`object`, see [`one_or_more`]).
fn lists_take_one_part_or_more(object: &mut Map<String, Value>) {
    let required: Vec<String> = object
        .get("required")
        .and_then(Value::as_array)
        .map(|r| {
            r.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let Some(Value::Object(props)) = object.get_mut("properties") else {
        return;
    };
    for name in required {
        if let Some(list) = props.get_mut(&name) {
            *list = one_or_more(std::mem::take(list));
        }
    }
}

/// A required list read from a query string or a form: sent as one
/// `key=value` per item, an empty list is a key left out, which the server
/// refuses as missing (runtime/src/urlencoded.rs, `deserialize_seq`;
/// `Option<Vec<T>>` or `#[serde(default)]` is what accepts none). So
/// `schema`, when a list, gets `minItems: 1` unless its rules say more.
fn one_or_more(mut schema: Value) -> Value {
    if let Some(list) = schema.as_object_mut() {
        if list.get("type") == Some(&json!("array")) && !list.contains_key("minItems") {
            list.insert("minItems".into(), json!(1));
        }
    }
    schema
}

/// A query parameter that may be absent needs no `null` in its schema.
fn strip_nullable(schema: Value) -> Value {
    let Value::Object(mut obj) = schema else {
        return schema;
    };
    if let Some(Value::Array(types)) = obj.get("type").cloned() {
        let rest: Vec<Value> = types.into_iter().filter(|t| t != "null").collect();
        if rest.len() == 1 {
            obj.insert("type".into(), rest[0].clone());
            if let Some(Value::Array(values)) = obj.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
        }
        return Value::Object(obj);
    }
    let one_of = obj.get("oneOf").and_then(Value::as_array).cloned();
    if let Some([first, null]) = one_of.as_deref() {
        if *null == json!({"type": "null"}) {
            let mut first = first.clone();
            if let (Some(d), Some(o)) = (obj.shift_remove("description"), first.as_object_mut()) {
                o.insert("description".into(), d);
            }
            return first;
        }
    }
    Value::Object(obj)
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

/// Whether `shape` was read from the type's name alone (`Redirect`,
/// `Response`, `Html`, `Attachment`, …), which a type of the crate may
/// share.
fn is_named_answer(shape: &ReturnShape<'_>) -> bool {
    matches!(
        shape,
        ReturnShape::Json(_)
            | ReturnShape::Html
            | ReturnShape::Bytes
            | ReturnShape::Attachment
            | ReturnShape::NoContent
            | ReturnShape::Redirect
            | ReturnShape::WithHeaders(_)
            | ReturnShape::Sse(_)
            | ReturnShape::Opaque
    )
}
