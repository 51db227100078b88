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
//! | `compression` | on | `Compression` (module `compression`): gzip of whole answers, flate2's Rust backend; the `/docs` page's Swagger UI bundle is also served gzipped when `docs` is on |
//! | `docs` | off | `App::docs` (module `docs`): the OpenAPI document(s) and the Swagger UI page (embedded, about 2.2 MB) served at `/docs` |
//! | `tls` | off | `NativeAdapter::tls` and the module `tls`: HTTPS with rustls (ring crypto provider), ALPN `h2` then `http/1.1` |
//! | `opentelemetry` | off | an incoming W3C `traceparent` continues the request span's trace (tracing-opentelemetry and opentelemetry's TraceContext propagator) |
//!
//! JSON is not a feature: [`Json`], `#[body]` JSON bodies, serialisable
//! return values, [`sse`] and [`WithHeaders`] are always there, since DTO
//! validation (serde_valid) depends on serde_json anyway.

// docs.rs (`--cfg docsrs`, nightly) marks the items each feature adds.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The modules, bottom-up (each uses only those before it):
// 1. `request`, `response` + `error`, `exception`, `extract` + `urlencoded`,
//    `multipart`, `sse`: what handlers see and return;
// 2. `handler_future`, `response_future`: the per-request futures;
// 3. `middleware`, `cors`, `compression`, `pipeline`, `controller`, `routing`: what runs
//    around a handler and finds it; `context`, `state`, `cookie`,
//    `security`: what handlers and guards read of the request and the app;
// 4. `docs`, `trace` (the request span), `service` + `layer` (the compiled app, and its tower stack), `conn_io`, `h2_writes`,
//    `tls`, `adapter` (hyper);
// 5. `app` (the builder), `runtime` (threads), `testing` (in-process client).
pub mod adapter;
pub mod api_error;
pub mod app;
mod attachment;
#[cfg(feature = "compression")]
pub mod compression;
mod conn_io;
mod connection_limit;
pub mod context;
pub mod controller;
pub mod cookie;
pub mod cors;
#[cfg(feature = "docs")]
pub mod docs;
mod error;
mod exception;
pub mod extract;
mod finite;
mod h2_streams;
mod h2_writes;
// One of the two modules with `unsafe`: a handler's future is kept in
// inline space and polled and dropped through a small vtable, so a request
// costs no box (SPEC A10); each block carries its `// SAFETY:` reasoning.
#[allow(unsafe_code)]
mod handler_future;
mod host_header;
mod http2;
mod idle;
pub mod layer;
pub mod middleware;
pub mod multipart;
pub mod param_rules;
pub mod pipeline;
mod probes;
pub mod request;
// The other module with `unsafe`: SSE2 loads that count pipelined
// request heads sixteen bytes at a time (issue 18).
#[allow(unsafe_code)]
mod request_heads;
pub mod response;
mod response_future;
pub mod response_headers;
mod routing;
pub mod runtime;
pub mod security;
pub mod service;
pub mod sse;
mod stall;
pub mod state;
pub mod testing;
pub mod text_length;
#[cfg(feature = "tls")]
pub mod tls;
pub mod trace;
mod urlencoded;
pub mod validate;

pub use adapter::{shutdown_signal, HttpAdapter, NativeAdapter};
pub use api_error::ApiError;
pub use app::{App, AppError, RouteInfo, Server};
pub use attachment::Attachment;
#[cfg(feature = "compression")]
pub use compression::Compression;
pub use context::{Extension, FromRequest};
pub use controller::Controller;
pub use cors::Cors;
pub use error::HttpError;
pub use http::{Method, StatusCode};
pub use middleware::{Middleware, Next};
pub use pipeline::{CallHandler, Exception, ExceptionFilter, Guard, Host, Interceptor, Pipe};
pub use request::Request;
pub use response::{Body, Html, IntoResponse, Json, NoContent, Redirect, Response};
pub use response_future::ResponseFuture;
pub use response_headers::WithHeaders;
pub use routing::RouteConflict;
pub use runtime::Runtime;
pub use service::AppService;
pub use state::State;
pub use tether_macros::{
    all, controller, delete, get, head, http_code, options, patch, post, put, use_filters,
    use_guards, use_interceptors, use_pipes, version, ApiError,
};
pub use tether_model::{Versioning, VersioningKind};

/// What `fuzz/` reaches of tether's internals. Not public API.
#[doc(hidden)]
pub mod __fuzz {
    #[cfg(feature = "compression")]
    pub use crate::compression::accepts_gzip;
    pub use crate::host_header::problem as host_problem;
    pub use crate::request_heads::request_heads;
}

/// What the code generated by `#[controller]` refers to. Not public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::context::{from_request, FromRequest, Probe, ProbeExtractor, ProbeOther};
    pub use crate::controller::{Controller, HandlerFuture, RouteDef, RouteMethod};
    pub use crate::cookie::cookie_param;
    pub use crate::extract::*;
    pub use crate::multipart::{body_multipart, body_multipart_measured, FromMultipart};
    pub use crate::param_rules::{self as rules, unpiped, Broken};
    pub use crate::pipeline::{piped, raise, ArgSource, PipelineDef, Raise};
    pub use crate::request::Request;
    pub use crate::response::handler_return::{BodyJson, BodyResponse, SplitPlain, SplitResult};
    pub use crate::response::{IntoResponse, Json};
    pub use crate::security::{KeyIn, Scheme, SchemeKind, Security};
    pub use crate::text_length::{counted, measured, parts_with_stand_ins, Input};
    pub use crate::validate::{validated, Check, Sent, ViaNothing, ViaValidate};
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
