//! The values the API shows, shared by the controllers and the database
//! code that reads them.

use serde::{Deserialize, Serialize};

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
    /// The role stored as `text` (`admin` or `member`).
    pub fn parse(text: &str) -> Role {
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
    /// The status as stored (`open` or `closed`).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Closed => "closed",
        }
    }

    /// The status stored as `text`.
    pub fn parse(text: &str) -> Status {
        match text {
            "closed" => Status::Closed,
            _ => Status::Open,
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

impl Ticket {
    /// A ticket from its stored columns (`labels` as a JSON array).
    pub fn from_columns(
        id: i64,
        title: String,
        status: &str,
        reporter: String,
        labels: &str,
    ) -> Ticket {
        Ticket {
            id,
            title,
            status: Status::parse(status),
            reporter,
            labels: serde_json::from_str(labels).unwrap_or_default(),
        }
    }
}

/// A change to a project's tickets, as its event feed sends it: the
/// event's name is the variant's, its data the ticket as it was then.
#[derive(Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TicketEvent {
    /// A ticket was filed.
    Filed(Ticket),
    /// A ticket was opened, closed or replaced.
    Updated(Ticket),
}

impl TicketEvent {
    /// The event of kind `kind` (`filed` or `updated`) about `ticket`.
    pub fn new(kind: &str, ticket: Ticket) -> TicketEvent {
        match kind {
            "filed" => TicketEvent::Filed(ticket),
            _ => TicketEvent::Updated(ticket),
        }
    }
}

/// One stored event: its place in the feed (the SSE `id`) and what happened.
#[derive(Debug)]
pub struct StoredEvent {
    /// The event's sequence number, increasing in the order of commits.
    pub seq: i64,
    /// What happened.
    pub event: TicketEvent,
}
