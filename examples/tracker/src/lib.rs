//! The tracker: projects and tickets on an embedded SQLite database, with
//! sign-in, roles, validation and typed errors inside the contract
//! (SPEC E2–E6). `tests/e2e/tracker.test.ts` drives it through its
//! generated client.
//!
//! `cargo run -p tracker` serves it; `build.rs` writes its OpenAPI
//! document and TypeScript client.

pub mod auth;
pub mod db;
pub mod projects;

use auth::AuthController;
use db::Db;
use projects::ProjectsController;
use tether::{App, NativeAdapter};

/// The app over `db`.
pub fn app(db: Db) -> App {
    App::new(NativeAdapter::new())
        .provide(db)
        .controller(AuthController)
        .controller(ProjectsController)
}
