//! trybuild UI tests of the macros: every misuse a user can make is a
//! compile error at the offending span with the fix in its message
//! (`ui/fail/*.rs` with `.stderr` snapshots; `TRYBUILD=overwrite` rewrites
//! them), and the documented forms compile (`ui/pass/*.rs`).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("ui/pass/*.rs");
    t.compile_fail("ui/fail/*.rs");
}
