//! How sessions are kept: how long one lasts, and the cookie that carries
//! it to a browser. Provided to the app as state ([`crate::app_with`]).
//!
//! By default the cookie is `__Host-tracker_session=…; HttpOnly;
//! SameSite=Lax; Secure; Path=/; Max-Age=28800`: sent over HTTPS only,
//! bound to this host (the `__Host-` prefix: no `Domain`, `Path=/`,
//! `Secure`, so no subdomain can set or shadow it), gone from the browser
//! when the session ends. Chromium accepts a `Secure` cookie from
//! `http://localhost` and `http://127.0.0.1` as from HTTPS, Firefox (75 on)
//! from `http://localhost`; Safari does not, and no browser does from any
//! other `http://` address. To run on plain HTTP there,
//! [`Sessions::insecure_cookie`] (`TRACKER_INSECURE_COOKIE=1`) drops
//! `Secure` and the prefix: the cookie is `tracker_session` (the document's
//! `session_http` scheme).

use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tether::response::cookie::{SameSite, SetCookie};

/// The session cookie's name over HTTPS, as `tether.toml`'s `session`
/// scheme says.
pub const SESSION_COOKIE: &str = "__Host-tracker_session";

/// The cookie's name with [`Sessions::insecure_cookie`]: without `Secure`,
/// a browser refuses the `__Host-` prefix (`tether.toml`'s `session_http`
/// scheme).
pub const INSECURE_SESSION_COOKIE: &str = "tracker_session";

/// A session's lifetime unless told otherwise: 8 hours, a working day.
pub const DEFAULT_LIFETIME: Duration = Duration::from_secs(8 * 60 * 60);

/// The sessions' lifetime and cookie.
#[derive(Debug, Clone)]
pub struct Sessions {
    lifetime: Duration,
    secure: bool,
}

impl Default for Sessions {
    fn default() -> Self {
        Sessions::new()
    }
}

impl Sessions {
    /// Sessions of [`DEFAULT_LIFETIME`], with the `Secure` cookie.
    pub fn new() -> Self {
        Sessions {
            lifetime: DEFAULT_LIFETIME,
            secure: true,
        }
    }

    /// How long a session lasts from sign-in; a request after that is a
    /// `401`, as after a logout.
    ///
    /// # Panics
    /// Below one second (the cookie's `Max-Age` counts whole seconds).
    pub fn lifetime(mut self, lifetime: Duration) -> Self {
        assert!(
            lifetime.as_secs() >= 1,
            "Sessions::lifetime: {lifetime:?} is under a second, the smallest a cookie's Max-Age can say"
        );
        self.lifetime = lifetime;
        self
    }

    /// A cookie without `Secure` and the `__Host-` prefix, for plain HTTP
    /// on an address a browser does not trust as it trusts `localhost`
    /// (or for Safari). Never behind HTTPS: the cookie would travel in
    /// clear on any `http://` request to the host.
    pub fn insecure_cookie(mut self) -> Self {
        self.secure = false;
        self
    }

    /// The settings of the environment: `TRACKER_SESSION_SECONDS` (the
    /// lifetime, default 8 hours) and `TRACKER_INSECURE_COOKIE=1` (see
    /// [`Sessions::insecure_cookie`]).
    pub fn from_env() -> Result<Sessions, String> {
        let mut sessions = Sessions::new();
        if let Ok(text) = std::env::var("TRACKER_SESSION_SECONDS") {
            let seconds = text
                .parse::<u64>()
                .ok()
                .filter(|s| *s >= 1)
                .ok_or_else(|| {
                    format!(
                        "TRACKER_SESSION_SECONDS is `{text}`: a whole number of seconds, 1 or more"
                    )
                })?;
            sessions = sessions.lifetime(Duration::from_secs(seconds));
        }
        match std::env::var("TRACKER_INSECURE_COOKIE").as_deref() {
            Ok("1") => sessions = sessions.insecure_cookie(),
            Ok("0") | Err(_) => {}
            Ok(other) => {
                return Err(format!(
                    "TRACKER_INSECURE_COOKIE is `{other}`: 1 (plain HTTP) or 0"
                ))
            }
        }
        Ok(sessions)
    }

    /// The name of the cookie these sessions set and read.
    pub fn cookie_name(&self) -> &'static str {
        match self.secure {
            true => SESSION_COOKIE,
            false => INSECURE_SESSION_COOKIE,
        }
    }

    /// When a session that starts now ends, in seconds since the Unix epoch.
    pub fn expiry_from_now(&self) -> i64 {
        now() + self.lifetime.as_secs() as i64
    }

    /// The cookie that carries the session `token` for its lifetime.
    pub fn cookie(&self, token: &str) -> SetCookie {
        self.attributes(token).max_age(self.lifetime.as_secs())
    }

    /// The cookie that removes the session's from the browser.
    pub fn removal(&self) -> SetCookie {
        self.attributes("").max_age(0)
    }

    /// The attributes both cookies carry (a removal must match the cookie,
    /// or a browser keeps it).
    fn attributes(&self, value: &str) -> SetCookie {
        let cookie = SetCookie::new(self.cookie_name(), value)
            .path("/")
            .http_only()
            .same_site(SameSite::Lax);
        match self.secure {
            true => cookie.secure(),
            false => cookie,
        }
    }
}

/// Now, in seconds since the Unix epoch (the sessions table's clock).
pub fn now() -> i64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH);
    since.map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_secure_and_host_bound_unless_told_otherwise() {
        let sessions = Sessions::new();
        assert_eq!(
            sessions.cookie("t").to_string(),
            "__Host-tracker_session=t; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=28800"
        );
        assert_eq!(
            sessions.removal().to_string(),
            "__Host-tracker_session=; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=0"
        );
        let plain = Sessions::new()
            .insecure_cookie()
            .lifetime(Duration::from_secs(60));
        assert_eq!(
            plain.cookie("t").to_string(),
            "tracker_session=t; HttpOnly; SameSite=Lax; Path=/; Max-Age=60"
        );
    }

    #[test]
    #[should_panic(expected = "under a second")]
    fn a_lifetime_under_a_second_is_refused() {
        let _ = Sessions::new().lifetime(Duration::from_millis(500));
    }
}
