//! SPEC A7: guards, interceptors, pipes and exception filters at app,
//! controller and method level, in Nest's order; guard denial is 403; a
//! filter maps a domain error to 409; SPEC A6: the custom error handler.

use std::any::Any;
use std::sync::Mutex;
use tether::pipeline::{
    typed_pipe, ArgMeta, ArgSource, CallHandler, Exception, ExceptionFilter, Guard, Host,
    Interceptor, Pipe,
};
use tether::{
    controller, App, HttpError, IntoResponse, NativeAdapter, Request, Response, StatusCode,
};
use tether_tests::TestServer;

static LOG: Mutex<Vec<String>> = Mutex::new(Vec::new());
/// The log is global, so the tests of this file take turns.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn log(event: String) {
    LOG.lock().unwrap().push(event);
}

fn take_log() -> Vec<String> {
    std::mem::take(&mut *LOG.lock().unwrap())
}

/// Records each call of each stage, tagged with its level.
struct Rec(&'static str);

impl Guard for Rec {
    async fn can_activate(&self, req: &mut Request) -> Result<bool, HttpError> {
        log(format!("guard {}", self.0));
        Ok(req.header("x-deny") != Some(self.0))
    }
}

impl Interceptor for Rec {
    async fn intercept(&self, req: Request, next: CallHandler) -> Result<Response, Exception> {
        log(format!("interceptor {} before", self.0));
        let mut res = next.handle(req).await?;
        log(format!("interceptor {} after", self.0));
        res.headers_mut()
            .append("x-intercepted", self.0.parse().unwrap());
        Ok(res)
    }
}

impl Pipe for Rec {
    fn transform(&self, value: &mut dyn Any, meta: &ArgMeta) -> Result<(), HttpError> {
        log(format!("pipe {} {}", self.0, meta.name));
        if let Some(id) = value.downcast_ref::<u32>() {
            if *id == 0 && self.0 == "method" {
                return Err(HttpError::bad_request(format!(
                    "`{}` must not be 0",
                    meta.name
                )));
            }
        }
        Ok(())
    }
}

impl ExceptionFilter for Rec {
    fn catch(&self, e: Exception, host: &Host) -> Result<Response, Exception> {
        log(format!("filter {}", self.0));
        match (self.0, e.downcast_ref::<OrderError>()) {
            ("controller", Some(OrderError::Taken(id))) => Ok(HttpError::conflict(format!(
                "order {id} is taken ({} {})",
                host.method,
                host.uri.path()
            ))
            .into_response()),
            _ => Err(e),
        }
    }
}

#[derive(Debug)]
enum OrderError {
    Taken(u32),
    Broken,
}

impl IntoResponse for OrderError {
    fn into_response_with(self, _status: StatusCode) -> Response {
        HttpError::new(StatusCode::UNPROCESSABLE_ENTITY, format!("{self:?}")).into_response()
    }
}

struct Orders;

#[controller("/orders")]
#[use_guards(Rec("controller"))]
#[use_interceptors(Rec("controller"))]
#[use_pipes(Rec("controller"))]
#[use_filters(Rec("controller"))]
impl Orders {
    #[post("/:id")]
    #[use_guards(Rec("method"))]
    #[use_interceptors(Rec("method"))]
    #[use_pipes(Rec("method"))]
    #[use_filters(Rec("method"))]
    async fn place(
        &self,
        #[param] id: u32,
        #[body(text)] note: String,
    ) -> Result<String, OrderError> {
        log(format!("handler {note}"));
        match note.as_str() {
            "TAKEN" => Err(OrderError::Taken(id)),
            "BROKEN" => Err(OrderError::Broken),
            _ => Ok(format!("order {id}: {note}")),
        }
    }

    /// Only the app and controller levels apply here.
    #[get("/plain")]
    async fn plain(&self) -> &'static str {
        log("handler plain".into());
        "plain"
    }
}

fn app() -> App {
    App::new(NativeAdapter::new())
        .controller(Orders)
        .use_guards(Rec("app"))
        .use_interceptors(Rec("app"))
        .use_pipes(Rec("app"))
        .use_pipes(typed_pipe(|s: &mut String, meta: &ArgMeta| {
            assert_eq!(meta.source, ArgSource::Body);
            *s = s.to_uppercase();
            Ok(())
        }))
        .use_filters(Rec("app"))
}

async fn place(server: &TestServer, id: u32, note: &str, deny: Option<&str>) -> reqwest::Response {
    let mut req = server.post(&format!("/orders/{id}"), "text/plain", note.to_string());
    if let Some(level) = deny {
        req = req.header("x-deny", level);
    }
    req.send().await.unwrap()
}

