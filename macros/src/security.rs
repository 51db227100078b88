//! `#[security("name")]` checked against `[security.schemes]` of the
//! crate's `tether.toml`, and turned into the route's
//! `::tether::pipeline::security::Security` metadata.

use proc_macro2::TokenStream;
use quote::quote;
use std::collections::BTreeMap;
use tether_model::attrs::ParamSource;
use tether_model::controller::{ControllerModel, RouteModel};
use tether_model::schemes::{unknown_scheme, KeyLocation, SchemeType, SecurityScheme};
use tether_model::security::SecuritySpec;

/// The schemes of `tether.toml`, by name.
pub(crate) type Schemes = BTreeMap<String, SecurityScheme>;

/// Every `#[security]` names a declared scheme; errors at each literal.
pub(crate) fn check(model: &ControllerModel, schemes: &Schemes) -> syn::Result<()> {
    let specs = std::iter::once(&model.security).chain(model.routes.iter().map(|r| &r.security));
    let mut errors: Option<syn::Error> = None;
    for spec in specs.flatten() {
        let SecuritySpec::Schemes(names) = spec else {
            continue;
        };
        for lit in names.iter().filter(|l| !schemes.contains_key(&l.value())) {
            let e = syn::Error::new(lit.span(), unknown_scheme(&lit.value(), schemes));
            match &mut errors {
                Some(all) => all.combine(e),
                None => errors = Some(e),
            }
        }
    }
    errors.map_or(Ok(()), Err)
}

/// The `Security` value for a spec (empty for `#[public]`).
pub(crate) fn metadata_tokens(spec: &SecuritySpec, schemes: &Schemes) -> TokenStream {
    let p = quote!(::tether::__private);
    let items = spec.names().into_iter().filter_map(|name| {
        let kind = match schemes.get(&name)? {
            s if s.kind == SchemeType::ApiKey => {
                let location = match s.location? {
                    KeyLocation::Header => quote!(Header),
                    KeyLocation::Query => quote!(Query),
                    KeyLocation::Cookie => quote!(Cookie),
                };
                let key = s.name.clone()?;
                quote!(#p::SchemeKind::ApiKey { location: #p::KeyIn::#location, name: #key })
            }
            s if s.kind == SchemeType::Http
                && s.scheme
                    .as_deref()
                    .is_some_and(|x| x.eq_ignore_ascii_case("basic")) =>
            {
                quote!(#p::SchemeKind::Basic)
            }
            _ => quote!(#p::SchemeKind::Bearer),
        };
        Some(quote!(#p::Scheme { name: #name, kind: #kind }))
    });
    quote!(#p::Security { schemes: &[#(#items),*] })
}

/// Whether `route` has an argument that may check a credential: an
/// extractor other than `State<..>` (a current user, `BearerToken`,
/// `BasicAuth`, an `Extension` a middleware stored), the `Authorization`
/// header, or the header, query parameter or cookie of an apiKey scheme.
/// A secured route with neither one nor a guard admits any well-formed
/// credential: `App` warns about it at startup.
pub(crate) fn reads_credential(route: &RouteModel, schemes: &Schemes) -> bool {
    let key_at = |at: KeyLocation, name: &str| {
        schemes.values().any(|s| {
            s.kind == SchemeType::ApiKey
                && s.location == Some(at)
                && s.name
                    .as_deref()
                    .is_some_and(|n| n.eq_ignore_ascii_case(name))
        })
    };
    route.params.iter().any(|p| match &p.source {
        ParamSource::Extractor => !is_state(&p.ty),
        ParamSource::Header(name) => {
            name.eq_ignore_ascii_case("authorization") || key_at(KeyLocation::Header, name)
        }
        ParamSource::Query(name) => key_at(KeyLocation::Query, name),
        ParamSource::Cookie(name) => key_at(KeyLocation::Cookie, name),
        _ => false,
    })
}

/// Whether `ty` is `State<..>` (app state: no credential in it).
fn is_state(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "State"))
}
