//! The integration tests of tether-build, one binary (issue 32): each
//! module was a test binary of its own. The golden modules make one test
//! per case folder at run time, so the binary runs on libtest-mimic
//! (`harness = false`) and every module lists its tests (`tests()`).
//! `cargo test -p tether-build --test integration -- sdk_golden::` runs one
//! module; `-- openapi_golden::basic_crud --exact` one test.

use libtest_mimic::{Arguments, Trial};

/// The `Trial`s of plain test functions of the calling module, each named
/// `module::function` as the standard harness names them.
macro_rules! tests {
    ($($test:ident),* $(,)?) => {
        vec![$(
            libtest_mimic::Trial::test(crate::test_name(module_path!(), stringify!($test)), || {
                $test();
                Ok(())
            })
        ),*]
    };
}

mod cli_support;
mod golden_support;
mod openapi_support;
mod sdk_support;

#[cfg(feature = "cli")]
mod cli_build;
#[cfg(feature = "cli")]
mod cli_dev;
#[cfg(feature = "cli")]
mod cli_diff;
#[cfg(feature = "cli")]
mod cli_errors;
mod cli_new;
#[cfg(feature = "cli")]
mod cli_release;
#[cfg(feature = "cli")]
mod cli_same_build;
#[cfg(feature = "cli")]
mod cli_sdk;
mod error_codes;
mod openapi_golden;
mod openapi_linted;
mod openapi_paths;
mod sdk_compiled;
mod sdk_eslint;
mod sdk_golden;
mod sdk_node;
mod sdk_tsc;
mod sdk_tsc_matrix;
mod sdk_write;

/// `test` of the module `module` (a `module_path!()`), without the crate.
fn test_name(module: &str, test: &str) -> String {
    let module = module.split_once("::").map_or(module, |(_, inner)| inner);
    format!("{module}::{test}")
}

fn main() {
    let args = Arguments::from_args();
    let mut tests: Vec<Trial> = Vec::new();
    #[cfg(feature = "cli")]
    for module in [
        cli_build::tests,
        cli_dev::tests,
        cli_diff::tests,
        cli_errors::tests,
        cli_release::tests,
        cli_new::tests,
        cli_same_build::tests,
        cli_sdk::tests,
    ] {
        tests.extend(module());
    }
    for module in [
        error_codes::tests,
        openapi_golden::tests,
        openapi_linted::tests,
        openapi_paths::tests,
        sdk_compiled::tests,
        sdk_eslint::tests,
        sdk_golden::tests,
        sdk_node::tests,
        sdk_tsc::tests,
        sdk_tsc_matrix::tests,
        sdk_write::tests,
    ] {
        tests.extend(module());
    }
    libtest_mimic::run(&args, tests).exit();
}
