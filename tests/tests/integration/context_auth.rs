//! SPEC E2–E4 on a real server: user extractors (`FromRequest`), app state
//! (`App::provide`, `State<T>`) in handlers, guards, interceptors, pipes
//! and filters; typed extensions from a guard to a handler; cookies; route
//! metadata read by a guard, the method's over the controller's; security
//! requirements answered 401 before guards, `#[public]` lifting them; a
//! missing provider stops the app at startup; the tracker example's
//! sessions: a `Secure`, host-bound cookie with `Max-Age`, and an expiry
//! checked on every request.

use std::any::Any;
use std::sync::atomic::{AtomicUsize, Ordering};
use tether::extract::context::Requires;
use tether::pipeline::security::{BearerToken, Security};
use tether::pipeline::{
    ArgMeta, CallHandler, Exception, ExceptionFilter, Guard, Host, Interceptor, Pipe,
};
use tether::{
    controller, App, AppError, Extension, FromRequest, HttpError, IntoResponse, NativeAdapter,
    Request, Response, State,
};
use tether_tests::TestServer;

/// The app's user table (state provided once).
struct Users(Vec<(&'static str, &'static str, &'static str)>);

/// How many requests the interceptor saw (state read by an interceptor).
#[derive(Default)]
struct Hits(AtomicUsize);

#[derive(Debug, Clone)]
struct CurrentUser {
    name: String,
    role: String,
}

impl FromRequest for CurrentUser {
    async fn from_request(req: &mut Request) -> Result<Self, HttpError> {
        let BearerToken(token) = BearerToken::from_request(req).await?;
        let users = req.state::<Users>()?;
        users
            .0
            .iter()
            .find(|(t, _, _)| *t == token)
            .map(|(_, name, role)| CurrentUser {
                name: name.to_string(),
                role: role.to_string(),
            })
            .ok_or_else(|| HttpError::unauthorized("unknown token"))
    }

    fn requires(deps: &mut Requires) {
        deps.state::<Users>();
    }
}

/// Route metadata: the roles a route admits.
struct Roles(&'static [&'static str]);

/// Reads `Roles` and the route's `Security`; stores the user as an
/// extension for handlers.
struct RolesGuard;

impl Guard for RolesGuard {
    async fn can_activate(&self, req: &mut Request) -> Result<bool, HttpError> {
        if req.metadata::<Security>().is_some_and(Security::is_public) {
            return Ok(true);
        }
        let user = CurrentUser::from_request(req).await?;
        let allowed = match req.metadata::<Roles>() {
            Some(Roles(roles)) => roles.contains(&user.role.as_str()),
            None => true,
        };
        req.extensions_mut().insert(user);
        Ok(allowed)
    }

    fn requires(&self, deps: &mut Requires) {
        deps.state::<Users>();
    }
}

struct Count;

impl Interceptor for Count {
    async fn intercept(&self, req: Request, next: CallHandler) -> Result<Response, Exception> {
        let n = req.state::<Hits>()?.0.fetch_add(1, Ordering::Relaxed) + 1;
        let mut res = next.handle(req).await?;
        res.headers_mut().insert("x-hits", n.into());
        Ok(res)
    }

    fn requires(&self, deps: &mut Requires) {
        deps.state::<Hits>();
    }
}

/// A pipe reading state: upper-cases `String` arguments when `Shout` is provided.
struct Shout(bool);
struct Loud;

impl Pipe for Loud {
    fn transform(&self, value: &mut dyn Any, meta: &ArgMeta) -> Result<(), HttpError> {
        if let (Some(s), true) = (value.downcast_mut::<String>(), meta.state::<Shout>()?.0) {
            *s = s.to_uppercase();
        }
        Ok(())
    }

    fn requires(&self, deps: &mut Requires) {
        deps.state::<Shout>();
    }
}

/// A filter reading state: turns 404s into the provided message.
struct NotFoundText(&'static str);
struct Friendly;

impl ExceptionFilter for Friendly {
    fn catch(&self, e: Exception, host: &Host) -> Result<Response, Exception> {
        match (e.downcast_ref::<HttpError>(), host.state::<NotFoundText>()) {
            (Some(h), Ok(text)) if h.status().as_u16() == 404 => {
                Ok(HttpError::not_found(text.0).into_response())
            }
            _ => Err(e),
        }
    }
}

struct Admin;

#[controller("/admin")]
#[security("bearer")]
#[use_guards(RolesGuard)]
#[metadata(Roles(&["admin"]))]
impl Admin {
    /// Admins only (the controller's roles).
    #[get("/me")]
    async fn me(&self, user: Extension<CurrentUser>) -> String {
        format!("{} ({})", user.name, user.role)
    }

    /// Readers too: the method's metadata overrides the controller's.
    #[get("/books")]
    #[metadata(Roles(&["admin", "reader"]))]
    async fn books(&self, user: CurrentUser, users: State<Users>) -> String {
        format!("{} of {} users", user.name, users.0 .0.len())
    }

    /// No credential needed.
    #[get("/open")]
    #[public]
    async fn open(&self, user: Option<CurrentUser>) -> String {
        user.map_or("anonymous".into(), |u| u.name)
    }
}

struct Misc;

#[controller("/misc")]
#[use_interceptors(Count)]
#[use_pipes(Loud)]
#[use_filters(Friendly)]
impl Misc {
    #[get("/cookie")]
    async fn cookie(
        &self,
        #[cookie("sid")] sid: Option<String>,
        #[cookie("n")] n: Option<u32>,
    ) -> String {
        format!("{sid:?} {n:?}")
    }

    #[get("/echo/:word")]
    async fn echo(&self, #[param] word: String) -> String {
        word
    }

    #[get("/missing")]
    async fn missing(&self) -> Result<String, HttpError> {
        Err(HttpError::not_found("x"))
    }

    #[get("/key")]
    #[security("api_key", "session")]
    async fn key(&self) -> &'static str {
        "in"
    }
}

/// Secured by bearer, with routes that check the credential and routes
/// that do not (issue 31: the latter are warned about at startup).
struct Loose;

#[controller("/loose")]
#[security("bearer")]
impl Loose {
    /// Nothing reads the token: any well-formed one is let in.
    #[get("/open-door")]
    async fn open_door(&self) -> &'static str {
        "in"
    }

    /// App state is no credential check either.
    #[get("/stateful")]
    async fn stateful(&self, users: State<Users>) -> String {
        users.0 .0.len().to_string()
    }

    /// The token itself, for the handler to check.
    #[get("/token")]
    async fn token(&self, token: BearerToken) -> String {
        token.0
    }

    /// The raw header, for the handler to check.
    #[get("/header")]
    async fn header(&self, #[header("Authorization")] auth: String) -> String {
        auth
    }

    /// An apiKey scheme's header.
    #[get("/key")]
    #[security("api_key")]
    async fn key(&self, #[header("x-api-key")] key: String) -> String {
        key
    }

    /// The caller, checked by the extractor.
    #[get("/user")]
    async fn user(&self, user: CurrentUser) -> String {
        user.name
    }

    /// No requirement, nothing to check.
    #[get("/free")]
    #[public]
    async fn free(&self) -> &'static str {
        "free"
    }
}

