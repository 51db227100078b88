//! The database: SQLite by default (one embedded file, nothing to run), or
//! PostgreSQL when several instances of the app share one database. The
//! controllers call the methods of [`Db`], the repository; each runs the
//! same query on the backend it has (`sqlite.rs`, `postgres.rs`), and each
//! backend migrates its schema at startup.
//!
//! Writes to tickets also append to the `events` table, in the same
//! transaction, under a sequence number that grows in the order of commits:
//! a project's event feed reads that table after the last number it sent,
//! so a client that reconnects (to any instance) with `Last-Event-ID`
//! misses nothing and sees nothing twice. What wakes the feeds is, on
//! SQLite, the write itself; on PostgreSQL, a `NOTIFY` sent at commit and
//! heard by every instance's `LISTEN` connection ([`Db::wakeups`]).

mod postgres;
mod sqlite;

use crate::model::{Project, StoredEvent, Ticket, User};
use tokio::sync::watch;

/// The demo accounts, `(name, password, role)`, inserted into an empty
/// database. Passwords are stored as given to keep the example small: an
/// app stores a password hash (argon2) instead.
pub const SEED_USERS: [(&str, &str, &str); 2] =
    [("ada", "lovelace", "admin"), ("bob", "builder", "member")];

/// A failed database call.
#[derive(Debug)]
pub enum DbError {
    /// SQLite refused or failed.
    Sqlite(rusqlite::Error),
    /// PostgreSQL refused or failed.
    Postgres(tokio_postgres::Error),
    /// No PostgreSQL connection could be had from the pool.
    Pool(deadpool_postgres::PoolError),
    /// The blocking task did not finish.
    Task(tokio::task::JoinError),
    /// A migration failed at startup.
    Migration(String),
    /// [`Db::call`] on a PostgreSQL database.
    NotSqlite,
}

impl DbError {
    /// Whether a `UNIQUE` constraint refused the write.
    pub fn is_unique_violation(&self) -> bool {
        match self {
            DbError::Sqlite(e) => sqlite::is_unique_violation(e),
            DbError::Postgres(e) => postgres::is_unique_violation(e),
            _ => false,
        }
    }
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbError::Sqlite(e) => write!(f, "sqlite: {e}"),
            DbError::Postgres(e) => write!(f, "postgres: {e}"),
            DbError::Pool(e) => write!(f, "postgres pool: {e}"),
            DbError::Task(e) => write!(f, "database task: {e}"),
            DbError::Migration(e) => write!(f, "migrating the schema: {e}"),
            DbError::NotSqlite => f.write_str("a SQLite call on a PostgreSQL database"),
        }
    }
}

impl std::error::Error for DbError {}

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> Self {
        DbError::Sqlite(e)
    }
}

impl From<tokio_postgres::Error> for DbError {
    fn from(e: tokio_postgres::Error) -> Self {
        DbError::Postgres(e)
    }
}

impl From<deadpool_postgres::PoolError> for DbError {
    fn from(e: deadpool_postgres::PoolError) -> Self {
        DbError::Pool(e)
    }
}

/// Which database, and its connections.
#[derive(Clone)]
enum Backend {
    Sqlite(sqlite::Sqlite),
    Postgres(postgres::Postgres),
}

/// The database of the app, cloned into every call: the repository the
/// controllers use, whichever the backend.
#[derive(Clone)]
pub struct Db {
    backend: Backend,
    /// Bumped when events may have been written (by this instance on
    /// SQLite, by any instance on PostgreSQL).
    wake: watch::Sender<u64>,
}

/// What a ticket update or replacement found.
#[derive(Debug)]
pub enum Updated {
    /// The ticket as it is now.
    Ticket(Ticket),
    /// No project has the key.
    NoProject,
    /// The project has no ticket with the id.
    NoTicket,
}

impl Db {
    fn with(backend: Backend, wake: watch::Sender<u64>) -> Db {
        Db { backend, wake }
    }

    /// Opens (or creates) the SQLite database file at `path`.
    pub fn open(path: impl AsRef<std::path::Path>) -> Result<Db, DbError> {
        let conn = rusqlite::Connection::open(path)?;
        Ok(Db::with(
            Backend::Sqlite(sqlite::Sqlite::init(conn)?),
            watch::channel(0).0,
        ))
    }

    /// A fresh SQLite database in memory, for tests.
    pub fn in_memory() -> Result<Db, DbError> {
        let conn = rusqlite::Connection::open_in_memory()?;
        Ok(Db::with(
            Backend::Sqlite(sqlite::Sqlite::init(conn)?),
            watch::channel(0).0,
        ))
    }

