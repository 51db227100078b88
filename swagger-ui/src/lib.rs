//! Swagger UI's files, as the npm package `swagger-ui-dist` ships them,
//! embedded for the API reference page of `tether`'s `docs` feature.
//!
//! ```
//! let css = tether_swagger_ui::ASSETS
//!     .iter()
//!     .find(|asset| asset.name == "swagger-ui.css")
//!     .unwrap();
//! assert_eq!(css.content_type, "text/css; charset=utf-8");
//! assert!(!tether_swagger_ui::VERSION.is_empty());
//! ```

#![no_std]

/// The Swagger UI version embedded (`swagger-ui-dist` on npm).
pub const VERSION: &str = include_str!("../assets/VERSION").trim_ascii();

/// One file of Swagger UI.
#[derive(Debug, Clone, Copy)]
pub struct Asset {
    /// The file's name, as in `swagger-ui-dist`.
    pub name: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its bytes, unchanged.
    pub bytes: &'static [u8],
}

/// The files the page loads: the bundle, the standalone preset and the
/// stylesheet, in that order.
pub const ASSETS: [Asset; 3] = [
    Asset {
        name: "swagger-ui-bundle.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../assets/swagger-ui-bundle.js"),
    },
    Asset {
        name: "swagger-ui-standalone-preset.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../assets/swagger-ui-standalone-preset.js"),
    },
    Asset {
        name: "swagger-ui.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../assets/swagger-ui.css"),
    },
];
