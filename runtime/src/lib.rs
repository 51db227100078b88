//! # tether
//!
//! NestJS-style controllers for Rust, served by a fast adapter on hyper +
//! tokio + matchit, with the OpenAPI document and a typed TypeScript client
//! generated from the same source by `tether-build`.
//!
//! A tour:
//!
//! - [`controller`](macro@controller) on an `impl` block and the route attributes [`get`],
//!   [`post`], [`put`], [`delete`], [`patch`], [`options`], [`head`] and
//!   [`all`] on its `async fn`s declare routes; [`version`] versions them;
//!   [`http_code`] overrides the success status (POST answers 201).
//! - Arguments say where they come from: `#[param] id: u64`, `#[query] q:
//!   ListQuery`, `#[query("page")] page: Option<u32>`, `#[body] dto:
//!   CreateBook` (JSON; `#[body(form)]`, `#[body(text)]`, `#[body(bytes)]`),
//!   `#[header("x-request-id")] id: Option<String>`, `#[req] req: &Request`.
//!   A failed extraction is a `400` naming the argument.
//! - Handlers return anything that is [`IntoResponse`]: [`Json`], any
//!   `T: Serialize` (wrapped in `Json` for you), `String`, bytes, `()`,
//!   [`NoContent`], a file download ([`Attachment`]), `Result<_, HttpError>`.
//! - [`App`] registers controller instances and serves them with an
//!   [`HttpAdapter`], by default [`NativeAdapter`]. The global prefix and
//!   the URI/HEADER versioning come from the crate's `tether.toml`.
//!
//! ```no_run
//! use serde::{Deserialize, Serialize};
//! use tether::{controller, get, post, App, HttpError, NativeAdapter};
//!
//! #[derive(Serialize, Deserialize, Clone)]
//! struct Book { id: u64, title: String }
//!
//! struct BooksController;
//!
//! #[controller("/books")]
//! impl BooksController {
//!     #[get("/:id")]
//!     async fn find_one(&self, #[param] id: u64) -> Result<Book, HttpError> {
//!         Err(HttpError::not_found(format!("book {id} does not exist")))
//!     }
//!
//!     #[post]
//!     async fn create(&self, #[body] book: Book) -> Book {
//!         book
//!     }
//! }
//!
//! #[tokio::main]
//! async fn main() -> std::io::Result<()> {
//!     App::new(NativeAdapter::new())
//!         .controller(BooksController)
//!         .listen("127.0.0.1:3000")
//!         .await
//! }
//! ```
//!
//! # Cargo features
//!
//! Each feature compiles alone, with none and with all of them (checked
//! by `cargo hack` in the project's `test.sh`).
//!
//! | Feature | Default | What it enables |
//! |---|---|---|
//! | `compression` | on | `Compression` (module `response::compression`): gzip of whole answers, flate2's Rust backend; the `/docs` page's Swagger UI bundle is also served gzipped when `docs` is on |
//! | `docs` | off | `App::docs` (module `docs`): the OpenAPI document(s) and the Swagger UI page (embedded, about 2.2 MB) served at `/docs` |
//! | `tls` | off | `NativeAdapter::tls` and the module `server::tls`: HTTPS with rustls (ring crypto provider), ALPN `h2` then `http/1.1` |
//! | `opentelemetry` | off | an incoming W3C `traceparent` continues the request span's trace (tracing-opentelemetry and opentelemetry's TraceContext propagator) |
//!
//! JSON is not a feature: [`Json`], `#[body]` JSON bodies, serialisable
//! return values, [`sse`](response::sse) and [`WithHeaders`] are always there, since DTO
//! validation (serde_valid) depends on serde_json anyway.

// docs.rs (`--cfg docsrs`, nightly) marks the items each feature adds.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The modules, bottom-up by folder: each file uses only those of the
// folders before its own (and, inside a folder, no file imports back one
// that imports it: no cycle between files anywhere).
// 1. `response`: what handlers return — the body, JSON and its finite
//    numbers, `HttpError`, `ApiError`, the `Exception` filters receive,
//    attachments, SSE, declared headers and cookies, gzip;
// 2. `trace`: the request span, and the `500` of a panic;
// 3. `extract`: the `Request` and what handlers read of it — body, JSON,
//    query and form (`urlencoded`), path and header arguments, cookies,
//    multipart, state and context, validation and its rules;
// 4. `docs`: the OpenAPI document and its page at run time;
// 5. `pipeline`: the handler's future, guards, interceptors, pipes,
//    filters and security requirements;
// 6. `routing`: the route table `#[controller]` emits, and the router;
// 7. `app`: middleware and CORS, the per-request future, tower layers,
//    the compiled service, probes, and the `App` builder;
// 8. `server`: the adapter on hyper (connections, HTTP/1 and HTTP/2,
//    timeouts, TLS) and the runtimes that run it;
// 9. `testing`: the in-process client.
// The arrows back up, each to a file that imports nothing of the folders
// before its own (so no cycle): the response body holds the connection's
// `server::idle::Open` and the request body reports to `server::stall`
// (the connection's one timer); `response::compression` is a middleware
// (`app::middleware`); the single-value rules raise through
// `pipeline::stages::raise`; the service checks `Host` with
// `server::host_header`, and `App::listen` serves with `server::adapter`.
pub mod response;

