//! Reading an impl block (syn) into a [`ControllerModel`]: the routes,
//! their arguments and their rules, every problem collected.

use super::attributes::{
    deprecation, doc_lines, is_tether_attr, parse_errors_attr, type_name, CommonAttrs,
};
use super::checks::{
    check_bodiless_status, check_body_method, check_error_type, check_path_params, check_signature,
    extractor_wrapper, is_plain_value, optional_whole, scalar_whole_query, PathParamChecks,
};
use super::did_you_mean::{did_you_mean, did_you_mean_on, unknown_param_attr};
use super::model::{ControllerModel, ParamModel, RouteModel};
use super::versions::check_duplicate;
use crate::attrs::{
    parse_http_code_attr, parse_param_attr, parse_route_attr, tether_attr_name, ControllerArgs,
    ParamSource, PARAM_ATTRS,
};
use crate::errors::Errors;
use crate::path::RoutePath;
use crate::rules::{parse_validate_attrs, Rule, Shape};
use syn::spanned::Spanned;
use syn::{Attribute, FnArg, ImplItem, ImplItemFn, ItemImpl, Pat};

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
            } else if let Some(name @ ("errors" | "http_code")) = tether_attr_name(attr).as_deref()
            {
                // Said of one route: what it answers, and with which status.
                errors.push(syn::Error::new_spanned(
                    attr,
                    format!("#[{name}] goes on a route method, not on the controller: it is said of one route"),
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
            deprecated: deprecation(&item.attrs),
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

fn read_route(f: &ImplItemFn, base: &RoutePath, errors: &mut Errors) -> Option<RouteModel> {
    let mut route_attr = None;
    let mut common = CommonAttrs::default();
    let mut http_code = None;
    let mut answers: Option<Vec<syn::Path>> = None;
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
        } else if tether_attr_name(attr).as_deref() == Some("errors") {
            if answers.is_some() {
                errors.push(syn::Error::new_spanned(
                    attr,
                    "#[errors] is given twice; list every variant in one attribute",
                ));
            } else {
                answers = errors.ok(parse_errors_attr(attr));
            }
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
        errors: answers,
        deprecated: deprecation(&f.attrs),
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
            Some("version" | "http_code" | "errors")
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

/// The `#[validate(..)]` rules of one argument, each checked against its
/// source and type.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::test_support::model;
    use crate::versioning::{Version, VersionSpec};
    use syn::parse_quote;

    /// Issue 33 item 4: `#[errors(Enum::Variant, ..)]` on a route lists the
    /// variants it answers; absent, `None` (every variant).
    #[test]
    fn reads_the_variants_a_route_answers() {
        let m = model(
            r#""/projects""#,
            parse_quote! {
                impl ProjectsController {
                    #[get]
                    #[errors(ProjectError::Storage, crate::ProjectError::NoProject)]
                    async fn list(&self) -> Result<String, ProjectError> { todo!() }
                    #[get("/:key")]
                    async fn find(&self, #[param] key: String) -> Result<String, ProjectError> { todo!() }
                }
            },
        )
        .unwrap();
        let listed: Vec<String> = m.routes[0]
            .errors
            .iter()
            .flatten()
            .map(|p| p.segments.last().unwrap().ident.to_string())
            .collect();
        assert_eq!(listed, ["Storage", "NoProject"]);
        assert!(m.routes[1].errors.is_none());
        let misuse = |attr: proc_macro2::TokenStream| {
            let item: syn::ItemImpl = parse_quote! {
                impl C {
                    #[get]
                    #attr
                    async fn list(&self) -> Result<String, E> { todo!() }
                }
            };
            model(r#""/c""#, item).unwrap_err()
        };
        assert!(
            misuse(quote::quote!(#[errors(Storage)])).contains("name the variant with its enum")
        );
        assert!(misuse(quote::quote!(#[errors()])).contains("#[errors] lists the variants"));
        assert!(misuse(quote::quote!(#[errors(E::A)] #[errors(E::B)])).contains("given twice"));
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
}
