//! A checked [`ControllerModel`] turned into the static route table.

use crate::arguments::{argument, extract};
use crate::route_table::{method_tokens, path_tokens, versions_tokens};
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use tether_model::attrs::ParamSource;
use tether_model::controller::{
    ControllerModel, ParamModel, PipelineAttr, PipelineKind, RouteModel,
};
use tether_model::response::{success_shape, ReturnShape};

/// Turns the handler's value into the response; an `Err` of
/// a `Result` is raised to the route's exception filters.
///
/// Decided by the value's type, not its spelling (the runtime's
/// `handler_return`), so an alias of `Result` is a `Result` and any other
/// value that is not `IntoResponse` is serialised as JSON. Only
/// `(StatusCode, T)` is read from the syntax: its `T` is answered like a
/// plain value, with that status.
fn respond(route: &RouteModel) -> TokenStream {
    let span = match &route.output {
        syn::ReturnType::Type(_, ty) => ty.span(),
        syn::ReturnType::Default => route.fn_ident.span(),
    };
    let p = quote_spanned!(span=> ::tether::__private);
    let status = route.status();
    let status = quote_spanned!(span=> #p::status(#status));
    let ok = match success_shape(&route.output) {
        ReturnShape::WithStatus(_) => quote_spanned! {span=>
            let (__status, __body) = __value;
            (&__body).__tether_body().respond(__body, __status)
        },
        _ => quote_spanned!(span=> (&__value).__tether_body().respond(__value, #status)),
    };
    quote_spanned! {span=>
        #[allow(unused_imports)]
        use #p::{BodyJson as _, BodyResponse as _, SplitPlain as _, SplitResult as _};
        match (&__out).__tether_split().split(__out) {
            #p::Ok(__value) => #p::Ok({ #ok }),
            #p::Err(__error) => #p::raise(__raise, __error, #status),
        }
    }
}

/// What one level (controller or method) adds to its `PipelineDef`.
pub(crate) struct Level<'a> {
    /// `#[use_guards(..)]` and its kin.
    pub pipeline: &'a [PipelineAttr],
    /// `#[metadata(..)]` values.
    pub metadata: &'a [syn::Expr],
    /// `#[security(..)]` / `#[public]`, as its `Security` value.
    pub security: Option<TokenStream>,
    /// Types of extractor arguments, whose app state is checked at startup.
    pub extractors: Vec<&'a syn::Type>,
}

/// `fn() -> PipelineDef` building one level's guards, interceptors, pipes,
/// filters and metadata, or `None` when it has none.
fn pipeline_fn(name: &syn::Ident, level: &Level<'_>) -> Option<TokenStream> {
    if level.pipeline.is_empty()
        && level.metadata.is_empty()
        && level.security.is_none()
        && level.extractors.is_empty()
    {
        return None;
    }
    let p = quote!(::tether::__private);
    let adds = level.pipeline.iter().flat_map(|a| {
        let method = match a.kind {
            PipelineKind::Guards => quote!(guard),
            PipelineKind::Interceptors => quote!(interceptor),
            PipelineKind::Pipes => quote!(pipe),
            PipelineKind::Filters => quote!(filter),
        };
        a.exprs.iter().map(move |e| {
            quote_spanned! {e.span()=> __def.#method(#e);}
        })
    });
    let metadata = level
        .metadata
        .iter()
        .map(|e| quote_spanned! {e.span()=> __def.metadata(#e);});
    let security = level.security.iter().map(|s| quote!(__def.metadata(#s);));
    let extractors = level.extractors.iter().map(|ty| {
        quote! {
            #[allow(unused_imports)]
            use #p::{ProbeExtractor as _, ProbeOther as _};
            (&#p::Probe::<#ty>::NEW).requires_into(__def.requires_mut());
        }
    });
    Some(quote! {
        fn #name() -> #p::PipelineDef {
            let mut __def = #p::PipelineDef::new();
            #(#adds)*
            #(#metadata)*
            #(#security)*
            #(#extractors)*
            __def
        }
    })
}

fn handler_fn(model: &ControllerModel, route: &RouteModel) -> (syn::Ident, TokenStream) {
    let self_ty = &model.self_ty;
    let name = format_ident!("__tether_{}", route.fn_ident);
    let method = &route.fn_ident;
    let (early, late) = read_order(route);
    let read_early = read_early(&early, route);
    let in_future = quote!(return response);
    let late = late.iter().map(|p| extract(p, route, &in_future));
    let args = route.params.iter().map(argument);
    let respond = respond(route);
    let p = quote!(::tether::__private);
    let send_check = send_check(route);
    let tokens = quote! {
        // `result_large_err`: `read_args`'s closure returns the handler's
        // answer as its `Err`, unboxed (see `piped`).
        #[allow(unused_mut, unused_variables, deprecated, clippy::needless_borrow, clippy::let_and_return, clippy::result_large_err)]
        fn #name(__this: #p::Arc<#self_ty>, mut __req: #p::Request) -> #p::HandlerFuture {
            #send_check
            // Not the request: a handler that reads nothing of it does not
            // hold it (nor hyper's read buffer) while it runs (SPEC A10).
            let __raise = #p::Raise::of(&__req);
            #read_early
            #p::HandlerFuture::new(async move {
                #(#late)*
                let __out = __this.#method(#(#args),*).await;
                #respond
            })
        }
    };
    (name, tokens)
}

/// The order arguments are read in: those with rules first, all together,
/// then the others in argument order, bodies last (they consume
/// the request). Split in two: those read before the handler's future is
/// made (path, query, header and cookie values: then the future need not
/// hold the request), up to the first extractor, which is async;
/// and the rest, read inside the future.
fn read_order(route: &RouteModel) -> (Vec<&ParamModel>, Vec<&ParamModel>) {
    let (bodies, others): (Vec<_>, Vec<_>) = route
        .params
        .iter()
        .partition(|p| matches!(p.source, ParamSource::Body(_)));
    let (mut early, mut others): (Vec<_>, Vec<_>) =
        others.into_iter().partition(|p| !p.rules.is_empty());
    let sync = others
        .iter()
        .take_while(|p| p.source != ParamSource::Extractor)
        .count();
    let late = others.split_off(sync);
    early.extend(others);
    (early, late.into_iter().chain(bodies).collect())
}

/// `let (a, b,) = …`: the arguments read before the handler's future is
/// made (see [`read_order`]), the handler answered at once when one cannot
/// be; nothing when there are none.
fn read_early(params: &[&ParamModel], route: &RouteModel) -> TokenStream {
    let read: Vec<_> = params
        .iter()
        .filter(|p| p.source != ParamSource::Request)
        .copied()
        .collect();
    if read.is_empty() {
        return TokenStream::new();
    }
    let p = quote!(::tether::__private);
    let fail = quote!(return #p::Err(response));
    let (ruled, plain): (Vec<_>, Vec<_>) = read.iter().partition(|p| !p.rules.is_empty());
    let ruled = crate::param_rules::read_and_check(&ruled, route, &fail);
    let plain = plain.iter().map(|param| extract(param, route, &fail));
    let idents: Vec<_> = read.iter().map(|p| &p.ident).collect();
    quote! {
        let (#(#idents,)*) = match #p::read_args(|| {
            #ruled
            #(#plain)*
            #p::Ok((#(#idents,)*))
        }) {
            #p::Ok(args) => args,
            #p::Err(response) => return #p::HandlerFuture::ready(response),
        };
    }
}

/// Checks, at the method's name, that its future is `Send` (axum's
/// `check_future_send`): a handler holding an `Rc` across an `.await` is
/// reported where the user looks. Never runs.
fn send_check(route: &RouteModel) -> TokenStream {
    let span = route.fn_ident.span();
    let method = &route.fn_ident;
    let p = quote_spanned!(span=> ::tether::__private);
    let args = route
        .params
        .iter()
        .map(|_| quote_spanned!(span=> #p::unreachable()));
    quote_spanned! {span=>
        if false {
            #p::assert_send(__this.#method(#(#args),*));
        }
    }
}

/// An `impl ::tether::Controller` with no routes for a controller whose
/// errors are reported: `App::controller(X)` then adds no misleading
/// "`X` is not a tether controller" to them. None for an impl no
/// controller can be (a trait impl, generics, an unnamed type): its own
/// error says so.
pub(crate) fn placeholder_controller_impl(item: &syn::ItemImpl) -> Option<TokenStream> {
    let syn::Type::Path(self_ty) = &*item.self_ty else {
        return None;
    };
    if item.trait_.is_some() || !item.generics.params.is_empty() || self_ty.qself.is_some() {
        return None;
    }
    let name = self_ty.path.segments.last()?.ident.to_string();
    Some(impl_controller(ImplParts {
        self_ty: &item.self_ty,
        name: &name,
        versions: quote!(::tether::__private::VersionSpec::Inherit),
        framework: crate::config_embed::default_framework_def(),
        routes: quote!(&[]),
        pipeline: None,
    }))
}

/// What varies between the `impl ::tether::Controller`s the macro emits.
struct ImplParts<'a> {
    self_ty: &'a syn::Type,
    name: &'a str,
    versions: TokenStream,
    /// `const FRAMEWORK` and `const RUNTIME` (see [`crate::config_embed`]).
    framework: TokenStream,
    /// The body of `fn routes()`.
    routes: TokenStream,
    /// `fn pipeline()`, when the impl block has one.
    pipeline: Option<TokenStream>,
}

/// The one shape of `impl ::tether::Controller`.
fn impl_controller(parts: ImplParts<'_>) -> TokenStream {
    let ImplParts {
        self_ty,
        name,
        versions,
        framework,
        routes,
        pipeline,
    } = parts;
    let p = quote!(::tether::__private);
    quote! {
        impl #p::Controller for #self_ty {
            const NAME: &'static str = #name;
            const VERSIONS: #p::VersionSpec = #versions;
            #framework
            fn routes() -> &'static [#p::RouteDef<Self>] {
                #routes
            }
            #pipeline
        }
    }
}

/// Each `#[errors(Enum::Variant, ..)]` checked against its enum: a name
/// that is not one of its variants is a compile error at that name.
pub(crate) fn errors_checks(model: &ControllerModel) -> TokenStream {
    let variants = model.routes.iter().flat_map(|r| r.errors.iter().flatten());
    let checks = variants.map(|variant| {
        let lead = &variant.leading_colon;
        let n = variant.segments.len();
        let enum_path = variant.segments.iter().take(n - 1);
        quote! {
            const _: () = {
                #[allow(dead_code)]
                fn __tether_errors(e: &#lead #(#enum_path)::*) -> bool {
                    ::std::matches!(e, #variant { .. })
                }
            };
        }
    });
    quote!(#(#checks)*)
}

/// The `impl ::tether::Controller` for a checked controller.
pub(crate) fn controller_impl(
    model: &ControllerModel,
    framework: TokenStream,
    schemes: &crate::security::Schemes,
) -> TokenStream {
    let self_ty = &model.self_ty;
    let type_name = &model.type_name;
    let versions = versions_tokens(&model.version);
    let p = quote!(::tether::__private);
    let mut fns = Vec::new();
    let mut defs = Vec::new();
    for route in &model.routes {
        let (fn_name, tokens) = handler_fn(model, route);
        fns.push(tokens);
        let pipeline_name = format_ident!("__tether_pipeline_{}", route.fn_ident);
        let level = Level {
            pipeline: &route.pipeline,
            metadata: &route.metadata,
            security: route
                .security
                .as_ref()
                .map(|s| crate::security::metadata_tokens(s, schemes)),
            extractors: route
                .params
                .iter()
                .filter(|p| p.source == ParamSource::Extractor)
                .map(|p| &p.ty)
                .collect(),
        };
        let pipeline = match pipeline_fn(&pipeline_name, &level) {
            Some(tokens) => {
                fns.push(tokens);
                quote!(#p::Some(#pipeline_name))
            }
            None => quote!(#p::None),
        };
        let method = method_tokens(route.method);
        let path = path_tokens(&route.full_path);
        let route_versions = versions_tokens(&route.version);
        let name = route.fn_ident.to_string();
        let reads_credential = crate::security::reads_credential(route, schemes);
        defs.push(quote! {
            #p::RouteDef {
                method: #method,
                path: #path,
                versions: #route_versions,
                name: #name,
                handler: #fn_name,
                pipeline: #pipeline,
                reads_credential: #reads_credential,
            }
        });
    }
    let level = Level {
        pipeline: &model.pipeline,
        metadata: &model.metadata,
        security: model
            .security
            .as_ref()
            .map(|s| crate::security::metadata_tokens(s, schemes)),
        extractors: Vec::new(),
    };
    let controller_pipeline =
        pipeline_fn(&format_ident!("__tether_pipeline"), &level).map(|build| {
            quote! {
                fn pipeline() -> #p::Option<#p::PipelineDef> {
                    #build
                    #p::Some(__tether_pipeline())
                }
            }
        });
    impl_controller(ImplParts {
        self_ty,
        name: type_name,
        versions,
        framework,
        routes: quote! {
            #(#fns)*
            const ROUTES: &[#p::RouteDef<#self_ty>] = &[#(#defs),*];
            ROUTES
        },
        pipeline: controller_pipeline,
    })
}
