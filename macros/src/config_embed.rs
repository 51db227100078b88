//! Embeds `[framework]` of the crate's `tether.toml` into each controller,
//! so the runtime serves exactly the paths `tether-build` documents.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use std::path::{Path, PathBuf};
use tether_model::config::{Config, CONFIG_FILE};
use tether_model::Framework;

/// The crate's `tether.toml`, if it has one.
pub(crate) fn config_path() -> Option<PathBuf> {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let path = PathBuf::from(dir).join(CONFIG_FILE);
    path.is_file().then_some(path)
}

/// The `const FRAMEWORK` and `const RUNTIME` of `impl Controller` for a
/// crate without `tether.toml`.
pub(crate) fn default_framework_def() -> TokenStream {
    settings_items(
        quote!(::tether::__private::Framework::new()),
        "multi-thread",
    )
}

/// `const FRAMEWORK: Framework = …; const RUNTIME: &'static str = …;`
/// of `impl Controller`, the framework (`value`) built in tether_model's
/// own types.
fn settings_items(value: TokenStream, runtime: &str) -> TokenStream {
    let p = quote!(::tether::__private);
    quote! {
        const FRAMEWORK: #p::Framework = #value;
        const RUNTIME: &'static str = #runtime;
    }
}

/// The `const FRAMEWORK` and `const RUNTIME` of `impl Controller`, the
/// first with an `include_bytes!` of the file so editing it rebuilds the
/// crate; and the settings it holds. `loaded` is the crate's `tether.toml`
/// ([`config_path`]) and what [`load`] read from it, if the crate has one.
pub(crate) fn framework_def(loaded: Option<(&Path, &Config)>) -> (TokenStream, Framework) {
    let Some((path, config)) = loaded else {
        return (default_framework_def(), Framework::default());
    };
    let framework = config.framework();
    let runtime = config.runtime.unwrap_or_default().as_str();
    let file = path.to_string_lossy().into_owned();
    let value = crate::route_table::framework_tokens(&framework);
    let value = quote!({ const _: &[u8] = ::core::include_bytes!(#file); #value });
    (settings_items(value, runtime), framework)
}

/// The crate's `tether.toml` at `path` ([`config_path`]); `None` when it
/// has none.
pub(crate) fn load(path: Option<&Path>) -> syn::Result<Option<Config>> {
    let Some(path) = path else {
        return Ok(None);
    };
    Config::load(path)
        .map(Some)
        .map_err(|e| syn::Error::new(Span::call_site(), e.to_string()))
}
