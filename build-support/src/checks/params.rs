//! The refusals of an operation's arguments: a value that the
//! text of a key, header, cookie or path segment cannot carry, a `#[query]`
//! that does not read a struct or a map, a flattened field a query or form
//! hands text it cannot read, a key read twice, a key a
//! `deny_unknown_fields` struct refuses.

use super::Checker;
use crate::analysis::controllers::FoundController;
use crate::analysis::index::DefItem;
use crate::analysis::serde::FieldAttrs;
use crate::analysis::types::{Env, Ty};
use serde_json::Value;
use syn::spanned::Spanned;
use syn::Type;
use tether_model::attrs::{BodyKind, ParamSource};
use tether_model::controller::{ParamModel, RouteModel};
use tether_model::response::is_named;
use tether_model::schemes::{KeyLocation, SchemeType};
use tether_model::{Version, VersioningKind, VERSION_HEADER};

impl Checker<'_, '_> {
    /// The arguments of `route` served at `version`, walked as the
    /// operation writer documents them, with each refusal on the way.
    pub(super) fn parameters(
        &mut self,
        route: &RouteModel,
        c: &FoundController,
        version: Option<&Version>,
    ) {
        let mut keys = ParamKeys::default();
        let env = Env::new();
        let version_const = matches!(
            (self.versioning, version),
            (Some(VersioningKind::Header), Some(Version::Exact(_)))
        );
        for p in &route.params {
            if matches!(p.source, ParamSource::Request | ParamSource::Extractor) {
                continue;
            }
            let Some(ty) = self.gen.resolve(&p.ty, c.module, &env) else {
                continue;
            };
            self.refuse_unreadable_param(&ty, p, c);
            match &p.source {
                ParamSource::Path(_) => self.reach(&ty),
                ParamSource::Query(name) => {
                    keys.read("query", name, p);
                    self.reach(&ty);
                }
                // The version header under HEADER versioning is documented
                // by the version parameter, not the argument.
                ParamSource::Header(name)
                    if version_const && name.eq_ignore_ascii_case(VERSION_HEADER) => {}
                ParamSource::Header(name) => {
                    keys.read("header", name, p);
                    self.reach(&ty);
                }
                ParamSource::Cookie(name) => {
                    keys.read("cookie", name, p);
                    self.reach(&ty);
                }
                ParamSource::QueryAll => match self.gen.query_fields(&ty) {
                    // Both checks report what they find.
                    Some(_)
                        if self.refuse_flattened_numbers(&ty, "#[query]", &p.ty, c)
                            | self.refuse_nested_fields(&ty, "#[query]") => {}
                    Some(shape) => {
                        if self.gen.denies_unknown_fields(&ty) {
                            keys.strict.push(p);
                        }
                        for prop in shape.props {
                            keys.read("query", &prop.name, p);
                        }
                    }
                    None if self.refuse_scalar_whole_query(&ty, p, c) => {}
                    None => self.reach(&ty),
                },
                ParamSource::Body(BodyKind::Form)
                    if self.refuse_flattened_numbers(&ty, "#[body(form)]", &p.ty, c)
                        | self.refuse_nested_fields(&ty, "#[body(form)]") => {}
                ParamSource::Body(BodyKind::Text | BodyKind::Bytes) => {}
                ParamSource::Body(BodyKind::Multipart) if is_named(&p.ty, &["Multipart"]) => {}
                ParamSource::Body(_) => match &ty {
                    Ty::Option(inner) => self.reach(inner),
                    other => self.reach(other),
                },
                ParamSource::Request | ParamSource::Extractor => {}
            }
        }
        keys.credentials = self.query_credentials(route, c);
        self.refuse_key_clashes(&keys, c);
    }

    /// A `#[query("x")]`, `#[param]`, `#[header("x")]` or `#[cookie("x")]`
    /// argument is read with serde from the text of one key (or header,
    /// or path segment): a struct, a map, an enum with fields or a list of
    /// those is never read from it, so a request that sends one is refused
    /// whatever the document told the client to send (an `Option` is
    /// `None` only while the key is absent). Refused at the argument's
    /// type.
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
            let d = self.diagnostic(c, p.ty.span(), &message).with_help(help);
            self.errors.push(d);
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
        let d = self.diagnostic(c, p.ty.span(), &message).with_help(help);
        self.errors.push(d);
    }

    /// `#[query] limit: Limit` where `Limit` is (an alias of) a number,
    /// text, a list or an `Option` of one: `#[query]` without a key reads
    /// the whole query string into a struct or a map, so the server would
    /// refuse every request while the document showed a parameter named
    /// after the argument. The macro refuses such a type as
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
        let d = self.diagnostic(c, p.ty.span(), &message).with_help(help);
        self.errors.push(d);
        true
    }

    /// A query key, header or cookie is read by one argument, and a
    /// `#[query]` struct that denies unknown fields is the only reader of
    /// the query: otherwise the document lists a parameter twice (the
    /// client sends it once), or the server refuses the key another
    /// argument documents.
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
            let d = self
                .diagnostic(c, second.ty.span(), &message)
                .with_help(help);
            self.errors.push(d);
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
            let d = self
                .diagnostic(c, strict.ty.span(), &message)
                .with_help(help);
            self.errors.push(d);
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
        let d = self
            .diagnostic(c, strict.ty.span(), &message)
            .with_help(help);
        self.errors.push(d);
    }

    /// serde hands the fields of a `#[serde(flatten)]`ed struct their
    /// query or form values as buffered text, which a `bool`, a number or
    /// an array cannot be read from: such a request would be refused at
    /// run time whatever the client sends, so it is refused here, at
    /// build time. `true` when `ty` was refused.
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
                non_text_kind(&super::strip_nullable(p.schema.clone())).map(|k| (p.name.clone(), k))
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
            let d = self.diagnostic(c, written.span(), &message).with_help(help);
            self.errors.push(d);
            return true;
        }
        false
    }

    /// The urlencoded reader gives each key its text values, so a field of
    /// a `#[query]` or `#[body(form)]` struct that is a struct, a map or a
    /// list of those is never read: the server would leave it `None` (or
    /// refuse every request) whatever the document told clients to send.
    /// Each such field is refused at its type, also inside a
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
            let index = self.gen.index_ref();
            let d = index
                .sources
                .diagnostic(module, field.ty.span(), message)
                .with_help(help);
            self.errors.push(d);
            refused = true;
        }
        refused
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
