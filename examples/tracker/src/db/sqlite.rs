//! The SQLite backend: one connection behind a mutex, used from tokio's
//! blocking pool so a slow query never stalls the server's worker threads.
//! One writer at a time, so events are numbered in the order of commits.

use super::{DbError, Updated, SEED_USERS};
use crate::model::{Project, Role, StoredEvent, Ticket, TicketEvent, User};
use rusqlite::{Connection, ErrorCode, OptionalExtension, Row, ToSql};
use rusqlite_migration::{Migrations, M};
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
    // The event feed: each ticket as it was after a write. AUTOINCREMENT
    // never reuses a number, even after the last events are deleted.
    M::up(
        "CREATE TABLE events (
        seq        INTEGER PRIMARY KEY AUTOINCREMENT,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        kind       TEXT NOT NULL CHECK (kind IN ('filed', 'updated')),
        ticket_id  INTEGER NOT NULL,
        title      TEXT NOT NULL,
        status     TEXT NOT NULL,
        reporter   TEXT NOT NULL,
        labels     TEXT NOT NULL
    );
    CREATE INDEX events_by_project ON events (project_id, seq);",
    ),
];

const MIGRATIONS: Migrations<'static> = Migrations::from_slice(MIGRATION_LIST);

/// Whether SQLite's `UNIQUE` constraint refused the write.
pub(super) fn is_unique_violation(e: &rusqlite::Error) -> bool {
    match e {
        rusqlite::Error::SqliteFailure(e, _) => {
            e.code == ErrorCode::ConstraintViolation
                && e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
        }
        _ => false,
    }
}

/// The shared connection.
#[derive(Clone)]
pub(super) struct Sqlite(Arc<Mutex<Connection>>);

impl Sqlite {
    /// Migrates and seeds `conn`.
    pub(super) fn init(mut conn: Connection) -> Result<Sqlite, DbError> {
        conn.pragma_update(None, "foreign_keys", true)?;
        MIGRATIONS
            .to_latest(&mut conn)
            .map_err(|e| DbError::Migration(e.to_string()))?;
        for (name, password, role) in SEED_USERS {
            conn.execute(
                "INSERT OR IGNORE INTO users (name, password, role) VALUES (?1, ?2, ?3)",
                (name, password, role),
            )?;
        }
        Ok(Sqlite(Arc::new(Mutex::new(conn))))
    }

