//! The checks (SPEC B3, E1, E5, E6): what a document cannot describe as
//! the server serves it is refused here, over the analysed crate, before
//! anything is emitted; the writer (`crate::openapi`) then documents what
//! passed, and checks nothing. Each refusal says what is wrong, where,
//! and what to write instead.
//!
//! - [`params`]: the arguments of a route (text that cannot carry a value,
//!   keys read twice or refused, flattened fields a query cannot fill);
//! - [`responses`]: its answers (`Sse<E>` events, an `Err` answered as a
//!   success, an error variant's field named like a key of the body);
//! - [`types`]: the types the document describes (serde renames one way
//!   only, `#[validate(..)]` rules serde_valid would not check).
//!
//! The checks read types with the writer's own schema builder, on a
//! scratch copy: what it reached ([`Reached`]) is what [`types`] checks,
//! so exactly the types the document describes are.

mod params;
mod responses;
mod text_values;
mod types;

use crate::analysis::controllers::FoundController;
use crate::analysis::diagnostics::Diagnostic;
use crate::analysis::index::CrateIndex;
use crate::analysis::types::Ty;
use crate::openapi::schema::{Reached, SchemaGen};
use crate::openapi::security::Schemes;
use serde_json::Value;
use std::collections::BTreeMap;
use tether_model::controller::RouteModel;
use tether_model::{Version, VersioningKind};

pub(crate) use crate::openapi::schema::strip_nullable;

/// One operation of a document: the controller, the route, the version
/// it is served at.
pub(crate) type Operation<'c> = (&'c FoundController, &'c RouteModel, Option<&'c Version>);

/// What the checks of one document read and found.
struct Checker<'g, 'a> {
    /// The schemas of the document, built on a scratch copy.
    gen: &'g mut SchemaGen<'a>,
    /// The security schemes of `tether.toml`.
    schemes: &'g Schemes,
    /// The versioning in force.
    versioning: Option<VersioningKind>,
    /// The refusals, in the order found.
    errors: Vec<Diagnostic>,
}

impl Checker<'_, '_> {
    /// A refusal at `span` in `c`'s module.
    fn diagnostic(&self, c: &FoundController, span: proc_macro2::Span, msg: &str) -> Diagnostic {
        self.gen.index_ref().sources.diagnostic(c.module, span, msg)
    }

    /// Builds the schema of `ty`, as the writer will, so that the types it
    /// reaches are checked.
    fn reach(&mut self, ty: &Ty) {
        self.gen.schema(ty);
    }
}

/// Every problem of the document made of `operations`: the refusals, and
/// the types and fields that cannot be read. Empty when it can be written.
pub(crate) fn document<'c>(
    index: &CrateIndex,
    stated: &BTreeMap<String, Value>,
    schemes: &Schemes,
    versioning: Option<VersioningKind>,
    operations: impl IntoIterator<Item = Operation<'c>>,
) -> Vec<Diagnostic> {
    let mut gen = SchemaGen::new(index, stated);
    let mut errors = {
        let mut checker = Checker {
            gen: &mut gen,
            schemes,
            versioning,
            errors: Vec::new(),
        };
        for (c, route, version) in operations {
            checker.parameters(route, c, version);
            checker.responses(route, c);
        }
        checker.errors
    };
    let reached: &[Reached<'_>] = &gen.reached;
    errors.extend(types::reached(index, stated, reached));
    errors.append(&mut gen.errors);
    errors
}
