//! A `#[controller]` impl block read into a [`ControllerModel`] and checked.
//!
//! tether-macros turns the model into the route table; tether-build turns
//! the same model into the OpenAPI document. Only signatures are read,
//! never bodies, so an error inside a handler never breaks this step.

use crate::attrs::{
    parse_http_code_attr, parse_param_attr, parse_route_attr, parse_version_attr, tether_attr_name,
    ControllerArgs, HttpMethod, ParamSource, PARAM_ATTRS,
};
use crate::errors::Errors;
use crate::path::RoutePath;
use crate::rules::{parse_validate_attrs, Rule, Shape};
use crate::security::{parse_metadata_attr, parse_public_attr, parse_security_attr, SecuritySpec};
use crate::versioning::{neutral_beside_versioned, Framework, Version, VersionSpec};
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Attribute, FnArg, ImplItem, ImplItemFn, ItemImpl, Pat, ReturnType, Type};

/// Which stage of the request pipeline an attribute adds to (SPEC A7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PipelineKind {
    /// `#[use_guards(..)]`
    Guards,
    /// `#[use_interceptors(..)]`
    Interceptors,
    /// `#[use_pipes(..)]`
    Pipes,
    /// `#[use_filters(..)]`
    Filters,
}

impl PipelineKind {
    fn from_attr_name(name: &str) -> Option<Self> {
        Some(match name {
            "use_guards" => PipelineKind::Guards,
            "use_interceptors" => PipelineKind::Interceptors,
            "use_pipes" => PipelineKind::Pipes,
            "use_filters" => PipelineKind::Filters,
            _ => return None,
        })
    }
}

/// `#[use_guards(AuthGuard, Roles::new("admin"))]` and its kin.
#[derive(Debug, Clone)]
pub struct PipelineAttr {
    /// The stage.
    pub kind: PipelineKind,
    /// The expressions building each guard, interceptor, pipe or filter.
    pub exprs: Vec<syn::Expr>,
}

/// A checked controller.
#[derive(Debug, Clone)]
pub struct ControllerModel {
    /// The impl's self type.
    pub self_ty: Type,
    /// The type's name, e.g. `UsersController`.
    pub type_name: String,
    /// The base path from `#[controller("/users")]`.
    pub path: RoutePath,
    /// The controller's own `#[version]`.
    pub version: VersionSpec,
    /// The impl's `#[version(..)]` attribute, for errors about it.
    pub version_attr: Option<Attribute>,
    /// Controller-level guards, interceptors, pipes and filters.
    pub pipeline: Vec<PipelineAttr>,
    /// `#[metadata(..)]` values of the impl (SPEC E3).
    pub metadata: Vec<syn::Expr>,
    /// `#[security(..)]` or `#[public]` of the impl (SPEC E4).
    pub security: Option<SecuritySpec>,
    /// `#[tags(..)]` of the impl: the document's tags of every route,
    /// instead of the controller's name.
    pub tags: Vec<String>,
    /// Doc comment lines of the impl.
    pub docs: Vec<String>,
    /// The routes in source order.
    pub routes: Vec<RouteModel>,
}

/// A checked route handler.
#[derive(Debug, Clone)]
pub struct RouteModel {
    /// The method's name.
    pub fn_ident: syn::Ident,
    /// The HTTP method.
    pub method: HttpMethod,
    /// The route's own sub-path.
    pub path: RoutePath,
    /// The controller path joined with the route's own path.
    pub full_path: RoutePath,
    /// The method's own `#[version]` (not yet merged with the controller's).
    pub version: VersionSpec,
    /// The method's `#[version(..)]` attribute, for errors about it.
    pub version_attr: Option<Attribute>,
    /// `#[http_code(..)]`, if given.
    pub http_code: Option<u16>,
    /// Method-level guards, interceptors, pipes and filters.
    pub pipeline: Vec<PipelineAttr>,
    /// The method's `#[metadata(..)]` values (SPEC E3).
    pub metadata: Vec<syn::Expr>,
    /// The method's own `#[security(..)]` or `#[public]` (SPEC E4).
    pub security: Option<SecuritySpec>,
    /// The method's `#[tags(..)]`, added to the controller's.
    pub tags: Vec<String>,
    /// Whether the method is `#[deprecated]` (Rust's own attribute).
    pub deprecated: bool,
    /// The arguments after `&self`.
    pub params: Vec<ParamModel>,
    /// The declared return type.
    pub output: ReturnType,
    /// Doc comment lines.
    pub docs: Vec<String>,
    /// Span of the route attribute.
    pub span: Span,
    /// The route attribute, for errors spanning all of it.
    pub attr: Attribute,
}

impl RouteModel {
    /// The success status: `#[http_code]`, else 201 for POST, else 200.
    pub fn status(&self) -> u16 {
        self.http_code.unwrap_or(self.method.default_status())
    }

    /// The effective version spec (the method's own wins, SPEC A4).
    pub fn effective_version(&self, controller: &ControllerModel) -> VersionSpec {
        self.version.or(&controller.version)
    }

    /// The security schemes the route requires, any one of them: the
    /// method's `#[security]`/`#[public]` wins over the controller's.
    pub fn effective_security(&self, controller: &ControllerModel) -> Vec<String> {
        self.security
            .as_ref()
            .or(controller.security.as_ref())
            .map(SecuritySpec::names)
            .unwrap_or_default()
    }
}

/// A handler argument and where it comes from.
#[derive(Debug, Clone)]
pub struct ParamModel {
    /// The argument's binding.
    pub ident: syn::Ident,
    /// The argument's type.
    pub ty: Type,
    /// Where it is extracted from.
    pub source: ParamSource,
    /// Span of the whole argument.
    pub span: Span,
    /// Its `#[validate(..)]` rules (SPEC E5), checked against its type.
    pub rules: Vec<crate::rules::Rule>,
}

/// Names of tether's method attributes, for "did you mean" hints.
const METHOD_ATTRS: [&str; 18] = [
    "get",
    "post",
    "put",
    "delete",
    "patch",
    "options",
    "head",
    "all",
    "version",
    "http_code",
    "use_guards",
    "use_interceptors",
    "use_pipes",
    "use_filters",
    "metadata",
    "security",
    "public",
    "tags",
];

