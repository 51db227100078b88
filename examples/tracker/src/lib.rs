//! The tracker: projects and tickets on an embedded SQLite database, or on
//! PostgreSQL shared by several instances, with sign-in, roles, validation,
//! typed errors and a live event feed inside the contract (SPEC E2–E6).
//! `tests/e2e/tracker.test.ts` drives it through its generated client;
//! `scripts/scale-out.sh` runs two instances on one PostgreSQL database.
//!
//! `cargo run -p tracker` serves it; `build.rs` writes its OpenAPI
//! document and TypeScript client.
//!
//! ## Why tokio-postgres and deadpool-postgres
//!
//! PostgreSQL is reached with `tokio-postgres` (the asynchronous driver of
//! the rust-postgres project) and pooled with `deadpool-postgres`: small,
//! well kept, and mostly on crates the app already builds (tokio, its
//! utilities, `futures`), so the example's build and CI stay cheap. Its
//! queries are plain SQL checked by the database at run time, as the
//! SQLite side's are with `rusqlite`: no database is needed to compile.
//! `sqlx` would give one API over both engines, at the price of its
//! macros' and drivers' build, and of a second SQLite library beside
//! `rusqlite`. The driver also delivers the `NOTIFY` messages the event
//! feed listens for ([`db::Db::wakeups`]). Connections are unencrypted
//! (`NoTls`): for a database across a network, add a TLS connector
//! (`postgres-native-tls` or `tokio-postgres-rustls`).

pub mod auth;
pub mod db;
pub mod model;
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
    app_on(NativeAdapter::new(), db, sessions)
}

/// The app served by `adapter` (its drain period and deadlines), over
/// `db`, keeping `sessions` as told.
pub fn app_on(adapter: NativeAdapter, db: Db, sessions: Sessions) -> App {
    App::new(adapter)
        .provide(db)
        .provide(sessions)
        .controller(AuthController)
        .controller(ProjectsController)
}
