//! `#[controller]` impls read with tether-model's grammar (the macros use
//! the same code), each with the module it lives in.

use super::diagnostics::Diagnostic;
use super::index::{is_controller_attr, ControllerSite, CrateIndex};
use super::modules::ModId;
use syn::spanned::Spanned;
use tether_model::attrs::ControllerArgs;
use tether_model::controller::{doc_lines, ControllerModel};

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
            Ok(mut model) => {
                if model.docs.is_empty() {
                    model.docs = type_docs(index, site);
                }
                found.push(FoundController {
                    module: site.module,
                    module_path: index.sources.modules[site.module].display_path(),
                    model,
                })
            }
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

/// The doc comment of the type a controller's impl is for (`/// Books on
/// loan.` above `pub struct BooksController;`): the controller's, when
/// the impl block has none of its own.
fn type_docs(index: &CrateIndex, site: &ControllerSite) -> Vec<String> {
    let syn::Type::Path(ty) = &*site.item.self_ty else {
        return Vec::new();
    };
    match index.def_of(site.module, &ty.path) {
        Some(id) => doc_lines(index.defs[id].item.attrs()),
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use crate::openapi::fixture::Fixture;

    #[test]
    fn b2_a_controller_is_documented_by_its_impl_or_else_its_type() {
        let f = Fixture::new(
            "use tether::controller;\n/// Books on loan.\n///\n/// All of them.\npub struct Books;\n#[controller(\"/books\")]\nimpl Books {}\n/// The type's.\npub struct Shelves;\n/// The impl's.\n#[controller(\"/shelves\")]\nimpl Shelves {}\npub struct Plain;\n#[controller(\"/plain\")]\nimpl Plain {}\n",
        );
        let docs: Vec<(&str, String)> = f
            .controllers
            .iter()
            .map(|c| (c.model.type_name.as_str(), c.model.docs.join("\n")))
            .collect();
        assert_eq!(
            docs,
            [
                ("Books", "Books on loan.\n\nAll of them.".to_string()),
                ("Shelves", "The impl's.".to_string()),
                ("Plain", String::new()),
            ]
        );
    }
}