/// Whether `attr` is one that `#[controller]` consumes from a method,
/// the impl block or an argument (and must strip before emitting).
pub fn is_tether_attr(attr: &Attribute) -> bool {
    tether_attr_name(attr).is_some_and(|n| {
        METHOD_ATTRS.contains(&n.as_str())
            || matches!(
                n.as_str(),
                "param" | "query" | "body" | "header" | "cookie" | "req"
            )
    })
}

/// Attributes rustc itself understands on a function argument.
const BUILTIN_ARG_ATTRS: [&str; 6] = ["cfg", "cfg_attr", "allow", "warn", "deny", "expect"];

/// Removes every tether attribute from the impl, its methods and their
/// arguments, so the impl can be emitted as plain Rust. Misspelled route
/// attributes and unsupported argument attributes of route methods go too:
/// `from_impl` reported them, and rustc need not report them again.
pub fn strip_tether_attrs(item: &mut ItemImpl) {
    item.attrs
        .retain(|a| !is_tether_attr(a) && did_you_mean_on(a, "").is_none());
    for impl_item in &mut item.items {
        if let ImplItem::Fn(f) = impl_item {
            let is_route = f.attrs.iter().any(|a| parse_route_attr(a).is_some());
            f.attrs
                .retain(|a| !is_tether_attr(a) && did_you_mean(a).is_none());
            for arg in &mut f.sig.inputs {
                if let FnArg::Typed(t) = arg {
                    t.attrs.retain(|a| match tether_attr_name(a) {
                        Some(name) if is_route => BUILTIN_ARG_ATTRS.contains(&name.as_str()),
                        _ => !is_tether_attr(a),
                    });
                }
            }
        }
    }
}

/// Doc comment lines of an item, each trimmed of one leading space.
pub fn doc_lines(attrs: &[Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(crate::attrs::name_value_str)
        .map(|l| l.strip_prefix(' ').unwrap_or(&l).to_string())
        .collect()
}

/// A doc comment split as rustdoc shows it: the summary is the first
/// paragraph with its line breaks joined by spaces (a wrapped sentence stays
/// whole), the description is every later paragraph. `None` when there are
/// no docs.
pub fn doc_summary(lines: &[String]) -> Option<(String, Option<String>)> {
    let text = lines.join("\n");
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let mut paragraphs = text.splitn(2, "\n\n");
    let first = paragraphs.next().unwrap_or_default();
    let summary = first.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    let description = paragraphs
        .next()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(str::to_string);
    Some((summary, description))
}

fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

fn parse_pipeline(attr: &Attribute, kind: PipelineKind) -> syn::Result<PipelineAttr> {
    let name = tether_attr_name(attr).unwrap_or_default();
    let hint = format!("#[{name}] lists one or more expressions, e.g. `#[{name}(AuthGuard)]`");
    let syn::Meta::List(list) = &attr.meta else {
        return Err(syn::Error::new_spanned(attr, hint));
    };
    let exprs = list.parse_args_with(
        syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
    )?;
    if exprs.is_empty() {
        return Err(syn::Error::new_spanned(list, hint));
    }
    Ok(PipelineAttr {
        kind,
        exprs: exprs.into_iter().collect(),
    })
}

const TAGS_EXAMPLE: &str = "`#[tags(\"admin\")]` or several: `#[tags(\"admin\", \"books\")]`";

/// Parses `#[tags("admin", "books")]`: the document's tags, each a
/// non-empty string literal.
fn parse_tags_attr(attr: &Attribute) -> syn::Result<Vec<String>> {
    let lits = crate::attrs::nonempty_args(
        attr,
        format!("#[tags] lists the document's tags of the routes: {TAGS_EXAMPLE}"),
        format!("#[tags] needs at least one tag: {TAGS_EXAMPLE}"),
    )?;
    lits.iter()
        .map(|e| match e {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) if !s.value().trim().is_empty() => Ok(s.value()),
            other => Err(syn::Error::new_spanned(
                other,
                format!("a tag is a non-empty string literal: {TAGS_EXAMPLE}"),
            )),
        })
        .collect()
}

/// Attributes shared by methods and the impl block.
#[derive(Default)]
struct CommonAttrs {
    version: Option<VersionSpec>,
    version_attr: Option<Attribute>,
    pipeline: Vec<PipelineAttr>,
    metadata: Vec<syn::Expr>,
    security: Option<SecuritySpec>,
    tags: Vec<String>,
}

impl CommonAttrs {
    /// Reads `attr` if it is `#[version]` or a pipeline attribute.
    fn read(&mut self, attr: &Attribute, errors: &mut Errors) -> bool {
        let Some(name) = tether_attr_name(attr) else {
            return false;
        };
        if name == "version" {
            if self.version.is_some() {
                errors.push(syn::Error::new_spanned(attr,
                    "#[version] is given twice; list all versions in one attribute: `#[version(\"1\", \"2\")]`",
                ));
            } else if let Some(v) = errors.ok(parse_version_attr(attr)) {
                self.version = Some(v);
                self.version_attr = Some(attr.clone());
            }
            return true;
        }
        if name == "tags" {
            if let Some(tags) = errors.ok(parse_tags_attr(attr)) {
                for tag in tags {
                    if !self.tags.contains(&tag) {
                        self.tags.push(tag);
                    }
                }
            }
            return true;
        }
        if name == "metadata" {
            if let Some(values) = errors.ok(parse_metadata_attr(attr)) {
                self.metadata.extend(values);
            }
            return true;
        }
        if name == "security" || name == "public" {
            let parsed = if name == "public" {
                parse_public_attr(attr)
            } else {
                parse_security_attr(attr)
            };
            if self.security.is_some() {
                errors.push(syn::Error::new_spanned(attr,
                    "give `#[security(..)]` or `#[public]` once; list alternative schemes in one attribute: `#[security(\"bearer\", \"api_key\")]`",
                ));
            } else if let Some(spec) = errors.ok(parsed) {
                self.security = Some(spec);
            }
            return true;
        }
        if let Some(kind) = PipelineKind::from_attr_name(&name) {
            if let Some(p) = errors.ok(parse_pipeline(attr, kind)) {
                self.pipeline.push(p);
            }
            return true;
        }
        false
    }
}

