//! `/projects` and their tickets. Every route needs a session; creating
//! and deleting a project needs the admin role (method metadata over the
//! controller's). Lists carry `X-Total-Count`; a taken project key is the
//! database's `UNIQUE` constraint, answered as a typed `409`.

use crate::auth::{CurrentUser, Role, Roles, RolesGuard};
use crate::db::{Db, DbError};
use rusqlite::{Connection, OptionalExtension, Row};
use serde::{Deserialize, Serialize};
use serde_valid::Validate;
use tether::{controller, ApiError, NoContent, State, WithHeaders};

/// A project.
#[derive(Debug, Serialize)]
pub struct Project {
    /// The project's id.
    pub id: i64,
    /// Its short key, as in ticket names (`CORE-12`).
    pub key: String,
    /// Its name.
    pub name: String,
}

/// `POST /projects`'s body.
#[derive(Debug, Deserialize, Validate)]
pub struct CreateProject {
    /// Two to ten capital letters or digits, starting with a letter.
    #[validate(pattern = "^[A-Z][A-Z0-9]{1,9}$")]
    pub key: String,
    /// The project's name.
    #[validate(min_length = 1)]
    #[validate(max_length = 100)]
    pub name: String,
}

/// Whether a ticket is being worked on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// To do or in progress.
    Open,
    /// Done.
    Closed,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Closed => "closed",
        }
    }
}

/// A ticket of a project.
#[derive(Debug, Serialize)]
pub struct Ticket {
    /// The ticket's id.
    pub id: i64,
    /// Its title.
    pub title: String,
    /// Open or closed.
    pub status: Status,
    /// Who filed it.
    pub reporter: String,
    /// Its labels.
    pub labels: Vec<String>,
}

/// `POST /projects/:key/tickets`'s body.
#[derive(Debug, Deserialize, Validate)]
pub struct CreateTicket {
    /// What is to be done.
    #[validate(min_length = 1)]
    #[validate(max_length = 200)]
    pub title: String,
    /// At most five distinct labels.
    #[serde(default)]
    #[validate(max_items = 5)]
    #[validate(unique_items)]
    pub labels: Vec<String>,
}

/// `PATCH /projects/:key/tickets/:id`'s body.
#[derive(Debug, Deserialize)]
pub struct UpdateTicket {
    /// The new status.
    pub status: Status,
}

/// Which tickets to list.
#[derive(Debug, Deserialize, Validate)]
pub struct TicketQuery {
    /// Only tickets in this status.
    pub status: Option<Status>,
    /// How many to skip (default 0).
    pub offset: Option<u32>,
    /// How many at most (default and maximum 100).
    #[validate(minimum = 1)]
    #[validate(maximum = 100)]
    pub limit: Option<u32>,
}

/// The headers of a list.
#[derive(Debug, Serialize)]
pub struct PageHeaders {
    /// How many match, whatever the page.
    #[serde(rename = "X-Total-Count")]
    pub total: u64,
}

/// The errors of the project routes.
#[derive(Debug, ApiError)]
#[serde(rename_all_fields = "camelCase")]
pub enum ProjectError {
    /// Another project has this key.
    #[status(409, message = "a project with key {key:?} exists")]
    KeyTaken {
        /// The key asked for.
        key: String,
    },
    /// No project has this key.
    #[status(404, message = "no project has key {key:?}")]
    NoProject {
        /// The key asked for.
        key: String,
    },
    /// The project has no ticket with this id.
    #[status(404, message = "{key} has no ticket {ticket_id}")]
    NoTicket {
        /// The project's key.
        key: String,
        /// The id asked for.
        ticket_id: i64,
    },
    /// The database failed; the log has the details.
    #[status(500, message = "the database failed")]
    Storage,
}

impl From<DbError> for ProjectError {
    fn from(e: DbError) -> Self {
        tracing::error!(error = %e, "project storage");
        ProjectError::Storage
    }
}

type Listed<T> = Result<WithHeaders<Vec<T>, PageHeaders>, ProjectError>;

/// `(offset, limit)` of a page, defaulted.
fn window(offset: Option<u32>, limit: Option<u32>) -> (i64, i64) {
    (offset.unwrap_or(0).into(), limit.unwrap_or(100).into())
}

fn project(row: &Row<'_>) -> rusqlite::Result<Project> {
    Ok(Project {
        id: row.get(0)?,
        key: row.get(1)?,
        name: row.get(2)?,
    })
}

fn ticket(row: &Row<'_>) -> rusqlite::Result<Ticket> {
    let status: String = row.get(2)?;
    let labels: String = row.get(4)?;
    Ok(Ticket {
        id: row.get(0)?,
        title: row.get(1)?,
        status: if status == "closed" {
            Status::Closed
        } else {
            Status::Open
        },
        reporter: row.get(3)?,
        labels: serde_json::from_str(&labels).unwrap_or_default(),
    })
}

/// The id of the project `key`, if it exists.
fn project_id(conn: &Connection, key: &str) -> rusqlite::Result<Option<i64>> {
    conn.query_row("SELECT id FROM projects WHERE key = ?1", [key], |r| {
        r.get(0)
    })
    .optional()
}

const TICKET_COLUMNS: &str = "id, title, status, reporter, labels";

/// Projects and their tickets; any signed-in user unless a route says.
pub struct ProjectsController;

