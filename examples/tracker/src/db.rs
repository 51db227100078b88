//! The database: one SQLite connection behind a mutex, used from tokio's
//! blocking pool so a slow query never stalls the server's worker threads.

use rusqlite::{Connection, ErrorCode};
use rusqlite_migration::{Migrations, M};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

/// The schema's migrations, oldest first, applied at startup to a database
/// that lacks them (SQLite's `user_version` counts those applied). Add a
/// migration at the end; never edit one that has shipped.
const MIGRATION_LIST: &[M<'static>] = &[
    M::up(
        "CREATE TABLE users (
        id       INTEGER PRIMARY KEY,
        name     TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        role     TEXT NOT NULL CHECK (role IN ('admin', 'member'))
    );
    CREATE TABLE sessions (
        token   TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE
    );
    CREATE TABLE projects (
        id   INTEGER PRIMARY KEY,
        key  TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL
    );
    CREATE TABLE tickets (
        id         INTEGER PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        title      TEXT NOT NULL,
        status     TEXT NOT NULL CHECK (status IN ('open', 'closed')),
        reporter   TEXT NOT NULL,
        labels     TEXT NOT NULL
    );",
    ),
    // Sessions expire (seconds since the Unix epoch); those from before
    // this migration have no expiry, so they end now.
    M::up("ALTER TABLE sessions ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;"),
];

const MIGRATIONS: Migrations<'static> = Migrations::from_slice(MIGRATION_LIST);

/// The demo accounts, `(name, password, role)`, inserted into an empty
/// database. Passwords are stored as given to keep the example small: an
/// app stores a password hash (argon2) instead.
pub const SEED_USERS: [(&str, &str, &str); 2] =
    [("ada", "lovelace", "admin"), ("bob", "builder", "member")];

/// A failed database call: SQLite's error, or its task panicked.
#[derive(Debug)]
pub enum DbError {
    /// SQLite refused or failed.
    Sqlite(rusqlite::Error),
    /// The blocking task did not finish.
    Task(tokio::task::JoinError),
    /// A migration failed at startup.
    Migration(rusqlite_migration::Error),
}

impl DbError {
    /// Whether a `UNIQUE` constraint refused the write.
    pub fn is_unique_violation(&self) -> bool {
        match self {
            DbError::Sqlite(rusqlite::Error::SqliteFailure(e, _)) => {
                e.code == ErrorCode::ConstraintViolation
                    && e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
            }
            _ => false,
        }
    }
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbError::Sqlite(e) => write!(f, "sqlite: {e}"),
            DbError::Task(e) => write!(f, "database task: {e}"),
            DbError::Migration(e) => write!(f, "migrating the schema: {e}"),
        }
    }
}

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> Self {
        DbError::Sqlite(e)
    }
}

/// The shared connection, cloned into every call.
#[derive(Clone)]
pub struct Db(Arc<Mutex<Connection>>);

impl Db {
    /// Opens (or creates) the database file at `path`.
    pub fn open(path: impl AsRef<Path>) -> Result<Db, DbError> {
        Db::init(Connection::open(path)?)
    }

    /// A fresh database in memory, for tests.
    pub fn in_memory() -> Result<Db, DbError> {
        Db::init(Connection::open_in_memory()?)
    }

    fn init(mut conn: Connection) -> Result<Db, DbError> {
        conn.pragma_update(None, "foreign_keys", true)?;
        MIGRATIONS
            .to_latest(&mut conn)
            .map_err(DbError::Migration)?;
        for (name, password, role) in SEED_USERS {
            conn.execute(
                "INSERT OR IGNORE INTO users (name, password, role) VALUES (?1, ?2, ?3)",
                (name, password, role),
            )?;
        }
        Ok(Db(Arc::new(Mutex::new(conn))))
    }

    /// Runs `f` on the connection in tokio's blocking pool.
    pub async fn call<R, F>(&self, f: F) -> Result<R, DbError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Connection) -> rusqlite::Result<R> + Send + 'static,
    {
        let conn = Arc::clone(&self.0);
        let run = move || f(&mut conn.lock().unwrap_or_else(PoisonError::into_inner));
        match tokio::task::spawn_blocking(run).await {
            Ok(result) => result.map_err(DbError::Sqlite),
            Err(e) => Err(DbError::Task(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid_and_idempotent() {
        MIGRATIONS.validate().unwrap();
        let dir = std::env::temp_dir().join(format!("tracker-migrate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        let _ = std::fs::remove_file(&path);
        Db::open(&path).unwrap();
        Db::open(&path).expect("a migrated database opens again");
        let conn = Connection::open(&path).unwrap();
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, MIGRATION_LIST.len() as i64);
        let users: i64 = conn
            .query_row("SELECT COUNT(*) FROM users", [], |r| r.get(0))
            .unwrap();
        assert_eq!(users, SEED_USERS.len() as i64, "seeded once");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
