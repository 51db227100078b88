//! The newsroom example: HEADER versioning (`X-API-Version`), a live feed
//! of server-sent events and multipart photo uploads.
//!
//! `cargo run -p newsroom` serves it; `build.rs` writes one OpenAPI
//! document and one TypeScript client per version.

pub mod controllers;
pub mod model;

use controllers::{ArticlesController, LiveController, UploadsController};
use model::Article;
use tether::docs::ApiDocs;
use tether::{include_openapi, App, NativeAdapter};

/// The app over a few seeded articles.
pub fn app() -> App {
    let articles = controllers::Articles::default();
    {
        let mut map = articles.lock().unwrap_or_else(|e| e.into_inner());
        for (slug, title, body) in [
            ("rust-2026", "Rust in 2026", "It compiles.\n\nIt is fast."),
            (
                "typed-apis",
                "Typed APIs",
                "One source of truth.\n\nNo drift.",
            ),
        ] {
            map.insert(
                slug.into(),
                Article {
                    slug: slug.into(),
                    title: title.into(),
                    body: body.into(),
                },
            );
        }
    }
    App::new(NativeAdapter::new())
        .controller(ArticlesController::new(articles.clone()))
        .controller(LiveController::new(articles))
        .controller(UploadsController)
        .docs(
            ApiDocs::new("/docs")
                .document("v1", include_openapi!("openapi.v1.json"))
                .document("v2", include_openapi!("openapi.v2.json")),
        )
}