#[controller("/projects")]
#[security("bearer", "session", "session_http")]
#[use_guards(RolesGuard)]
#[metadata(Roles(&[Role::Admin, Role::Member]))]
impl ProjectsController {
    /// The projects, by key; `X-Total-Count` counts them all.
    ///
    /// `offset` skips some (default 0); `limit` bounds the page (default
    /// and maximum 100), its rules checked before the handler runs.
    #[get]
    #[errors(ProjectError::Storage)]
    async fn list(
        &self,
        db: State<Db>,
        #[query("offset")] offset: Option<u32>,
        #[query("limit")]
        #[validate(minimum = 1)]
        #[validate(maximum = 100)]
        limit: Option<u32>,
    ) -> Listed<Project> {
        let (offset, limit) = window(offset, limit);
        let (items, total) = db
            .call(move |conn| {
                let total: i64 =
                    conn.query_row("SELECT COUNT(*) FROM projects", [], |r| r.get(0))?;
                let mut stmt = conn.prepare_cached(
                    "SELECT id, key, name FROM projects ORDER BY key LIMIT ?1 OFFSET ?2",
                )?;
                let items = stmt
                    .query_map((limit, offset), project)?
                    .collect::<Result<_, _>>()?;
                Ok((items, total))
            })
            .await?;
        Ok(WithHeaders::new(
            items,
            PageHeaders {
                total: total as u64,
            },
        ))
    }

    /// Creates a project (admins only). A taken key is a `409`.
    #[post]
    #[metadata(Roles(&[Role::Admin]))]
    async fn create(
        &self,
        db: State<Db>,
        #[body] dto: CreateProject,
    ) -> Result<Project, ProjectError> {
        let key = dto.key.clone();
        let inserted = db
            .call(move |conn| {
                conn.query_row(
                    "INSERT INTO projects (key, name) VALUES (?1, ?2) RETURNING id, key, name",
                    (&dto.key, &dto.name),
                    project,
                )
            })
            .await;
        match inserted {
            Err(e) if e.is_unique_violation() => Err(ProjectError::KeyTaken { key }),
            other => Ok(other?),
        }
    }

    /// One project.
    #[get("/:key")]
    async fn find(&self, db: State<Db>, #[param] key: String) -> Result<Project, ProjectError> {
        let wanted = key.clone();
        db.call(move |conn| {
            conn.query_row(
                "SELECT id, key, name FROM projects WHERE key = ?1",
                [wanted],
                project,
            )
            .optional()
        })
        .await?
        .ok_or(ProjectError::NoProject { key })
    }

    /// Deletes a project and its tickets (admins only).
    #[delete("/:key")]
    #[metadata(Roles(&[Role::Admin]))]
    async fn remove(&self, db: State<Db>, #[param] key: String) -> Result<NoContent, ProjectError> {
        let wanted = key.clone();
        let deleted = db
            .call(move |conn| conn.execute("DELETE FROM projects WHERE key = ?1", [wanted]))
            .await?;
        match deleted {
            0 => Err(ProjectError::NoProject { key }),
            _ => Ok(NoContent),
        }
    }

    /// A project's tickets, oldest first; `X-Total-Count` counts all that match.
    #[get("/:key/tickets")]
    async fn tickets(
        &self,
        db: State<Db>,
        #[param] key: String,
        #[query] query: TicketQuery,
    ) -> Listed<Ticket> {
        let (offset, limit) = window(query.offset, query.limit);
        let status = query.status.map(Status::as_str);
        let wanted = key.clone();
        let found = db
            .call(move |conn| {
                let Some(project) = project_id(conn, &wanted)? else {
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
            })
            .await?;
        let (items, total) = found.ok_or(ProjectError::NoProject { key })?;
        Ok(WithHeaders::new(
            items,
            PageHeaders {
                total: total as u64,
            },
        ))
    }

    /// Files a ticket, reported by the caller.
    #[post("/:key/tickets")]
    async fn file(
        &self,
        db: State<Db>,
        current: CurrentUser,
        #[param] key: String,
        #[body] dto: CreateTicket,
    ) -> Result<Ticket, ProjectError> {
        let wanted = key.clone();
        let labels = serde_json::to_string(&dto.labels).expect("strings serialise");
        let reporter = current.user.name;
        db.call(move |conn| {
            let Some(project) = project_id(conn, &wanted)? else {
                return Ok(None);
            };
            conn.query_row(
                &format!(
                    "INSERT INTO tickets (project_id, title, status, reporter, labels)
                     VALUES (?1, ?2, 'open', ?3, ?4) RETURNING {TICKET_COLUMNS}"
                ),
                (project, &dto.title, &reporter, &labels),
                ticket,
            )
            .map(Some)
        })
        .await?
        .ok_or(ProjectError::NoProject { key })
    }

    /// Opens or closes a ticket.
    #[patch("/:key/tickets/:id")]
    async fn update(
        &self,
        db: State<Db>,
        #[param] key: String,
        #[param] id: i64,
        #[body] dto: UpdateTicket,
    ) -> Result<Ticket, ProjectError> {
        let wanted = key.clone();
        let updated = db
            .call(move |conn| {
                let Some(project) = project_id(conn, &wanted)? else {
                    return Ok(Err(ProjectError::NoProject { key: wanted }));
                };
                let sql = format!(
                    "UPDATE tickets SET status = ?1 WHERE id = ?2 AND project_id = ?3
                     RETURNING {TICKET_COLUMNS}"
                );
                let found = conn
                    .query_row(&sql, (dto.status.as_str(), id, project), ticket)
                    .optional()?;
                Ok(found.ok_or(ProjectError::NoTicket {
                    key: wanted,
                    ticket_id: id,
                }))
            })
            .await?;
        updated
    }
}