impl ControllerModel {
    /// Reads a `#[controller]` impl: `args` is the parsed attribute argument.
    /// All problems are reported at once, each at its own span.
    pub fn from_impl(args: ControllerArgs, item: &ItemImpl) -> Result<Self, syn::Error> {
        let mut errors = Errors::default();
        if let Some((_, trait_path, _)) = &item.trait_ {
            errors.push(syn::Error::new_spanned(trait_path,
                "#[controller] goes on an inherent impl (`impl UsersController { … }`), not on a trait impl",
            ));
        }
        if !item.generics.params.is_empty() {
            errors.push(syn::Error::new_spanned(&item.generics,
                "a controller cannot be generic; keep generic state in a field, e.g. `Arc<dyn Store>`",
            ));
        }
        let type_name = type_name(&item.self_ty).unwrap_or_else(|| {
            errors.push(syn::Error::new_spanned(
                &item.self_ty,
                "#[controller] needs a named type, e.g. `impl UsersController { … }`",
            ));
            String::new()
        });
        let mut common = CommonAttrs::default();
        for attr in &item.attrs {
            if common.read(attr, &mut errors) {
            } else if parse_route_attr(attr).is_some() {
                errors.push(syn::Error::new_spanned(attr,
                    "route attributes go on the methods of the impl; the controller's path is the argument of `#[controller(\"/path\")]`",
                ));
            } else if let Some(e) = did_you_mean_on(attr, "a controller") {
                errors.push(e);
            }
        }
        let mut routes: Vec<RouteModel> = Vec::new();
        for impl_item in &item.items {
            match impl_item {
                ImplItem::Fn(f) => {
                    if let Some(route) = read_route(f, &args.path, &mut errors) {
                        check_duplicate(&route, &routes, &mut errors);
                        routes.push(route);
                    }
                }
                ImplItem::Const(c) => reject_route_attrs(&c.attrs, &mut errors),
                ImplItem::Type(t) => reject_route_attrs(&t.attrs, &mut errors),
                _ => {}
            }
        }
        errors.finish()?;
        Ok(ControllerModel {
            self_ty: (*item.self_ty).clone(),
            type_name,
            path: args.path,
            version: common.version.unwrap_or_default(),
            version_attr: common.version_attr,
            pipeline: common.pipeline,
            metadata: common.metadata,
            security: common.security,
            tags: common.tags,
            docs: doc_lines(&item.attrs),
            routes,
        })
    }
}

fn reject_route_attrs(attrs: &[Attribute], errors: &mut Errors) {
    for attr in attrs {
        if parse_route_attr(attr).is_some() {
            errors.push(syn::Error::new_spanned(
                attr,
                "route attributes go on `async fn` methods of the controller",
            ));
        }
    }
}

/// The one of `known` that `name` looks like a misspelling of: the same
/// letters in another case or without `_` (Nest's `UseGuards` for
/// `use_guards`), or at most `1 + len / per_edit` edits away (`len` of
/// the known name: the longer, the more typos it takes).
fn closest<'k>(name: &str, known: &[&'k str], per_edit: usize) -> Option<&'k str> {
    let folded = |s: &str| s.to_lowercase().replace('_', "");
    if let Some(k) = known.iter().find(|k| folded(k) == folded(name)) {
        return Some(k);
    }
    known
        .iter()
        .filter(|k| strsim::levenshtein(name, k) <= 1 + k.len() / per_edit)
        .min_by_key(|k| strsim::levenshtein(name, k))
        .copied()
}

fn did_you_mean(attr: &Attribute) -> Option<syn::Error> {
    did_you_mean_on(attr, "a controller method")
}

/// "did you mean" for an attribute of `place` (a method, the impl) that
/// is not tether's but is spelled like one of its attributes.
fn did_you_mean_on(attr: &Attribute, place: &str) -> Option<syn::Error> {
    let name = tether_attr_name(attr)?;
    if METHOD_ATTRS.contains(&name.as_str()) || name == "doc" || name.len() < 3 {
        return None;
    }
    let best = closest(&name, &METHOD_ATTRS, 6)?;
    Some(syn::Error::new(
        attr.path().span(),
        format!("unknown attribute `#[{name}]` on {place}; did you mean `#[{best}]`?"),
    ))
}

fn read_route(f: &ImplItemFn, base: &RoutePath, errors: &mut Errors) -> Option<RouteModel> {
    let mut route_attr = None;
    let mut common = CommonAttrs::default();
    let mut http_code = None;
    for attr in &f.attrs {
        if let Some(parsed) = parse_route_attr(attr) {
            if route_attr.is_some() {
                errors.push(syn::Error::new_spanned(
                    attr,
                    "a method has one route attribute; write a second method for the other route",
                ));
            } else {
                // `None` inside: the attribute is there but broken (reported).
                route_attr = Some(errors.ok(parsed));
            }
        } else if common.read(attr, errors) {
        } else if tether_attr_name(attr).as_deref() == Some("http_code") {
            http_code = errors.ok(parse_http_code_attr(attr));
        } else if let Some(e) = did_you_mean(attr) {
            errors.push(e);
        }
    }
    let Some(route_attr) = route_attr else {
        reject_orphan_attrs(f, &common, errors);
        return None;
    };
    check_signature(f, errors);
    let before_params = errors.mark();
    let params = read_params(f, errors);
    // A broken route attribute has no path to check the arguments against,
    // nor to compare with other routes: its own error is the one reported.
    let route_attr = route_attr?;
    check_body_method(route_attr.method, &params, errors);
    check_error_type(&f.sig.output, errors);
    check_bodiless_status(http_code, &f.sig.output, errors);
    let full_path = base.join(&route_attr.path);
    if let Err(e) = full_path.validate() {
        errors.push(syn::Error::new_spanned(
            &route_attr.attr,
            format!("{e} (the controller's path is joined with the route's)"),
        ));
        return None;
    }
    let checks = PathParamChecks {
        // An argument that failed may be the one meant to read a capture.
        unread_captures: !errors.since(before_params),
    };
    check_path_params(&full_path, &params, &route_attr.attr, checks, errors);
    Some(RouteModel {
        fn_ident: f.sig.ident.clone(),
        method: route_attr.method,
        path: route_attr.path,
        full_path,
        version: common.version.unwrap_or_default(),
        version_attr: common.version_attr,
        http_code,
        pipeline: common.pipeline,
        metadata: common.metadata,
        security: common.security,
        tags: common.tags,
        deprecated: f.attrs.iter().any(|a| a.path().is_ident("deprecated")),
        params,
        output: f.sig.output.clone(),
        docs: doc_lines(&f.attrs),
        span: route_attr.span,
        attr: route_attr.attr,
    })
}

