//! Shared app state: values given once to [`App::provide`] and
//! read by handlers (the [`State`] argument), guards and interceptors
//! (`req.state::<T>()`), pipes (`meta.state::<T>()`) and exception filters
//! (`host.state::<T>()`).
//!
//! What a route needs is checked when the app starts: a missing provider
//! is an [`AppError::MissingProvider`](crate::AppError) naming the type and
//! the route, never a failure per request.
//!
//! [`App::provide`]: crate::App::provide
//!
//! ```
//! use tether::{controller, App, NativeAdapter, State};
//!
//! struct Db { url: String }
//! struct Info;
//!
//! #[controller("/info")]
//! impl Info {
//!     #[get]
//!     async fn show(&self, db: State<Db>) -> String {
//!         db.url.clone()
//!     }
//! }
//!
//! let app = App::new(NativeAdapter::new())
//!     .provide(Db { url: "sqlite://books.db".into() })
//!     .controller(Info);
//! ```

use crate::response::error::HttpError;
use std::any::{Any, TypeId};
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// An `Arc<T>` behind `dyn Any`: readers downcast to `Arc<T>` and clone it.
type Value = Arc<dyn Any + Send + Sync>;

/// The provided values, by type; built once when the app starts.
#[derive(Clone, Default)]
pub struct StateMap {
    values: Vec<(TypeId, &'static str, Value)>,
}

impl StateMap {
    /// Provides `value`, replacing an earlier value of the same type.
    pub(crate) fn insert<T: Send + Sync + 'static>(&mut self, value: Arc<T>) {
        let id = TypeId::of::<T>();
        self.values.retain(|(t, _, _)| *t != id);
        self.values
            .push((id, std::any::type_name::<T>(), Arc::new(value)));
    }

    /// The value of type `T`, if provided.
    pub fn get<T: Send + Sync + 'static>(&self) -> Option<&Arc<T>> {
        let id = TypeId::of::<T>();
        let (_, _, value) = self.values.iter().find(|(t, _, _)| *t == id)?;
        value.downcast_ref::<Arc<T>>()
    }

    pub(crate) fn contains(&self, id: TypeId) -> bool {
        self.values.iter().any(|(t, _, _)| *t == id)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

impl fmt::Debug for StateMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.values.iter().map(|(_, n, _)| n))
            .finish()
    }
}

/// A handler argument reading a value given to
/// [`App::provide`](crate::App::provide): `db: State<Db>`. It derefs to the
/// value; cloning it clones an `Arc`.
pub struct State<T>(pub Arc<T>);

impl<T> Clone for State<T> {
    fn clone(&self) -> Self {
        State(self.0.clone())
    }
}

impl<T> Deref for State<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: fmt::Debug> fmt::Debug for State<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("State").field(&self.0).finish()
    }
}

/// The error when `T` was not provided (only reachable when the startup
/// check was bypassed: `Request::new` in a test, an undeclared read).
pub(crate) fn not_provided<T>() -> HttpError {
    HttpError::internal(format!(
        "no value of type `{}` was provided: call `App::provide(..)` with one",
        std::any::type_name::<T>()
    ))
}
