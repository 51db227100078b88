//! The bookstore example: two versioned controllers and a neutral one.
//!
//! `cargo run -p bookstore` serves it; `build.rs` writes its OpenAPI
//! document and TypeScript client.

pub mod controllers;
pub mod model;
pub mod store;

use controllers::{authors::AuthorsController, books::BooksController, health::HealthController};
use tether::docs::ApiDocs;
use tether::{include_openapi, App, NativeAdapter};

/// The app with every controller over a seeded store.
pub fn app() -> App {
    let store = store::Store::seeded();
    App::new(NativeAdapter::new())
        .controller(BooksController::new(store.clone()))
        .controller(AuthorsController::new(store))
        .controller(HealthController)
        .docs(ApiDocs::new("/docs").document("openapi", include_openapi!("openapi.json")))
}