fn reject_orphan_attrs(f: &ImplItemFn, common: &CommonAttrs, errors: &mut Errors) {
    let orphan = f.attrs.iter().find(|a| {
        matches!(
            tether_attr_name(a).as_deref(),
            Some("version" | "http_code")
        )
    });
    let has_param_attrs = f.sig.inputs.iter().any(|a| match a {
        FnArg::Typed(t) => t.attrs.iter().any(is_tether_attr),
        FnArg::Receiver(_) => false,
    });
    let has_common = !common.pipeline.is_empty()
        || !common.metadata.is_empty()
        || common.security.is_some()
        || !common.tags.is_empty();
    if orphan.is_some() || has_common || has_param_attrs {
        errors.push(syn::Error::new(
            f.sig.ident.span(),
            format!(
                "`{}` has tether attributes but no route attribute; add one such as `#[get(\"/path\")]`",
                f.sig.ident
            ),
        ));
    }
}

fn check_signature(f: &ImplItemFn, errors: &mut Errors) {
    let sig = &f.sig;
    if sig.asyncness.is_none() {
        errors.push(syn::Error::new(
            sig.fn_token.span,
            format!("route handler `{}` must be `async fn`", sig.ident),
        ));
    }
    if !sig.generics.params.is_empty() {
        errors.push(syn::Error::new_spanned(
            &sig.generics,
            "route handlers cannot have generic or lifetime parameters",
        ));
    }
    match sig.inputs.first() {
        Some(FnArg::Receiver(r)) if r.reference.is_some() && r.mutability.is_none() => {}
        Some(FnArg::Receiver(r)) => errors.push(syn::Error::new_spanned(r,
            "route handlers take `&self`: the controller is shared between requests; use a `Mutex` or atomics for mutable state",
        )),
        _ => errors.push(syn::Error::new(
            sig.paren_token.span.join(),
            format!(
                "route handler `{}` must take `&self` as its first argument",
                sig.ident
            ),
        )),
    }
}

fn read_params(f: &ImplItemFn, errors: &mut Errors) -> Vec<ParamModel> {
    let mut params = Vec::new();
    let mut first_body: Option<&syn::PatType> = None;
    for arg in f.sig.inputs.iter().skip(1) {
        let FnArg::Typed(pt) = arg else { continue };
        let ident = match &*pt.pat {
            Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => p.ident.clone(),
            other => {
                errors.push(syn::Error::new_spanned(other,
                    "handler arguments must be plain names such as `id`; destructure inside the body",
                ));
                continue;
            }
        };
        let arg_name = crate::attrs::ident_name(&ident);
        let arg_name = arg_name.as_str();
        let mut source = None;
        for attr in pt.attrs.iter().filter(|a| !a.path().is_ident("validate")) {
            match parse_param_attr(attr, arg_name) {
                Some(parsed) if source.is_some() => {
                    drop(parsed);
                    errors.push(syn::Error::new_spanned(
                        attr,
                        "an argument comes from one place; remove one of its attributes",
                    ));
                }
                Some(parsed) => source = errors.ok(parsed).or(Some(ParamSource::Request)),
                None => errors.push(unknown_param_attr(attr)),
            }
        }
        let source = match source {
            Some(source) => source,
            // A plain value type says nothing of where it comes from; any
            // other type may read itself from the request (SPEC E2).
            None if pt.attrs.is_empty() && is_plain_value(&pt.ty) => {
                errors.push(syn::Error::new_spanned(pt,
                    format!("argument `{arg_name}` needs an attribute saying where it comes from: {PARAM_ATTRS}"),
                ));
                continue;
            }
            None if pt.attrs.iter().all(|a| a.path().is_ident("validate")) => {
                if pt.attrs.is_empty() {
                    ParamSource::Extractor
                } else {
                    errors.push(syn::Error::new_spanned(pt,
                        format!("`#[validate]` checks a value read from the request; say where `{arg_name}` comes from: #[param], #[query(\"name\")], #[header(\"name\")] or #[cookie(\"name\")]"),
                    ));
                    continue;
                }
            }
            None => continue,
        };
        if let ParamSource::Body(_) = source {
            if let Some(first) = first_body {
                let mut e = syn::Error::new_spanned(pt,
                    "a handler reads the request body once; merge the two `#[body]` arguments into one type",
                );
                e.combine(syn::Error::new_spanned(
                    first,
                    "the first `#[body]` is here",
                ));
                errors.push(e);
            }
            first_body = Some(pt);
        }
        if let Some(e) = extractor_wrapper(&source, &pt.ty) {
            errors.push(e);
        }
        if let Some(e) = scalar_whole_query(&source, &pt.ty, arg_name) {
            errors.push(e);
        } else if let Some(e) = optional_whole(&source, &pt.ty) {
            errors.push(e);
        }
        let rules = read_rules(pt, &source, errors);
        params.push(ParamModel {
            ident,
            ty: (*pt.ty).clone(),
            source,
            span: pt.span(),
            rules,
        });
    }
    params
}

/// An argument attribute that is not tether's, with "did you mean" when
/// it is spelled like one (`#[parms]`, `#[Query]`).
fn unknown_param_attr(attr: &Attribute) -> syn::Error {
    const NAMES: [&str; 6] = ["param", "query", "body", "header", "cookie", "req"];
    // What axum and Nest users reach for: axum's extractors by name,
    // Nest's `@Req()`/`@Request()`.
    const OTHER_NAMES: [(&str, &str); 5] = [
        ("path", "param"),
        ("json", "body"),
        ("form", "body(form)"),
        ("multipart", "body(multipart)"),
        ("request", "req"),
    ];
    let name = tether_attr_name(attr).unwrap_or_default();
    let known = OTHER_NAMES
        .iter()
        .find(|(other, _)| other.eq_ignore_ascii_case(&name))
        .map(|(_, ours)| *ours);
    // Two edits for `param` (`#[parms]`): arguments have few attributes,
    // none of them close to another.
    let message = match known.or_else(|| closest(&name, &NAMES, 4)) {
        Some(best) if name.len() >= 3 => format!(
            "unknown parameter attribute `#[{name}]`; did you mean `#[{best}]`? (tether's are {PARAM_ATTRS})"
        ),
        _ => format!("unsupported parameter attribute; use {PARAM_ATTRS}"),
    };
    syn::Error::new_spanned(attr, message)
}

