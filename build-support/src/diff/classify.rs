//! Levels: whether a change breaks a client written against the old
//! document depends on which way the data flows. A request is what the
//! client sends and the server must keep accepting; a response is what the
//! client reads and must keep understanding.

use super::Level;

/// Which way the data in a schema flows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Dir {
    /// Client to server: the server may accept more, never less.
    Request,
    /// Server to client: the server may answer less, never more.
    Response,
}

impl Dir {
    /// `request` / `response`, the first word of a schema rule id.
    pub(super) fn word(self) -> &'static str {
        match self {
            Dir::Request => "request",
            Dir::Response => "response",
        }
    }
}

/// A change to the set of values a schema allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Effect {
    /// Fewer values allowed (a lower maximum, a type narrowed, an enum value removed).
    Narrowed,
    /// More values allowed.
    Widened,
    /// A new bound where there was none, which old clients may not meet
    /// only rarely (a maximum set on a request): possibly breaking there.
    BoundSet,
}

/// The level of `effect` on a schema read in direction `dir`.
pub(super) fn level(dir: Dir, effect: Effect) -> Level {
    match (dir, effect) {
        (Dir::Request, Effect::Narrowed) | (Dir::Response, Effect::Widened) => Level::Breaking,
        (Dir::Request, Effect::Widened) | (Dir::Response, Effect::Narrowed) => Level::Compatible,
        (Dir::Request, Effect::BoundSet) => Level::PossiblyBreaking,
        (Dir::Response, Effect::BoundSet) => Level::Compatible,
    }
}
