//! JSON Schemas from Rust types, faithful to serde (SPEC B3). Written in
//! OpenAPI 3.1 spelling; [`super::dialect`] rewrites them for 3.0.
//! Structs and enums of the crate become `components.schemas` entries
//! (generic ones once per instantiation, named `Page_for_User`), so
//! recursive types are plain `$ref`s.

use crate::analysis::diagnostics::Diagnostic;
use crate::analysis::index::{CrateIndex, DefId, DefItem};
use crate::analysis::modules::ModId;
use crate::analysis::overrides::schema_override;
use crate::analysis::serde::{
    split_renames, ContainerAttrs, EnumRepr, FieldAttrs, RenameRule, SplitRename, VariantAttrs,
};
use crate::analysis::types::{bind_generics, Env, Int, Ty, TypeResolver};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, HashMap};
use syn::spanned::Spanned;
use syn::{Attribute, Fields, Ident};
use tether_model::controller::doc_lines;
use tether_model::rules::{parse_validate_attrs, Rule, Shape as RuleShape};

/// The component every error response refers to.
pub(super) const HTTP_ERROR: &str = "HttpError";

/// A `$ref` to a component.
pub(super) fn reference(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

/// Doc comment text of an item, or `None` when it has none.
pub(super) fn docs(attrs: &[Attribute]) -> Option<String> {
    let text = doc_lines(attrs).join("\n").trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// `schema` with a description (kept beside a `$ref`, which 3.1 allows).
pub(super) fn describe(schema: Value, description: Option<String>) -> Value {
    match (description, schema) {
        (Some(d), Value::Object(obj)) => {
            let mut out = Map::with_capacity(obj.len() + 1);
            out.insert("description".into(), Value::String(d));
            out.extend(obj.into_iter().filter(|(k, _)| k != "description"));
            Value::Object(out)
        }
        (_, schema) => schema,
    }
}

/// `schema` marked `deprecated: true` when the item is `#[deprecated]`.
pub(super) fn deprecate(schema: Value, attrs: &[Attribute]) -> Value {
    match schema {
        Value::Object(mut obj) if attrs.iter().any(|a| a.path().is_ident("deprecated")) => {
            obj.insert("deprecated".into(), Value::Bool(true));
            Value::Object(obj)
        }
        schema => schema,
    }
}

/// `schema` that also accepts `null`.
pub(super) fn nullable(schema: Value) -> Value {
    let Value::Object(mut obj) = schema else {
        return schema;
    };
    if obj.is_empty() {
        return Value::Object(obj);
    }
    let plain = !obj.contains_key("$ref")
        && !obj.contains_key("oneOf")
        && !obj.contains_key("anyOf")
        && !obj.contains_key("allOf")
        && !obj.contains_key("const");
    match obj.get("type").cloned() {
        Some(Value::String(t)) if plain => {
            if t != "null" {
                obj.insert("type".into(), json!([t, "null"]));
                if let Some(Value::Array(values)) = obj.get_mut("enum") {
                    values.push(Value::Null);
                }
            }
            Value::Object(obj)
        }
        Some(Value::Array(types)) if types.contains(&json!("null")) => Value::Object(obj),
        _ => json!({ "oneOf": [Value::Object(obj), { "type": "null" }] }),
    }
}

/// An integer's schema: OpenAPI's `int32`/`int64` formats are signed, so
/// an unsigned type takes the next signed format that holds it (`u32` is
/// `int64`) with its range, and `u64`/`usize` the common `uint64`. A
/// 128-bit integer, which serde_json writes as a plain JSON number of up to
/// 39 digits, takes the `int128`/`uint128` format (schemars' names for
/// them), which says its width to clients (the TypeScript client's note
/// that values may exceed `Number.MAX_SAFE_INTEGER` reads it). Its bounds
/// beyond 64 bits are not written: serde_json's numbers stop at 64 bits,
/// and a rounded `1.7014118346046923e38` would be read by a decimal
/// validator as a maximum below `i128::MAX`; so only `u128`'s `minimum: 0`
/// is given.
fn int_schema(int: Int, nonzero: bool) -> Value {
    let (format, min, max): (Option<&str>, Option<i128>, Option<i128>) = match int {
        Int::I8 => (Some("int32"), Some(-128), Some(127)),
        Int::I16 => (Some("int32"), Some(-32768), Some(32767)),
        Int::I32 => (Some("int32"), None, None),
        Int::I64 => (Some("int64"), None, None),
        Int::I128 => (Some("int128"), None, None),
        Int::U8 => (Some("int32"), Some(0), Some(255)),
        Int::U16 => (Some("int32"), Some(0), Some(65535)),
        Int::U32 => (Some("int64"), Some(0), Some(4294967295)),
        // Not `int64`: its implied bounds stop at 2^63 - 1, and a u64 takes more.
        Int::U64 => (Some("uint64"), Some(0), Some(i128::from(u64::MAX))),
        Int::U128 => (Some("uint128"), Some(0), None),
    };
    let mut obj = Map::new();
    obj.insert("type".into(), json!("integer"));
    if let Some(f) = format {
        obj.insert("format".into(), json!(f));
    }
    let min = if nonzero && min == Some(0) {
        Some(1)
    } else {
        min
    };
    if let Some(min) = min {
        obj.insert("minimum".into(), json!(min as i64));
    }
    if let Some(max) = max {
        let max = i64::try_from(max).map_or_else(|_| json!(max as u64), |m| json!(m));
        obj.insert("maximum".into(), max);
    }
    Value::Object(obj)
}

/// The properties of an object schema as they are gathered (flatten merges
/// several structs into one).
#[derive(Default)]
pub(super) struct Shape {
    /// The properties, in order.
    pub props: Vec<Property>,
    /// From a flattened map: the schema of other properties.
    pub additional: Option<Value>,
    /// From flattened enums: schemas the object must also match.
    pub all_of: Vec<Value>,
    /// From flattened `Option`s of structs with required fields: each
    /// present whole or not at all (see [`Group`]).
    pub groups: Vec<Group>,
}

/// The fields of a `#[serde(flatten)]`ed `Option<T>` where `T` has
/// required fields. serde reads it as `Some` only when `T` reads from the
/// keys (all of its required ones there), and as `None`, silently
/// dropping any of its keys that were sent, otherwise; it writes all of
/// `T`'s fields or none. So the object holds either `T`'s fields, its
/// required ones present, or none of them: a `oneOf` of the two, not
/// fields each independently optional.
pub(super) struct Group {
    /// `T`'s name, for messages.
    pub name: String,
    /// `T`'s fields, read as a non-optional flatten would read them.
    pub shape: Shape,
}

impl Group {
    /// `oneOf: [T's fields with its required ones, none of T's fields]`.
    fn into_schema(self) -> Value {
        let mut names = Vec::new();
        self.shape.names(&mut names);
        let absent: Map<String, Value> = names.into_iter().map(|n| (n, json!(false))).collect();
        let present = self.shape.into_schema(false);
        json!({"oneOf": [present, {"properties": absent}]})
    }
}

/// One property of a [`Shape`].
pub(super) struct Property {
    /// Its name as serialised.
    pub name: String,
    /// Its schema.
    pub schema: Value,
    /// Whether it is in `required`.
    pub required: bool,
}

impl Property {
    /// A property that is always there.
    pub(super) fn required(name: impl Into<String>, schema: Value) -> Self {
        Property {
            name: name.into(),
            schema,
            required: true,
        }
    }
}

/// How the named fields of one struct or variant are read into a
/// [`Shape`] (see [`SchemaGen::named_fields`]).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct FieldRules {
    /// The container's (or variant's) `rename_all`.
    pub rename_all: Option<RenameRule>,
    /// `#[serde(default)]` on the container: no field is required.
    pub container_default: bool,
    /// The fields come from a flattened `Option`: none is required.
    pub optional: bool,
}

impl FieldRules {
    /// The fields of a variant, or of a struct without `default`.
    pub(super) fn renamed(rename_all: Option<RenameRule>) -> Self {
        FieldRules {
            rename_all,
            ..FieldRules::default()
        }
    }
}

impl Shape {
    /// Adds `prop`, replacing an earlier one of the same name (a field
    /// flattened in after another of that name).
    pub(super) fn push(&mut self, prop: Property) {
        self.props.retain(|p| p.name != prop.name);
        self.props.push(prop);
    }

    /// The names of its properties, those of its groups included.
    fn names(&self, out: &mut Vec<String>) {
        for p in &self.props {
            if !out.contains(&p.name) {
                out.push(p.name.clone());
            }
        }
        for g in &self.groups {
            g.shape.names(out);
        }
    }

    /// The shape of a flattened `Option` whose every field may be left
    /// out: its properties optional (and not always sent, as a `None`
    /// writes none of them).
    fn into_optional(mut self) -> Shape {
        for p in &mut self.props {
            p.required = false;
            if let Some(obj) = p.schema.as_object_mut() {
                obj.shift_remove(crate::extensions::ALWAYS_SENT);
            }
        }
        self
    }

    /// Its properties for query parameters, which have no way to say
    /// "all or none": a group's properties are optional, and say with
    /// which keys the server reads them.
    pub(super) fn into_flat_props(self) -> Vec<Property> {
        let mut props = self.props;
        for group in self.groups {
            let mut required: Vec<String> = group
                .shape
                .props
                .iter()
                .filter(|p| p.required)
                .map(|p| format!("`{}`", p.name))
                .collect();
            let last = required.pop().unwrap_or_default();
            let keys = match required.is_empty() {
                true => format!("{last} (the required key of `{}`) is", group.name),
                false => format!(
                    "{} and {last} (the required keys of `{}`) are all",
                    required.join(", "),
                    group.name
                ),
            };
            let note = format!("Read only when {keys} sent; otherwise the server ignores it.");
            for mut p in group.shape.into_flat_props() {
                p.required = false;
                if let Some(obj) = p.schema.as_object_mut() {
                    let text = match obj.get("description").and_then(Value::as_str) {
                        Some(d) => format!("{d}\n\n{note}"),
                        None => note.clone(),
                    };
                    obj.insert("description".into(), Value::String(text));
                }
                props.retain(|q| q.name != p.name);
                props.push(p);
            }
        }
        props
    }

    pub(super) fn into_schema(self, deny_unknown: bool) -> Value {
        let mut obj = Map::new();
        obj.insert("type".into(), json!("object"));
        let required: Vec<Value> = self
            .props
            .iter()
            .filter(|p| p.required)
            .map(|p| json!(p.name))
            .collect();
        let props: Map<String, Value> =
            self.props.into_iter().map(|p| (p.name, p.schema)).collect();
        if !props.is_empty() {
            obj.insert("properties".into(), Value::Object(props));
        }
        if !required.is_empty() {
            obj.insert("required".into(), Value::Array(required));
        }
        match self.additional {
            Some(extra) => {
                obj.insert("additionalProperties".into(), extra);
            }
            None if deny_unknown && self.all_of.is_empty() && self.groups.is_empty() => {
                obj.insert("additionalProperties".into(), json!(false));
            }
            None => {}
        }
        if self.all_of.is_empty() && self.groups.is_empty() {
            return Value::Object(obj);
        }
        let mut all = vec![Value::Object(obj)];
        all.extend(self.groups.into_iter().map(Group::into_schema));
        all.extend(self.all_of);
        json!({ "allOf": all })
    }
}

/// Builds the schemas of one document.
pub(super) struct SchemaGen<'a> {
    resolver: TypeResolver<'a>,
    /// `components.schemas`, sorted by name.
    pub components: BTreeMap<String, Value>,
    names: HashMap<String, String>,
    /// Problems found; reported together at the end.
    pub errors: Vec<Diagnostic>,
}

