//! Who is calling and what they may do: `POST /auth/login` trades a name
//! and password for a session token, sent back as a bearer token or kept
//! as the session cookie (see [`crate::session`]); the [`CurrentUser`]
//! extractor finds the session in the database, unless it has expired;
//! [`RolesGuard`] admits the roles a route's [`Roles`] metadata lists (the
//! method's over the controller's).

use crate::db::{Db, DbError};
use crate::session::{now, Sessions};
use serde::{Deserialize, Serialize};
use tether::extract::context::Requires;
use tether::extract::cookie::find as find_cookie;
use tether::pipeline::security::BearerToken;
use tether::response::cookie::SetCookie;
use tether::{controller, ApiError, FromRequest, Guard, HttpError, Request, State, WithHeaders};

/// What a user may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Creates and deletes projects.
    Admin,
    /// Reads projects and files tickets.
    Member,
}

impl Role {
    fn parse(text: &str) -> Role {
        match text {
            "admin" => Role::Admin,
            _ => Role::Member,
        }
    }
}

/// A user, as the API shows one.
#[derive(Debug, Clone, Serialize)]
pub struct User {
    /// The user's id.
    pub id: i64,
    /// Their login name.
    pub name: String,
    /// What they may do.
    pub role: Role,
}

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
        let user = session_user(&db, token.clone()).await.map_err(|e| {
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

/// The user of the session `token`, if it exists and has not expired.
async fn session_user(db: &Db, token: String) -> Result<Option<User>, DbError> {
    db.call(move |conn| {
        let mut stmt = conn.prepare_cached(
            "SELECT u.id, u.name, u.role FROM sessions s JOIN users u ON u.id = s.user_id
             WHERE s.token = ?1 AND s.expires_at > ?2",
        )?;
        let mut rows = stmt.query((token, now()))?;
        match rows.next()? {
            Some(row) => Ok(Some(User {
                id: row.get(0)?,
                name: row.get(1)?,
                role: Role::parse(&row.get::<_, String>(2)?),
            })),
            None => Ok(None),
        }
    })
    .await
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
            .call(move |conn| {
                let tx = conn.transaction()?;
                let user = tx
                    .query_row(
                        "SELECT id, name, role FROM users WHERE name = ?1 AND password = ?2",
                        (&login.name, &login.password),
                        |row| {
                            Ok(User {
                                id: row.get(0)?,
                                name: row.get(1)?,
                                role: Role::parse(&row.get::<_, String>(2)?),
                            })
                        },
                    )
                    .map(Some)
                    .or_else(|e| match e {
                        rusqlite::Error::QueryReturnedNoRows => Ok(None),
                        e => Err(e),
                    })?;
                tx.execute("DELETE FROM sessions WHERE expires_at <= ?1", [now()])?;
                if let Some(user) = &user {
                    tx.execute(
                        "INSERT INTO sessions (token, user_id, expires_at) VALUES (?1, ?2, ?3)",
                        (&stored, user.id, expires_at),
                    )?;
                }
                tx.commit()?;
                Ok(user)
            })
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
        let ended = db
            .call(move |conn| conn.execute("DELETE FROM sessions WHERE token = ?1", [token]))
            .await?;
        let cookie = sessions.removal();
        Ok(WithHeaders::new(
            LoggedOut { ended: ended > 0 },
            SessionCookie { cookie },
        ))
    }
}