pub mod trace;

pub mod extract;

#[cfg(feature = "docs")]
pub mod docs;

pub mod pipeline;

pub mod routing;

pub mod app;

pub mod server;

pub mod testing;

pub use app::builder::{App, AppError, RouteInfo, Server};
pub use app::cors::Cors;
pub use app::middleware::{Middleware, Next};
pub use app::response_future::ResponseFuture;
pub use app::service::AppService;
pub use extract::context::{Extension, FromRequest};
pub use extract::request::Request;
pub use extract::state::State;
pub use http;
pub use http::{Method, StatusCode};
pub use pipeline::stages::{
    CallHandler, Exception, ExceptionFilter, Guard, Host, Interceptor, Pipe,
};
pub use response::api_error::ApiError;
pub use response::attachment::Attachment;
pub use response::body::{Body, Html, IntoResponse, Json, NoContent, Redirect, Response};
#[cfg(feature = "compression")]
pub use response::compression::Compression;
pub use response::error::HttpError;
pub use response::headers::WithHeaders;
pub use routing::controller::Controller;
pub use routing::router::RouteConflict;
pub use server::adapter::{shutdown_signal, HttpAdapter, NativeAdapter};
pub use server::runtime::Runtime;
pub use tether_macros::{
    all, controller, delete, get, head, http_code, options, patch, post, put, use_filters,
    use_guards, use_interceptors, use_pipes, version, ApiError,
};
pub use tether_model::{Versioning, VersioningKind};

/// What `fuzz/` reaches of tether's internals. Not public API.
#[doc(hidden)]
pub mod __fuzz {
    #[cfg(feature = "compression")]
    pub use crate::response::compression::accepts_gzip;
    pub use crate::server::host_header::problem as host_problem;
}

/// What the code generated by `#[controller]` refers to. Not public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::extract::args::*;
    pub use crate::extract::body::read_body;
    pub use crate::extract::context::{
        from_request, FromRequest, Probe, ProbeExtractor, ProbeOther,
    };
    pub use crate::extract::cookie::cookie_param;
    pub use crate::extract::multipart::{
        body_multipart, body_multipart_measured, part_types, FromMultipart,
    };
    pub use crate::extract::param_rules::{self as rules, unpiped, Broken};
    pub use crate::extract::request::Request;
    pub use crate::extract::text_length::{counted, measured, parts_with_stand_ins, Input};
    pub use crate::extract::validate::{validated, Check, Sent, ViaNothing, ViaValidate};
    pub use crate::pipeline::security::{KeyIn, Scheme, SchemeKind, Security};
    pub use crate::pipeline::stages::{piped, raise, ArgSource, PipelineDef, Raise};
    pub use crate::response::body::handler_return::{
        BodyJson, BodyResponse, SplitPlain, SplitResult,
    };
    pub use crate::response::body::{IntoResponse, Json};
    pub use crate::routing::controller::{Controller, HandlerFuture, RouteDef, RouteMethod};
    pub use http::StatusCode;
    pub use serde::{self, Serialize};
    pub use std::borrow::Cow;
    pub use std::boxed::Box;
    pub use std::option::Option::{self, None, Some};
    pub use std::result::Result::{Err, Ok};
    pub use std::sync::Arc;
    pub use std::sync::OnceLock;
    pub use tether_model::{
        Framework, PrefixExclusion, RoutePath, Segment, Version, VersionSpec, Versioning,
        VersioningKind,
    };

    /// The macro's check that a handler's future is `Send`, spanned at
    /// the handler's name; never called.
    pub fn assert_send<F: std::future::Future + Send>(_: F) {}

    /// A value of any type for [`assert_send`]'s never-run call.
    pub fn unreachable<T>() -> T {
        unreachable!("the Send check of a handler is never run")
    }

    /// A status code the macro checked to be within 100..=599.
    pub fn status(code: u16) -> StatusCode {
        StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }
}
