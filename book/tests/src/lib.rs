//! The guide's code, compiled: each chapter of `book/src` (and the
//! README, and the documentation of the macros, `macros/docs`) is the doc
//! comment of a hidden module here, so `cargo test -p tether-guide --doc` compiles
//! every Rust block in it (and runs those not marked `no_run`). Lines
//! starting with `# ` are compiled but hidden, in the book as in rustdoc.
//! The TypeScript blocks are type-checked by `scripts/book-check.py ts`.

macro_rules! chapters {
    ($($name:ident => $path:literal),* $(,)?) => {
        $(
            #[doc = include_str!($path)]
            #[doc(hidden)]
            pub mod $name {}
        )*
    };
}

chapters! {
    readme => "../../../README.md",
    introduction => "../../src/introduction.md",
    getting_started => "../../src/getting-started.md",
    controllers => "../../src/controllers.md",
    parameters => "../../src/parameters.md",
    validation => "../../src/validation.md",
    errors => "../../src/errors.md",
    auth => "../../src/auth.md",
    versioning => "../../src/versioning.md",
    document => "../../src/document.md",
    docs_page => "../../src/docs-page.md",
    client => "../../src/client.md",
    browser => "../../src/browser.md",
    testing => "../../src/testing.md",
    tracing_chapter => "../../src/tracing.md",
    tower => "../../src/tower.md",
    deploying => "../../src/deploying.md",
    security => "../../src/security.md",
    config => "../../src/config.md",
    cli => "../../src/cli.md",
    from_nestjs => "../../src/from-nestjs.md",
    from_axum => "../../src/from-axum.md",
    status => "../../src/status.md",
    macro_controller => "../../../macros/docs/controller.md",
    macro_route => "../../../macros/docs/route.md",
    macro_version => "../../../macros/docs/version.md",
    macro_http_code => "../../../macros/docs/http_code.md",
    macro_pipeline => "../../../macros/docs/pipeline.md",
}
