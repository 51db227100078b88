//! tether_model's values as the constant expressions that build them in
//! the generated route table: a checked path, version list or `[framework]`
//! crosses the macro boundary in the model's own types, so the runtime
//! parses nothing again at startup.

use proc_macro2::TokenStream;
use quote::quote;
use tether_model::attrs::HttpMethod;
use tether_model::{Framework, PrefixExclusion, RoutePath, Segment, Version, VersionSpec};
use tether_model::{Versioning, VersioningKind};

/// `::tether::__private::RouteMethod::Get`, ….
pub(crate) fn method_tokens(method: HttpMethod) -> TokenStream {
    let ident = match method {
        HttpMethod::Get => quote!(Get),
        HttpMethod::Post => quote!(Post),
        HttpMethod::Put => quote!(Put),
        HttpMethod::Delete => quote!(Delete),
        HttpMethod::Patch => quote!(Patch),
        HttpMethod::Options => quote!(Options),
        HttpMethod::Head => quote!(Head),
        HttpMethod::All => quote!(All),
    };
    quote!(::tether::__private::RouteMethod::#ident)
}

/// `Cow::Borrowed("text")`.
fn text(s: &str) -> TokenStream {
    quote!(::tether::__private::Cow::Borrowed(#s))
}

/// `RoutePath::from_static(&[Segment::Static(Cow::Borrowed("users")), …])`.
///
/// Variants and `Cow::Borrowed`, not `const fn`s: the array is promoted to
/// a `'static` only when its value needs no drop, which the compiler sees
/// through constructors but not through a call.
pub(crate) fn path_tokens(path: &RoutePath) -> TokenStream {
    let p = quote!(::tether::__private);
    let segments = path.segments().iter().map(|s| match s {
        Segment::Static(s) => {
            let s = text(s);
            quote!(#p::Segment::Static(#s))
        }
        Segment::Param(s) => {
            let s = text(s);
            quote!(#p::Segment::Param(#s))
        }
        Segment::CatchAll(s) => {
            let s = text(s);
            quote!(#p::Segment::CatchAll(#s))
        }
    });
    quote!(#p::RoutePath::from_static(&[#(#segments),*]))
}

/// `VersionSpec::Inherit` or `VersionSpec::Versions(Cow::Borrowed(&[Version::Exact(..), …]))`.
pub(crate) fn versions_tokens(spec: &VersionSpec) -> TokenStream {
    let p = quote!(::tether::__private);
    match spec {
        VersionSpec::Inherit => quote!(#p::VersionSpec::Inherit),
        VersionSpec::Versions(list) => {
            let items = list.iter().map(|v| match v {
                Version::Exact(s) => {
                    let s = text(s);
                    quote!(#p::Version::Exact(#s))
                }
                Version::Neutral => quote!(#p::Version::Neutral),
            });
            quote!(#p::VersionSpec::Versions(#p::Cow::Borrowed(&[#(#items),*])))
        }
    }
}

/// A `Framework { .. }` literal of the settings `tether.toml` gave.
pub(crate) fn framework_tokens(framework: &Framework) -> TokenStream {
    let p = quote!(::tether::__private);
    let prefix = optional_text(framework.global_prefix.as_deref());
    let exclude = framework.global_prefix_exclude.iter().map(exclusion_tokens);
    let versioning = match &framework.versioning {
        None => quote!(#p::None),
        Some(v) => {
            let v = versioning_tokens(v);
            quote!(#p::Some(#v))
        }
    };
    quote! {
        #p::Framework { global_prefix: #prefix, global_prefix_exclude: #p::Cow::Borrowed(&[#(#exclude),*]), versioning: #versioning }
    }
}

/// `None` or `Some(Cow::Borrowed("text"))`.
fn optional_text(s: Option<&str>) -> TokenStream {
    let p = quote!(::tether::__private);
    match s {
        Some(s) => {
            let s = text(s);
            quote!(#p::Some(#s))
        }
        None => quote!(#p::None),
    }
}

/// A `PrefixExclusion { .. }` literal.
fn exclusion_tokens(e: &PrefixExclusion) -> TokenStream {
    let p = quote!(::tether::__private);
    let path = path_tokens(&e.path);
    let method = match e.method {
        Some(m) => {
            let m = method_tokens(m);
            quote!(#p::Some(#m))
        }
        None => quote!(#p::None),
    };
    quote!(#p::PrefixExclusion { path: #path, method: #method })
}

/// A `Versioning { .. }` literal.
fn versioning_tokens(v: &Versioning) -> TokenStream {
    let p = quote!(::tether::__private);
    let kind = match v.kind {
        VersioningKind::Uri => quote!(#p::VersioningKind::Uri),
        VersioningKind::Header => quote!(#p::VersioningKind::Header),
    };
    let default = optional_text(v.default_version.as_deref());
    let prefix = text(&v.prefix);
    quote!(#p::Versioning { kind: #kind, default_version: #default, prefix: #prefix })
}