    /// Runs `f` on the connection in tokio's blocking pool.
    pub(super) async fn call<R, F>(&self, f: F) -> Result<R, DbError>
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

fn user(row: &Row<'_>) -> rusqlite::Result<User> {
    Ok(User {
        id: row.get(0)?,
        name: row.get(1)?,
        role: Role::parse(&row.get::<_, String>(2)?),
    })
}

fn project_row(row: &Row<'_>) -> rusqlite::Result<Project> {
    Ok(Project {
        id: row.get(0)?,
        key: row.get(1)?,
        name: row.get(2)?,
    })
}

/// A ticket from [`TICKET_COLUMNS`] starting at column `at`.
fn ticket_at(row: &Row<'_>, at: usize) -> rusqlite::Result<Ticket> {
    Ok(Ticket::from_columns(
        row.get(at)?,
        row.get(at + 1)?,
        &row.get::<_, String>(at + 2)?,
        row.get(at + 3)?,
        &row.get::<_, String>(at + 4)?,
    ))
}

fn ticket(row: &Row<'_>) -> rusqlite::Result<Ticket> {
    ticket_at(row, 0)
}

const TICKET_COLUMNS: &str = "id, title, status, reporter, labels";

pub(super) fn sign_in(
    conn: &mut Connection,
    name: &str,
    password: &str,
    token: &str,
    expires_at: i64,
    now: i64,
) -> rusqlite::Result<Option<User>> {
    let tx = conn.transaction()?;
    let found = tx
        .query_row(
            "SELECT id, name, role FROM users WHERE name = ?1 AND password = ?2",
            (name, password),
            user,
        )
        .optional()?;
    tx.execute("DELETE FROM sessions WHERE expires_at <= ?1", [now])?;
    if let Some(user) = &found {
        tx.execute(
            "INSERT INTO sessions (token, user_id, expires_at) VALUES (?1, ?2, ?3)",
            (token, user.id, expires_at),
        )?;
    }
    tx.commit()?;
    Ok(found)
}

pub(super) fn session_user(
    conn: &mut Connection,
    token: &str,
    now: i64,
) -> rusqlite::Result<Option<User>> {
    let mut stmt = conn.prepare_cached(
        "SELECT u.id, u.name, u.role FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token = ?1 AND s.expires_at > ?2",
    )?;
    stmt.query_row((token, now), user).optional()
}

pub(super) fn end_session(conn: &mut Connection, token: &str) -> rusqlite::Result<bool> {
    Ok(conn.execute("DELETE FROM sessions WHERE token = ?1", [token])? > 0)
}

pub(super) fn projects(
    conn: &mut Connection,
    limit: i64,
    offset: i64,
) -> rusqlite::Result<(Vec<Project>, i64)> {
    let total: i64 = conn.query_row("SELECT COUNT(*) FROM projects", [], |r| r.get(0))?;
    let mut stmt =
        conn.prepare_cached("SELECT id, key, name FROM projects ORDER BY key LIMIT ?1 OFFSET ?2")?;
    let items = stmt
        .query_map((limit, offset), project_row)?
        .collect::<Result<_, _>>()?;
    Ok((items, total))
}

pub(super) fn create_project(
    conn: &mut Connection,
    key: &str,
    name: &str,
) -> rusqlite::Result<Project> {
    conn.query_row(
        "INSERT INTO projects (key, name) VALUES (?1, ?2) RETURNING id, key, name",
        (key, name),
        project_row,
    )
}

pub(super) fn project(conn: &mut Connection, key: &str) -> rusqlite::Result<Option<Project>> {
    conn.query_row(
        "SELECT id, key, name FROM projects WHERE key = ?1",
        [key],
        project_row,
    )
    .optional()
}

pub(super) fn delete_project(conn: &mut Connection, key: &str) -> rusqlite::Result<bool> {
    Ok(conn.execute("DELETE FROM projects WHERE key = ?1", [key])? > 0)
}

pub(super) fn project_id(conn: &Connection, key: &str) -> rusqlite::Result<Option<i64>> {
    conn.query_row("SELECT id FROM projects WHERE key = ?1", [key], |r| {
        r.get(0)
    })
    .optional()
}

pub(super) fn tickets(
    conn: &mut Connection,
    key: &str,
    status: Option<&str>,
    limit: i64,
    offset: i64,
) -> rusqlite::Result<Option<(Vec<Ticket>, i64)>> {
    let Some(project) = project_id(conn, key)? else {
        return Ok(None);
    };
    let filter = "project_id = ?1 AND (?2 IS NULL OR status = ?2)";
    let total: i64 = conn.query_row(
        &format!("SELECT COUNT(*) FROM tickets WHERE {filter}"),
        (project, status),
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {TICKET_COLUMNS} FROM tickets WHERE {filter} ORDER BY id LIMIT ?3 OFFSET ?4"
    ))?;
    let items = stmt
        .query_map((project, status, limit, offset), ticket)?
        .collect::<Result<_, _>>()?;
    Ok(Some((items, total)))
}

/// Appends the event `kind` about `ticket` of `project`, in `conn`'s transaction.
fn append_event(
    conn: &Connection,
    project: i64,
    kind: &str,
    ticket: &Ticket,
    labels: &str,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO events (project_id, kind, ticket_id, title, status, reporter, labels)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        (
            project,
            kind,
            ticket.id,
            &ticket.title,
            ticket.status.as_str(),
            &ticket.reporter,
            labels,
        ),
    )?;
    Ok(())
}

