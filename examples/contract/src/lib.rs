//! The contract fixture: one route for each shape tether-build documents
//! (query, form and multipart fields, every return type, every version
//! form, HEAD, catch-all paths, SSE, a route outside the global prefix, every
//! kind of security scheme). `tests/tests/integration/contract.rs`
//! checks that it serves what its document says; `tests/e2e/contract.test.ts`
//! calls every operation through its generated client.
//!
//! `cargo run -p contract` serves it; `build.rs` writes its OpenAPI
//! document and TypeScript client.

pub mod controllers;
pub mod model;

use controllers::account::AccountController;
use controllers::health::HealthController;
use controllers::items::ItemsController;
use controllers::lookup::LookupController;
use controllers::{misc::MiscController, versions::VersionsController};
use tether::{App, NativeAdapter};

/// The app over a store seeded with two items.
pub fn app() -> App {
    let items = controllers::items::Items::seeded();
    App::new(NativeAdapter::new())
        .controller(ItemsController::new(items.clone()))
        .controller(LookupController::new(items))
        .controller(VersionsController)
        .controller(MiscController)
        .controller(HealthController)
        .controller(AccountController)
}
