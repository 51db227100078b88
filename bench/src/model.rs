//! The payloads every server sends and reads.

use serde::{Deserialize, Serialize};

/// `GET /api/json`.
#[derive(Serialize)]
pub struct Message {
    /// Always `Hello, World!`.
    pub message: &'static str,
}

/// `GET /api/users/:id`.
#[derive(Serialize)]
pub struct User {
    /// The path parameter, parsed as `u64`.
    pub id: u64,
    /// A fixed name.
    pub name: &'static str,
    /// A fixed address.
    pub email: &'static str,
}

impl User {
    /// The user answered for `id`.
    pub fn with_id(id: u64) -> Self {
        User {
            id,
            name: "Ada Lovelace",
            email: "ada@example.com",
        }
    }
}

/// `POST /api/users`: the body read, and echoed back with `201`.
#[derive(Serialize, Deserialize)]
pub struct NewUser {
    /// Full name.
    pub name: String,
    /// E-mail address.
    pub email: String,
    /// Age in years.
    pub age: u32,
}

/// `GET /api/v1/status`.
#[derive(Serialize)]
pub struct Status {
    /// Always `ok`.
    pub status: &'static str,
    /// The API version of the route.
    pub version: u32,
}

/// The status answered by the versioned route.
pub const STATUS: Status = Status {
    status: "ok",
    version: 1,
};

/// The body `POST /api/users` is benchmarked with.
pub const NEW_USER_BODY: &str = r#"{"name":"Ada Lovelace","email":"ada@example.com","age":36}"#;
