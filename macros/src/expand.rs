//! Parse → check → emit for each attribute, in `proc_macro2` terms so the
//! expansion can be tested (see `tests/expand.rs` of the crate).

use crate::{codegen, config_embed};
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::spanned::Spanned;
use syn::ItemImpl;
use tether_model::attrs::{tether_attr_name, ControllerArgs};
use tether_model::controller::{strip_tether_attrs, ControllerModel};

/// `#[controller(..)]` on an impl block.
pub fn controller(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut item_impl: ItemImpl = match syn::parse2(item.clone()) {
        Ok(i) => i,
        Err(_) => {
            let error = syn::Error::new(
                proc_macro2::Span::call_site(),
                "#[controller] goes on an `impl` block: `#[controller(\"/users\")] impl UsersController { … }`",
            );
            return with_error(item, error);
        }
    };
    let model = syn::parse2::<ControllerArgs>(attr)
        .and_then(|args| ControllerModel::from_impl(args, &item_impl));
    let framework = config_embed::framework_def();
    strip_tether_attrs(&mut item_impl);
    match (model, framework) {
        (Ok(model), Ok(framework)) => {
            let table = codegen::controller_impl(&model, framework);
            quote! {
                #item_impl
                const _: () = { #table };
            }
        }
        (model, framework) => {
            let mut errors = TokenStream::new();
            for e in [model.err(), framework.err()].into_iter().flatten() {
                errors.extend(e.to_compile_error());
            }
            quote!(#item_impl #errors)
        }
    }
}

fn with_error(item: TokenStream, error: syn::Error) -> TokenStream {
    let error = error.to_compile_error();
    quote!(#item #error)
}

/// A route attribute (or `#[http_code]`) found outside a `#[controller]` impl.
pub fn outside_controller(name: &str, item: TokenStream) -> TokenStream {
    let span = syn::parse2::<syn::Item>(item.clone())
        .map(|i| match &i {
            syn::Item::Fn(f) => f.sig.ident.span(),
            other => other.span(),
        })
        .unwrap_or_else(|_| proc_macro2::Span::call_site());
    let error = syn::Error::new(
        span,
        format!(
            "#[{name}] only works on a method of an impl block marked `#[controller(\"/path\")]`; move this function into such an impl and give it `&self`"
        ),
    );
    with_error(item, error)
}

/// `#[version(..)]` written above `#[controller]`: move it below, where the
/// controller reads it. Anywhere else it is an error.
pub fn version(attr: TokenStream, item: TokenStream) -> TokenStream {
    if let Ok(mut item_impl) = syn::parse2::<ItemImpl>(item.clone()) {
        let has_controller = item_impl
            .attrs
            .iter()
            .any(|a| tether_attr_name(a).as_deref() == Some("controller"));
        if has_controller {
            item_impl
                .attrs
                .push(syn::parse_quote!(#[::tether::version(#attr)]));
            return item_impl.into_token_stream();
        }
    }
    outside_controller("version", item)
}
