//! The refusals of versioning, over every controller of the crate: a
//! `#[version(..)]` that repeats the URI prefix, and a neutral route
//! beside a versioned one under HEADER versioning. Each is the error the
//! macro or the runtime gives, as a build error too, so the document is
//! not written for an app that does not compile or does not start.

use crate::analysis::controllers::FoundController;
use crate::analysis::diagnostics::Diagnostic;
use crate::analysis::index::CrateIndex;
use syn::spanned::Spanned;
use tether_model::controller::{neutral_beside, RouteModel};
use tether_model::Framework;

/// `#[version("v2")]` under URI versioning with the prefix `v` (served
/// under `/vv2`): the error the macro gives, as a build error too, so the
/// document is not written with the doubled prefix.
pub(super) fn prefixes(
    index: &CrateIndex,
    controllers: &[FoundController],
    framework: &Framework,
) -> Vec<Diagnostic> {
    controllers
        .iter()
        .flat_map(|c| {
            c.model
                .check_version_prefixes(framework)
                .into_iter()
                .map(|e| index.sources.diagnostic(c.module, e.span(), e.to_string()))
        })
        .collect()
}

/// A neutral route beside a versioned one on the same method and path
/// under HEADER versioning, in any two controllers: the error the runtime
/// gives at startup, at the neutral route.
pub(super) fn neutral_routes(
    index: &CrateIndex,
    controllers: &[FoundController],
    framework: &Framework,
) -> Vec<Diagnostic> {
    let routes: Vec<(&FoundController, &RouteModel)> = controllers
        .iter()
        .flat_map(|c| c.model.routes.iter().map(move |r| (c, r)))
        .collect();
    let mut errors = Vec::new();
    for (i, (ca, a)) in routes.iter().enumerate() {
        for (cb, b) in &routes[i + 1..] {
            let Some(a_neutral) = neutral_beside(framework, (&ca.model, a), (&cb.model, b)) else {
                continue;
            };
            let ((cn, n), (co, o)) = if a_neutral {
                ((ca, a), (cb, b))
            } else {
                ((cb, b), (ca, a))
            };
            let label = |c: &FoundController, r: &RouteModel| {
                format!("{}::{}", c.model.type_name, r.fn_ident)
            };
            let message = tether_model::versioning::neutral_beside_versioned(
                &label(cn, n),
                &label(co, o),
                &format!("{} {}", a.method.as_str(), a.full_path),
            );
            errors.push(index.sources.diagnostic(cn.module, n.attr.span(), message));
        }
    }
    errors
}
