//! `/projects` and their tickets. Every route needs a session; creating
//! and deleting a project needs the admin role (method metadata over the
//! controller's). Lists carry `X-Total-Count`; a taken project key is the
//! database's `UNIQUE` constraint, answered as a typed `409`.

use crate::auth::{CurrentUser, Role, Roles, RolesGuard};
use crate::db::{Db, DbError, Updated};
pub use crate::model::{Project, Status, Ticket, TicketEvent};
use serde::{Deserialize, Serialize};
use serde_valid::Validate;
use std::time::Duration;
use tether::response::sse::{Sse, SseEvent};
use tether::{controller, ApiError, NoContent, State, WithHeaders};

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

/// `PUT /projects/:key/tickets/:id`'s body: the whole ticket as it is to
/// be (its id and reporter stay).
#[derive(Debug, Deserialize, Validate)]
pub struct ReplaceTicket {
    /// What is to be done.
    #[validate(min_length = 1)]
    #[validate(max_length = 200)]
    pub title: String,
    /// At most five distinct labels; `[]` for none.
    #[validate(max_items = 5)]
    #[validate(unique_items)]
    pub labels: Vec<String>,
    /// Open or closed.
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

/// The answer to a change of ticket `id` of project `key`.
fn changed(updated: Updated, key: String, id: i64) -> Result<Ticket, ProjectError> {
    match updated {
        Updated::Ticket(ticket) => Ok(ticket),
        Updated::NoProject => Err(ProjectError::NoProject { key }),
        Updated::NoTicket => Err(ProjectError::NoTicket { key, ticket_id: id }),
    }
}

/// `(offset, limit)` of a page, defaulted.
fn window(offset: Option<u32>, limit: Option<u32>) -> (i64, i64) {
    (offset.unwrap_or(0).into(), limit.unwrap_or(100).into())
}

/// How many events a feed reads from the database at a time.
const EVENT_BATCH: i64 = 100;

/// How long a client waits before reconnecting to a feed that ended.
const FEED_RETRY: Duration = Duration::from_millis(500);

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
        let (items, total) = db.projects(limit, offset).await?;
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
        match db.create_project(dto.key, dto.name).await {
            Err(e) if e.is_unique_violation() => Err(ProjectError::KeyTaken { key }),
            other => Ok(other?),
        }
    }

    /// One project.
    #[get("/:key")]
    async fn find(&self, db: State<Db>, #[param] key: String) -> Result<Project, ProjectError> {
        db.project(key.clone())
            .await?
            .ok_or(ProjectError::NoProject { key })
    }

    /// Deletes a project and its tickets (admins only).
    #[delete("/:key")]
    #[metadata(Roles(&[Role::Admin]))]
    async fn remove(&self, db: State<Db>, #[param] key: String) -> Result<NoContent, ProjectError> {
        match db.delete_project(key.clone()).await? {
            false => Err(ProjectError::NoProject { key }),
            true => Ok(NoContent),
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
        let found = db.tickets(key.clone(), status, limit, offset).await?;
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
        let labels = serde_json::to_string(&dto.labels).expect("strings serialise");
        let reporter = current.user.name;
        db.file_ticket(key.clone(), dto.title, reporter, labels)
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
        let updated = db
            .update_ticket(key.clone(), id, dto.status.as_str())
            .await?;
        changed(updated, key, id)
    }

    /// Replaces a ticket's title, labels and status.
    ///
    /// The body has all three: nothing of the old ticket but its id and
    /// reporter is kept. Sending the same body again leaves the ticket as
    /// it is, so a client may retry the call.
    #[put("/:key/tickets/:id")]
    async fn replace(
        &self,
        db: State<Db>,
        #[param] key: String,
        #[param] id: i64,
        #[body] dto: ReplaceTicket,
    ) -> Result<Ticket, ProjectError> {
        let labels = serde_json::to_string(&dto.labels).expect("strings serialise");
        let status = dto.status.as_str();
        let replaced = db
            .replace_ticket(key.clone(), id, dto.title, labels, status)
            .await?;
        changed(replaced, key, id)
    }

    /// Deletes a ticket.
    ///
    /// Deleting it again answers `404` (`NO_TICKET`): a client that
    /// retried after losing the first answer has its ticket deleted
    /// either way.
    ///
    /// The event feed does not announce deletions (its events are `filed`
    /// and `updated`); the ticket's earlier events stay in it. A client
    /// that mirrors the tickets reads the list again to drop deleted ones.
    #[delete("/:key/tickets/:id")]
    async fn delete_ticket(
        &self,
        db: State<Db>,
        #[param] key: String,
        #[param] id: i64,
    ) -> Result<NoContent, ProjectError> {
        match db.delete_ticket(key.clone(), id).await? {
            None => Err(ProjectError::NoProject { key }),
            Some(false) => Err(ProjectError::NoTicket { key, ticket_id: id }),
            Some(true) => Ok(NoContent),
        }
    }

    /// The project's ticket changes as they happen: `filed`, and `updated`
    /// (opened, closed or replaced), each with the ticket as it was then,
    /// whichever server instance made the change. Deletions are not sent.
    ///
    /// Each event's id is its place in the feed: a client that reconnects
    /// with `Last-Event-ID` gets every event after that one, once, then
    /// the new ones. Without it, the feed starts with the next change.
    #[get("/:key/events")]
    async fn events(
        &self,
        db: State<Db>,
        #[param] key: String,
        #[header("last-event-id")] last_event_id: Option<i64>,
    ) -> Result<Sse<TicketEvent>, ProjectError> {
        let db = db.clone();
        // Subscribed before the first read: a change after it wakes the feed.
        let mut wakeups = db.wakeups();
        let project = db
            .project_id(key.clone())
            .await?
            .ok_or(ProjectError::NoProject { key })?;
        let mut after = match last_event_id {
            Some(id) => id,
            None => db.last_event().await?,
        };
        let (tx, sse) = Sse::channel(16);
        tokio::spawn(async move {
            loop {
                wakeups.borrow_and_update();
                let batch = match db.events_after(project, after, EVENT_BATCH).await {
                    Ok(batch) => batch,
                    Err(e) => {
                        // The stream ends; the client reconnects from `after`.
                        tracing::warn!(error = %e, "reading the event feed");
                        return;
                    }
                };
                let full = batch.len() as i64 == EVENT_BATCH;
                for stored in batch {
                    after = stored.seq;
                    let event = SseEvent::new(stored.event)
                        .id(stored.seq.to_string())
                        .retry(FEED_RETRY);
                    if tx.send(event).await.is_err() {
                        return;
                    }
                }
                if full {
                    continue;
                }
                tokio::select! {
                    changed = wakeups.changed() => if changed.is_err() { return },
                    () = tx.closed() => return,
                }
            }
        });
        Ok(sse)
    }
}