/// An axum-style extractor wrapper (`Json<T>`, `Form<T>`, `Query<T>`,
/// `Path<T>`) around a `#[body]` or `#[query]` argument's type: the
/// attribute already says how the value is read, so the type is `T` itself.
fn extractor_wrapper(source: &ParamSource, ty: &syn::Type) -> Option<syn::Error> {
    let (attr, wrappers): (_, &[&str]) = match source {
        ParamSource::Body(_) => ("#[body]", &["Json", "Form"]),
        ParamSource::QueryAll | ParamSource::Query(_) => ("#[query]", &["Query"]),
        ParamSource::Path(_) => ("#[param]", &["Path"]),
        _ => return None,
    };
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    let wrapper = last.ident.to_string();
    if !wrappers.contains(&wrapper.as_str()) {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    let [syn::GenericArgument::Type(inner)] = args.args.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let inner = crate::errors::compact(inner);
    Some(syn::Error::new_spanned(
        ty,
        format!("{attr} reads the value into its own type: write `{inner}`, not `{wrapper}<{inner}>` (tether needs no extractor wrapper)"),
    ))
}

/// `#[query] limit: u32`: `#[query]` without a key reads the whole query
/// string into a struct (or a map), so a number, text, a list or an
/// `Option` of one could never be read from it and every request would be
/// refused, while the argument's name looks like the key it was meant to
/// read (SPEC E1: never a silent mismatch).
fn scalar_whole_query(source: &ParamSource, ty: &Type, arg_name: &str) -> Option<syn::Error> {
    if *source != ParamSource::QueryAll || !is_plain_value(ty) {
        return None;
    }
    let written = crate::errors::compact(ty);
    Some(syn::Error::new_spanned(
        ty,
        format!("`#[query]` without a key reads the whole query string into a struct, not into `{written}`; to read the key `{arg_name}`, write `#[query(\"{arg_name}\")] {arg_name}: {written}`"),
    ))
}

/// `Option<T>` where the whole query string or a multipart body is read:
/// a query string is always there (it is empty at worst), so `Option` of a
/// `#[query]` struct could never be `None` and every request would fail
/// to read; a multipart body has no "absent" form either.
fn optional_whole(source: &ParamSource, ty: &syn::Type) -> Option<syn::Error> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let inner = match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => crate::errors::compact(&args.args),
        _ => "T".to_string(),
    };
    let message = match source {
        ParamSource::QueryAll => format!(
            "`#[query]` reads the whole query string, which is always there: write `{inner}` and make its fields optional (`Option<_>`, `#[serde(default)]`), or read one key with `#[query(\"name\")]`"
        ),
        ParamSource::Body(crate::attrs::BodyKind::Multipart) => format!(
            "an optional multipart body is not supported: take `{inner}` with optional fields, or `tether::multipart::Multipart` to read whatever parts come"
        ),
        _ => return None,
    };
    Some(syn::Error::new_spanned(ty, message))
}

/// The `#[validate(..)]` rules of one argument, each checked against its
/// source and type (SPEC E5).
fn read_rules(pt: &syn::PatType, source: &ParamSource, errors: &mut Errors) -> Vec<Rule> {
    let parsed = parse_validate_attrs(&pt.attrs);
    parsed.errors.into_iter().for_each(|e| errors.push(e));
    for (span, name) in parsed.others {
        let what = match name.as_str() {
            "validate" => "a bare `#[validate]` checks a nested struct; a parameter is one value: write its rules, e.g. `#[validate(minimum = 1)]`".to_string(),
            _ => format!("`{name}` is not supported on a parameter; write serde_valid's rules (`minimum = 1`, `max_length = 50`, `pattern = \"…\"`, …), or move the check into a struct read with `#[query]`"),
        };
        errors.push(syn::Error::new(span, what));
    }
    if parsed.rules.is_empty() {
        return parsed.rules;
    }
    match source {
        ParamSource::Path(_)
        | ParamSource::Query(_)
        | ParamSource::Header(_)
        | ParamSource::Cookie(_) => {}
        _ => {
            errors.push(syn::Error::new_spanned(&parsed.rules[0].written,
                "`#[validate(..)]` on an argument applies to one value (#[param], #[query(\"name\")], #[header(\"name\")], #[cookie(\"name\")]); for a struct, put the rules on its fields and derive `serde_valid::Validate`",
            ));
            return Vec::new();
        }
    }
    let shape = Shape::of(&pt.ty);
    let mut fit = Vec::new();
    for rule in parsed.rules {
        match rule.check(shape, &pt.ty) {
            Ok(()) => fit.push(rule),
            Err(e) => errors.push(e),
        }
    }
    fit
}

/// Types that cannot be request extractors: numbers, text, `Vec`,
/// references, and `Option` of those (they want `#[param]`, `#[query]` …).
fn is_plain_value(ty: &Type) -> bool {
    const PLAIN: [&str; 19] = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "f32", "f64", "bool", "char", "String", "str", "Vec",
    ];
    match ty {
        Type::Reference(_) | Type::Tuple(_) | Type::Array(_) | Type::Slice(_) => true,
        Type::Path(p) => match p.path.segments.last() {
            Some(s) if s.ident == "Option" => match &s.arguments {
                syn::PathArguments::AngleBracketed(a) => a.args.iter().all(|arg| match arg {
                    syn::GenericArgument::Type(inner) => is_plain_value(inner),
                    _ => true,
                }),
                _ => true,
            },
            Some(s) => PLAIN.contains(&s.ident.to_string().as_str()),
            None => false,
        },
        _ => false,
    }
}