/// The messages of the `tether::security` events sent while building
/// `app` on this thread.
fn security_warnings(app: App) -> Vec<String> {
    use std::sync::{Arc, Mutex};
    use tracing::field::{Field, Visit};
    use tracing_subscriber::layer::SubscriberExt;

    struct Message<'a>(&'a mut String);
    impl Visit for Message<'_> {
        fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
            if field.name() == "message" {
                *self.0 = format!("{value:?}");
            }
        }
    }
    struct Warnings(Arc<Mutex<Vec<String>>>);
    impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Warnings {
        fn on_event(
            &self,
            event: &tracing::Event<'_>,
            _: tracing_subscriber::layer::Context<'_, S>,
        ) {
            let meta = event.metadata();
            if meta.target() == tether::pipeline::security::TARGET
                && *meta.level() == tracing::Level::WARN
            {
                let mut message = String::new();
                event.record(&mut Message(&mut message));
                self.0.lock().unwrap().push(message);
            }
        }
    }
    let seen = Arc::new(Mutex::new(Vec::new()));
    let subscriber = tracing_subscriber::registry().with(Warnings(seen.clone()));
    crate::thread_subscriber::with_default(subscriber, || app.build().map(drop)).unwrap();
    let seen = seen.lock().unwrap();
    seen.clone()
}

