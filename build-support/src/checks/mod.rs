//! The checks: what a document cannot describe
//! as the server serves it is refused here, over the analysed crate,
//! before anything is emitted; the writer (`crate::openapi`) then
//! documents what passed, and checks nothing. Each refusal says what is
//! wrong, where, and what to write instead.
//!
//! The generator is parse → check → emit. [`controllers`] runs first, once
//! per run, over every controller of the crate (`crate::builder` calls it
//! before any document is built); [`document`] then runs over each
//! document's operations, every document before any is built
//! (`crate::openapi::document::build`).
//!
//! - [`versions`]: versioning over all controllers (a `#[version(..)]`
//!   repeating the URI prefix, a neutral route beside a versioned one
//!   under HEADER versioning);
//! - [`security`]: a `#[security("name")]` naming no declared scheme;
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
//!
//! Refused elsewhere, and why:
//! - two routes served at the same path and method, in
//!   `crate::openapi::document` (`split`): the same reading decides how
//!   the documents split per version, so it stays with the split;
//! - `tether.toml` and `Builder` settings that cannot be read or would
//!   document paths the app does not serve, in `crate::builder::config`:
//!   they are refused while the settings are read, before the crate is;
//! - a serde_valid other than the major tether checks with, in
//!   `crate::analysis::dependencies`: found while the manifests are read
//!   (which also lists them for cargo to watch), before the sources are;
//! - a controller the grammar refuses (`crate::analysis::controllers`):
//!   the macros' own parse errors, found while the controllers are read;
//! - a type or field that cannot be read (an unknown type, an unreadable
//!   `#[serde(with)]`, a stated schema that is not JSON Schema): found by
//!   the schema builder (`crate::openapi::schema`), whose errors on the
//!   scratch copy [`document`] returns with the refusals.

mod params;
mod responses;
mod security;
mod text_values;
mod types;
mod versions;

use crate::analysis::controllers::FoundController;
use crate::analysis::diagnostics::Diagnostic;
use crate::analysis::index::CrateIndex;
use crate::analysis::types::Ty;
use crate::openapi::schema::{Reached, SchemaGen};
use crate::openapi::security::Schemes;
use serde_json::Value;
use std::collections::BTreeMap;
use tether_model::controller::RouteModel;
use tether_model::{Framework, Version, VersioningKind};

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

