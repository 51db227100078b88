//! The static route table that `#[controller]` emits (SPEC A1).

use crate::extract::request::Request;
use crate::pipeline::stages::PipelineDef;
use std::sync::Arc;

#[doc(hidden)]
pub use crate::pipeline::handler::HandlerFuture;

/// The HTTP method of a route; `All` matches every method. The one enum of
/// the grammar, shared with the macros and the document.
pub use tether_model::method::HttpMethod as RouteMethod;

/// The route method that answers `method`; `None` for a method no route
/// attribute names (only `#[all]` serves it).
pub(crate) fn route_method(method: &http::Method) -> Option<RouteMethod> {
    Some(match *method {
        http::Method::GET => RouteMethod::Get,
        http::Method::POST => RouteMethod::Post,
        http::Method::PUT => RouteMethod::Put,
        http::Method::DELETE => RouteMethod::Delete,
        http::Method::PATCH => RouteMethod::Patch,
        http::Method::OPTIONS => RouteMethod::Options,
        http::Method::HEAD => RouteMethod::Head,
        _ => return None,
    })
}

/// One version in a `#[version(..)]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub enum VersionDef {
    /// `"1"`
    Exact(&'static str),
    /// `neutral`
    Neutral,
}

/// One route of a controller, as the macro writes it.
#[doc(hidden)]
pub struct RouteDef<C> {
    /// The HTTP method.
    pub method: RouteMethod,
    /// Controller path joined with the route path, in route syntax (`/users/:id`).
    pub path: &'static str,
    /// The method's own `#[version]`; `None` inherits the controller's.
    pub versions: Option<&'static [VersionDef]>,
    /// The Rust method's name, for error messages.
    pub name: &'static str,
    /// Extracts the arguments, calls the method and builds the response.
    pub handler: fn(Arc<C>, Request) -> HandlerFuture,
    /// The method's `#[use_guards(..)]`, `#[use_interceptors(..)]`,
    /// `#[use_pipes(..)]` and `#[use_filters(..)]`, built at startup.
    pub pipeline: Option<fn() -> PipelineDef>,
    /// Whether an argument may check a credential (an extractor other
    /// than `State`, the `Authorization` header, an apiKey's header, query
    /// parameter or cookie): a secured route with none and no guard is
    /// warned about at startup.
    pub reads_credential: bool,
}

/// `[framework]` of the crate's `tether.toml`, embedded by `#[controller]`
/// at compile time so the served paths match the generated document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct FrameworkDef {
    /// `global_prefix`.
    pub global_prefix: Option<&'static str>,
    /// `global_prefix_exclude`.
    pub global_prefix_exclude: &'static [PrefixExcludeDef],
    /// `[framework.versioning]`.
    pub versioning: Option<VersioningDef>,
    /// `runtime`: `"multi-thread"` or `"per-core"`.
    pub runtime: &'static str,
}

/// One `global_prefix_exclude` entry of `tether.toml`, as checked by
/// `#[controller]` (see `tether_model::prefix_exclude`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct PrefixExcludeDef {
    /// The route pattern, e.g. `health`.
    pub path: &'static str,
    /// The method name, e.g. `GET`; every method when `None`.
    pub method: Option<&'static str>,
}

/// `[framework.versioning]` of `tether.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct VersioningDef {
    /// `true` for `"HEADER"`, `false` for `"URI"`.
    pub header: bool,
    /// `default_version`.
    pub default_version: Option<&'static str>,
    /// `prefix`.
    pub prefix: &'static str,
}

/// A type whose impl block carries `#[controller]`. Implemented by the macro.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tether controller",
    label = "add `#[tether::controller(\"/path\")]` to an `impl {Self}` block"
)]
pub trait Controller: Send + Sync + Sized + 'static {
    /// The type's name.
    #[doc(hidden)]
    const NAME: &'static str;
    /// `#[version]` on the impl block, if any.
    #[doc(hidden)]
    const VERSIONS: Option<&'static [VersionDef]>;
    /// The crate's `tether.toml` settings when the macro ran.
    #[doc(hidden)]
    const FRAMEWORK: FrameworkDef;
    /// The routes in source order.
    #[doc(hidden)]
    fn routes() -> &'static [RouteDef<Self>];
    /// The impl block's guards, interceptors, pipes and filters.
    #[doc(hidden)]
    fn pipeline() -> Option<PipelineDef> {
        None
    }
}
