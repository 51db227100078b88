//! SPEC A6 (middleware) and A10 (no middleware, no chain) on a live server.

use std::sync::{Arc, Mutex};
use tether::{controller, App, HttpError, IntoResponse, NativeAdapter, Next, Request, Response};
use tether_tests::TestServer;

struct EchoController;

#[controller("/echo")]
impl EchoController {
    #[get]
    async fn echo(&self, #[header("x-seen")] seen: Option<String>) -> String {
        format!("handler saw {}", seen.unwrap_or_default())
    }
}

type Log = Arc<Mutex<Vec<String>>>;

fn recorder(log: &Log, name: &'static str) -> impl tether::Middleware {
    let log = log.clone();
    move |mut req: Request, next: Next| {
        let log = log.clone();
        async move {
            log.lock().unwrap().push(format!("{name} before"));
            let seen = req.header("x-seen").unwrap_or("").to_string();
            let value = format!("{seen}{name};");
            req.headers_mut().insert("x-seen", value.parse().unwrap());
            let mut res = next.run(req).await;
            log.lock().unwrap().push(format!("{name} after"));
            res.headers_mut()
                .append("x-middleware", name.parse().unwrap());
            res
        }
    }
}

/// A middleware written as a type.
struct Blocker;

impl tether::Middleware for Blocker {
    async fn handle(&self, req: Request, next: Next) -> Response {
        if req.header("x-block").is_some() {
            return HttpError::forbidden("blocked by middleware").into_response();
        }
        next.run(req).await
    }
}

#[tokio::test]
async fn a6_middleware_runs_in_order_and_modifies_request_and_response() {
    let log: Log = Arc::default();
    let app = App::new(NativeAdapter::new())
        .controller(EchoController)
        .use_middleware(recorder(&log, "first"))
        .use_middleware(recorder(&log, "second"));
    let server = TestServer::start(app).await;
    let res = server.client.get(server.url("/echo")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let tags: Vec<_> = res
        .headers()
        .get_all("x-middleware")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect();
    // The inner middleware sees the response first.
    assert_eq!(tags, ["second", "first"]);
    assert_eq!(res.text().await.unwrap(), "handler saw first;second;");
    assert_eq!(
        *log.lock().unwrap(),
        [
            "first before",
            "second before",
            "second after",
            "first after"
        ]
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a6_middleware_short_circuits() {
    let log: Log = Arc::default();
    let app = App::new(NativeAdapter::new())
        .controller(EchoController)
        .use_middleware(recorder(&log, "outer"))
        .use_middleware(Blocker)
        .use_middleware(recorder(&log, "never"));
    let server = TestServer::start(app).await;
    let (status, body) = server
        .send(
            server
                .client
                .get(server.url("/echo"))
                .header("x-block", "1"),
        )
        .await;
    assert_eq!(status, 403);
    assert!(body.contains("blocked by middleware"), "{body}");
    assert_eq!(*log.lock().unwrap(), ["outer before", "outer after"]);
    // Without the header the whole chain and the handler run.
    let (status, body) = server.get("/echo").await;
    assert_eq!((status, body.as_str()), (200, "handler saw outer;never;"));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a6_middleware_sees_unrouted_requests_and_can_rewrite_404s() {
    let app = App::new(NativeAdapter::new())
        .controller(EchoController)
        .use_middleware(|req: Request, next: Next| async move {
            let res = next.run(req).await;
            if res.status() == 404 {
                return (tether::StatusCode::GONE, "moved away").into_response();
            }
            res
        });
    let server = TestServer::start(app).await;
    assert_eq!(
        server.get("/nowhere").await,
        (410, "moved away".to_string())
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a6_a10_no_middleware_means_no_chain() {
    let bare = App::new(NativeAdapter::new()).controller(EchoController);
    let (_, service) = bare.into_service().unwrap();
    assert_eq!(service.middleware_count(), 0);
    let with = App::new(NativeAdapter::new())
        .controller(EchoController)
        .use_middleware(Blocker)
        .enable_cors(tether::Cors::new());
    let (_, service) = with.into_service().unwrap();
    assert_eq!(service.middleware_count(), 2);
}

#[tokio::test]
async fn a6_custom_not_found_handler() {
    let app = App::new(NativeAdapter::new())
        .controller(EchoController)
        .not_found_handler(|req: &Request| format!("no route for {}", req.path()));
    let server = TestServer::start(app).await;
    assert_eq!(
        server.get("/missing/page").await,
        (404, "no route for /missing/page".to_string())
    );
    assert_eq!(server.get("/echo").await.0, 200);
    server.stop().await.unwrap();
}
