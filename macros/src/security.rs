//! `#[security("name")]` checked against `[security.schemes]` of the
//! crate's `tether.toml`, and turned into the route's
//! `::tether::security::Security` metadata (SPEC E4).

use proc_macro2::TokenStream;
use quote::quote;
use std::collections::BTreeMap;
use tether_model::controller::ControllerModel;
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
