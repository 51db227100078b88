//! [`Request`]: what a handler, middleware or guard sees of a request.
//!
//! The path is read from the request line as hyper parsed it (no URL object
//! is built); path parameters are ranges into it, decoded only when read;
//! the query string is parsed only when a handler asks.

use crate::response::body::BoxError;
use crate::response::error::HttpError;
use bytes::Bytes;
use http::{HeaderMap, Method, Uri};
use http_body::Frame;
use std::borrow::Cow;
use std::pin::Pin;
use std::task::{Context, Poll};

/// The body of an incoming request: hyper's stream, bytes already read, or
/// any other body a tower layer or a host server (axum) hands over.
pub enum RequestBody {
    /// A body still on the connection.
    Incoming(hyper::body::Incoming),
    /// A body already in memory (tests, middleware that buffered it).
    Full(Option<Bytes>),
    /// Any other body, see [`RequestBody::from_body`].
    Boxed(Box<OtherBody>),
}

/// A foreign body: only ever used through `&mut`, so it need not be `Sync`
/// for [`Request`] to be. Its size hint is read once, when it is boxed.
pub struct OtherBody {
    body: sync_wrapper::SyncWrapper<
        Pin<Box<dyn http_body::Body<Data = Bytes, Error = BoxError> + Send>>,
    >,
    size_hint: http_body::SizeHint,
    ended: bool,
}

impl RequestBody {
    /// Any `http_body::Body` as a request body. hyper's `Incoming` and a
    /// `RequestBody` are taken as they are (no box); others are boxed once.
    pub fn from_body<B>(body: B) -> Self
    where
        B: http_body::Body<Data = Bytes> + Send + 'static,
        B::Error: Into<BoxError>,
    {
        use http_body_util::BodyExt;
        use std::any::Any;
        let mut slot = Some(body);
        let any: &mut dyn Any = &mut slot;
        if let Some(body) = any.downcast_mut::<Option<RequestBody>>() {
            return body.take().expect("set above");
        }
        if let Some(body) = any.downcast_mut::<Option<hyper::body::Incoming>>() {
            return RequestBody::Incoming(body.take().expect("set above"));
        }
        let body = slot.expect("set above");
        RequestBody::Boxed(Box::new(OtherBody {
            size_hint: body.size_hint(),
            ended: body.is_end_stream(),
            body: sync_wrapper::SyncWrapper::new(Box::pin(body.map_err(Into::into))),
        }))
    }
}

impl From<hyper::body::Incoming> for RequestBody {
    fn from(b: hyper::body::Incoming) -> Self {
        RequestBody::Incoming(b)
    }
}

impl From<Bytes> for RequestBody {
    fn from(b: Bytes) -> Self {
        RequestBody::Full(Some(b))
    }
}

impl Default for RequestBody {
    fn default() -> Self {
        RequestBody::Full(None)
    }
}

impl http_body::Body for RequestBody {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        match self.get_mut() {
            RequestBody::Incoming(b) => {
                let poll = Pin::new(b).poll_frame(cx);
                // The body-read timeout watches it (`crate::server::stall`).
                crate::server::stall::body_polled(poll.is_pending());
                poll.map_err(Into::into)
            }
            RequestBody::Full(data) => Poll::Ready(data.take().map(|d| Ok(Frame::data(d)))),
            RequestBody::Boxed(b) => {
                let poll = b.body.get_mut().as_mut().poll_frame(cx);
                if let Poll::Ready(None) = poll {
                    b.ended = true;
                }
                poll
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        match self {
            RequestBody::Incoming(b) => b.is_end_stream(),
            RequestBody::Full(d) => d.is_none(),
            RequestBody::Boxed(b) => b.ended,
        }
    }

    fn size_hint(&self) -> http_body::SizeHint {
        match self {
            RequestBody::Incoming(b) => b.size_hint(),
            RequestBody::Full(d) => {
                http_body::SizeHint::with_exact(d.as_ref().map_or(0, |d| d.len() as u64))
            }
            RequestBody::Boxed(b) => b.size_hint,
        }
    }
}

/// Path captures of the matched route: byte ranges into the request path,
/// taken from matchit's borrowed values. Up to [`PathParams::INLINE`]
/// captures are kept inline, so routing allocates nothing.
#[derive(Debug, Clone, Default)]
pub(crate) struct PathParams {
    pub(crate) names: &'static [&'static str],
    ranges: Ranges,
    /// The `Allow` of the static path the request fell through from to
    /// this parameterised route (Express's fall-through), if it did: a
    /// capture this route cannot read is then a `405` with that `Allow`,
    /// as the static path's own path item documents it.
    pub(crate) beside_static: Option<Box<str>>,
}

