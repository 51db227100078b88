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
pub mod session;

use auth::AuthController;
use db::Db;
use projects::ProjectsController;
use session::Sessions;
use tether::{App, NativeAdapter};

/// The app over `db`, with the default [`Sessions`] (8 hours, the
/// `Secure` cookie).
pub fn app(db: Db) -> App {
    app_with(db, Sessions::new())
}

/// The app over `db`, keeping `sessions` as told.
pub fn app_with(db: Db, sessions: Sessions) -> App {
    App::new(NativeAdapter::new())
        .provide(db)
        .provide(sessions)
        .controller(AuthController)
        .controller(ProjectsController)
}