    /// Connects to the PostgreSQL database at `url` (`postgres://user@host/db`,
    /// or `postgresql:///db?host=/run/postgresql` for a unix socket), migrates
    /// it, and starts listening for the events other instances write.
    pub async fn postgres(url: &str) -> Result<Db, DbError> {
        let wake = watch::channel(0).0;
        let pg = postgres::Postgres::connect(url, wake.clone()).await?;
        Ok(Db::with(Backend::Postgres(pg), wake))
    }

    /// The database `url` names: PostgreSQL for `postgres://…` and
    /// `postgresql://…`, otherwise a SQLite file at that path.
    pub async fn connect(url: &str) -> Result<Db, DbError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Db::postgres(url).await
        } else {
            Db::open(url.strip_prefix("sqlite://").unwrap_or(url))
        }
    }

    /// `"sqlite"` or `"postgres"`.
    pub fn backend_name(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite(_) => "sqlite",
            Backend::Postgres(_) => "postgres",
        }
    }

    /// Runs `f` on the SQLite connection in tokio's blocking pool (tests,
    /// maintenance); [`DbError::NotSqlite`] on PostgreSQL.
    pub async fn call<R, F>(&self, f: F) -> Result<R, DbError>
    where
        R: Send + 'static,
        F: FnOnce(&mut rusqlite::Connection) -> rusqlite::Result<R> + Send + 'static,
    {
        match &self.backend {
            Backend::Sqlite(db) => db.call(f).await,
            Backend::Postgres(_) => Err(DbError::NotSqlite),
        }
    }

    /// Runs `sql` (statements separated by `;`, no parameters) on either
    /// backend: for tests and maintenance.
    pub async fn execute_batch(&self, sql: &str) -> Result<(), DbError> {
        let sql = sql.to_owned();
        match &self.backend {
            Backend::Sqlite(db) => db.call(move |c| c.execute_batch(&sql)).await,
            Backend::Postgres(db) => db.execute_batch(&sql).await,
        }
    }

    /// A receiver that changes when events may have been written: a feed
    /// waits on it, then reads the table after the last event it sent.
    pub fn wakeups(&self) -> watch::Receiver<u64> {
        self.wake.subscribe()
    }

    /// The user with this name and password, and a new session of theirs
    /// (`token`, ending at `expires_at`, seconds since the Unix epoch);
    /// sessions that ended before `now` are deleted.
    pub async fn sign_in(
        &self,
        name: String,
        password: String,
        token: String,
        expires_at: i64,
        now: i64,
    ) -> Result<Option<User>, DbError> {
        match &self.backend {
            Backend::Sqlite(db) => {
                db.call(move |c| sqlite::sign_in(c, &name, &password, &token, expires_at, now))
                    .await
            }
            Backend::Postgres(db) => db.sign_in(&name, &password, &token, expires_at, now).await,
        }
    }

    /// The user of the session `token`, if it exists and ends after `now`.
    pub async fn session_user(&self, token: String, now: i64) -> Result<Option<User>, DbError> {
        match &self.backend {
            Backend::Sqlite(db) => db.call(move |c| sqlite::session_user(c, &token, now)).await,
            Backend::Postgres(db) => db.session_user(&token, now).await,
        }
    }

    /// Ends the session `token`; whether it existed.
    pub async fn end_session(&self, token: String) -> Result<bool, DbError> {
        match &self.backend {
            Backend::Sqlite(db) => db.call(move |c| sqlite::end_session(c, &token)).await,
            Backend::Postgres(db) => db.end_session(&token).await,
        }
    }

    /// A page of the projects by key, and how many there are.
    pub async fn projects(&self, limit: i64, offset: i64) -> Result<(Vec<Project>, i64), DbError> {
        match &self.backend {
            Backend::Sqlite(db) => db.call(move |c| sqlite::projects(c, limit, offset)).await,
            Backend::Postgres(db) => db.projects(limit, offset).await,
        }
    }

    /// Creates a project (a taken key is a unique violation).
    pub async fn create_project(&self, key: String, name: String) -> Result<Project, DbError> {
        match &self.backend {
            Backend::Sqlite(db) => {
                db.call(move |c| sqlite::create_project(c, &key, &name))
                    .await
            }
            Backend::Postgres(db) => db.create_project(&key, &name).await,
        }
    }

    /// The project `key`, if any.
    pub async fn project(&self, key: String) -> Result<Option<Project>, DbError> {
        match &self.backend {
            Backend::Sqlite(db) => db.call(move |c| sqlite::project(c, &key)).await,
            Backend::Postgres(db) => db.project(&key).await,
        }
    }

    /// Deletes the project `key` and its tickets; whether it existed.
    pub async fn delete_project(&self, key: String) -> Result<bool, DbError> {
        match &self.backend {
            Backend::Sqlite(db) => db.call(move |c| sqlite::delete_project(c, &key)).await,
            Backend::Postgres(db) => db.delete_project(&key).await,
        }
    }

    /// A page of the tickets of project `key` (oldest first, only those in
    /// `status` if given) and how many match; `None` without the project.
    pub async fn tickets(
        &self,
        key: String,
        status: Option<&'static str>,
        limit: i64,
        offset: i64,
    ) -> Result<Option<(Vec<Ticket>, i64)>, DbError> {
        match &self.backend {
            Backend::Sqlite(db) => {
                db.call(move |c| sqlite::tickets(c, &key, status, limit, offset))
                    .await
            }
            Backend::Postgres(db) => db.tickets(&key, status, limit, offset).await,
        }
    }

    /// Files an open ticket in project `key` (`labels` as a JSON array),
    /// and its `filed` event; `None` without the project.
    pub async fn file_ticket(
        &self,
        key: String,
        title: String,
        reporter: String,
        labels: String,
    ) -> Result<Option<Ticket>, DbError> {
        let filed = match &self.backend {
            Backend::Sqlite(db) => {
                db.call(move |c| sqlite::file_ticket(c, &key, &title, &reporter, &labels))
                    .await
            }
            Backend::Postgres(db) => db.file_ticket(&key, &title, &reporter, &labels).await,
        };
        self.wrote();
        filed
    }

    /// Sets the status of ticket `id` of project `key`, and its `updated`
    /// event.
    pub async fn update_ticket(
        &self,
        key: String,
        id: i64,
        status: &'static str,
    ) -> Result<Updated, DbError> {
        let updated = match &self.backend {
            Backend::Sqlite(db) => {
                db.call(move |c| sqlite::update_ticket(c, &key, id, status))
                    .await
            }
            Backend::Postgres(db) => db.update_ticket(&key, id, status).await,
        };
        self.wrote();
        updated
    }

    /// Replaces the title, labels (a JSON array) and status of ticket `id`
    /// of project `key`, and writes its `updated` event.
    pub async fn replace_ticket(
        &self,
        key: String,
        id: i64,
        title: String,
        labels: String,
        status: &'static str,
    ) -> Result<Updated, DbError> {
        let replaced = match &self.backend {
            Backend::Sqlite(db) => {
                db.call(move |c| sqlite::replace_ticket(c, &key, id, &title, &labels, status))
                    .await
            }
            Backend::Postgres(db) => db.replace_ticket(&key, id, &title, &labels, status).await,
        };
        self.wrote();
        replaced
    }

    /// Deletes ticket `id` of project `key` (no event); whether it
    /// existed, `None` without the project.
    pub async fn delete_ticket(&self, key: String, id: i64) -> Result<Option<bool>, DbError> {
        match &self.backend {
            Backend::Sqlite(db) => db.call(move |c| sqlite::delete_ticket(c, &key, id)).await,
            Backend::Postgres(db) => db.delete_ticket(&key, id).await,
        }
    }

    /// The id of project `key`, if any.
    pub async fn project_id(&self, key: String) -> Result<Option<i64>, DbError> {
        match &self.backend {
            Backend::Sqlite(db) => db.call(move |c| sqlite::project_id(c, &key)).await,
            Backend::Postgres(db) => db.project_id(&key).await,
        }
    }

    /// The sequence number of the last event written, 0 when none.
    pub async fn last_event(&self) -> Result<i64, DbError> {
        match &self.backend {
            Backend::Sqlite(db) => db.call(sqlite::last_event).await,
            Backend::Postgres(db) => db.last_event().await,
        }
    }

    /// At most `limit` events of project `project` after sequence number
    /// `after`, in order.
    pub async fn events_after(
        &self,
        project: i64,
        after: i64,
        limit: i64,
    ) -> Result<Vec<StoredEvent>, DbError> {
        match &self.backend {
            Backend::Sqlite(db) => {
                db.call(move |c| sqlite::events_after(c, project, after, limit))
                    .await
            }
            Backend::Postgres(db) => db.events_after(project, after, limit).await,
        }
    }

    /// Wakes this instance's feeds after a write. On PostgreSQL the
    /// `NOTIFY` does it, for every instance; waking early costs a query.
    fn wrote(&self) {
        if let Backend::Sqlite(_) = self.backend {
            self.wake.send_modify(|n| *n = n.wrapping_add(1));
        }
    }
}