pub(super) fn file_ticket(
    conn: &mut Connection,
    key: &str,
    title: &str,
    reporter: &str,
    labels: &str,
) -> rusqlite::Result<Option<Ticket>> {
    let tx = conn.transaction()?;
    let Some(project) = project_id(&tx, key)? else {
        return Ok(None);
    };
    let filed = tx.query_row(
        &format!(
            "INSERT INTO tickets (project_id, title, status, reporter, labels)
             VALUES (?1, ?2, 'open', ?3, ?4) RETURNING {TICKET_COLUMNS}"
        ),
        (project, title, reporter, labels),
        ticket,
    )?;
    append_event(&tx, project, "filed", &filed, labels)?;
    tx.commit()?;
    Ok(Some(filed))
}

/// Sets the columns of ticket `id` of project `key` as `set` says (its
/// placeholders start at `?3`, for `values`), and writes the ticket's
/// `updated` event.
fn change_ticket(
    conn: &mut Connection,
    key: &str,
    id: i64,
    set: &str,
    values: &[&dyn ToSql],
) -> rusqlite::Result<Updated> {
    let tx = conn.transaction()?;
    let Some(project) = project_id(&tx, key)? else {
        return Ok(Updated::NoProject);
    };
    let mut params: Vec<&dyn ToSql> = vec![&id, &project];
    params.extend_from_slice(values);
    let sql = format!(
        "UPDATE tickets SET {set} WHERE id = ?1 AND project_id = ?2
         RETURNING {TICKET_COLUMNS}"
    );
    let found = tx
        .query_row(&sql, params.as_slice(), |r| {
            Ok((ticket(r)?, r.get::<_, String>(4)?))
        })
        .optional()?;
    let Some((updated, labels)) = found else {
        return Ok(Updated::NoTicket);
    };
    append_event(&tx, project, "updated", &updated, &labels)?;
    tx.commit()?;
    Ok(Updated::Ticket(updated))
}

pub(super) fn update_ticket(
    conn: &mut Connection,
    key: &str,
    id: i64,
    status: &str,
) -> rusqlite::Result<Updated> {
    change_ticket(conn, key, id, "status = ?3", &[&status])
}

pub(super) fn replace_ticket(
    conn: &mut Connection,
    key: &str,
    id: i64,
    title: &str,
    labels: &str,
    status: &str,
) -> rusqlite::Result<Updated> {
    let set = "title = ?3, labels = ?4, status = ?5";
    change_ticket(conn, key, id, set, &[&title, &labels, &status])
}

pub(super) fn delete_ticket(
    conn: &mut Connection,
    key: &str,
    id: i64,
) -> rusqlite::Result<Option<bool>> {
    let Some(project) = project_id(conn, key)? else {
        return Ok(None);
    };
    let deleted = conn.execute(
        "DELETE FROM tickets WHERE id = ?1 AND project_id = ?2",
        (id, project),
    )?;
    Ok(Some(deleted > 0))
}

pub(super) fn last_event(conn: &mut Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT COALESCE(MAX(seq), 0) FROM events", [], |r| r.get(0))
}

pub(super) fn events_after(
    conn: &mut Connection,
    project: i64,
    after: i64,
    limit: i64,
) -> rusqlite::Result<Vec<StoredEvent>> {
    let mut stmt = conn.prepare_cached(
        "SELECT seq, kind, ticket_id, title, status, reporter, labels FROM events
         WHERE project_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3",
    )?;
    let rows = stmt.query_map((project, after, limit), |r| {
        Ok(StoredEvent {
            seq: r.get(0)?,
            event: TicketEvent::new(&r.get::<_, String>(1)?, ticket_at(r, 2)?),
        })
    })?;
    rows.collect()
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
        crate::db::Db::open(&path).unwrap();
        crate::db::Db::open(&path).expect("a migrated database opens again");
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