#[derive(Debug, Clone)]
enum Ranges {
    Inline(u8, [(u32, u32); PathParams::INLINE]),
    Heap(Vec<(u32, u32)>),
}

impl Default for Ranges {
    fn default() -> Self {
        Ranges::Inline(0, [(0, 0); PathParams::INLINE])
    }
}

impl PathParams {
    /// Captures kept without a heap allocation.
    pub(crate) const INLINE: usize = 4;

    /// Captures `names`, at `ranges` (byte offsets into the path).
    pub(crate) fn new(
        names: &'static [&'static str],
        ranges: impl ExactSizeIterator<Item = (usize, usize)>,
    ) -> Self {
        let narrow = |(a, b): (usize, usize)| (a as u32, b as u32);
        let ranges = if ranges.len() <= Self::INLINE {
            let mut inline = [(0, 0); Self::INLINE];
            let mut n = 0;
            for (slot, r) in inline.iter_mut().zip(ranges) {
                *slot = narrow(r);
                n += 1;
            }
            Ranges::Inline(n, inline)
        } else {
            Ranges::Heap(ranges.map(narrow).collect())
        };
        PathParams {
            names,
            ranges,
            beside_static: None,
        }
    }

    /// The byte range of the `index`-th capture.
    pub(crate) fn range(&self, index: usize) -> Option<(usize, usize)> {
        let (a, b) = match &self.ranges {
            Ranges::Inline(n, items) => items[..*n as usize].get(index)?,
            Ranges::Heap(items) => items.get(index)?,
        };
        Some((*a as usize, *b as usize))
    }
}

/// The default body size limit: 1 MiB.
pub const DEFAULT_BODY_LIMIT: usize = 1024 * 1024;

/// The default limit of `key=value` pairs in a query string or an
/// urlencoded form body: 1,000 (Tomcat's `maxParameterCount`, PHP's
/// `max_input_vars`).
pub const DEFAULT_MAX_FORM_PAIRS: usize = 1000;

/// The most messages a validation `400` lists by default; past them, one
/// last message says how many more rules were broken (`and 99900 more`).
/// Change it with `App::max_validation_messages`.
pub const DEFAULT_MAX_MESSAGES: usize = 100;

/// An incoming request, as handlers (`#[req]`), middleware and guards see it.
pub struct Request {
    pub(crate) head: http::request::Parts,
    pub(crate) body: RequestBody,
    pub(crate) params: PathParams,
    pub(crate) body_limit: usize,
    /// The most `key=value` pairs a query string or form body is read with
    /// (`u32`s, so that handler futures holding a request stay small).
    pub(crate) pair_limit: u32,
    /// The most messages a validation `400` lists.
    pub(crate) message_limit: u32,
    /// The matched route's pipeline (a `pipeline::RoutePipeline`), for its
    /// pipes and filters; type-erased so this module needs nothing above it.
    pub(crate) pipeline: Option<std::sync::Arc<dyn RouteMetadata>>,
    /// The app's provided values (a `state::StateMap`); `None` when the
    /// app provides none. Type-erased like `pipeline`.
    pub(crate) state: Option<std::sync::Arc<dyn std::any::Any + Send + Sync>>,
}

impl Request {
    /// A request from its head and body (for tests and custom adapters).
    pub fn new(head: http::request::Parts, body: impl Into<RequestBody>) -> Self {
        Self {
            head,
            body: body.into(),
            params: PathParams::default(),
            body_limit: DEFAULT_BODY_LIMIT,
            pair_limit: DEFAULT_MAX_FORM_PAIRS as u32,
            message_limit: DEFAULT_MAX_MESSAGES as u32,
            pipeline: None,
            state: None,
        }
    }

    /// The method.
    pub fn method(&self) -> &Method {
        &self.head.method
    }

    /// The request target.
    pub fn uri(&self) -> &Uri {
        &self.head.uri
    }

    /// The path, still percent-encoded.
    pub fn path(&self) -> &str {
        self.head.uri.path()
    }

    /// The raw query string, if any.
    pub fn query_string(&self) -> Option<&str> {
        self.head.uri.query()
    }

    /// The headers.
    pub fn headers(&self) -> &HeaderMap {
        &self.head.headers
    }

