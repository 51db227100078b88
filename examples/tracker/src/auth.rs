//! Who is calling and what they may do: `POST /auth/login` trades a name
//! and password for a session token, sent back as a bearer token or kept
//! as the session cookie (see [`crate::session`]); the [`CurrentUser`]
//! extractor finds the session in the database, unless it has expired;
//! [`RolesGuard`] admits the roles a route's [`Roles`] metadata lists (the
//! method's over the controller's).

use crate::db::{Db, DbError};
pub use crate::model::{Role, User};
use crate::session::{now, Sessions};
use serde::{Deserialize, Serialize};
use tether::extract::context::Requires;
use tether::extract::cookie::find as find_cookie;
use tether::pipeline::security::BearerToken;
use tether::response::cookie::SetCookie;
use tether::{controller, ApiError, FromRequest, Guard, HttpError, Request, State, WithHeaders};

/// The caller of a secured route: the user of the session whose token
/// came as `Authorization: Bearer` or as the session cookie. An unknown,
/// ended or expired session is a `401`, checked on every request.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    /// The user.
    pub user: User,
    /// The session's token (to end it).
    pub token: String,
}

impl FromRequest for CurrentUser {
    async fn from_request(req: &mut Request) -> Result<Self, HttpError> {
        if let Some(found) = req.extensions().get::<CurrentUser>() {
            return Ok(found.clone());
        }
        let cookie = req.state::<Sessions>()?.cookie_name();
        let token = match req.header("authorization") {
            Some(_) => BearerToken::from_request(req).await?.0,
            None => find_cookie(req, cookie)
                .map(str::to_owned)
                .ok_or_else(|| HttpError::unauthorized("sign in first"))?,
        };
        let db = req.state::<Db>()?.clone();
        let user = db.session_user(token.clone(), now()).await.map_err(|e| {
            tracing::error!(error = %e, "reading a session");
            HttpError::internal("the database failed")
        })?;
        let user = user.ok_or_else(|| HttpError::unauthorized("unknown or ended session"))?;
        let current = CurrentUser { user, token };
        req.extensions_mut().insert(current.clone());
        Ok(current)
    }

    fn requires(deps: &mut Requires) {
        deps.state::<Db>();
        deps.state::<Sessions>();
    }
}

/// Route metadata: the roles a route admits.
pub struct Roles(pub &'static [Role]);

/// Admits the caller when their role is one of the route's [`Roles`]
/// (any signed-in user where a route lists none).
pub struct RolesGuard;

impl Guard for RolesGuard {
    async fn can_activate(&self, req: &mut Request) -> Result<bool, HttpError> {
        let current = CurrentUser::from_request(req).await?;
        Ok(match req.metadata::<Roles>() {
            Some(Roles(roles)) => roles.contains(&current.user.role),
            None => true,
        })
    }

    fn requires(&self, deps: &mut Requires) {
        CurrentUser::requires(deps);
    }
}

/// `POST /auth/login`'s body.
#[derive(Debug, Deserialize)]
pub struct Login {
    /// The login name.
    pub name: String,
    /// The password.
    pub password: String,
}

/// A new session.
#[derive(Debug, Serialize)]
pub struct Session {
    /// The bearer token: `Authorization: Bearer <token>`.
    pub token: String,
    /// Who signed in.
    pub user: User,
}

/// The headers of a login or a logout.
#[derive(Debug, Serialize)]
pub struct SessionCookie {
    /// The session cookie (set on login, expired on logout).
    #[serde(rename = "Set-Cookie")]
    pub cookie: SetCookie,
}

/// A logout's answer.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LoggedOut {
    /// Whether a session ended (false when it had already).
    pub ended: bool,
}

/// The errors of signing in and out.
#[derive(Debug, ApiError)]
pub enum AuthError {
    /// No user has this name and password.
    #[status(401, message = "wrong name or password")]
    WrongCredentials,
    /// The database failed; the log has the details.
    #[status(500, message = "the database failed")]
    Storage,
}

impl From<DbError> for AuthError {
    fn from(e: DbError) -> Self {
        tracing::error!(error = %e, "auth storage");
        AuthError::Storage
    }
}

/// A random 256-bit token, as hex.
fn new_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Signing in and out.
pub struct AuthController;

#[controller("/auth")]
#[security("bearer", "session", "session_http")]
impl AuthController {
    /// Signs in: a new session, as a bearer token and as the session cookie.
    ///
    /// The session lasts the app's session lifetime (8 hours by default);
    /// sessions that have expired are deleted.
    #[post("/login")]
    #[http_code(200)]
    #[public]
    async fn login(
        &self,
        db: State<Db>,
        sessions: State<Sessions>,
        #[body] login: Login,
    ) -> Result<WithHeaders<Session, SessionCookie>, AuthError> {
        let token = new_token();
        let stored = token.clone();
        let expires_at = sessions.expiry_from_now();
        let user = db
            .sign_in(login.name, login.password, stored, expires_at, now())
            .await?
            .ok_or(AuthError::WrongCredentials)?;
        let cookie = sessions.cookie(&token);
        Ok(WithHeaders::new(
            Session { token, user },
            SessionCookie { cookie },
        ))
    }

    /// The caller.
    #[get("/me")]
    async fn me(&self, current: CurrentUser) -> User {
        current.user
    }

    /// Ends the caller's session and expires the cookie.
    #[post("/logout")]
    #[http_code(200)]
    async fn logout(
        &self,
        db: State<Db>,
        sessions: State<Sessions>,
        current: CurrentUser,
    ) -> Result<WithHeaders<LoggedOut, SessionCookie>, AuthError> {
        let token = current.token;
        let ended = db.end_session(token).await?;
        let cookie = sessions.removal();
        Ok(WithHeaders::new(
            LoggedOut { ended },
            SessionCookie { cookie },
        ))
    }
}
