//! A `#[controller]` impl block read into a [`ControllerModel`] and checked.
//!
//! tether-macros turns the model into the route table; tether-build turns
//! the same model into the OpenAPI document. Only signatures are read,
//! never bodies, so an error inside a handler never breaks this step.
//!
//! By concern, each importing only those before it:
//!
//! - `model`: the types, [`ControllerModel`], [`RouteModel`], [`ParamModel`];
//! - `attributes`: tether's attribute names, doc comments, pipeline
//!   attributes and `#[tags]`;
//! - `did_you_mean`: hints for misspelled attributes;
//! - `strip`: the impl block as plain Rust;
//! - `checks`: the first-day mistakes refused while a route is read;
//! - `versions`: the checks across routes that need `[framework]`;
//! - `read`: syn → model, running the checks.

mod attributes;
mod checks;
mod did_you_mean;
mod model;
mod read;
mod strip;
mod versions;

pub use attributes::{deprecation, doc_lines, doc_summary, is_tether_attr};
pub use model::{ControllerModel, Deprecation, ParamModel, PipelineAttr, PipelineKind, RouteModel};
pub use strip::strip_tether_attrs;
pub use versions::neutral_beside;

/// What the tests of the submodules share.
#[cfg(test)]
mod test_support {
    use super::ControllerModel;
    use crate::attrs::ControllerArgs;
    use syn::ItemImpl;

    /// The model of `item` under `#[controller(args)]`, or its errors,
    /// one a line.
    pub(super) fn model(args: &str, item: ItemImpl) -> Result<ControllerModel, String> {
        let args: ControllerArgs = syn::parse_str(args).map_err(|e| e.to_string())?;
        ControllerModel::from_impl(args, &item).map_err(|e| {
            e.into_iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        })
    }
}