/// Issue 31: a route that requires a scheme but has no guard and no
/// argument that may check the credential admits any well-formed one
/// while the document says it is secured: building the app warns, naming
/// each such route and what to add, and only those.
#[tokio::test]
async fn e4_a_secured_route_nothing_checks_is_warned_about_at_startup() {
    let warnings = security_warnings(app().controller(Loose));
    let named = |route: &str| warnings.iter().filter(|w| w.contains(route)).count();
    for route in [
        "GET /loose/open-door (Loose::open_door) requires `bearer`",
        "GET /loose/stateful (Loose::stateful) requires `bearer`",
        "GET /misc/key (Misc::key) requires `api_key` or `session`",
    ] {
        assert_eq!(named(route), 1, "{route} in {warnings:#?}");
    }
    assert_eq!(warnings.len(), 3, "{warnings:#?}");
    assert!(
        warnings[0].contains("nothing checks the credential")
            && warnings[0].contains("add a guard (`#[use_guards(..)]` or `App::use_guards`)"),
        "{}",
        warnings[0]
    );
    // What it warns about: any token reaches such a route.
    let s = TestServer::start(app().controller(Loose)).await;
    let (status, body, _) = get(
        &s,
        "/loose/open-door",
        &[("authorization", "Bearer anything")],
    )
    .await;
    assert_eq!((status, body.as_str()), (200, "in"));
    s.stop().await.unwrap();
    // An app-wide guard checks every route: no warning.
    assert_eq!(
        security_warnings(app().controller(Loose).use_guards(RolesGuard)),
        Vec::<String>::new()
    );
}

fn app() -> App {
    App::new(NativeAdapter::new())
        .provide(Users(vec![
            ("t-ada", "ada", "admin"),
            ("t-bob", "bob", "reader"),
        ]))
        .provide(Hits::default())
        .provide(Shout(true))
        .provide(NotFoundText("nothing here"))
        .controller(Admin)
        .controller(Misc)
}

async fn get(
    server: &TestServer,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, String, reqwest::header::HeaderMap) {
    let mut req = server.client.get(server.url(path));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = req.send().await.unwrap();
    let (status, headers) = (res.status().as_u16(), res.headers().clone());
    (status, res.text().await.unwrap(), headers)
}

