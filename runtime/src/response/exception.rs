//! [`Exception`]: what a handler, guard or interceptor raised, on its way to
//! the exception filters of [`crate::pipeline`].

use crate::response::body::{IntoResponse, Response};
use crate::response::error::HttpError;
use http::StatusCode;
use std::any::Any;
use std::fmt;

/// What a handler, guard or interceptor raised: a typed error on its way to
/// the exception filters, which may [`downcast`](Exception::downcast_ref) it.
/// Unless a filter answers it, it becomes its own response.
pub struct Exception {
    error: Box<dyn Any + Send>,
    respond: fn(Box<dyn Any + Send>, StatusCode) -> Response,
    status: StatusCode,
    type_name: &'static str,
}

fn respond_as<E: IntoResponse + 'static>(
    error: Box<dyn Any + Send>,
    status: StatusCode,
) -> Response {
    match error.downcast::<E>() {
        Ok(e) => e.into_response_with(status),
        Err(_) => HttpError::internal("Internal server error").into_response(),
    }
}

impl Exception {
    /// An exception carrying `error`, which answers as its own
    /// [`IntoResponse`] when no filter catches it.
    pub fn new<E: IntoResponse + Send + 'static>(error: E) -> Self {
        Self::with_status(error, StatusCode::INTERNAL_SERVER_ERROR)
    }

    pub(crate) fn with_status<E: IntoResponse + Send + 'static>(
        error: E,
        status: StatusCode,
    ) -> Self {
        Exception {
            error: Box::new(error),
            respond: respond_as::<E>,
            status,
            type_name: std::any::type_name::<E>(),
        }
    }

    /// Whether the error is an `E`.
    pub fn is<E: 'static>(&self) -> bool {
        self.error.is::<E>()
    }

    /// The error, if it is an `E`.
    pub fn downcast_ref<E: 'static>(&self) -> Option<&E> {
        self.error.downcast_ref()
    }

    /// The error by value, if it is an `E`; else the exception back.
    pub fn downcast<E: 'static>(self) -> Result<E, Self> {
        if self.error.is::<E>() {
            Ok(*self.error.downcast::<E>().expect("checked above"))
        } else {
            Err(self)
        }
    }

    /// The response the error gives by itself.
    pub fn into_response(self) -> Response {
        (self.respond)(self.error, self.status)
    }
}

impl From<HttpError> for Exception {
    fn from(e: HttpError) -> Self {
        Exception::new(e)
    }
}

impl fmt::Debug for Exception {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.downcast_ref::<HttpError>() {
            Some(e) => f.debug_tuple("Exception").field(e).finish(),
            None => f.debug_tuple("Exception").field(&self.type_name).finish(),
        }
    }
}