/// The span of an argument from its name to the end of its type (the
/// attributes are gone by then): what a diagnostic about it underlines.
fn param_tokens(p: &ParamModel) -> proc_macro2::TokenStream {
    let (ident, ty) = (&p.ident, &p.ty);
    quote::quote!(#ident #ty)
}

/// A `#[body]` on a GET or HEAD route: `fetch` (browsers, Node.js) throws
/// before sending a GET or HEAD request with a body, so the documented
/// operation could never be called by the generated client, nor by most
/// HTTP tools (SPEC E1).
fn check_body_method(method: HttpMethod, params: &[ParamModel], errors: &mut Errors) {
    if !matches!(method, HttpMethod::Get | HttpMethod::Head) {
        return;
    }
    let Some(body) = params
        .iter()
        .find(|p| matches!(p.source, ParamSource::Body(_)))
    else {
        return;
    };
    let method = method.as_str();
    errors.push(syn::Error::new_spanned(
        param_tokens(body),
        format!("a {method} request has no body a client can send (`fetch` refuses one before sending): read the values from the query with `#[query] {}: …` (a struct of optional fields), or make the route `#[post]`", body.ident),
    ));
}

/// `Result<T, String>` (or another value that answers as a success): the
/// `Err` is answered with its own response, and a `String`, bytes, `()`
/// or a `Json`/`Html` value answers with the route's success status, so a
/// failure would reach the client as a `200` (or `201`) it reads as data,
/// while the document says errors are `HttpError`s (SPEC E1).
fn check_error_type(output: &ReturnType, errors: &mut Errors) {
    let ReturnType::Type(_, ty) = output else {
        return;
    };
    let Some(err) = crate::response::result_error_type(ty) else {
        return;
    };
    let Some(written) = crate::response::success_shaped(err) else {
        return;
    };
    errors.push(syn::Error::new_spanned(
        err,
        format!("an `Err({written})` is answered with the route's success status (`200`, or `201` for a POST), so a client would read the failure as a success; return an error type: `HttpError` (`Err(HttpError::not_found(..))`), a `#[derive(ApiError)]` enum, or `(StatusCode, {written})`"),
    ));
}

/// Whether two names are the same words in other cases (`petId`,
/// `pet_id`, `pet-id`).
fn same_words(a: &str, b: &str) -> bool {
    let words = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    words(a) == words(b)
}

/// A capture's name as a Rust argument name: `petId` → `pet_id`,
/// `pet-id` → `pet_id`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 && !out.ends_with('_') {
            out.push('_');
        }
        match c {
            '-' | '.' => out.push('_'),
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// `#[http_code(204)]` (or 205, 304) on a handler that returns a value:
/// such an answer has no body, so the value would be dropped on the way
/// out while the handler reads as if it answered it.
fn check_bodiless_status(http_code: Option<u16>, output: &ReturnType, errors: &mut Errors) {
    let Some(code @ (204 | 205 | 304)) = http_code else {
        return;
    };
    let ReturnType::Type(_, ty) = output else {
        return;
    };
    use crate::response::{success_shape, ReturnShape};
    let bodiless = matches!(
        success_shape(output),
        ReturnShape::Empty | ReturnShape::NoContent | ReturnShape::Opaque | ReturnShape::Redirect
    );
    if bodiless {
        return;
    }
    errors.push(syn::Error::new_spanned(
        ty,
        format!("`#[http_code({code})]` answers without a body, so the value this handler returns would never reach the client; return `()` (`Result<(), E>` when it can fail), or choose a status that carries a body"),
    ));
}

/// Which directions of [`check_path_params`] to run.
struct PathParamChecks {
    /// Report captures of the path that no argument reads.
    unread_captures: bool,
}

fn check_path_params(
    path: &RoutePath,
    params: &[ParamModel],
    attr: &Attribute,
    checks: PathParamChecks,
    errors: &mut Errors,
) {
    let names = path.param_names();
    let unmatched = |name: &str| !names.contains(&name);
    // `#[param] pet_id` beside `:petId`: one mistake, one error at the argument.
    let mut renamed: Vec<&str> = Vec::new();
    for name in names.iter().filter(|_| checks.unread_captures) {
        let bound = params
            .iter()
            .any(|p| p.source == ParamSource::Path(name.to_string()));
        if bound {
            continue;
        }
        let spelled_alike = params.iter().find(
            |p| matches!(&p.source, ParamSource::Path(n) if unmatched(n) && same_words(n, name)),
        );
        if let Some(p) = spelled_alike {
            let ParamSource::Path(read) = &p.source else {
                continue;
            };
            renamed.push(read);
            errors.push(syn::Error::new_spanned(
                param_tokens(p),
                format!(
                    "`#[param]` reads `{read}`, but route path `{path}` captures `:{name}`; name the capture: `#[param(\"{name}\")] {}`",
                    p.ident
                ),
            ));
            continue;
        }
        let suggestion = match snake_case(name) {
            snake if snake == *name => format!("#[param] {name}: String"),
            snake => format!("#[param(\"{name}\")] {snake}: String"),
        };
        errors.push(syn::Error::new_spanned(
            attr,
            format!(
                "route path `{path}` captures `{name}` but no argument reads it; add `{suggestion}` (or another type that parses from text)"
            ),
        ));
    }
    for p in params {
        if let ParamSource::Path(name) = &p.source {
            if unmatched(name) && !renamed.contains(&name.as_str()) {
                errors.push(syn::Error::new_spanned(
                    param_tokens(p),
                    format!(
                        "`#[param]` reads `{name}` but route path `{path}` has no `:{name}`; add `:{name}` to the path or name the capture with `#[param(\"…\")]`"
                    ),
                ));
            }
        }
    }
}

impl ControllerModel {
    /// `#[version("v2")]` under URI versioning with the prefix `v`: the
    /// segment is the prefix followed by the version, so the route would be
    /// served and documented under `/vv2`. One error at each such
    /// `#[version]` attribute, of the impl or of a method.
    pub fn check_version_prefixes(&self, framework: &Framework) -> Vec<syn::Error> {
        let Some(prefix) = framework.uri_version_prefix() else {
            return Vec::new();
        };
        let own = std::iter::once((&self.version, &self.version_attr));
        let routes = self.routes.iter().map(|r| (&r.version, &r.version_attr));
        own.chain(routes)
            .filter_map(|(spec, attr)| {
                let doubled = prefixed_version(spec, prefix)?;
                let attr = attr.as_ref()?;
                let bare = &doubled[prefix.len()..];
                Some(syn::Error::new_spanned(attr, format!(
                    "version `{doubled}` would be served under `/{prefix}{doubled}`: the URI segment is the versioning prefix `{prefix}` followed by the version; write `#[version(\"{bare}\")]` (the prefix is `[framework.versioning] prefix` in tether.toml)"
                )))
            })
            .collect()
    }

    /// Routes of this controller that put a neutral route beside a
    /// versioned one on the same method and path under HEADER versioning
    /// (see [`crate::versioning::neutral_beside_versioned`]), each at the
    /// neutral route's attribute.
    pub fn check_neutral_routes(&self, framework: &Framework) -> Vec<syn::Error> {
        let mut errors = Vec::new();
        for (i, a) in self.routes.iter().enumerate() {
            for b in &self.routes[i + 1..] {
                if let Some((neutral, other)) = neutral_pair(self, framework, a, b) {
                    errors.push(syn::Error::new_spanned(
                        &neutral.attr,
                        neutral_beside_versioned(
                            &neutral.fn_ident.to_string(),
                            &other.fn_ident.to_string(),
                            &format!("{} {}", a.method.as_str(), a.full_path),
                        ),
                    ));
                }
            }
        }
        errors
    }
}

/// The first version of `spec` written with `prefix` in front of a
/// number (`"v2"` when the prefix is `v`), which URI versioning would
/// prefix a second time.
fn prefixed_version<'a>(spec: &'a VersionSpec, prefix: &str) -> Option<&'a str> {
    let VersionSpec::Versions(list) = spec else {
        return None;
    };
    list.iter().find_map(|v| match v {
        Version::Exact(s) => {
            let rest = s
                .get(..prefix.len())?
                .eq_ignore_ascii_case(prefix)
                .then(|| &s[prefix.len()..])?;
            rest.starts_with(|c: char| c.is_ascii_digit())
                .then_some(&**s)
        }
        Version::Neutral => None,
    })
}

