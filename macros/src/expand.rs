//! Parse → check → emit for each attribute, in `proc_macro2` terms so the
//! expansion can be tested (the goldens in `tests/expand/`, run by this
//! module's tests).

use crate::syn_parsing::ImplKeepingBodies;
use crate::{codegen, config_embed, security};
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use std::path::Path;
use syn::spanned::Spanned;
use syn::ItemImpl;
use tether_model::attrs::{tether_attr_name, ControllerArgs};
use tether_model::controller::{strip_tether_attrs, ControllerModel};

/// `#[controller(..)]` on an impl block.
pub(crate) fn controller(attr: TokenStream, item: TokenStream) -> TokenStream {
    controller_with_config(attr, item, config_embed::config_path().as_deref())
}

/// [`controller`] with the crate's `tether.toml` at `config` (`None`: the
/// crate has none); the expansion goldens choose theirs.
fn controller_with_config(
    attr: TokenStream,
    item: TokenStream,
    config: Option<&Path>,
) -> TokenStream {
    let mut item_impl: ItemImpl = match syn::parse2(item.clone()) {
        Ok(ImplKeepingBodies(i)) => i,
        Err(error) => {
            return match not_an_impl(item.clone()) {
                Some(not_an_impl) => with_error(item, not_an_impl),
                None => with_error(crate::syn_parsing::strip_tether_attr_tokens(item), error),
            }
        }
    };
    // Read once: security scheme names are checked against
    // `[security.schemes]`, and `[framework]` is embedded; a broken file is
    // reported with the model's errors.
    let loaded = config_embed::load(config);
    let no_schemes = security::Schemes::new();
    let schemes = match &loaded {
        Ok(Some(config)) => &config.security.schemes,
        _ => &no_schemes,
    };
    let model = syn::parse2::<ControllerArgs>(attr)
        .and_then(|args| ControllerModel::from_impl(args, &item_impl))
        .and_then(|model| security::check(&model, schemes).map(|()| model));
    let framework = loaded
        .as_ref()
        .map(|c| config_embed::framework_def(config.zip(c.as_ref())));
    strip_tether_attrs(&mut item_impl);
    let model = match (model, &framework) {
        (Ok(model), Ok((_, settings))) => {
            let mut errors = model
                .check_version_prefixes(settings)
                .into_iter()
                .chain(model.check_neutral_routes(settings));
            match errors.next() {
                None => Ok(model),
                Some(mut first) => {
                    errors.for_each(|e| first.combine(e));
                    Err(first)
                }
            }
        }
        (model, _) => model,
    };
    match (model, framework.map(|(def, _)| def)) {
        (Ok(model), Ok(framework)) => {
            let table = codegen::controller_impl(&model, framework, schemes);
            let checks = codegen::errors_checks(&model);
            quote! {
                #item_impl
                const _: () = { #table };
                #checks
            }
        }
        (model, framework) => {
            let mut errors = TokenStream::new();
            for e in [model.err(), framework.err().cloned()]
                .into_iter()
                .flatten()
            {
                errors.extend(e.to_compile_error());
            }
            let placeholder = codegen::placeholder_controller_impl(&item_impl);
            quote!(#item_impl #placeholder #errors)
        }
    }
}

/// The error for an item that parses but is not an impl block; `None`
/// when it is one (or does not parse at all: syn's own error says why).
fn not_an_impl(item: TokenStream) -> Option<syn::Error> {
    match syn::parse2::<syn::Item>(item) {
        Ok(syn::Item::Impl(_)) | Err(_) => None,
        Ok(_) => Some(syn::Error::new(
            proc_macro2::Span::call_site(),
            "#[controller] goes on an `impl` block: `#[controller(\"/users\")] impl UsersController { … }`",
        )),
    }
}

fn with_error(item: TokenStream, error: syn::Error) -> TokenStream {
    let error = error.to_compile_error();
    quote!(#item #error)
}

/// A route attribute (or `#[http_code]`) found outside a `#[controller]` impl.
pub(crate) fn outside_controller(name: &str, item: TokenStream) -> TokenStream {
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

/// `#[version(..)]` (or `#[use_guards(..)]` and its kin) written above
/// `#[controller]`: move it below, where the controller reads it. Anywhere
/// else it is an error.
pub(crate) fn controller_level(name: &str, attr: TokenStream, item: TokenStream) -> TokenStream {
    if let Ok(mut item_impl) = syn::parse2::<ItemImpl>(item.clone()) {
        let has_controller = item_impl
            .attrs
            .iter()
            .any(|a| tether_attr_name(a).as_deref() == Some("controller"));
        if has_controller {
            let ident = syn::Ident::new(name, proc_macro2::Span::call_site());
            item_impl
                .attrs
                .push(syn::parse_quote!(#[::tether::#ident(#attr)]));
            return item_impl.into_token_stream();
        }
    }
    outside_controller(name, item)
}

#[cfg(test)]
mod expansion_golden {
    //! Expansion goldens: `tests/expand/<case>.input.rs` expanded and
    //! pretty-printed must equal `tests/expand/<case>.expanded.rs`, with
    //! `tests/expand/<case>.tether.toml` as the crate's `tether.toml` when
    //! the case has one. Each case is a test of its own name:
    //! `cargo test -p tether-macros --lib expansion_golden::books` runs one,
    //! and `UPDATE_GOLDEN=1` in front rewrites its golden. A case's input
    //! must expand without errors (a golden of an error is a trybuild
    //! case) and compile as it is, with the items around its controllers:
    //! `tests/tests/integration/expansion_inputs.rs` of tether-tests builds each.

    use std::path::{Path, PathBuf};

    /// `tests/expand`, as the test's working directory (the crate's root)
    /// sees it: the path a case's `tether.toml` is embedded under, the
    /// same on every machine.
    const DIR: &str = "tests/expand";

    fn expand_file(input: &str, config: Option<&Path>) -> String {
        let file: syn::File = syn::parse_str(input).expect("the input parses");
        let mut out = proc_macro2::TokenStream::new();
        for item in file.items {
            // The items around the controllers only make the input compile.
            let syn::Item::Impl(mut item_impl) = item else {
                continue;
            };
            let Some(at) = item_impl
                .attrs
                .iter()
                .position(|a| a.path().is_ident("controller"))
            else {
                continue;
            };
            let attr = item_impl.attrs.remove(at);
            let args = match attr.meta {
                syn::Meta::List(list) => list.tokens,
                _ => proc_macro2::TokenStream::new(),
            };
            out.extend(super::controller_with_config(
                args,
                quote::ToTokens::to_token_stream(&item_impl),
                config,
            ));
        }
        let file: syn::File = syn::parse2(out).expect("the expansion parses");
        prettyplease::unparse(&file)
    }

    fn check(case: &str) {
        let dir = Path::new(DIR);
        let input = std::fs::read_to_string(dir.join(format!("{case}.input.rs")))
            .unwrap_or_else(|e| panic!("{DIR}/{case}.input.rs: {e}"));
        let config: PathBuf = dir.join(format!("{case}.tether.toml"));
        let config = config.is_file().then_some(config.as_path());
        let expanded = expand_file(&input, config);
        assert!(
            !expanded.contains("compile_error"),
            "{case} expands to an error; a golden case must be accepted:\n{expanded}"
        );
        let golden = dir.join(format!("{case}.expanded.rs"));
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&golden, &expanded).unwrap();
            return;
        }
        let expected = std::fs::read_to_string(&golden)
            .unwrap_or_else(|_| panic!("{} missing: run with UPDATE_GOLDEN=1", golden.display()));
        assert_eq!(
            expanded, expected,
            "expansion of {case} changed; review it and rerun with UPDATE_GOLDEN=1"
        );
    }

    macro_rules! cases {
        ($($case:ident: $controller:ident, $what:literal),* $(,)?) => {
            $(
                #[doc = $what]
                #[test]
                fn $case() {
                    check(stringify!($case));
                }
            )*
            const CASES: &[&str] = &[$(stringify!($case)),*];
        };
    }

    include!("../tests/expand/cases.rs");

    /// Every `*.input.rs` is listed in `tests/expand/cases.rs`, so none is
    /// silently skipped (there or in tether-tests' `expansion_inputs`).
    #[test]
    fn every_input_is_a_case() {
        let mut inputs: Vec<String> = std::fs::read_dir(DIR)
            .unwrap()
            .filter_map(|e| {
                let name = e.unwrap().file_name().to_string_lossy().into_owned();
                name.strip_suffix(".input.rs").map(str::to_owned)
            })
            .collect();
        inputs.sort();
        let mut listed: Vec<&str> = CASES.to_vec();
        listed.sort_unstable();
        assert_eq!(inputs, listed, "add each input to tests/expand/cases.rs");
    }
}
