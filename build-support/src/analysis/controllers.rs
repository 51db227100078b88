//! `#[controller]` impls read with tether-model's grammar (the macros use
//! the same code), each with the module it lives in.

use super::diagnostics::Diagnostic;
use super::index::{is_controller_attr, CrateIndex};
use super::modules::ModId;
use syn::spanned::Spanned;
use tether_model::attrs::ControllerArgs;
use tether_model::controller::ControllerModel;

/// A controller and where it is.
#[derive(Debug)]
pub struct FoundController {
    /// The module of the impl block.
    pub module: ModId,
    /// `crate::api::users`.
    pub module_path: String,
    /// The checked model.
    pub model: ControllerModel,
}

/// Reads every controller of the crate; all problems are reported together.
pub fn read_controllers(index: &CrateIndex) -> Result<Vec<FoundController>, Vec<Diagnostic>> {
    let mut found = Vec::new();
    let mut errors = Vec::new();
    for site in &index.controllers {
        let attr = site
            .item
            .attrs
            .iter()
            .find(|a| is_controller_attr(a))
            .expect("indexed for this attribute");
        let args = match &attr.meta {
            syn::Meta::Path(_) => Ok(ControllerArgs {
                path: Default::default(),
                span: attr.span(),
            }),
            _ => attr.parse_args::<ControllerArgs>(),
        };
        let model = args.and_then(|args| ControllerModel::from_impl(args, &site.item));
        match model {
            Ok(model) => found.push(FoundController {
                module: site.module,
                module_path: index.sources.modules[site.module].display_path(),
                model,
            }),
            // `#[controller]` parses the same grammar and reports each of
            // these at its span.
            Err(e) => errors.extend(e.into_iter().map(|e| {
                index
                    .sources
                    .diagnostic(site.module, e.span(), e.to_string())
                    .reported_by_macros()
            })),
        }
    }
    if errors.is_empty() {
        Ok(found)
    } else {
        Err(errors)
    }
}
