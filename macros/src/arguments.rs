//! The code reading one handler argument from the request:
//! the extraction call, its check by the argument's own rules, the route's
//! pipes, and the expression passed to the handler. Shared by
//! [`crate::codegen`] and [`crate::param_rules`], which both read
//! arguments; it imports neither.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use tether_model::attrs::{BodyKind, ParamSource};
use tether_model::controller::{ParamModel, RouteModel};

/// The statements extracting one argument into a local of the same name,
/// then passing it through the route's pipes (a no-op without pipes);
/// `fail` is the statement run with the `response` of a failure.
pub(crate) fn extract(param: &ParamModel, route: &RouteModel, fail: &TokenStream) -> TokenStream {
    let Some(call) = extract_call(param, route) else {
        return TokenStream::new();
    };
    piped(param, route, call, fail)
}

/// `let arg: T = …` passing `value` (a `Result<T, HttpError>`) through the
/// route's pipes; `fail` runs with the `response` of a failure.
pub(crate) fn piped(
    param: &ParamModel,
    route: &RouteModel,
    value: TokenStream,
    fail: &TokenStream,
) -> TokenStream {
    let ident = &param.ident;
    let ty = &param.ty;
    let arg = tether_model::attrs::ident_name(ident);
    let arg = arg.as_str();
    let p = quote_spanned!(ty.span()=> ::tether::__private);
    let status = route.status();
    let source = match &param.source {
        ParamSource::Path(_) => quote!(Param),
        ParamSource::QueryAll | ParamSource::Query(_) => quote!(Query),
        ParamSource::Header(_) => quote!(Header),
        ParamSource::Cookie(_) => quote!(Cookie),
        ParamSource::Extractor => quote!(Extractor),
        _ => quote!(Body),
    };
    quote_spanned! {param.span=>
        let #ident: #ty = match #p::piped(#value, &__req, #arg, #p::ArgSource::#source, #p::status(#status)) {
            #p::Ok(value) => value,
            #p::Err(response) => #fail,
        };
    }
}

/// The expression reading one argument: a `Result<T, HttpError>`, the
/// struct checked by its own rules when it derives `serde_valid::Validate`;
/// `None` for `#[req]`, which is not read.
pub(crate) fn extract_call(param: &ParamModel, route: &RouteModel) -> Option<TokenStream> {
    let ty = &param.ty;
    // Spanned on the argument's type, so "`T` cannot be read from a query
    // parameter" and its kin point at the type the user wrote.
    let span = ty.span();
    let p = quote_spanned!(span=> ::tether::__private);
    let call = match &param.source {
        ParamSource::Path(name) => {
            let index = route
                .full_path
                .param_names()
                .iter()
                .position(|n| n == name)
                .expect("the model checked every #[param] has a capture");
            quote_spanned!(span=> #p::path_param::<#ty>(&__req, #index, #name))
        }
        ParamSource::QueryAll => quote_spanned!(span=> #p::query_all::<#ty>(&__req)),
        ParamSource::Query(name) => quote_spanned!(span=> #p::query_param::<#ty>(&__req, #name)),
        ParamSource::Header(name) => quote_spanned!(span=> #p::header_param::<#ty>(&__req, #name)),
        ParamSource::Body(kind) => {
            let f = match kind {
                BodyKind::Json => quote_spanned!(span=> body_json::<#ty>),
                BodyKind::Form => quote_spanned!(span=> body_form::<#ty>),
                BodyKind::Text => match option_inner(&param.ty) {
                    Some(_) => quote_spanned!(span=> body_text_optional),
                    None => quote_spanned!(span=> body_text),
                },
                BodyKind::Bytes => match option_inner(&param.ty) {
                    Some(inner) => quote_spanned!(span=> body_bytes_optional::<#inner>),
                    None => quote_spanned!(span=> body_bytes::<#ty>),
                },
                BodyKind::Multipart => quote_spanned!(span=> body_multipart::<#ty>),
            };
            quote_spanned!(span=> #p::#f(&mut __req).await)
        }
        ParamSource::Cookie(name) => quote_spanned!(span=> #p::cookie_param::<#ty>(&__req, #name)),
        ParamSource::Extractor => quote_spanned!(span=> #p::from_request::<#ty>(&mut __req).await),
        ParamSource::Request => return None,
    };
    // SPEC E5: structs read from the body or the whole query are checked
    // by `serde_valid::Validate` when their type derives it, text lengths
    // counted in code points (`counted`, in the body readers for bodies).
    let check = quote_spanned! {span=>
        |__value: &#ty| {
            #[allow(unused_imports)]
            use #p::{ViaNothing as _, ViaValidate as _};
            (&#p::Check(__value)).tether_validate()
        }
    };
    let call = match &param.source {
        ParamSource::QueryAll => quote_spanned! {span=>
            #p::validated::<#ty>(
                #call,
                #p::counted(#check, #p::Input::Form(__req.query_string().unwrap_or("").as_bytes())),
                &__req,
                || #p::Sent::form(__req.query_string().unwrap_or("").as_bytes()),
            )
        },
        ParamSource::Body(BodyKind::Json) => match option_inner(&param.ty) {
            Some(inner) => quote_spanned! {span=>
                #p::body_json_optional_validated::<#inner>(&mut __req, #check).await
            },
            None => quote_spanned!(span=> #p::body_json_validated::<#ty>(&mut __req, #check).await),
        },
        ParamSource::Body(BodyKind::Form) => {
            quote_spanned!(span=> #p::body_form_validated::<#ty>(&mut __req, #check).await)
        }
        ParamSource::Body(BodyKind::Multipart) => quote_spanned! {span=>
            match #p::body_multipart_measured::<#ty>(&mut __req).await {
                #p::Ok((__value, __measured)) => #p::validated::<#ty>(
                    #p::Ok(__value),
                    #p::measured(#check, __measured),
                    &__req,
                    || #p::Sent::Parts(<#ty as #p::FromMultipart>::part_names()),
                ),
                #p::Err(e) => #p::Err(e),
            }
        },
        _ => call,
    };
    Some(call)
}

/// `T` of a type written `Option<T>`: the optional form of a body, as
/// tether-build reads it (from the syntax) to document it as not required.
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match (last.ident == "Option", args.args.first()) {
        (true, Some(syn::GenericArgument::Type(inner))) if args.args.len() == 1 => Some(inner),
        _ => None,
    }
}

/// The expression passed to the handler for one argument.
pub(crate) fn argument(param: &ParamModel) -> TokenStream {
    match param.source {
        ParamSource::Request => quote!(&__req),
        _ => {
            let ident = &param.ident;
            quote!(#ident)
        }
    }
}
