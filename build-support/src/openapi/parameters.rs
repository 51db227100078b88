//! The parameters of an operation (path, query, header, cookie, the
//! version header) and its request body per content type, each schema
//! carrying its `#[validate(..)]` rules; a form body as a form carries it.

use super::operation::OperationContext;
use super::schema::strip_nullable;
use crate::analysis::controllers::FoundController;
use crate::analysis::index::DefItem;
use crate::analysis::serde::{ContainerAttrs, FieldAttrs};
use crate::analysis::types::{Env, Ty};
use serde_json::{json, Map, Value};
use syn::Type;
use tether_model::attrs::{BodyKind, ParamSource};
use tether_model::controller::{ParamModel, RouteModel};
use tether_model::response::is_named;
use tether_model::{Version, VersioningKind, VERSION_HEADER};

impl OperationContext<'_, '_> {
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

    /// The parameters of `route` served at `version`, and its request body
    /// (arguments the checks refused never get here: see `crate::checks`).
    pub(super) fn parameters(
        &mut self,
        route: &RouteModel,
        c: &FoundController,
        version: Option<&Version>,
    ) -> (Vec<Value>, Option<Value>) {
        let mut params = Vec::new();
        let mut body = None;
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
            match &p.source {
                ParamSource::Path(name) => params.push(self.param(name, "path", &ty, p)),
                ParamSource::Query(name) => params.push(self.param(name, "query", &ty, p)),
                // Under HEADER versioning the version parameter below, with
                // its const, documents the header the handler reads.
                ParamSource::Header(name)
                    if version_const.is_some() && name.eq_ignore_ascii_case(VERSION_HEADER) => {}
                ParamSource::Header(name) => params.push(self.param(name, "header", &ty, p)),
                ParamSource::Cookie(name) => params.push(self.param(name, "cookie", &ty, p)),
                ParamSource::QueryAll => match self.gen.query_fields(&ty) {
                    Some(shape) => {
                        for prop in shape.props {
                            let mut schema = strip_nullable(prop.schema);
                            if prop.required {
                                schema = one_or_more(schema);
                            }
                            params.push(param_object(&prop.name, "query", prop.required, schema));
                        }
                    }
                    None => {
                        let schema = self.gen.schema(&ty);
                        let mut param = param_object(&p.ident.to_string(), "query", false, schema);
                        param["style"] = json!("form");
                        param["explode"] = json!(true);
                        params.push(param);
                    }
                },
                ParamSource::Body(kind) => body = Some(self.body(*kind, &ty, &p.ty)),
                ParamSource::Request | ParamSource::Extractor => {}
            }
        }
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

    /// The request body of a `#[body]` argument.
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
        let mut media = json!({"schema": schema});
        if kind == BodyKind::Multipart {
            if let Some(encoding) = self.part_encoding(inner) {
                media["encoding"] = encoding;
            }
        }
        json!({
            "required": required,
            "content": { kind.content_type(): media }
        })
    }

    /// The `encoding` of a multipart body of `ty`: the `contentType` of
    /// each part a field's `#[multipart(content_type = "..")]` names, by
    /// the field's documented name; `None` when no field has one.
    fn part_encoding(&self, ty: &Ty) -> Option<Value> {
        let Ty::Def(id, _) = ty else { return None };
        let def = &self.gen.index_ref().defs[*id];
        let DefItem::Struct(s) = &def.item else {
            return None;
        };
        let rule = ContainerAttrs::from_attrs(&s.attrs).rename_all;
        let mut encoding = Map::new();
        for field in &s.fields {
            let attrs = FieldAttrs::from_attrs(&field.attrs);
            let (Some(ident), Some(types)) = (&field.ident, &attrs.content_type) else {
                continue;
            };
            // The macro refused a list that does not parse.
            let Ok(types) = tether_model::media::parse_part_types(types) else {
                continue;
            };
            encoding.insert(
                attrs.name(ident, rule),
                json!({ "contentType": types.join(", ") }),
            );
        }
        (!encoding.is_empty()).then_some(Value::Object(encoding))
    }
}

/// A parameter object; its schema's description becomes its own.
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
pub(super) fn one_or_more(mut schema: Value) -> Value {
    if let Some(list) = schema.as_object_mut() {
        if list.get("type") == Some(&json!("array")) && !list.contains_key("minItems") {
            list.insert("minItems".into(), json!(1));
        }
    }
    schema
}