/// The refusals over every controller of the crate, in this order, each
/// kind stopping the run before the next is looked for: a version that
/// repeats the URI prefix, a neutral route beside a versioned one, a
/// security scheme not declared.
pub(crate) fn controllers(
    index: &CrateIndex,
    controllers: &[FoundController],
    framework: &Framework,
    schemes: &Schemes,
) -> Result<(), Vec<Diagnostic>> {
    let kinds: [&dyn Fn() -> Vec<Diagnostic>; 3] = [
        &|| versions::prefixes(index, controllers, framework),
        &|| versions::neutral_routes(index, controllers, framework),
        &|| security::unknown(index, controllers, schemes),
    ];
    for kind in kinds {
        let errors = kind();
        if !errors.is_empty() {
            return Err(errors);
        }
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openapi::fixture::Fixture;

    /// The messages of the refusals of every route of `src`'s controllers.
    fn refusals(src: &str) -> Vec<String> {
        let src = format!("use tether::{{controller, Json}};\npub struct Api;\n{src}");
        let f = Fixture::new(&src);
        let stated = BTreeMap::new();
        let ops = f
            .controllers
            .iter()
            .flat_map(|c| c.model.routes.iter().map(move |r| (c, r, None)));
        document(&f.index, &stated, &Schemes::new(), None, ops)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    /// The messages of [`controllers`] over `src`'s controllers, under
    /// URI versioning and with the one scheme `bearer`.
    fn crate_refusals(src: &str) -> Vec<String> {
        let toml_text = "[framework.versioning]\ntype = \"URI\"\n[security.schemes.bearer]\ntype = \"http\"\nscheme = \"bearer\"\n";
        let config =
            tether_model::config::Config::parse(toml_text, std::path::Path::new("tether.toml"))
                .unwrap();
        let src = format!("use tether::controller;\npub struct Api;\n{src}");
        let f = Fixture::new(&src);
        let framework = config.framework();
        match controllers(
            &f.index,
            &f.controllers,
            &framework,
            &config.security.schemes,
        ) {
            Ok(()) => Vec::new(),
            Err(errors) => errors.into_iter().map(|d| d.message).collect(),
        }
    }

    #[test]
    fn e4_crate_wide_refusals_run_in_order_each_kind_stopping_the_next() {
        let doubled = "#[controller(\"/items\")] #[version(\"v2\")] impl Api { #[get] #[security(\"bearr\")] async fn list(&self) -> String { todo!() } }";
        let only = |found: Vec<String>, start: &str| {
            assert!(
                found.len() == 1 && found[0].starts_with(start),
                "{found:#?}"
            );
        };
        only(
            crate_refusals(doubled),
            "version `v2` would be served under `/vv2`",
        );
        let unknown = doubled.replace("\"v2\"", "\"2\"");
        only(crate_refusals(&unknown), "unknown security scheme `bearr`");
        let fine = unknown.replace("bearr", "bearer");
        assert_eq!(crate_refusals(&fine), Vec::<String>::new());
    }

    #[test]
    fn a_document_that_can_be_written_is_not_refused() {
        let src = "#[derive(Serialize, Deserialize)] pub struct Item { pub id: u64 }\n#[controller(\"/items\")] impl Api { #[get(\"/:id\")] async fn one(&self, #[param] id: u64, #[query(\"q\")] q: Option<String>) -> Json<Item> { todo!() } }";
        assert_eq!(refusals(src), Vec::<String>::new());
    }

    #[test]
    fn e1_arguments_are_refused_before_the_document_is_built() {
        let src = "#[derive(Deserialize)] pub struct Range { pub from: u32 }\n#[controller(\"/items\")] impl Api {\n#[get] async fn twice(&self, #[query(\"q\")] a: String, #[query(\"q\")] b: String) -> String { todo!() }\n#[get(\"/r\")] async fn range(&self, #[query(\"range\")] r: Range) -> String { todo!() }\n#[get(\"/c\")] async fn cookies(&self, #[cookie(\"id\")] ids: Vec<String>) -> String { todo!() }\n}";
        let found = refusals(src);
        assert_eq!(found.len(), 3, "{found:#?}");
        assert!(
            found[0].starts_with("the query key `q` is read by two arguments"),
            "{found:#?}"
        );
        assert!(
            found[1].starts_with("`#[query(\"range\")] r` is a struct (`Range`)"),
            "{found:#?}"
        );
        assert!(
            found[2].starts_with("`#[cookie(\"id\")] ids` is a list"),
            "{found:#?}"
        );
    }

    #[test]
    fn b3_the_types_the_document_describes_are_checked_and_no_others() {
        let split = "#[derive(Serialize, Deserialize)] pub struct Item { #[serde(rename(serialize = \"a\", deserialize = \"b\"))] pub x: u8 }";
        let used = format!("{split}\n#[controller(\"/items\")] impl Api {{ #[get] async fn one(&self) -> Json<Item> {{ todo!() }} }}");
        let found = refusals(&used);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].contains("reads requests under other names than responses are written with")
        );
        let unused = format!("{split}\n#[controller(\"/items\")] impl Api {{ #[get] async fn one(&self) -> String {{ todo!() }} }}");
        assert_eq!(refusals(&unused), Vec::<String>::new());
    }

    #[test]
    fn b4_a_return_type_without_what_it_needs_is_refused_at_it() {
        let src = "use tether::{Sse, WithHeaders};\n#[controller(\"/items\")] impl Api {\n#[get] async fn events(&self) -> Sse { todo!() }\n#[get(\"/h\")] async fn headed(&self) -> Result<WithHeaders<String>, HttpError> { todo!() }\n}";
        let found = refusals(src);
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(found[0].starts_with("write the event type: `Sse<Event>`"));
        assert!(found[1].starts_with("write the body and the headers' type"));
    }
}
