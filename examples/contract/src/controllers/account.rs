//! `/account`, neutral: every kind of security scheme of `tether.toml`
//! (SPEC E4). The framework answers `401` when no credential of a required
//! scheme is present; whether one is *valid* is the app's to say, here in
//! the `CurrentUser` extractor, so a wrong token is a `401` too. A roles
//! guard reads route metadata (`#[metadata(Roles(..))]`, SPEC E3) and
//! answers `403`.

use serde::{Deserialize, Serialize};
use tether::extract::cookie::find as find_cookie;
use tether::pipeline::security::{BasicAuth, BearerToken};
use tether::response::cookie::SetCookie;
use tether::{controller, FromRequest, Guard, HttpError, Request, WithHeaders};

/// The fixture's users: `(name, password, role)`. A user's bearer token,
/// API key and session id are all `<name>-secret` (deterministic, so the
/// end-to-end test can send a known one).
const USERS: [(&str, &str, &str); 2] = [("ada", "lovelace", "admin"), ("bob", "builder", "reader")];

fn by_name(name: &str) -> Option<CurrentUser> {
    USERS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(n, _, role)| CurrentUser {
            name: n.to_string(),
            role: role.to_string(),
        })
}

fn by_secret(secret: &str) -> Option<CurrentUser> {
    by_name(secret.strip_suffix("-secret")?)
}

/// Who is calling, from whichever credential the request carries.
#[derive(Debug, Clone, Serialize)]
pub struct CurrentUser {
    /// The user's name.
    pub name: String,
    /// `admin` or `reader`.
    pub role: String,
}

impl FromRequest for CurrentUser {
    async fn from_request(req: &mut Request) -> Result<Self, HttpError> {
        let refused = || HttpError::unauthorized("unknown or wrong credential");
        if let Some(user) = req.extensions().get::<CurrentUser>() {
            return Ok(user.clone());
        }
        let auth = req.header("authorization").unwrap_or_default();
        if auth.len() > 6 && auth[..6].eq_ignore_ascii_case("basic ") {
            let BasicAuth { username, password } = BasicAuth::from_request(req).await?;
            let known = USERS
                .iter()
                .any(|(n, p, _)| *n == username && *p == password);
            return known
                .then(|| by_name(&username))
                .flatten()
                .ok_or_else(refused);
        }
        if !auth.is_empty() {
            let BearerToken(token) = BearerToken::from_request(req).await?;
            return by_secret(&token).ok_or_else(refused);
        }
        if let Some(key) = req.header("x-api-key") {
            return by_secret(key).ok_or_else(refused);
        }
        let query = req.query_string().unwrap_or_default().as_bytes();
        if let Some((_, key)) = form_urlencoded::parse(query).find(|(k, _)| k == "key") {
            return by_secret(&key).ok_or_else(refused);
        }
        match find_cookie(req, "sid") {
            Some(sid) => by_secret(sid).ok_or_else(refused),
            None => Err(HttpError::unauthorized("this route needs a credential")),
        }
    }
}

/// Route metadata: the roles a route admits.
pub struct Roles(pub &'static [&'static str]);

/// Admits the caller when their role is one of the route's `Roles`.
pub struct RolesGuard;

impl Guard for RolesGuard {
    async fn can_activate(&self, req: &mut Request) -> Result<bool, HttpError> {
        let user = CurrentUser::from_request(req).await?;
        let allowed = match req.metadata::<Roles>() {
            Some(Roles(roles)) => roles.contains(&user.role.as_str()),
            None => true,
        };
        req.extensions_mut().insert(user);
        Ok(allowed)
    }
}

/// `POST /account/token`'s body.
#[derive(Debug, Deserialize)]
pub struct Login {
    /// The user's name.
    pub username: String,
    /// Their password.
    pub password: String,
}

/// The headers of a login.
#[derive(Debug, Serialize)]
pub struct LoginHeaders {
    /// The session cookie, for the `session` scheme.
    #[serde(rename = "Set-Cookie")]
    pub session: SetCookie,
}

/// A bearer token for `Authorization: Bearer`.
#[derive(Debug, Serialize)]
pub struct Token {
    /// The token.
    pub token: String,
}

/// The account routes: a bearer token unless a route says otherwise.
pub struct AccountController;

#[controller("/account")]
#[version(neutral)]
#[security("bearer")]
impl AccountController {
    /// Trades a name and password for a bearer token, and sets the same
    /// secret as the `sid` session cookie (`WithHeaders`).
    #[post("/token")]
    #[public]
    async fn token(
        &self,
        #[body] login: Login,
    ) -> Result<WithHeaders<Token, LoginHeaders>, HttpError> {
        match USERS
            .iter()
            .any(|(n, p, _)| *n == login.username && *p == login.password)
        {
            true => {
                let secret = format!("{}-secret", login.username);
                let cookie = SetCookie::new("sid", secret.clone()).http_only().path("/");
                Ok(WithHeaders::new(
                    Token { token: secret },
                    LoginHeaders { session: cookie },
                ))
            }
            false => Err(HttpError::unauthorized("wrong name or password")),
        }
    }

    /// The caller, from a bearer token.
    #[get("/me")]
    async fn me(&self, user: CurrentUser) -> CurrentUser {
        user
    }

    /// The caller, from the `X-API-Key` header or a bearer token.
    #[get("/key")]
    #[security("api_key", "bearer")]
    async fn by_key(&self, user: CurrentUser) -> CurrentUser {
        user
    }

    /// The caller, from the `key` query parameter.
    #[get("/by-query")]
    #[security("query_key")]
    async fn by_query(&self, user: CurrentUser) -> CurrentUser {
        user
    }

    /// The caller, from `Authorization: Basic`.
    #[get("/basic")]
    #[security("basic")]
    async fn basic(&self, user: CurrentUser) -> CurrentUser {
        user
    }

    /// The caller, from the `sid` session cookie.
    #[get("/session")]
    #[security("session")]
    async fn session(&self, user: CurrentUser) -> CurrentUser {
        user
    }

    /// Admins only: a guard reads the route's `Roles` (a reader gets 403).
    #[get("/audit")]
    #[use_guards(RolesGuard)]
    #[metadata(Roles(&["admin"]))]
    async fn audit(&self, user: CurrentUser) -> Vec<String> {
        vec![format!("{} read the audit log", user.name)]
    }

    /// No credential needed, whatever the controller requires.
    #[get("/open")]
    #[public]
    async fn open(&self) -> &'static str {
        "open"
    }
}
