//! What a handler's return type sends, as the server answers it: read by
//! its last path segment, through `&` and the crate's type aliases
//! (`type ApiResult<T> = Result<T, HttpError>` is a `Result`), as the
//! macro's conversion goes by the type, not its spelling. Shared by the
//! checks (`crate::checks`) and the operation writer.

use super::schema::{FieldRules, SchemaGen, Shape};
use crate::analysis::controllers::FoundController;
use crate::analysis::index::{DefId, DefItem};
use crate::analysis::modules::ModId;
use crate::analysis::serde::{ContainerAttrs, VariantAttrs};
use crate::analysis::types::{Env, Ty};
use std::collections::BTreeMap;
use syn::spanned::Spanned;
use syn::{PathArguments, Type};
use tether_model::api_error::{derives_api_error, ApiErrorModel};
use tether_model::response::{return_shape, strip_refs, type_args, ReturnShape};

/// What a handler's return type sends.
#[derive(Debug, Clone)]
pub(crate) enum Output {
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
    /// A return type written without what it needs (`Sse` without its
    /// event type, `WithHeaders` without its headers' type): the checks
    /// refuse it with this, the writer never sees it.
    Refused(Box<crate::analysis::Diagnostic>),
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

/// Reads return types with the schemas of one document.
pub(crate) struct Outputs<'g, 'a> {
    /// The document's schemas (types are resolved, and errors kept, there).
    pub gen: &'g mut SchemaGen<'a>,
}

impl Outputs<'_, '_> {
    /// Classifies a handler's return type as the server answers it: by its
    /// last path segment, through `&`, with the crate's type aliases
    /// followed (`type ApiResult<T> = Result<T, HttpError>` is a `Result`),
    /// as the macro's conversion goes by the type, not its spelling.
    pub(crate) fn output(&mut self, ty: &Type, c: &FoundController) -> Option<Output> {
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
            ReturnShape::WithStatus(body) => match self.output_in(body, module, args, c)? {
                refused @ Output::Refused(_) => Some(refused),
                body => Some(Output::WithStatus(Box::new(body))),
            },
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
                        refused @ Output::Refused(_) => return Some(refused),
                        Output::Attachment => Output::Attachment,
                        _ => Output::Json(self.gen.resolve(body, module, &env)?),
                    };
                    let headers = self.gen.resolve(headers, module, &env)?;
                    Some(Output::WithHeaders(Box::new(body), headers))
                }
                _ => self.refused(c, ty, "write the body and the headers' type: `WithHeaders<Body, Headers>`, where `Headers` is a struct with one field per header"),
            },
            ReturnShape::Sse(arg) => match arg {
                Some(a) => self
                    .gen
                    .resolve(a, module, &env)
                    .map(|e| Output::Sse(e, module, a.span())),
                None => self.refused(c, ty, "write the event type: `Sse<Event>`, where `Event` is an enum with one variant per event"),
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

    /// The return type `ty` of `c`'s route, refused with `msg`.
    fn refused(&self, c: &FoundController, ty: &Type, msg: &str) -> Option<Output> {
        let d = self
            .gen_index()
            .sources
            .diagnostic(c.module, ty.span(), msg);
        Some(Output::Refused(Box::new(d)))
    }

    fn gen_index(&self) -> &crate::analysis::index::CrateIndex {
        self.gen.index_ref()
    }

    /// The `E` of a `Result<_, E>` return type (through the crate's
    /// aliases), with the module it is written in.
    pub(crate) fn result_error_of(&self, ty: &Type, module: ModId) -> Option<(Type, ModId)> {
        let index = self.gen.index_ref();
        let mut ty = ty.clone();
        let mut module = module;
        // Aliases of `Result`, followed a few levels (`type ApiResult<T> = Result<T, BookError>`).
        for _ in 0..8 {
            let Type::Path(p) = &ty else { return None };
            let seg = p.path.segments.last()?;
            if seg.ident == "Result" {
                return Some(((*type_args(seg).get(1)?).clone(), module));
            }
            let id = index.def_of(module, &p.path)?;
            let DefItem::Alias(alias) = &index.defs[id].item else {
                return None;
            };
            ty = (*alias.ty).clone();
            module = index.defs[id].module;
        }
        None
    }

    /// The variants of the `#[derive(ApiError)]` enum `id` as the derive
    /// reads them, each with the fields of its body (gathered apart from
    /// the body's own keys); `None` when the derive refuses the enum (it
    /// reports that at compile time, with its span).
    pub(crate) fn api_error_variants(
        &mut self,
        id: DefId,
    ) -> Option<(ApiErrorModel, Vec<Shape>, ModId)> {
        let index = self.gen.index_ref();
        let def = &index.defs[id];
        let DefItem::Enum(item) = &def.item else {
            return None;
        };
        let model = ApiErrorModel::parse(item).ok()?;
        let container = ContainerAttrs::from_attrs(&item.attrs);
        let mut bodies = Vec::new();
        for syntax in item.variants.iter().take(model.variants.len()) {
            let rule = VariantAttrs::from_attrs(&syntax.attrs)
                .rename_all
                .or(container.rename_all_fields);
            let mut fields = Shape::default();
            let rules = FieldRules::renamed(rule);
            self.gen
                .named_fields(&syntax.fields, rules, def.module, &Env::new(), &mut fields);
            bodies.push(fields);
        }
        Some((model, bodies, def.module))
    }

    /// The crate's `#[derive(ApiError)]` enum `ty` names, written in `module`.
    pub(crate) fn api_error_def(&self, ty: &Type, module: ModId) -> Option<DefId> {
        let index = self.gen.index_ref();
        let Type::Path(p) = ty else { return None };
        let id = index.def_of(module, &p.path)?;
        let def = &index.defs[id];
        matches!(&def.item, DefItem::Enum(e) if derives_api_error(&e.attrs)).then_some(id)
    }
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
