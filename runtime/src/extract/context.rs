//! Request context: handler arguments that read themselves from
//! the request. A type implementing [`FromRequest`] is written as a plain
//! argument, with no attribute: `user: CurrentUser`, `tenant: Tenant`,
//! `db: State<Db>`, `claims: Extension<Claims>`.
//!
//! ```
//! use tether::{controller, FromRequest, HttpError, Request};
//!
//! /// The caller, from a header a gateway sets.
//! struct CurrentUser { name: String }
//!
//! impl FromRequest for CurrentUser {
//!     async fn from_request(req: &mut Request) -> Result<Self, HttpError> {
//!         match req.header("x-user") {
//!             Some(name) => Ok(CurrentUser { name: name.to_string() }),
//!             None => Err(HttpError::unauthorized("log in first")),
//!         }
//!     }
//! }
//!
//! struct Me;
//!
//! #[controller("/me")]
//! impl Me {
//!     #[get]
//!     async fn show(&self, user: CurrentUser) -> String {
//!         user.name
//!     }
//! }
//! ```

use crate::extract::request::Request;
use crate::extract::state::{State, StateMap};
use crate::response::error::HttpError;
use std::any::TypeId;
use std::fmt;
use std::future::Future;
use std::ops::Deref;

/// A handler argument that reads itself from the request: written with no
/// attribute (`user: CurrentUser`). An `Err` answers the request (through
/// the route's exception filters) before the handler runs.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a handler argument without an attribute",
    label = "tether does not know where to read this argument from",
    note = "say where it comes from with #[param], #[query], #[body], #[header(\"name\")] or #[cookie(\"name\")], or implement `tether::FromRequest` for `{Self}`: `async fn from_request(req: &mut Request) -> Result<Self, HttpError>`"
)]
pub trait FromRequest: Sized + Send + 'static {
    /// Reads the value. It may read headers, extensions, app state (through
    /// [`Request::state`]) and other extractors.
    fn from_request(req: &mut Request) -> impl Future<Output = Result<Self, HttpError>> + Send;

    /// Declares the app state this extractor reads, so a missing provider
    /// stops the app at startup: `deps.state::<Db>()`. Default: nothing.
    fn requires(deps: &mut Requires) {
        let _ = deps;
    }
}

/// A value a middleware or guard stored in the request's extensions
/// (`req.extensions_mut().insert(value)`), read by a handler argument
/// `claims: Extension<Claims>`. Missing is a `500` naming the type: a
/// route that reads it must run behind what stores it.
#[derive(Debug, Clone)]
pub struct Extension<T>(pub T);

impl<T> Deref for Extension<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone + Send + Sync + 'static> FromRequest for Extension<T> {
    async fn from_request(req: &mut Request) -> Result<Self, HttpError> {
        match req.extensions().get::<T>() {
            Some(v) => Ok(Extension(v.clone())),
            None => Err(HttpError::internal(format!(
                "no `{}` in the request's extensions: the middleware or guard that stores it did not run on this route",
                std::any::type_name::<T>()
            ))),
        }
    }
}

/// `Option<E>` of an extractor: `None` where `E` would fail.
impl<E: FromRequest> FromRequest for Option<E> {
    async fn from_request(req: &mut Request) -> Result<Self, HttpError> {
        Ok(E::from_request(req).await.ok())
    }

    fn requires(deps: &mut Requires) {
        E::requires(deps);
    }
}

/// The generated handler's call for an extractor argument (spanned on the
/// argument's type, so a type that is no extractor is reported there).
#[doc(hidden)]
pub fn from_request<E: FromRequest>(
    req: &mut Request,
) -> impl Future<Output = Result<E, HttpError>> + Send + '_ {
    E::from_request(req)
}

/// The generated route's declaration of what an extractor argument of
/// type `T` needs: `(&Probe::<T>::NEW).requires_into(deps)` calls
/// `T::requires` when `T` is an extractor and does nothing otherwise, so a
/// type that is no extractor is reported once, by the handler's call.
#[doc(hidden)]
pub struct Probe<T>(std::marker::PhantomData<fn() -> T>);

impl<T> Probe<T> {
    /// The probe.
    pub const NEW: Self = Probe(std::marker::PhantomData);
}

#[doc(hidden)]
pub trait ProbeExtractor {
    fn requires_into(&self, deps: &mut Requires);
}

impl<T: FromRequest> ProbeExtractor for Probe<T> {
    fn requires_into(&self, deps: &mut Requires) {
        T::requires(deps);
    }
}

#[doc(hidden)]
pub trait ProbeOther {
    fn requires_into(&self, deps: &mut Requires);
}

impl<T> ProbeOther for &Probe<T> {
    fn requires_into(&self, _deps: &mut Requires) {}
}

impl fmt::Debug for Requires {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.types.iter().map(|(_, n)| n))
            .finish()
    }
}

/// What a route, guard, interceptor, pipe or filter needs provided: the
/// startup check compares it with [`App::provide`](crate::App::provide)d
/// values.
#[derive(Default, Clone)]
pub struct Requires {
    pub(crate) types: Vec<(TypeId, &'static str)>,
}

impl Requires {
    /// Records that `T` must be provided.
    pub fn state<T: Send + Sync + 'static>(&mut self) {
        let id = TypeId::of::<T>();
        if !self.types.iter().any(|(t, _)| *t == id) {
            self.types.push((id, std::any::type_name::<T>()));
        }
    }

    /// Records what the extractor `E` needs.
    pub fn extractor<E: FromRequest>(&mut self) {
        E::requires(self);
    }

    /// The first required type `provided` lacks, by name.
    pub(crate) fn missing(&self, provided: &StateMap) -> Option<&'static str> {
        self.types
            .iter()
            .find(|(id, _)| !provided.contains(*id))
            .map(|(_, name)| *name)
    }
}

impl<T: Send + Sync + 'static> FromRequest for State<T> {
    async fn from_request(req: &mut Request) -> Result<Self, HttpError> {
        req.state_arc::<T>().map(State)
    }

    fn requires(deps: &mut Requires) {
        deps.state::<T>();
    }
}
