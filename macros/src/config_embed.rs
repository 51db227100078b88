//! Embeds `[framework]` of the crate's `tether.toml` into each controller,
//! so the runtime serves exactly the paths `tether-build` documents.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use std::path::{Path, PathBuf};
use tether_model::config::{Config, CONFIG_FILE};
use tether_model::{Framework, VersioningKind};

/// The crate's `tether.toml`, if it has one.
pub(crate) fn config_path() -> Option<PathBuf> {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let path = PathBuf::from(dir).join(CONFIG_FILE);
    path.is_file().then_some(path)
}

/// The `FrameworkDef` of a crate without `tether.toml`.
pub(crate) fn default_framework_def() -> TokenStream {
    let p = quote!(::tether::__private);
    quote! {
        #p::FrameworkDef { global_prefix: #p::None, global_prefix_exclude: &[], versioning: #p::None, runtime: "multi-thread" }
    }
}

/// A `::tether::__private::FrameworkDef` literal, plus an `include_bytes!`
/// of the file so editing it rebuilds the crate; and the settings it holds.
/// `loaded` is the crate's `tether.toml` ([`config_path`]) and what
/// [`load`] read from it, if the crate has one.
pub(crate) fn framework_def(loaded: Option<(&Path, &Config)>) -> (TokenStream, Framework) {
    let p = quote!(::tether::__private);
    let Some((path, config)) = loaded else {
        return (default_framework_def(), Framework::default());
    };
    let framework = config.framework();
    let prefix = match &framework.global_prefix {
        Some(p_) => quote!(#p::Some(#p_)),
        None => quote!(#p::None),
    };
    let exclude = config.framework.global_prefix_exclude.iter().map(|e| {
        let path = &e.path;
        let method = match &e.method {
            Some(m) => quote!(#p::Some(#m)),
            None => quote!(#p::None),
        };
        quote!(#p::PrefixExcludeDef { path: #path, method: #method })
    });
    let versioning = match &framework.versioning {
        None => quote!(#p::None),
        Some(v) => {
            let header = v.kind == VersioningKind::Header;
            let default = match &v.default_version {
                Some(d) => quote!(#p::Some(#d)),
                None => quote!(#p::None),
            };
            let vprefix = &v.prefix;
            quote!(#p::Some(#p::VersioningDef { header: #header, default_version: #default, prefix: #vprefix }))
        }
    };
    let runtime = config.runtime.unwrap_or_default().as_str();
    let file = path.to_string_lossy().into_owned();
    let def = quote! {
        {
            const _: &[u8] = ::core::include_bytes!(#file);
            #p::FrameworkDef { global_prefix: #prefix, global_prefix_exclude: &[#(#exclude),*], versioning: #versioning, runtime: #runtime }
        }
    };
    (def, framework)
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
