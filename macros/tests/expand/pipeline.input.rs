// Input of the expansion golden (see `src/expand.rs` tests): guards,
// interceptors, pipes, filters and metadata (SPEC A7) on the controller
// and on one method, in the order they run; a route without its own
// keeps `pipeline: None`.
use std::any::Any;
use tether::pipeline::{ArgMeta, CallHandler, Exception, ExceptionFilter, Guard, Host, Interceptor, Pipe};
use tether::{controller, HttpError, Request, Response};

pub struct Auth;
impl Guard for Auth {
    async fn can_activate(&self, _req: &mut Request) -> Result<bool, HttpError> {
        Ok(true)
    }
}

pub struct Owner(u32);
impl Guard for Owner {
    async fn can_activate(&self, _req: &mut Request) -> Result<bool, HttpError> {
        Ok(self.0 > 0)
    }
}

pub struct Timing(&'static str);
impl Interceptor for Timing {
    async fn intercept(&self, req: Request, next: CallHandler) -> Result<Response, Exception> {
        let _ = self.0;
        next.handle(req).await
    }
}

pub struct Trim;
impl Pipe for Trim {
    fn transform(&self, _value: &mut dyn Any, _meta: &ArgMeta) -> Result<(), HttpError> {
        Ok(())
    }
}

pub struct Friendly;
impl ExceptionFilter for Friendly {
    fn catch(&self, e: Exception, _host: &Host) -> Result<Response, Exception> {
        Err(e)
    }
}

pub struct Roles(&'static [&'static str]);

#[derive(Default)]
pub struct OrdersController;

#[controller("/orders")]
#[use_guards(Auth)]
#[use_interceptors(Timing("orders"))]
#[use_pipes(Trim)]
#[use_filters(Friendly)]
#[metadata(Roles(&["reader"]))]
impl OrdersController {
    #[post("/:id")]
    #[use_guards(Auth, Owner(3))]
    #[use_interceptors(Timing("place"))]
    #[use_pipes(Trim)]
    #[use_filters(Friendly)]
    #[metadata(Roles(&["admin"]))]
    async fn place(&self, #[param] id: u32, #[body(text)] note: String) -> String {
        format!("{id} {note}")
    }

    #[get]
    async fn list(&self) -> Vec<String> {
        Vec::new()
    }
}