/// What a `#[serde(with = "…")]` module writes, for the well-known ones;
/// `Some(None)` when it writes what the type would.
fn known_with(path: &str) -> Option<Option<Value>> {
    // time spells the `Option` form of a module as its `option` submodule
    // (`time::serde::rfc3339::option`), chrono as an `_option` suffix.
    let path = path.strip_suffix("::option").unwrap_or(path);
    let last = path.rsplit("::").next().unwrap_or(path);
    let base = last.trim_end_matches("_option");
    Some(match base {
        "ts_seconds" | "ts_milliseconds" | "ts_microseconds" | "ts_nanoseconds" | "timestamp" => {
            Some(json!({"type": "integer", "format": "int64"}))
        }
        "rfc3339" | "iso8601" => Some(json!({"type": "string", "format": "date-time"})),
        "rfc2822" | "display_fromstr" | "hex" | "base64" | "humantime_serde" | "string" => {
            Some(json!({"type": "string"}))
        }
        "serde_bytes" | "serde_with" => None,
        _ if path.starts_with("humantime_serde") => Some(json!({"type": "string"})),
        _ => return None,
    })
}

impl<'a> SchemaGen<'a> {
    /// A generator over `index`, with schemas stated in the config.
    pub(super) fn new(index: &'a CrateIndex, stated: &'a BTreeMap<String, Value>) -> Self {
        SchemaGen {
            resolver: TypeResolver { index, stated },
            components: BTreeMap::new(),
            names: HashMap::new(),
            errors: Vec::new(),
        }
    }

