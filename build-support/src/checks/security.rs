//! The refusal of security: every `#[security("name")]` of the
//! crate names a scheme of `[security.schemes]`, checked against the same
//! table the macros check.

use crate::analysis::controllers::FoundController;
use crate::analysis::diagnostics::Diagnostic;
use crate::analysis::index::CrateIndex;
use crate::openapi::security::Schemes;
use tether_model::schemes::unknown_scheme;
use tether_model::security::SecuritySpec;

/// Every `#[security("name")]` of the crate that names no declared
/// scheme; the error points at the name, as the macro's does.
pub(super) fn unknown(
    index: &CrateIndex,
    controllers: &[FoundController],
    schemes: &Schemes,
) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for c in controllers {
        let specs =
            std::iter::once(&c.model.security).chain(c.model.routes.iter().map(|r| &r.security));
        for spec in specs.flatten() {
            let SecuritySpec::Schemes(names) = spec else {
                continue;
            };
            for lit in names.iter().filter(|l| !schemes.contains_key(&l.value())) {
                let message = unknown_scheme(&lit.value(), schemes);
                errors.push(index.sources.diagnostic(c.module, lit.span(), message));
            }
        }
    }
    errors
}