#[tokio::test]
async fn a7_pipeline_order_on_success() {
    let _turn = SERIAL.lock().await;
    let server = TestServer::start(app()).await;
    take_log();
    let res = place(&server, 7, "please", None).await;
    assert_eq!(res.status(), 201);
    let intercepted: Vec<_> = res
        .headers()
        .get_all("x-intercepted")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect();
    assert_eq!(intercepted, ["method", "controller", "app"]);
    // The typed pipe upper-cased the body.
    assert_eq!(res.text().await.unwrap(), "order 7: PLEASE");
    assert_eq!(
        take_log(),
        [
            "guard app",
            "guard controller",
            "guard method",
            "interceptor app before",
            "interceptor controller before",
            "interceptor method before",
            "pipe app id",
            "pipe controller id",
            "pipe method id",
            "pipe app note",
            "pipe controller note",
            "pipe method note",
            "handler PLEASE",
            "interceptor method after",
            "interceptor controller after",
            "interceptor app after",
        ]
    );
    let (status, body) = server.get("/orders/plain").await;
    assert_eq!((status, body.as_str()), (200, "plain"));
    assert_eq!(
        take_log(),
        [
            "guard app",
            "guard controller",
            "interceptor app before",
            "interceptor controller before",
            "handler plain",
            "interceptor controller after",
            "interceptor app after",
        ]
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a7_filter_maps_domain_error_to_409_after_method_filter_passes() {
    let _turn = SERIAL.lock().await;
    let server = TestServer::start(app()).await;
    take_log();
    let res = place(&server, 9, "taken", None).await;
    assert_eq!(res.status(), 409);
    // Interceptors' "after" code does not run on an exception.
    assert!(res.headers().get("x-intercepted").is_none());
    let body = res.text().await.unwrap();
    assert!(body.contains("order 9 is taken (POST /orders/9)"), "{body}");
    let log = take_log();
    assert_eq!(
        &log[log.len() - 3..],
        ["handler TAKEN", "filter method", "filter controller"]
    );

    // No filter catches `Broken`: it answers as its own IntoResponse.
    let res = place(&server, 9, "broken", None).await;
    assert_eq!(res.status(), 422);
    assert!(res.text().await.unwrap().contains("Broken"));
    let log = take_log();
    assert_eq!(
        &log[log.len() - 4..],
        [
            "handler BROKEN",
            "filter method",
            "filter controller",
            "filter app"
        ]
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a7_guard_denial_is_403_and_stops_the_pipeline() {
    let _turn = SERIAL.lock().await;
    let server = TestServer::start(app()).await;
    take_log();
    let res = place(&server, 7, "x", Some("controller")).await;
    assert_eq!(res.status(), 403);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["message"], "Forbidden resource");
    assert_eq!(
        take_log(),
        [
            "guard app",
            "guard controller",
            "filter method",
            "filter controller",
            "filter app"
        ]
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a7_pipe_rejection_and_extraction_errors_reach_the_filters() {
    let _turn = SERIAL.lock().await;
    let server = TestServer::start(app()).await;
    take_log();
    let res = place(&server, 0, "x", None).await;
    assert_eq!(res.status(), 400);
    assert!(res.text().await.unwrap().contains("`id` must not be 0"));
    let log = take_log();
    assert!(!log.iter().any(|l| l.starts_with("handler")), "{log:?}");
    assert_eq!(
        &log[log.len() - 4..],
        [
            "pipe method id",
            "filter method",
            "filter controller",
            "filter app"
        ]
    );

    let (status, body) = server
        .send(server.post("/orders/abc", "text/plain", "x"))
        .await;
    assert_eq!(status, 400);
    assert!(body.contains("path parameter `id`"), "{body}");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a6_custom_error_handler_answers_uncaught_exceptions() {
    let _turn = SERIAL.lock().await;
    let app = App::new(NativeAdapter::new())
        .controller(Orders)
        .error_handler(|e: Exception, host: &Host| {
            let what = match e.downcast_ref::<OrderError>() {
                Some(o) => format!("{o:?}"),
                None => e
                    .downcast_ref::<HttpError>()
                    .map_or("?".into(), |h| h.message().to_string()),
            };
            (
                StatusCode::IM_A_TEAPOT,
                format!("handled {what} in {}", host.handler),
            )
                .into_response()
        });
    let server = TestServer::start(app).await;
    // The controller's filter still catches `Taken` first.
    assert_eq!(place(&server, 1, "TAKEN", None).await.status(), 409);
    let res = place(&server, 1, "BROKEN", None).await;
    assert_eq!(res.status(), 418);
    assert_eq!(res.text().await.unwrap(), "handled Broken in Orders::place");
    let res = place(&server, 0, "x", None).await;
    assert_eq!(res.status(), 418);
    assert_eq!(
        res.text().await.unwrap(),
        "handled `id` must not be 0 in Orders::place"
    );
    server.stop().await.unwrap();
    take_log();
}