    fn index(&self) -> &'a CrateIndex {
        self.resolver.index
    }

    /// The crate the schemas come from.
    pub(super) fn index_ref(&self) -> &'a CrateIndex {
        self.resolver.index
    }

    /// Resolves a type written in `module`; on error records it.
    pub(super) fn resolve(&mut self, ty: &syn::Type, module: ModId, env: &Env) -> Option<Ty> {
        match self.resolver.resolve(ty, module, env) {
            Ok(t) => Some(t),
            Err(d) => {
                self.errors.push(d);
                None
            }
        }
    }

    /// The `HttpError` component, added on first use.
    pub(super) fn http_error(&mut self) -> Value {
        self.components.entry(HTTP_ERROR.into()).or_insert_with(|| {
            json!({
                "type": "object",
                "description": "The body of every error response: `{\"statusCode\": 404, \"message\": \"…\", \"error\": \"Not Found\"}`.",
                "properties": {
                    "statusCode": {"type": "integer", "format": "int32", "description": "The HTTP status code."},
                    "message": {
                        "description": "What went wrong; validation errors list one message per problem.",
                        "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]
                    },
                    "error": {"type": "string", "description": "The status text, e.g. `Not Found`."}
                },
                "required": ["statusCode", "message"]
            })
        });
        reference(HTTP_ERROR)
    }

    /// The schema of `ty`: inline for std types, a `$ref` for the crate's.
    pub(super) fn schema(&mut self, ty: &Ty) -> Value {
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
    pub(super) fn type_name(&self, ty: &Ty) -> String {
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
        let schema = self.def_schema(id, args);
        self.components.insert(name.clone(), schema);
        reference(&name)
    }

    fn def_schema(&mut self, id: DefId, args: &[Ty]) -> Value {
        let index = self.index();
        let def = &index.defs[id];
        let env = bind_generics(def.item.generics(), args.to_vec());
        let container = ContainerAttrs::from_attrs(def.item.attrs());
        self.refuse_split_renames(&def.item, def.module);
        if let DefItem::Struct(s) = &def.item {
            if derives_validate(&s.attrs) {
                self.refuse_unchecked_nested_rules(&s.fields, def.module, &env);
            }
        }
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

    /// serde_valid checks a nested value's own rules only when its field
    /// has a bare `#[validate]`; without one they would be documented (the
    /// field's `$ref`) but never checked. So in a struct that derives
    /// `Validate`, a field whose type (or the item of its `Option`/`Vec`)
    /// is a struct with rules and that lacks `#[validate]` is refused, at
    /// the field, with the fix (SPEC E5).
    fn refuse_unchecked_nested_rules(&mut self, fields: &Fields, module: ModId, env: &Env) {
        for field in fields {
            let parsed = parse_validate_attrs(&field.attrs);
            if parsed.others.iter().any(|(_, name)| name == "validate") {
                continue;
            }
            let Ok(ty) = self.resolver.resolve(&field.ty, module, env) else {
                continue;
            };
            let (nested, in_tuple) = match (self.struct_with_rules(&ty), &ty) {
                (Some(nested), _) => (nested, false),
                (None, Ty::Tuple(items)) => {
                    match items.iter().find_map(|item| self.struct_with_rules(item)) {
                        Some(nested) => (nested, true),
                        None => continue,
                    }
                }
                (None, _) => continue,
            };
            let name = field
                .ident
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default();
            let (message, help) = match in_tuple {
                false => (
                    format!("field `{name}` holds a `{nested}`, whose `#[validate(..)]` rules serde_valid checks only when the field has `#[validate]`: they would be documented but never checked"),
                    format!("add `#[validate]` to `{name}`"),
                ),
                true => (
                    format!("field `{name}` is a tuple holding a `{nested}`, whose `#[validate(..)]` rules serde_valid cannot check inside a tuple: they would be documented but never checked"),
                    format!("make `{name}` a struct with named fields, the `{nested}` one marked `#[validate]`"),
                ),
            };
            let span = field
                .ident
                .as_ref()
                .map_or_else(|| field.ty.span(), Ident::span);
            let d = self
                .index()
                .sources
                .diagnostic(module, span, message)
                .with_help(help);
            self.errors.push(d);
        }
    }

    /// The name of the crate's struct `ty` is (or holds in an `Option`, a
    /// list or a map's values, which serde_valid checks under `#[validate]`)
    /// when that struct's fields carry `#[validate]` rules.
    fn struct_with_rules(&self, ty: &Ty) -> Option<String> {
        match ty {
            Ty::Option(inner) | Ty::Seq { item: inner, .. } | Ty::Map(_, inner) => {
                self.struct_with_rules(inner)
            }
            Ty::Def(id, _) => {
                let def = &self.index().defs[*id];
                let DefItem::Struct(s) = &def.item else {
                    return None;
                };
                let has_rules = s.fields.iter().any(|f| {
                    let parsed = parse_validate_attrs(&f.attrs);
                    !parsed.rules.is_empty() || parsed.others.iter().any(|(_, n)| n == "validate")
                });
                has_rules.then(|| def.name.clone())
            }
            _ => None,
        }
    }

    /// A name that differs between serializing and deserializing cannot be
    /// documented: the document has one name per field (or variant), and a
    /// typed client sends what a response carries. Each such attribute of
    /// the type, its fields or its variants is refused (SPEC B3).
    fn refuse_split_renames(&mut self, item: &DefItem, module: ModId) {
        // The type's own `rename` names it in formats that write type names,
        // never in JSON: only its `rename_all(..)`s change the wire.
        let mut splits: Vec<SplitRename> = split_renames(item.attrs())
            .into_iter()
            .filter(|s| s.key != "rename")
            .collect();
        let mut attrs: Vec<&[Attribute]> = Vec::new();
        let fields: Vec<&syn::Field> = match item {
            DefItem::Struct(s) => s.fields.iter().collect(),
            DefItem::Enum(e) => {
                attrs.extend(e.variants.iter().map(|v| v.attrs.as_slice()));
                e.variants.iter().flat_map(|v| v.fields.iter()).collect()
            }
            DefItem::Alias(_) => Vec::new(),
        };
        attrs.extend(fields.iter().map(|f| f.attrs.as_slice()));
        splits.extend(attrs.into_iter().flat_map(split_renames));
        for split in splits {
            let d = self
                .index()
                .sources
                .diagnostic(module, split.span, split_rename_message(&split))
                .with_help(split_rename_help(&split));
            self.errors.push(d);
        }
    }

    fn struct_schema(
        &mut self,
        fields: &Fields,
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
    fn tuple_fields(&mut self, fields: &Fields, module: ModId, env: &Env) -> Value {
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
    pub(super) fn field_schema(
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

    /// The field's `#[validate(..)]` rules; one that cannot apply to the
    /// field's type is refused with the fix (serde_valid's own error names
    /// only its traits).
    fn checked_rules(&mut self, field: &syn::Field, module: ModId) -> Vec<Rule> {
        for (span, name) in validator_crate_rules(&field.attrs) {
            let message = format!(
                "`{name}` is a rule of the `validator` crate, whose `Validate` tether does not run: tether checks and documents serde_valid's rules, so this one would be neither checked nor in the document"
            );
            let d = self.index().sources.diagnostic(module, span, &message);
            self.errors.push(d.with_help(validator_rule_fix(&name)));
        }
        let shape = RuleShape::of(&field.ty);
        let rules = parse_validate_attrs(&field.attrs).rules;
        for rule in &rules {
            if let Err(e) = rule.check_field(shape, &field.ty) {
                let text = e.to_string();
                let (message, help) = text.split_once("; ").unwrap_or((&text, ""));
                let mut d = self
                    .index()
                    .sources
                    .diagnostic(module, rule.span(), message);
                if !help.is_empty() {
                    d = d.with_help(help);
                }
                self.errors.push(d);
            }
        }
        rules
    }

    /// Adds the named `fields` to `shape`, read under `rules`.
    pub(super) fn named_fields(
        &mut self,
        fields: &Fields,
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
            let rules = self.checked_rules(field, module);
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
    pub(super) fn denies_unknown_fields(&self, ty: &Ty) -> bool {
        let Ty::Def(id, _) = ty else { return false };
        let def = &self.index().defs[*id];
        matches!(def.item, DefItem::Struct(_))
            && ContainerAttrs::from_attrs(def.item.attrs()).deny_unknown_fields
    }

    /// The query parameters of a `#[query] q: T`: one per property of `T`
    /// (those of a flattened `Option` of a struct optional, see
    /// [`Shape::into_flat_props`]).
    pub(super) fn query_fields(&mut self, ty: &Ty) -> Option<Shape> {
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

    fn variant_value(
        &mut self,
        v: &syn::Variant,
        rule: Option<RenameRule>,
        module: ModId,
        env: &Env,
    ) -> Value {
        match &v.fields {
            Fields::Unit => json!({"type": "null"}),
            Fields::Unnamed(_) => self.tuple_fields(&v.fields, module, env),
            Fields::Named(_) => {
                let mut shape = Shape::default();
                let rules = FieldRules::renamed(rule);
                self.named_fields(&v.fields, rules, module, env, &mut shape);
                shape.into_schema(false)
            }
        }
    }

    fn enum_schema(
        &mut self,
        e: &syn::ItemEnum,
        c: &ContainerAttrs,
        module: ModId,
        env: &Env,
    ) -> Value {
        if let Some(schema) = repr_enum_schema(e) {
            return schema;
        }
        let variants: Vec<(&syn::Variant, VariantAttrs)> = e
            .variants
            .iter()
            .map(|v| (v, VariantAttrs::from_attrs(&v.attrs)))
            .filter(|(_, a)| !a.skip)
            .collect();
        let all_unit = variants
            .iter()
            .all(|(v, a)| matches!(v.fields, Fields::Unit) && !a.untagged);
        if all_unit && c.repr == EnumRepr::External {
            let names: Vec<Value> = variants
                .iter()
                .map(|(v, a)| json!(a.name(&v.ident, c.rename_all)))
                .collect();
            return json!({"type": "string", "enum": names});
        }
        let mut any_untagged = c.repr == EnumRepr::Untagged;
        let mut schemas = Vec::new();
        for (v, a) in &variants {
            let name = a.name(&v.ident, c.rename_all);
            let fields_rule = a.rename_all.or(c.rename_all_fields);
            let schema = if c.repr == EnumRepr::Untagged || a.untagged {
                any_untagged = true;
                self.variant_value(v, fields_rule, module, env)
            } else {
                self.tagged_variant(v, &name, &c.repr, fields_rule, module, env)
            };
            schemas.push(describe(schema, docs(&v.attrs)));
        }
        let key = if any_untagged { "anyOf" } else { "oneOf" };
        json!({ key: schemas })
    }

    fn tagged_variant(
        &mut self,
        v: &syn::Variant,
        name: &str,
        repr: &EnumRepr,
        rule: Option<RenameRule>,
        module: ModId,
        env: &Env,
    ) -> Value {
        let tag_value = json!({"type": "string", "const": name});
        match repr {
            // Untagged variants never get here; read as external.
            EnumRepr::External | EnumRepr::Untagged => match v.fields {
                Fields::Unit => tag_value,
                _ => {
                    let value = self.variant_value(v, rule, module, env);
                    json!({"type": "object", "properties": {name: value}, "required": [name], "additionalProperties": false})
                }
            },
            EnumRepr::Adjacent { tag, content } => match v.fields {
                // serde writes no content for a unit variant and reads it
                // absent or `null`, nothing else.
                Fields::Unit => {
                    json!({"type": "object", "properties": {tag: tag_value, content: {"type": "null"}}, "required": [tag]})
                }
                _ => {
                    let value = self.variant_value(v, rule, module, env);
                    json!({"type": "object", "properties": {tag: tag_value, content: value}, "required": [tag, content]})
                }
            },
            EnumRepr::Internal { tag } => match &v.fields {
                Fields::Named(_) => {
                    let mut shape = Shape::default();
                    shape.push(Property::required(tag, tag_value));
                    let rules = FieldRules::renamed(rule);
                    self.named_fields(&v.fields, rules, module, env, &mut shape);
                    shape.into_schema(false)
                }
                Fields::Unit => {
                    json!({"type": "object", "properties": {tag: tag_value}, "required": [tag]})
                }
                Fields::Unnamed(_) => {
                    let inner = self.variant_value(v, rule, module, env);
                    json!({"allOf": [{"type": "object", "properties": {tag: tag_value}, "required": [tag]}, inner]})
                }
            },
        }
    }

    /// The events of an `Sse<E>`: each variant of the enum `E` is one event,
    /// named as serde names it, carrying the variant's payload. `at` is
    /// where `E` is written (in the return type), where a wrong `E` is
    /// reported.
    ///
    /// The runtime names an event after the value serde writes: a unit
    /// variant's string or the one key of an externally tagged variant's
    /// object; anything else goes out as a `message` event carrying the
    /// whole value. So only an externally tagged enum (serde's default)
    /// without `#[serde(untagged)]` variants is served as documented; the
    /// others are refused.
    pub(super) fn sse_events(
        &mut self,
        ty: &Ty,
        at: (ModId, proc_macro2::Span),
    ) -> Result<Vec<(String, Value)>, Diagnostic> {
        let index = self.index();
        let here = |message: String, help: &str| {
            index
                .sources
                .diagnostic(at.0, at.1, message)
                .with_help(help)
        };
        let Ty::Def(id, args) = ty else {
            return Err(here(
                "the events of `Sse<E>` come from an enum `E` of this crate (one variant per event)".into(),
                "declare an enum with one variant per event, e.g. `enum Event { Item(Item), Ping }`, and return `Sse<Event>`",
            ));
        };
        let def = &index.defs[*id];
        let DefItem::Enum(e) = &def.item else {
            return Err(here(
                format!(
                    "`{}` is not an enum; `Sse<E>` takes an enum with one variant per event",
                    def.name
                ),
                &format!(
                    "wrap it in an enum, one variant per event: `enum Event {{ Item({}) }}`, and return `Sse<Event>`",
                    def.name
                ),
            ));
        };
        let c = ContainerAttrs::from_attrs(&e.attrs);
        let written = match &c.repr {
            EnumRepr::External => None,
            EnumRepr::Internal { tag } => Some(format!(
                "is internally tagged (`#[serde(tag = \"{tag}\")]`)"
            )),
            EnumRepr::Adjacent { tag, content } => Some(format!(
                "is adjacently tagged (`#[serde(tag = \"{tag}\", content = \"{content}\")]`)"
            )),
            EnumRepr::Untagged => Some("is untagged (`#[serde(untagged)]`)".into()),
        };
        let untagged_variant = e
            .variants
            .iter()
            .find(|v| VariantAttrs::from_attrs(&v.attrs).untagged);
        let written = written.or_else(|| {
            untagged_variant
                .map(|v| format!("has an untagged variant (`#[serde(untagged)] {}`)", v.ident))
        });
        if let Some(written) = written {
            return Err(here(
                format!(
                    "`{}` {written}: an `Sse<E>` event is named after the variant serde writes as the key of a one-key object (or as a string), so the stream would not send the events the document and the client name",
                    def.name
                ),
                "use an externally tagged enum, serde's default: remove `tag`/`content`/`untagged` from its `#[serde(..)]`, e.g. `enum Event { Ping { at: u64 }, End }` (each variant's data is its fields)",
            ));
        }
        let env = bind_generics(&e.generics, args.clone());
        let mut events = Vec::new();
        for v in &e.variants {
            let a = VariantAttrs::from_attrs(&v.attrs);
            if a.skip {
                continue;
            }
            let name = a.name(&v.ident, c.rename_all);
            let data =
                self.variant_value(v, a.rename_all.or(c.rename_all_fields), def.module, &env);
            events.push((name, describe(data, docs(&v.attrs))));
        }
        Ok(events)
    }
}

fn tuple_schema(items: Vec<Value>) -> Value {
    let n = items.len();
    json!({"type": "array", "prefixItems": items, "items": false, "minItems": n, "maxItems": n})
}

/// Undoes [`nullable`] for fields serde skips instead of writing `null`.
/// Whether `ty` is written `Option<Option<T>>` (the field of a merge
/// patch: absent, `null` or a value).
fn is_double_option(ty: &syn::Type) -> bool {
    fn option_arg(ty: &syn::Type) -> Option<&syn::Type> {
        let syn::Type::Path(p) = ty else { return None };
        let last = p.path.segments.last()?;
        if last.ident != "Option" {
            return None;
        }
        match &last.arguments {
            syn::PathArguments::AngleBracketed(args) => args.args.iter().find_map(|a| match a {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            }),
            _ => None,
        }
    }
    option_arg(ty).and_then(option_arg).is_some()
}

fn strip_null(schema: Value) -> Value {
    let Value::Object(mut obj) = schema else {
        return schema;
    };
    if let Some(Value::Array(types)) = obj.get("type") {
        let rest: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
        if rest.len() == 1 {
            obj.insert("type".into(), rest[0].clone());
        }
        if let Some(Value::Array(values)) = obj.get_mut("enum") {
            values.retain(|v| !v.is_null());
        }
        return Value::Object(obj);
    }
    if let Some(Value::Array(one_of)) = obj.get("oneOf") {
        if one_of.len() == 2 && one_of[1] == json!({"type": "null"}) && obj.len() == 1 {
            return one_of[0].clone();
        }
    }
    Value::Object(obj)
}

/// Whether `attrs` derive serde_valid's `Validate` (`Validate` or a path
/// ending in it).
fn derives_validate(attrs: &[Attribute]) -> bool {
    derives(attrs, "Validate")
}

/// Rules of the `validator` crate (`length`, `range`, `email`, …) in the
/// `#[validate(..)]` attributes of `attrs`, with their spans: none of them
/// is a serde_valid rule.
fn validator_crate_rules(attrs: &[Attribute]) -> Vec<(proc_macro2::Span, String)> {
    const VALIDATOR: [&str; 14] = [
        "length",
        "range",
        "email",
        "url",
        "regex",
        "nested",
        "must_match",
        "contains",
        "does_not_contain",
        "credit_card",
        "non_control_character",
        "required",
        "ip",
        "phone",
    ];
    let metas = attrs
        .iter()
        .filter(|a| a.path().is_ident("validate"))
        .filter_map(|a| {
            a.parse_args_with(
                syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
            )
            .ok()
        })
        .flatten();
    metas
        .filter_map(|m| {
            let ident = m.path().get_ident()?;
            VALIDATOR
                .contains(&ident.to_string().as_str())
                .then(|| (ident.span(), ident.to_string()))
        })
        .collect()
}

/// What to write with serde_valid for the `validator` crate's rule `name`.
fn validator_rule_fix(name: &str) -> String {
    let rule = match name {
        "length" => "`#[validate(min_length = 3)]`, `#[validate(max_length = 200)]` (`min_items`/`max_items` on a list)",
        "range" => "`#[validate(minimum = 1)]`, `#[validate(maximum = 5)]`",
        "regex" => "`#[validate(pattern = \"^…$\")]`",
        "nested" => "a bare `#[validate]` on the field",
        "email" => "the field type `email_address::EmailAddress` (documented `format: email`)",
        "url" => "the field type `url::Url` (documented `format: uri`)",
        "ip" => "the field type `std::net::IpAddr` (documented `format: ip`)",
        _ => "`#[validate(pattern = \"…\")]` or `#[validate(custom = …)]`",
    };
    format!("derive `serde_valid::Validate` instead and write {rule}")
}

/// Whether `attrs` derive `name` (the name or a path ending in it).
fn derives(attrs: &[Attribute], name: &str) -> bool {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .any(|a| {
            a.parse_args_with(
                syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
            )
            .is_ok_and(|paths| {
                paths
                    .iter()
                    .any(|p| p.segments.last().is_some_and(|s| s.ident == name))
            })
        })
}

/// The schema of an enum that serde_repr's `Serialize_repr` or
/// `Deserialize_repr` derives: the variants' discriminants as integers
/// (`1`, not `"Minor"`), which is what it writes and reads; `None` for
/// any other enum. A discriminant that is not an integer literal (a
/// constant) leaves the values out, keeping `type: integer`.
fn repr_enum_schema(e: &syn::ItemEnum) -> Option<Value> {
    if !derives(&e.attrs, "Serialize_repr") && !derives(&e.attrs, "Deserialize_repr") {
        return None;
    }
    let mut next: Option<i128> = Some(0);
    let mut values = Vec::new();
    for v in &e.variants {
        let value = match &v.discriminant {
            Some((_, expr)) => integer_literal(expr),
            None => next,
        };
        values.push(value);
        next = value.and_then(|n| n.checked_add(1));
    }
    let values: Option<Vec<Value>> = values.into_iter().map(|v| v.map(|n| json!(n))).collect();
    Some(match values {
        Some(values) => json!({"type": "integer", "enum": values}),
        None => json!({"type": "integer"}),
    })
}

/// The value of an integer literal, possibly negated (`3`, `-1`, `0x10`).
fn integer_literal(expr: &syn::Expr) -> Option<i128> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse().ok(),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => integer_literal(expr).map(|n| -n),
        syn::Expr::Paren(p) => integer_literal(&p.expr),
        syn::Expr::Group(g) => integer_literal(&g.expr),
        _ => None,
    }
}

/// What is wrong with a [`SplitRename`].
fn split_rename_message(split: &SplitRename) -> String {
    format!(
        "`#[serde({})]` reads requests under other names than responses are written with: the document has one name per field and variant, so it cannot describe both",
        split.written()
    )
}

/// The fix of a [`SplitRename`]: one name (or rule) for both directions,
/// and for a field, `alias` for another name requests may use.
fn split_rename_help(split: &SplitRename) -> String {
    let one = split
        .serialize
        .as_deref()
        .or(split.deserialize.as_deref())
        .unwrap_or("…");
    let key = &split.key;
    match (key.as_str(), &split.deserialize) {
        ("rename", Some(other)) if Some(other.as_str()) != Some(one) => format!(
            "use one name, `#[serde({key} = \"{one}\")]`, and add `alias = \"{other}\"` if requests may also send the other"
        ),
        _ => format!("use one for both directions: `#[serde({key} = \"{one}\")]`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cfg::CfgEnv;
    use crate::analysis::modules::CrateSources;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use syn::parse_quote;

    /// The component schema of `E`, declared in `src` (a crate root).
    fn schema_of_e(src: &str) -> Value {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tether-schema-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let lib = dir.join("lib.rs");
        std::fs::write(&lib, src).unwrap();
        let sources = CrateSources::load(&[lib], None, &CfgEnv::default()).unwrap();
        let index = CrateIndex::new(sources);
        let stated = BTreeMap::new();
        let mut gen = SchemaGen::new(&index, &stated);
        let ty = gen.resolve(&parse_quote!(E), 0, &Env::new()).unwrap();
        gen.schema(&ty);
        let _ = std::fs::remove_dir_all(&dir);
        gen.components.remove("E").expect("E is a component")
    }

    fn string() -> Value {
        json!({"type": "string"})
    }

    fn tag(key: &str, name: &str) -> Value {
        json!({"type": "object", "properties": {key: {"type": "string", "const": name}}, "required": [key]})
    }

    #[test]
    fn b3_external_enum() {
        let s = schema_of_e("enum E { A, B(String), C { x: String } }");
        let c = json!({"type": "object", "properties": {"x": string()}, "required": ["x"]});
        assert_eq!(
            s,
            json!({"oneOf": [
                {"type": "string", "const": "A"},
                {"type": "object", "properties": {"B": string()}, "required": ["B"], "additionalProperties": false},
                {"type": "object", "properties": {"C": c}, "required": ["C"], "additionalProperties": false},
            ]})
        );
        let units = schema_of_e("#[serde(rename_all = \"lowercase\")] enum E { A, B }");
        assert_eq!(units, json!({"type": "string", "enum": ["a", "b"]}));
    }

    #[test]
    fn b3_internally_tagged_enum() {
        let s = schema_of_e("#[serde(tag = \"t\")] enum E { A, C { x: String } }");
        let c = json!({"type": "object", "properties": {"t": {"type": "string", "const": "C"}, "x": string()}, "required": ["t", "x"]});
        assert_eq!(s, json!({"oneOf": [tag("t", "A"), c]}));
        // Unit variants alone are still objects under a tag.
        let units = schema_of_e("#[serde(tag = \"t\")] enum E { A }");
        assert_eq!(units, json!({"oneOf": [tag("t", "A")]}));
    }

    #[test]
    fn b3_adjacently_tagged_enum() {
        let s = schema_of_e("#[serde(tag = \"t\", content = \"c\")] enum E { A, B(String) }");
        let b = json!({"type": "object", "properties": {"t": {"type": "string", "const": "B"}, "c": string()}, "required": ["t", "c"]});
        // A unit variant's content: absent or null, as serde reads it.
        let a = json!({"type": "object", "properties": {"t": {"type": "string", "const": "A"}, "c": {"type": "null"}}, "required": ["t"]});
        assert_eq!(s, json!({"oneOf": [a, b]}));
    }

    #[test]
    fn b3_untagged_enum_and_variant() {
        let s = schema_of_e("#[serde(untagged)] enum E { A, B(String) }");
        assert_eq!(s, json!({"anyOf": [{"type": "null"}, string()]}));
        let s = schema_of_e("enum E { A(String), #[serde(untagged)] B(String) }");
        let a = json!({"type": "object", "properties": {"A": string()}, "required": ["A"], "additionalProperties": false});
        assert_eq!(s, json!({"anyOf": [a, string()]}));
    }

    #[test]
    fn b3_content_without_tag_is_external() {
        // serde refuses it; read as no attribute at all.
        let s = schema_of_e("#[serde(content = \"c\")] enum E { A, B }");
        assert_eq!(s, json!({"type": "string", "enum": ["A", "B"]}));
    }
}