    /// The headers, to change them (middleware).
    pub fn headers_mut(&mut self) -> &mut HeaderMap {
        &mut self.head.headers
    }

    /// A header's value as text, if present and valid UTF-8.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Typed per-request values (set by middleware, read by handlers).
    pub fn extensions(&self) -> &http::Extensions {
        &self.head.extensions
    }

    /// Typed per-request values, to change them.
    pub fn extensions_mut(&mut self) -> &mut http::Extensions {
        &mut self.head.extensions
    }

    /// A path capture by name, percent-decoded (`None` if the route has no
    /// such capture or it is not valid UTF-8 once decoded).
    pub fn param(&self, name: &str) -> Option<Cow<'_, str>> {
        let index = self.params.names.iter().position(|n| *n == name)?;
        self.param_at(index)
    }

    pub(crate) fn raw_param_at(&self, index: usize) -> Option<&str> {
        let (start, end) = self.params.range(index)?;
        self.path().get(start..end)
    }

    pub(crate) fn param_at(&self, index: usize) -> Option<Cow<'_, str>> {
        percent_encoding::percent_decode_str(self.raw_param_at(index)?)
            .decode_utf8()
            .ok()
    }

    /// Takes the body out of the request (it can be read once).
    pub fn take_body(&mut self) -> RequestBody {
        std::mem::take(&mut self.body)
    }

    /// The request head (method, URI, headers, extensions).
    pub fn head(&self) -> &http::request::Parts {
        &self.head
    }

    /// A value given to [`App::provide`](crate::App::provide):
    /// `req.state::<Db>()?` in a guard or an interceptor. Declare it in the
    /// guard's `requires` so a missing provider stops the app at startup.
    pub fn state<T: Send + Sync + 'static>(&self) -> Result<&T, HttpError> {
        self.state_arc_ref::<T>().map(|a| &**a)
    }

    pub(crate) fn state_arc<T: Send + Sync + 'static>(
        &self,
    ) -> Result<std::sync::Arc<T>, HttpError> {
        self.state_arc_ref::<T>().cloned()
    }

    fn state_arc_ref<T: Send + Sync + 'static>(&self) -> Result<&std::sync::Arc<T>, HttpError> {
        state_map(self)
            .and_then(crate::extract::state::StateMap::get::<T>)
            .ok_or_else(crate::extract::state::not_provided::<T>)
    }

    /// The matched route's metadata of type `T` (Nest's
    /// `Reflector.getAllAndOverride`): the method's `#[metadata(..)]`, else
    /// the controller's, else the app's.
    ///
    /// ```
    /// use tether::pipeline::Guard;
    /// use tether::pipeline::security::BearerToken;
    /// use tether::{FromRequest, HttpError, Request};
    ///
    /// pub struct Roles(pub &'static [&'static str]);
    /// pub struct RolesGuard;
    ///
    /// fn role_of(token: &str) -> &'static str {
    ///     if token == "root-token" { "admin" } else { "user" }
    /// }
    ///
    /// impl Guard for RolesGuard {
    ///     async fn can_activate(&self, req: &mut Request) -> Result<bool, HttpError> {
    ///         // `&Roles(needed)` copies the `&'static` list out of the borrow,
    ///         // so `req` is free again for what reads it mutably, such as the
    ///         // bearer token (`Roles(needed)` would keep `req` borrowed).
    ///         let Some(&Roles(needed)) = req.metadata::<Roles>() else { return Ok(true) };
    ///         let BearerToken(token) = BearerToken::from_request(req).await?;
    ///         Ok(needed.contains(&role_of(&token)))
    ///     }
    /// }
    /// ```
    pub fn metadata<T: 'static>(&self) -> Option<&T> {
        self.pipeline
            .as_deref()?
            .metadata_values()
            .iter()
            .find_map(|v| v.downcast_ref::<T>())
    }
}

/// What a request reads of its matched route's pipeline (a
/// `pipeline::RoutePipeline`, which implements it): the metadata of its
/// three levels, method first. Behind this trait the request needs nothing
/// of the pipeline's module, which sits above this one.
pub(crate) trait RouteMetadata: std::any::Any + Send + Sync {
    /// The metadata values, method → controller → app.
    fn metadata_values(&self) -> &[std::sync::Arc<dyn std::any::Any + Send + Sync>];
}

/// The app's values a request carries, if the app provides any.
pub(crate) fn state_map(req: &Request) -> Option<&crate::extract::state::StateMap> {
    req.state.as_deref()?.downcast_ref()
}
