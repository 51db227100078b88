//! SPEC A7, Nest's rule: an interceptor's code after `next.handle()` sees a
//! handler's error, or a failed extraction's 400, as an error (an
//! `Exception`), whether or not any exception filter is registered. It
//! used to see them as successful responses until a filter was added.

use std::sync::Mutex;
use tether::pipeline::{CallHandler, Exception, ExceptionFilter, Host, Interceptor};
use tether::{controller, App, HttpError, NativeAdapter, Request, Response};
use tether_tests::TestServer;

/// What the interceptor's after-part saw, by request path.
static SEEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Records whether `next.handle()` gave a response or an exception, then
/// passes the outcome on unchanged.
struct Outcome;

impl Interceptor for Outcome {
    async fn intercept(&self, req: Request, next: CallHandler) -> Result<Response, Exception> {
        let path = req.uri().path().to_string();
        let result = next.handle(req).await;
        let seen = match &result {
            Ok(res) => format!("{path} ok {}", res.status().as_u16()),
            Err(e) => match e.downcast_ref::<HttpError>() {
                Some(h) => format!("{path} error {}", h.status().as_u16()),
                None => format!("{path} error"),
            },
        };
        SEEN.lock().unwrap().push(seen);
        result
    }
}

/// Catches nothing.
struct PassThrough;

impl ExceptionFilter for PassThrough {
    fn catch(&self, e: Exception, _host: &Host) -> Result<Response, Exception> {
        Err(e)
    }
}

type ApiResult<T> = Result<T, HttpError>;

struct Things;

#[controller("/things")]
#[use_interceptors(Outcome)]
impl Things {
    #[get("/:id")]
    async fn find(&self, #[param] id: u32) -> Result<String, HttpError> {
        match id {
            1 => Ok("one".into()),
            _ => Err(HttpError::not_found("no such thing")),
        }
    }

    #[get("/alias/:id")]
    async fn alias(&self, #[param] id: u32) -> ApiResult<String> {
        Err(HttpError::conflict(format!("thing {id} is busy")))
    }
}

async fn seen_for(app: App) -> Vec<String> {
    let s = TestServer::start(app).await;
    let statuses = [
        s.get("/things/1").await.0,
        s.get("/things/2").await.0,
        s.get("/things/x").await.0,
        s.get("/things/alias/3").await.0,
    ];
    assert_eq!(statuses, [200, 404, 400, 409]);
    s.stop().await.unwrap();
    std::mem::take(&mut *SEEN.lock().unwrap())
}

#[tokio::test]
async fn a7_interceptors_see_errors_as_errors_with_and_without_filters() {
    let expected = [
        "/things/1 ok 200",
        "/things/2 error 404",
        "/things/x error 400",
        "/things/alias/3 error 409",
    ];
    let without = seen_for(App::new(NativeAdapter::new()).controller(Things)).await;
    assert_eq!(without, expected, "no filter registered");
    let app = App::new(NativeAdapter::new())
        .controller(Things)
        .use_filters(PassThrough);
    let with = seen_for(app).await;
    assert_eq!(with, expected, "a pass-through filter registered");
}