/// `(neutral, versioned)` when `a` and `b` clash so.
fn neutral_pair<'r>(
    c: &ControllerModel,
    framework: &Framework,
    a: &'r RouteModel,
    b: &'r RouteModel,
) -> Option<(&'r RouteModel, &'r RouteModel)> {
    neutral_beside(framework, (c, a), (c, b))
        .map(|a_neutral| if a_neutral { (a, b) } else { (b, a) })
}

/// Whether route `a` of its controller and route `b` of its controller
/// put a neutral route beside a versioned one on one method and path under
/// HEADER versioning: `Some(true)` when `a` is the neutral one.
pub fn neutral_beside(
    framework: &Framework,
    (ca, a): (&ControllerModel, &RouteModel),
    (cb, b): (&ControllerModel, &RouteModel),
) -> Option<bool> {
    let (va, vb) = (a.effective_version(ca), b.effective_version(cb));
    let same_route = a.method == b.method && a.full_path.to_matchit() == b.full_path.to_matchit();
    if !same_route || !framework.neutral_beside_versioned(&va, &vb) {
        return None;
    }
    Some(matches!(&va, VersionSpec::Versions(l) if l.contains(&Version::Neutral)))
}

fn versions_overlap(a: &VersionSpec, b: &VersionSpec) -> bool {
    match (a, b) {
        (VersionSpec::Versions(x), VersionSpec::Versions(y)) => x.iter().any(|v| y.contains(v)),
        _ => a == b,
    }
}

