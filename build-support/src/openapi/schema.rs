//! JSON Schemas from Rust types, faithful to serde. Written in
//! OpenAPI 3.1 spelling; [`super::dialect`] rewrites them for 3.0.
//! Structs and enums of the crate become `components.schemas` entries
//! (generic ones once per instantiation, named `Page_for_User`), so
//! recursive types are plain `$ref`s.

use crate::analysis::diagnostics::Diagnostic;
use crate::analysis::index::{CrateIndex, DefId, DefItem};
use crate::analysis::modules::ModId;
use crate::analysis::overrides::schema_override;
use crate::analysis::serde::{ContainerAttrs, FieldAttrs};
use crate::analysis::types::{bind_generics, Env, Ty, TypeResolver};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, HashMap};
use syn::Fields;
use tether_model::rules::parse_validate_attrs;

pub(crate) use super::keywords::{
    deprecate, derives, describe, docs, nullable, reference, strip_nullable, HTTP_ERROR,
};
use super::keywords::{int_schema, is_double_option, known_with, strip_null, tuple_schema};
pub(crate) use super::shape::{FieldRules, Group, Property, Shape};

/// Builds the schemas of one document.
pub(crate) struct SchemaGen<'a> {
    resolver: TypeResolver<'a>,
    /// `components.schemas`, sorted by name.
    pub components: BTreeMap<String, Value>,
    names: HashMap<String, String>,
    /// Types and fields it could not read; reported together at the end.
    pub errors: Vec<Diagnostic>,
    /// What the schemas were built from, in order: for the checks
    /// (`crate::checks`), which refuse what a document cannot describe.
    pub reached: Vec<Reached<'a>>,
    /// Where each component and each of its properties is written, for
    /// errors about a document that changed (released versions).
    pub sites: super::sites::SchemaSites,
    /// The components being built, innermost last.
    building: Vec<String>,
}

/// An item a [`SchemaGen`] built a schema from.
pub(crate) enum Reached<'a> {
    /// A component: the crate's struct or enum with its type arguments.
    Def(DefId, Vec<Ty>),
    /// A named field read into an object, in the module it is written in.
    Field(&'a syn::Field, ModId),
}

impl<'a> SchemaGen<'a> {
    /// A generator over `index`, with schemas stated in the config.
    pub(crate) fn new(index: &'a CrateIndex, stated: &'a BTreeMap<String, Value>) -> Self {
        SchemaGen {
            resolver: TypeResolver { index, stated },
            components: BTreeMap::new(),
            names: HashMap::new(),
            errors: Vec::new(),
            reached: Vec::new(),
            sites: Default::default(),
            building: Vec::new(),
        }
    }

