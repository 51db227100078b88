//! The UI tests of the macros: every misuse a user can make is a compile
//! error at the offending span with the fix in its message, and the
//! documented forms compile and run.
//!
//! - `ui/fail/*.rs`: trybuild compiles each case and compares rustc's
//!   errors with its `.stderr` snapshot (`TRYBUILD=overwrite cargo test -p
//!   tether-macros --test ui` rewrites them). With no case to pass,
//!   trybuild only type-checks (`cargo check`, nothing linked), in its own
//!   target directory, against this crate's dependencies and
//!   dev-dependencies: tether, serde and tokio, so little is compiled again.
//! - `ui/pass/*.rs`: modules of this binary, each `main` run by a test
//!   below, so they are compiled once with the workspace's other tests.

#[path = "ui/pass/absolute_paths.rs"]
mod absolute_paths;
#[path = "ui/pass/full_controller.rs"]
mod full_controller;
#[path = "ui/pass/hygiene_no_implicit_prelude.rs"]
mod hygiene_no_implicit_prelude;
#[path = "ui/pass/query_values_by_serde.rs"]
mod query_values_by_serde;
#[path = "ui/pass/version_above_controller.rs"]
mod version_above_controller;

#[test]
fn pass_absolute_paths() {
    absolute_paths::main();
}

#[test]
fn pass_full_controller() {
    full_controller::main();
}

#[test]
fn pass_hygiene_no_implicit_prelude() {
    hygiene_no_implicit_prelude::main();
}

#[test]
fn pass_query_values_by_serde() {
    query_values_by_serde::main();
}

#[test]
fn pass_version_above_controller() {
    version_above_controller::main();
}

#[test]
fn fail() {
    trybuild::TestCases::new().compile_fail("tests/ui/fail/*.rs");
}