fn check_duplicate(route: &RouteModel, earlier: &[RouteModel], errors: &mut Errors) {
    let clash = earlier.iter().find(|r| {
        r.method == route.method
            && r.full_path.to_matchit() == route.full_path.to_matchit()
            && versions_overlap(&r.version, &route.version)
    });
    if let Some(first) = clash {
        errors.push(syn::Error::new_spanned(
            &route.attr,
            format!(
                "duplicate route: `{}` already handles {} {}; change the path or give the methods different `#[version]`s",
                first.fn_ident,
                route.method.attr_name().to_uppercase(),
                route.full_path
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::versioning::Version;
    use syn::parse_quote;

    fn model(args: &str, item: ItemImpl) -> Result<ControllerModel, String> {
        let args: ControllerArgs = syn::parse_str(args).map_err(|e| e.to_string())?;
        ControllerModel::from_impl(args, &item).map_err(|e| {
            e.into_iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        })
    }

    #[test]
    fn neutral_route_beside_versioned_under_header_is_refused_at_the_neutral_route() {
        use crate::versioning::{Versioning, VersioningKind};
        let m = model(
            r#""/notes""#,
            parse_quote! {
                impl Notes {
                    #[get]
                    async fn list(&self) -> String { todo!() }
                    #[get]
                    #[version("2")]
                    async fn list_v2(&self) -> String { todo!() }
                    #[get]
                    #[version(neutral)]
                    async fn list_any(&self) -> String { todo!() }
                    #[get("/other")]
                    #[version(neutral)]
                    async fn other(&self) -> String { todo!() }
                }
            },
        )
        .unwrap();
        let header = Framework {
            global_prefix: None,
            global_prefix_exclude: Default::default(),
            versioning: Some(Versioning {
                default_version: Some("1".into()),
                ..Versioning::new(VersioningKind::Header)
            }),
        };
        let errors = m.check_neutral_routes(&header);
        assert_eq!(errors.len(), 2, "list and list_v2 each clash with list_any");
        let e = errors[0].to_string();
        assert!(
            e.contains("`list_any` (#[version(neutral)]) and `list` both answer GET /notes"),
            "{e}"
        );
        assert!(e.contains("a path of its own"), "{e}");
        let uri = Framework {
            versioning: Some(Versioning::new(VersioningKind::Uri)),
            ..header
        };
        assert!(m.check_neutral_routes(&uri).is_empty());
    }

    /// `#[version("v2")]` under URI versioning with the prefix `v` would be
    /// served under `/vv2`: refused at each such attribute, of the impl and
    /// of a method; left alone under HEADER versioning, an empty prefix, or
    /// a version that is not the prefix followed by a number.
    #[test]
    fn version_written_with_the_uri_prefix_is_refused() {
        use crate::versioning::{Versioning, VersioningKind};
        let m = model(
            r#""/notes""#,
            parse_quote! {
                #[version("v1")]
                impl Notes {
                    #[get]
                    async fn list(&self) -> String { todo!() }
                    #[get("/:id")]
                    #[version("2", "V3")]
                    async fn find(&self, #[param] id: u64) -> String { todo!() }
                    #[get("/x")]
                    #[version("vintage")]
                    async fn other(&self) -> String { todo!() }
                }
            },
        )
        .unwrap();
        let uri = |prefix: &str| Framework {
            global_prefix: None,
            global_prefix_exclude: Default::default(),
            versioning: Some(Versioning {
                prefix: prefix.to_string().into(),
                ..Versioning::new(VersioningKind::Uri)
            }),
        };
        let errors: Vec<String> = m
            .check_version_prefixes(&uri("v"))
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].contains("`/vv1`") && errors[0].contains(r#"`#[version("1")]`"#),
            "{}",
            errors[0]
        );
        assert!(
            errors[1].contains("`/vV3`") && errors[1].contains(r#"`#[version("3")]`"#),
            "{}",
            errors[1]
        );
        assert!(m.check_version_prefixes(&uri("")).is_empty());
        assert_eq!(
            m.check_version_prefixes(&uri("V")).len(),
            2,
            "the prefix is matched in any case"
        );
        let header = Framework {
            versioning: Some(Versioning::new(VersioningKind::Header)),
            ..uri("v")
        };
        assert!(m.check_version_prefixes(&header).is_empty());
    }

    /// `:petId` captured, `pet_id` read: one error, at the argument,
    /// naming the capture; a capture no argument resembles is suggested as
    /// a snake_case argument.
    #[test]
    fn param_named_in_another_case_is_one_error_naming_the_capture() {
        let e = model(
            r#""/owners/:ownerId/pets""#,
            parse_quote! {
                impl Pets {
                    #[get("/:petId")]
                    async fn find(&self, #[param] pet_id: u64) -> String { todo!() }
                }
            },
        )
        .unwrap_err();
        let lines: Vec<&str> = e.lines().collect();
        assert_eq!(lines.len(), 2, "{e}");
        assert!(
            lines[0].contains(r#"add `#[param("ownerId")] owner_id: String`"#),
            "{e}"
        );
        assert!(
            lines[1].contains(r#"captures `:petId`; name the capture: `#[param("petId")] pet_id`"#),
            "{e}"
        );
    }

    #[test]
    fn doc_summary_is_the_first_paragraph_like_rustdoc() {
        let lines = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        let (summary, description) = doc_summary(&lines(&[
            "Removes a book once its last copy",
            "has been sold.",
            "",
            "Kept on loan.",
            "Really.",
        ]))
        .unwrap();
        assert_eq!(summary, "Removes a book once its last copy has been sold.");
        assert_eq!(description.as_deref(), Some("Kept on loan.\nReally."));
        assert_eq!(
            doc_summary(&lines(&["One line."])),
            Some(("One line.".into(), None))
        );
        assert_eq!(doc_summary(&lines(&["", " "])), None);
    }

    #[test]
    fn a1_reads_routes_versions_and_params() {
        let m = model(
            r#""/users""#,
            parse_quote! {
                #[version("1")]
                impl UsersController {
                    /// Finds one user.
                    #[get("/:id")]
                    #[version("2")]
                    async fn find_one(&self, #[param] id: u64, #[query] q: Q, #[header("x-id")] x: Option<String>) -> User { todo!() }
                    #[post]
                    async fn create(&self, #[body] dto: CreateUser) -> User { todo!() }
                    #[delete("/:id")] #[http_code(204)]
                    async fn remove(&self, #[param] id: u64) {}
                    fn helper(&self) {}
                }
            },
        )
        .unwrap();
        assert_eq!(m.type_name, "UsersController");
        assert_eq!(m.routes.len(), 3);
        let find = &m.routes[0];
        assert_eq!(find.full_path.to_openapi(), "/users/{id}");
        assert_eq!(find.docs, ["Finds one user."]);
        assert_eq!(
            find.effective_version(&m),
            VersionSpec::Versions(vec![Version::Exact("2".into())].into())
        );
        assert_eq!(
            m.routes[1].effective_version(&m),
            VersionSpec::Versions(vec![Version::Exact("1".into())].into())
        );
        assert_eq!(find.params.len(), 3);
        assert_eq!(m.routes[1].status(), 201);
        assert_eq!(m.routes[2].status(), 204);
    }

    #[test]
    fn reports_every_problem() {
        let e = model(
            r#""/x""#,
            parse_quote! {
                impl X {
                    #[get("/:id")]
                    fn a(&self) {}
                    #[post]
                    async fn b(&self, #[body] a: A, #[body] b: B, c: Option<u8>) {}
                    #[get("/y")]
                    async fn c(&self, #[param] nope: u8) {}
                    #[gett("/z")]
                    async fn d(&self) {}
                }
            },
        )
        .unwrap_err();
        for needle in [
            "must be `async fn`",
            "captures `id`",
            "reads the request body once",
            "argument `c` needs an attribute",
            "has no `:nope`",
            "did you mean `#[get]`",
        ] {
            assert!(e.contains(needle), "missing {needle:?} in\n{e}");
        }
    }

    #[test]
    fn e2_e4_extractors_metadata_and_security() {
        let m = model(
            r#""/x""#,
            parse_quote! {
                #[security("bearer")]
                #[metadata(Roles(&["reader"]))]
                impl X {
                    #[get] #[metadata(Roles(&["admin"]))]
                    async fn a(&self, user: CurrentUser, #[cookie("sid")] sid: Option<String>) {}
                    #[get("/open")] #[public]
                    async fn b(&self) {}
                }
            },
        )
        .unwrap();
        assert_eq!(m.metadata.len(), 1);
        let (a, b) = (&m.routes[0], &m.routes[1]);
        assert_eq!(a.params[0].source, ParamSource::Extractor);
        assert_eq!(a.params[1].source, ParamSource::Cookie("sid".into()));
        assert_eq!(a.metadata.len(), 1);
        assert_eq!(a.effective_security(&m), ["bearer"]);
        assert!(b.effective_security(&m).is_empty());
        let e = model(
            r#""/x""#,
            parse_quote! {
                impl X {
                    #[get] #[public] #[security("a")]
                    async fn a(&self) {}
                }
            },
        )
        .unwrap_err();
        assert!(e.contains("once"), "{e}");
    }

    #[test]
    fn duplicate_routes_unless_versions_differ() {
        let ok = model(
            r#""/x""#,
            parse_quote! {
                impl X {
                    #[get] #[version("1")] async fn a(&self) {}
                    #[get] #[version("2")] async fn b(&self) {}
                }
            },
        );
        assert!(ok.is_ok());
        let e = model(
            r#""/x""#,
            parse_quote! {
                impl X {
                    #[get("/:id")] async fn a(&self, #[param] id: u8) {}
                    #[get("/:id")] async fn b(&self, #[param] id: u8) {}
                }
            },
        )
        .unwrap_err();
        assert!(e.contains("duplicate route"), "{e}");
    }

    #[test]
    fn strip_leaves_plain_rust() {
        let mut item: ItemImpl = parse_quote! {
            #[version("1")]
            impl X {
                #[get("/:id")] #[serde(x)]
                async fn a(&self, #[param] id: u8) {}
            }
        };
        strip_tether_attrs(&mut item);
        let text = quote::quote!(#item).to_string();
        assert!(!text.contains("version") && !text.contains("param") && !text.contains("get"));
        assert!(text.contains("serde"));
    }
}