    pub(super) fn index(&self) -> &'a CrateIndex {
        self.resolver.index
    }

    /// The crate the schemas come from.
    pub(crate) fn index_ref(&self) -> &'a CrateIndex {
        self.resolver.index
    }

    /// Resolves a type written in `module`; on error records it.
    pub(crate) fn resolve(&mut self, ty: &syn::Type, module: ModId, env: &Env) -> Option<Ty> {
        match self.resolver.resolve(ty, module, env) {
            Ok(t) => Some(t),
            Err(d) => {
                self.errors.push(d);
                None
            }
        }
    }

    /// The `HttpError` component, added on first use: tether's own error
    /// answers, and any a handler builds, each with its `code`.
    pub(crate) fn http_error(&mut self) -> Value {
        self.components.entry(HTTP_ERROR.into()).or_insert_with(|| {
            json!({
                "type": "object",
                "description": "The body of every error response: `{\"statusCode\": 404, \"message\": \"…\", \"error\": \"Not Found\", \"code\": \"ROUTE_NOT_FOUND\"}`.",
                "properties": {
                    "statusCode": {"type": "integer", "format": "int32", "description": "The HTTP status code."},
                    "message": {
                        "description": "What went wrong; validation errors list one message per problem.",
                        "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]
                    },
                    "error": {"type": "string", "description": "The status text, e.g. `Not Found`."},
                    "code": {"type": "string", "description": http_error_codes()}
                },
                "required": ["statusCode", "message", "code"]
            })
        });
        reference(HTTP_ERROR)
    }

    /// The schema of `ty`: inline for std types, a `$ref` for the crate's.
    pub(crate) fn schema(&mut self, ty: &Ty) -> Value {
        match ty {
            Ty::Bool => json!({"type": "boolean"}),
            Ty::Int(i, nz) => int_schema(*i, *nz),
            Ty::Float(32) => json!({"type": "number", "format": "float"}),
            Ty::Float(_) => json!({"type": "number", "format": "double"}),
            Ty::Char => json!({"type": "string", "minLength": 1, "maxLength": 1}),
            Ty::String => json!({"type": "string"}),
            Ty::Unit => json!({"type": "null"}),
            Ty::Option(inner) => {
                let s = self.schema(inner);
                nullable(s)
            }
            Ty::Seq { item, unique, len } => {
                let mut obj = Map::new();
                obj.insert("type".into(), json!("array"));
                obj.insert("items".into(), self.schema(item));
                if *unique {
                    obj.insert("uniqueItems".into(), json!(true));
                }
                if let Some(n) = len {
                    obj.insert("minItems".into(), json!(n));
                    obj.insert("maxItems".into(), json!(n));
                }
                Value::Object(obj)
            }
            Ty::Map(key, value) => {
                let mut obj = Map::new();
                obj.insert("type".into(), json!("object"));
                obj.insert("additionalProperties".into(), self.schema(value));
                if let Ty::Int(..) = **key {
                    obj.insert("propertyNames".into(), json!({"pattern": "^-?[0-9]+$"}));
                }
                Value::Object(obj)
            }
            Ty::Tuple(items) => {
                let items: Vec<Value> = items.iter().map(|t| self.schema(t)).collect();
                tuple_schema(items)
            }
            Ty::Def(id, args) => self.component(*id, args),
            Ty::Schema(_, v) => v.clone(),
            Ty::Any => json!({}),
            Ty::File => json!({"type": "string", "format": "binary"}),
            Ty::HttpError => self.http_error(),
        }
    }

    fn base_name(&self, id: DefId) -> String {
        let def = &self.index().defs[id];
        let name = ContainerAttrs::from_attrs(def.item.attrs())
            .rename
            .unwrap_or_else(|| def.name.clone());
        if self.index().count_named(&def.name) <= 1 {
            return name;
        }
        let module = &self.index().sources.modules[def.module].path;
        let mut parts: Vec<&str> = module.iter().skip(1).map(String::as_str).collect();
        parts.push(&name);
        parts.join("_")
    }

    /// A stable component name for a type: `User`, `Page_for_User`.
    pub(crate) fn type_name(&self, ty: &Ty) -> String {
        match ty {
            Ty::Bool => "boolean".into(),
            Ty::Int(i, _) => format!("{i:?}").to_lowercase(),
            Ty::Float(b) => format!("f{b}"),
            Ty::Char => "char".into(),
            Ty::String => "String".into(),
            Ty::Unit => "null".into(),
            Ty::Option(t) => format!("Nullable_{}", self.type_name(t)),
            Ty::Seq { item, unique, .. } => {
                format!(
                    "{}_of_{}",
                    if *unique { "Set" } else { "Array" },
                    self.type_name(item)
                )
            }
            Ty::Map(_, v) => format!("Map_of_{}", self.type_name(v)),
            Ty::Tuple(items) => format!(
                "Tuple_of_{}",
                items
                    .iter()
                    .map(|t| self.type_name(t))
                    .collect::<Vec<_>>()
                    .join("_and_")
            ),
            Ty::Def(id, args) if args.is_empty() => self.base_name(*id),
            Ty::Def(id, args) => format!(
                "{}_for_{}",
                self.base_name(*id),
                args.iter()
                    .map(|t| self.type_name(t))
                    .collect::<Vec<_>>()
                    .join("_and_")
            ),
            Ty::Schema(name, _) => name.clone(),
            Ty::Any => "AnyValue".into(),
            Ty::File => "File".into(),
            Ty::HttpError => HTTP_ERROR.into(),
        }
    }

    fn component(&mut self, id: DefId, args: &[Ty]) -> Value {
        let key = format!("{id}:{args:?}");
        if let Some(name) = self.names.get(&key) {
            return reference(name);
        }
        let wanted = self.type_name(&Ty::Def(id, args.to_vec()));
        let mut name = wanted.clone();
        let mut n = 2;
        while self.components.contains_key(&name) {
            name = format!("{wanted}_{n}");
            n += 1;
        }
        self.names.insert(key, name.clone());
        self.components.insert(name.clone(), Value::Null);
        let def = &self.index().defs[id];
        let ident = match &def.item {
            DefItem::Struct(s) => s.ident.span(),
            DefItem::Enum(e) => e.ident.span(),
            DefItem::Alias(t) => t.ident.span(),
        };
        self.sites.component(&name, def.module, ident);
        self.building.push(name.clone());
        let schema = self.def_schema(id, args);
        self.building.pop();
        self.components.insert(name.clone(), schema);
        reference(&name)
    }

    fn def_schema(&mut self, id: DefId, args: &[Ty]) -> Value {
        let index = self.index();
        let def = &index.defs[id];
        let env = bind_generics(def.item.generics(), args.to_vec());
        let container = ContainerAttrs::from_attrs(def.item.attrs());
        self.reached.push(Reached::Def(id, args.to_vec()));
        let schema = if let Some(into) = &container.into {
            match self.resolve(into, def.module, &env) {
                Some(t) => self.schema(&t),
                None => json!({}),
            }
        } else {
            match &def.item {
                DefItem::Struct(s) => self.struct_schema(&s.fields, &container, def.module, &env),
                DefItem::Enum(e) => self.enum_schema(e, &container, def.module, &env),
                DefItem::Alias(_) => json!({}),
            }
        };
        deprecate(describe(schema, docs(def.item.attrs())), def.item.attrs())
    }

    fn struct_schema(
        &mut self,
        fields: &'a Fields,
        c: &ContainerAttrs,
        module: ModId,
        env: &Env,
    ) -> Value {
        match fields {
            Fields::Unit => json!({"type": "null"}),
            Fields::Unnamed(_) => self.tuple_fields(fields, module, env),
            Fields::Named(_) if c.transparent => {
                let field = fields
                    .iter()
                    .find(|f| !FieldAttrs::from_attrs(&f.attrs).skip);
                match field {
                    Some(f) => self
                        .field_schema(f, module, env)
                        .map_or(json!({}), |(s, _)| s),
                    None => json!({"type": "null"}),
                }
            }
            Fields::Named(_) => {
                let mut shape = Shape::default();
                let rules = FieldRules {
                    container_default: c.default,
                    ..FieldRules::renamed(c.rename_all)
                };
                self.named_fields(fields, rules, module, env, &mut shape);
                shape.into_schema(c.deny_unknown_fields)
            }
        }
    }

    /// `struct P(A, B)` and tuple variants: a newtype is its inner type,
    /// more fields an array.
    pub(super) fn tuple_fields(&mut self, fields: &Fields, module: ModId, env: &Env) -> Value {
        let kept: Vec<_> = fields
            .iter()
            .filter(|f| !FieldAttrs::from_attrs(&f.attrs).skip)
            .collect();
        let mut items: Vec<Value> = kept
            .iter()
            .map(|f| {
                self.field_schema(f, module, env)
                    .map_or(json!({}), |(s, _)| s)
            })
            .collect();
        match (fields.len(), items.len()) {
            (1, 1) => items.remove(0),
            _ => tuple_schema(items),
        }
    }

    /// A field's schema and whether its type is an `Option`, honouring a
    /// stated schema and `#[serde(with)]`.
    pub(crate) fn field_schema(
        &mut self,
        field: &syn::Field,
        module: ModId,
        env: &Env,
    ) -> Option<(Value, bool)> {
        let attrs = FieldAttrs::from_attrs(&field.attrs);
        let is_option = matches!(&field.ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Option"));
        if let Some(stated) = schema_override(&field.attrs) {
            return match stated {
                Ok(v) => Some((if is_option { nullable(v) } else { v }, is_option)),
                Err((span, msg)) => {
                    let d = self.index().sources.diagnostic(module, span, msg);
                    self.errors.push(d);
                    None
                }
            };
        }
        if let Some((with, span)) = &attrs.with {
            match known_with(with) {
                Some(Some(v)) => return Some((if is_option { nullable(v) } else { v }, is_option)),
                Some(None) => {}
                None => {
                    let d = self
                        .index()
                        .sources
                        .diagnostic(module, *span, format!("`#[serde(with = \"{with}\")]` changes how this field is written, and tether-build cannot see how"))
                        .with_help("state the written form on the field: `#[cfg_attr(any(), tether(schema = \"string\"))]` (or a JSON Schema object)");
                    self.errors.push(d);
                    return None;
                }
            }
        }
        let ty = self.resolve(&field.ty, module, env)?;
        let is_option = matches!(ty, Ty::Option(_));
        Some((self.schema(&ty), is_option))
    }

    /// Adds the named `fields` to `shape`, read under `rules`.
    pub(crate) fn named_fields(
        &mut self,
        fields: &'a Fields,
        rules: FieldRules,
        module: ModId,
        env: &Env,
        shape: &mut Shape,
    ) {
        let FieldRules {
            rename_all: rule,
            container_default,
            optional,
        } = rules;
        for field in fields {
            let attrs = FieldAttrs::from_attrs(&field.attrs);
            if attrs.skip || (attrs.skip_serializing && attrs.skip_deserializing) {
                continue;
            }
            if attrs.flatten {
                if let Some(ty) = self.resolve(&field.ty, module, env) {
                    self.flatten_into(&ty, optional, shape);
                }
                continue;
            }
            let Some((mut schema, is_option)) = self.field_schema(field, module, env) else {
                continue;
            };
            if is_option && attrs.skip_serializing_if && !is_double_option(&field.ty) {
                // serde never writes `null` here: the field is just absent.
                // (An `Option<Option<T>>` is absent for `None` and writes
                // `null` for `Some(None)`: it keeps its `null`.)
                schema = strip_null(schema);
            }
            let name = field
                .ident
                .as_ref()
                .map(|ident| attrs.name(ident, rule))
                .unwrap_or_default();
            // serde reads a missing `Option` as `None` only when no
            // function reads it (`with`, `deserialize_with`): through one,
            // a missing field is an error unless it has a `default`.
            let required = !(optional
                || (is_option && !attrs.deserialize_with)
                || attrs.default
                || container_default
                || attrs.skip_serializing_if
                || attrs.skip_serializing
                || attrs.skip_deserializing);
            schema = deprecate(describe(schema, docs(&field.attrs)), &field.attrs);
            self.reached.push(Reached::Field(field, module));
            if let (Some(c), Some(ident)) = (self.building.last(), &field.ident) {
                self.sites.field(c, &name, module, ident.span());
            }
            let rules = parse_validate_attrs(&field.attrs).rules;
            schema = super::constraints::apply_rules(schema, &rules);
            // Written even when a client may leave it out: required in
            // response-only schemas (see `always_sent`).
            let always_sent =
                !required && !optional && !attrs.skip_serializing_if && !attrs.skip_serializing;
            if let Some(obj) = schema.as_object_mut() {
                if always_sent {
                    obj.insert(crate::extensions::ALWAYS_SENT.into(), json!(true));
                }
                if attrs.skip_serializing {
                    obj.insert("writeOnly".into(), json!(true));
                }
                if attrs.skip_deserializing {
                    obj.insert("readOnly".into(), json!(true));
                }
            }
            shape.push(Property {
                name,
                schema,
                required,
            });
        }
    }

    fn flatten_into(&mut self, ty: &Ty, optional: bool, shape: &mut Shape) {
        match ty {
            Ty::Option(inner) if optional || !self.is_flat_struct(inner) => {
                self.flatten_into(inner, true, shape)
            }
            // serde reads a flattened `Option<T>` as `Some` only when all of
            // `T`'s required fields are there (see `Group`).
            Ty::Option(inner) => {
                let mut own = Shape::default();
                self.flatten_into(inner, false, &mut own);
                if own.props.iter().any(|p| p.required) {
                    let name = self.type_name(inner);
                    shape.groups.push(Group { name, shape: own });
                } else {
                    let own = own.into_optional();
                    for prop in own.props {
                        shape.push(prop);
                    }
                    shape.additional = own.additional.or(shape.additional.take());
                    shape.all_of.extend(own.all_of);
                    shape.groups.extend(own.groups);
                }
            }
            Ty::Map(_, v) => shape.additional = Some(self.schema(v)),
            Ty::Any => shape.additional = Some(json!({})),
            Ty::Def(id, args) => {
                let index = self.index();
                let def = &index.defs[*id];
                let c = ContainerAttrs::from_attrs(def.item.attrs());
                match &def.item {
                    DefItem::Struct(s)
                        if matches!(s.fields, Fields::Named(_))
                            && c.into.is_none()
                            && !c.transparent =>
                    {
                        let env = bind_generics(&s.generics, args.clone());
                        let rules = FieldRules {
                            container_default: c.default,
                            optional,
                            ..FieldRules::renamed(c.rename_all)
                        };
                        self.named_fields(&s.fields, rules, def.module, &env, shape);
                    }
                    _ => {
                        let s = self.schema(ty);
                        shape.all_of.push(s);
                    }
                }
            }
            other => {
                let s = self.schema(other);
                shape.all_of.push(s);
            }
        }
    }

    /// Whether `ty` is a struct a flatten merges field by field (named
    /// fields, read as themselves).
    fn is_flat_struct(&self, ty: &Ty) -> bool {
        let Ty::Def(id, _) = ty else { return false };
        let def = &self.index().defs[*id];
        let c = ContainerAttrs::from_attrs(def.item.attrs());
        matches!(&def.item, DefItem::Struct(s) if matches!(s.fields, Fields::Named(_)))
            && c.into.is_none()
            && !c.transparent
    }

    /// Whether `ty` is a struct with `#[serde(deny_unknown_fields)]`: read
    /// from a query, it refuses every key it does not name.
    pub(crate) fn denies_unknown_fields(&self, ty: &Ty) -> bool {
        let Ty::Def(id, _) = ty else { return false };
        let def = &self.index().defs[*id];
        matches!(def.item, DefItem::Struct(_))
            && ContainerAttrs::from_attrs(def.item.attrs()).deny_unknown_fields
    }

    /// The query parameters of a `#[query] q: T`: one per property of `T`
    /// (those of a flattened `Option` of a struct optional, see
    /// [`Shape::into_flat_props`]).
    pub(crate) fn query_fields(&mut self, ty: &Ty) -> Option<Shape> {
        let Ty::Def(id, _) = ty else { return None };
        let index = self.index();
        match &index.defs[*id].item {
            DefItem::Struct(s) if matches!(s.fields, Fields::Named(_)) => {
                let mut shape = Shape::default();
                self.flatten_into(ty, false, &mut shape);
                let additional = shape.additional.take();
                let all_of = std::mem::take(&mut shape.all_of);
                Some(Shape {
                    props: shape.into_flat_props(),
                    additional,
                    all_of,
                    groups: Vec::new(),
                })
            }
            _ => None,
        }
    }
}

/// What the `code` of an `HttpError` body can be: tether's own codes with
/// their statuses, else the status's reason phrase in SCREAMING_SNAKE_CASE
/// or an app's own.
fn http_error_codes() -> String {
    let own: Vec<String> = tether_model::status::codes::ALL
        .iter()
        .map(|(code, status)| format!("`{code}` ({status})"))
        .collect();
    format!(
        "What went wrong, for a program to branch on: {}; else the status's reason phrase in SCREAMING_SNAKE_CASE (`CONFLICT`) or a code the app chose.",
        own.join(", ")
    )
}