#[tokio::test]
async fn e2_e3_e4_extractors_state_metadata_and_security() {
    let server = TestServer::start(app()).await;
    let ada = [("authorization", "Bearer t-ada")];
    let bob = [("authorization", "Bearer t-bob")];
    // E4: no credential is a 401 with a challenge, before the guard runs.
    let (status, body, headers) = get(&server, "/admin/me", &[]).await;
    assert_eq!(status, 401, "{body}");
    assert!(body.contains("Authorization: Bearer <token>"), "{body}");
    assert_eq!(headers["www-authenticate"], "Bearer");
    // A credential the extractor does not know: the guard's 401.
    let (status, body, _) = get(&server, "/admin/me", &[("authorization", "Bearer nope")]).await;
    assert_eq!(
        (status, body.contains("unknown token")),
        (401, true),
        "{body}"
    );
    // E3: controller metadata admits admins only; E2: the guard's extension.
    assert_eq!(get(&server, "/admin/me", &ada).await.1, "ada (admin)");
    assert_eq!(get(&server, "/admin/me", &bob).await.0, 403);
    // The method's metadata overrides the controller's; extractor + state.
    assert_eq!(get(&server, "/admin/books", &bob).await.1, "bob of 2 users");
    // #[public]: no 401, the guard sees the public Security and lets it in.
    assert_eq!(get(&server, "/admin/open", &[]).await.1, "anonymous");
    assert_eq!(get(&server, "/admin/open", &ada).await.1, "ada");
    // apiKey alternatives: a header key or the session cookie.
    assert_eq!(get(&server, "/misc/key", &[]).await.0, 401);
    assert_eq!(
        get(&server, "/misc/key", &[("x-api-key", "k")]).await.1,
        "in"
    );
    assert_eq!(
        get(&server, "/misc/key", &[("cookie", "a=1; sid=s1")])
            .await
            .1,
        "in"
    );
    assert_eq!(
        get(&server, "/misc/key", &[("cookie", "sid=")]).await.0,
        401
    );
    // Issue 31: an empty header key is no key, as an empty query or cookie
    // key is not (the handler saw `""` before).
    for empty in ["", " "] {
        assert_eq!(
            get(&server, "/misc/key", &[("x-api-key", empty)]).await.0,
            401,
            "{empty:?}"
        );
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn e2_state_in_interceptors_pipes_filters_and_cookies() {
    let server = TestServer::start(app()).await;
    let (_, body, headers) = get(&server, "/misc/echo/hi", &[]).await;
    assert_eq!(body, "HI", "the pipe read `Shout` from the state");
    assert_eq!(headers["x-hits"], "1");
    assert_eq!(get(&server, "/misc/echo/x", &[]).await.2["x-hits"], "2");
    let (status, body, _) = get(&server, "/misc/missing", &[]).await;
    assert_eq!(
        (status, body.contains("nothing here")),
        (404, true),
        "{body}"
    );
    // Cookies (the pipe changes `String`s, not these `Option<String>`s).
    let (_, body, _) = get(&server, "/misc/cookie", &[("cookie", "sid=abc; n=7")]).await;
    assert_eq!(body, "Some(\"abc\") Some(7)");
    let (status, body, _) = get(&server, "/misc/cookie", &[("cookie", "n=seven")]).await;
    assert_eq!(status, 400);
    assert!(body.contains("invalid cookie `n`"), "{body}");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn e2_hostile_cookies_and_tokens() {
    let server = TestServer::start(app()).await;
    // Malformed cookie headers read as no cookie, never as an error.
    for cookie in [";;;", "=", "sid", "sid;n", "\"sid\"=x", "n=\"7"] {
        let (status, body, _) = get(&server, "/misc/cookie", &[("cookie", cookie)]).await;
        assert!(
            status == 200 || status == 400,
            "{cookie:?}: {status} {body}"
        );
        assert!(
            !body.contains("Some(\"") || cookie.contains("sid="),
            "{cookie:?}: {body}"
        );
    }
    // An oversized cookie header (200 KiB) with the cookie at its end.
    let big = format!("{}; sid=end", "pad=x; ".repeat(30_000));
    let (status, body, _) = get(&server, "/misc/cookie", &[("cookie", &big)]).await;
    assert_eq!((status, body.as_str()), (200, "Some(\"end\") None"));
    // Bearer tokens with tabs, spaces or non-ASCII bytes: 401 "malformed".
    for token in ["Bearer a\tb", "Bearer a b", "Bearer =", "Bearer t-ada,x"] {
        let (status, body, _) = get(&server, "/admin/me", &[("authorization", token)]).await;
        assert_eq!(status, 401, "{token:?}");
        assert!(body.contains("malformed"), "{token:?}: {body}");
    }
    let res = server
        .client
        .get(server.url("/admin/me"))
        .header(
            "authorization",
            reqwest::header::HeaderValue::from_bytes(b"Bearer t-\xffada").unwrap(),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 401);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn e2_missing_provider_is_a_startup_error_naming_the_type() {
    let without_users = App::new(NativeAdapter::new())
        .provide(Hits::default())
        .provide(Shout(false))
        .controller(Admin)
        .controller(Misc);
    let e = without_users.into_service().err().expect("startup fails");
    let text = e.to_string();
    assert!(matches!(e, AppError::MissingProvider(_)));
    assert!(
        text.contains("Users") && text.contains(".provide("),
        "{text}"
    );
    // State read only by an interceptor, a pipe: also checked.
    let e = App::new(NativeAdapter::new())
        .controller(Misc)
        .into_service()
        .err()
        .unwrap();
    assert!(e.to_string().contains("Hits"), "{e}");
    let e = App::new(NativeAdapter::new())
        .provide(Hits::default())
        .controller(Misc)
        .into_service()
        .err()
        .unwrap();
    assert!(e.to_string().contains("Shout"), "{e}");
    // State read only by a handler's extractor argument.
    let e = App::new(NativeAdapter::new())
        .controller(OnlyState)
        .into_service()
        .err()
        .unwrap();
    assert!(
        e.to_string()
            .contains("OnlyState::count reads app state of type `integration::context_auth::Hits`"),
        "{e}"
    );
    assert!(App::new(NativeAdapter::new())
        .provide(Hits::default())
        .controller(OnlyState)
        .into_service()
        .is_ok());
}

struct OnlyState;

#[controller("/only")]
impl OnlyState {
    #[get]
    async fn count(&self, hits: State<Hits>) -> String {
        let Hits(n) = &*hits;
        n.load(Ordering::Relaxed).to_string()
    }
}

/// The tracker signed in as ada: the session's token and its `Set-Cookie`.
async fn tracker_sign_in(server: &TestServer) -> (String, String) {
    let res = server
        .client
        .post(server.url("/api/v1/auth/login"))
        .json(&serde_json::json!({ "name": "ada", "password": "lovelace" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    let body: serde_json::Value = res.json().await.unwrap();
    (body["token"].as_str().unwrap().to_string(), cookie)
}

/// `GET /api/v1/auth/me`'s status with `token` as the bearer token and as
/// the cookie `cookie_name`.
async fn tracker_me(server: &TestServer, token: &str, cookie_name: &str) -> [u16; 2] {
    let me = server.url("/api/v1/auth/me");
    let bearer = server.client.get(&me).bearer_auth(token).send();
    let cookie = format!("{cookie_name}={token}");
    let by_cookie = server.client.get(&me).header("cookie", cookie).send();
    [
        bearer.await.unwrap().status().as_u16(),
        by_cookie.await.unwrap().status().as_u16(),
    ]
}

/// Issue 31, item 9: the tracker's session cookie is `Secure`, bound to the
/// host (`__Host-`), and says how long it lasts; a session is refused once
/// its expiry passes, by bearer token and by cookie alike, on the next
/// request (the expiry is checked on every request, not at sign-in).
#[tokio::test]
async fn e2_tracker_sessions_expire_and_their_cookie_is_secure() {
    use tracker::session::Sessions;
    let db = tracker::db::Db::in_memory().unwrap();
    let server = TestServer::start(tracker::app(db.clone())).await;
    let (token, cookie) = tracker_sign_in(&server).await;
    assert_eq!(
        cookie,
        format!(
            "__Host-tracker_session={token}; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=28800"
        )
    );
    assert_eq!(
        tracker_me(&server, &token, "__Host-tracker_session").await,
        [200, 200]
    );
    assert_eq!(
        tracker_me(&server, &token, "tracker_session").await,
        [200, 401]
    );
    // The same session, its expiry passed (the database's clock moved on).
    db.call(|conn| conn.execute("UPDATE sessions SET expires_at = unixepoch() - 1", []))
        .await
        .unwrap();
    assert_eq!(
        tracker_me(&server, &token, "__Host-tracker_session").await,
        [401, 401]
    );
    server.stop().await.unwrap();

    // A short lifetime, as configured: Max-Age says it, and after it the session is gone.
    let lifetime = std::time::Duration::from_secs(1);
    let sessions = Sessions::new().lifetime(lifetime);
    let db = tracker::db::Db::in_memory().unwrap();
    let server = TestServer::start(tracker::app_with(db, sessions)).await;
    let (token, cookie) = tracker_sign_in(&server).await;
    assert!(cookie.ends_with("; Max-Age=1"), "{cookie}");
    tokio::time::sleep(lifetime * 2).await;
    assert_eq!(
        tracker_me(&server, &token, "__Host-tracker_session").await,
        [401, 401]
    );
    server.stop().await.unwrap();
}

/// Issue 31, item 9: on plain HTTP away from `localhost`, where browsers
/// refuse a `Secure` cookie, `Sessions::insecure_cookie` drops `Secure` and
/// the `__Host-` prefix, and the cookie still signs the user in.
#[tokio::test]
async fn e2_tracker_insecure_cookie_for_plain_http() {
    use tracker::session::Sessions;
    let db = tracker::db::Db::in_memory().unwrap();
    let sessions = Sessions::new().insecure_cookie();
    let server = TestServer::start(tracker::app_with(db, sessions)).await;
    let (token, cookie) = tracker_sign_in(&server).await;
    assert_eq!(
        cookie,
        format!("tracker_session={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age=28800")
    );
    assert_eq!(
        tracker_me(&server, &token, "tracker_session").await,
        [200, 200]
    );
    server.stop().await.unwrap();
}
