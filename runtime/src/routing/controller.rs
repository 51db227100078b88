//! The static route table that `#[controller]` emits.

use crate::extract::request::Request;
use crate::pipeline::stages::PipelineDef;
use std::sync::Arc;
use tether_model::{Framework, RoutePath};

/// The `#[version]` of a controller or route, in the grammar's own type.
pub use tether_model::{Version, VersionSpec};

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

/// One route of a controller, as the macro writes it: its path and
/// versions in tether_model's own types, checked when the macro ran, so
/// nothing is parsed again at startup.
#[doc(hidden)]
pub struct RouteDef<C> {
    /// The HTTP method.
    pub method: RouteMethod,
    /// Controller path joined with the route path (`/users/:id`).
    pub path: RoutePath,
    /// The method's own `#[version]`; `Inherit` takes the controller's.
    pub versions: VersionSpec,
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

/// A type whose impl block carries `#[controller]`. Implemented by the macro.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tether controller",
    label = "add `#[tether::controller(\"/path\")]` to an `impl {Self}` block"
)]
pub trait Controller: Send + Sync + Sized + 'static {
    /// The type's name.
    #[doc(hidden)]
    const NAME: &'static str;
    /// `#[version]` on the impl block; `Inherit` when it has none.
    #[doc(hidden)]
    const VERSIONS: VersionSpec;
    /// `[framework]` of the crate's `tether.toml` when the macro ran,
    /// embedded so the served paths match the generated document.
    #[doc(hidden)]
    const FRAMEWORK: Framework;
    /// `runtime` of the crate's `tether.toml`: `"multi-thread"` or
    /// `"per-core"`.
    #[doc(hidden)]
    const RUNTIME: &'static str;
    /// The routes in source order.
    #[doc(hidden)]
    fn routes() -> &'static [RouteDef<Self>];
    /// The impl block's guards, interceptors, pipes and filters.
    #[doc(hidden)]
    fn pipeline() -> Option<PipelineDef> {
        None
    }
}
