//! The two servers the gate counts, serving the bench's five routes with
//! the same bytes: tether as a user writes it (crate-root items only) and
//! the bench's own raw hyper `service_fn` (`bench/src/servers/hyper.rs`,
//! compiled here through `#[path]`, so the peer is the bench's to the byte).

use crate::model::{Message, NewUser, Status, User, STATUS};
use crate::PLAINTEXT;
use tether::{controller, App, NativeAdapter};

/// Extra work per request on one route of the tether app, for showing that
/// the gate fails: `SPEED_GATE_SLOW=<route>[:<rounds>]` (read only here).
#[derive(Clone, Default)]
pub struct Slow {
    route: String,
    rounds: u64,
}

impl Slow {
    /// From `SPEED_GATE_SLOW`; nothing when it is unset.
    pub fn from_env() -> Self {
        let Ok(spec) = std::env::var("SPEED_GATE_SLOW") else {
            return Slow::default();
        };
        let (route, rounds) = spec.split_once(':').unwrap_or((&spec, "200"));
        Slow {
            route: route.to_owned(),
            rounds: rounds.parse().expect("SPEED_GATE_SLOW=<route>[:<rounds>]"),
        }
    }

    /// About nine instructions a round when `route` is the slowed one.
    fn burn(&self, route: &str) {
        if self.route != route {
            return;
        }
        let mut acc = 0u64;
        for i in 0..self.rounds {
            acc = std::hint::black_box(acc.wrapping_mul(31).wrapping_add(i));
        }
        std::hint::black_box(acc);
    }
}

/// `/plaintext`, `/json` and `/users`.
pub struct GateController {
    slow: Slow,
}

#[controller("/")]
impl GateController {
    #[get("/plaintext")]
    async fn plaintext(&self) -> &'static str {
        self.slow.burn("plaintext");
        PLAINTEXT
    }

    #[get("/json")]
    async fn json(&self) -> Message {
        self.slow.burn("json");
        Message { message: PLAINTEXT }
    }

    #[get("/users/:id")]
    async fn user(&self, #[param] id: u64) -> User {
        self.slow.burn("param");
        User::with_id(id)
    }

    #[post("/users")]
    async fn create(&self, #[body] user: NewUser) -> NewUser {
        self.slow.burn("post");
        user
    }
}

/// `/v1/status`: the versioned route.
pub struct StatusController {
    slow: Slow,
}

#[controller("/status")]
#[version("1")]
impl StatusController {
    #[get]
    async fn status(&self) -> Status {
        self.slow.burn("versioned");
        STATUS
    }
}

/// The tether app: the bench's routes behind `api` and URI versioning
/// (`speed-gate/tether.toml`, as `bench/tether.toml`).
pub fn tether_app() -> App {
    let slow = Slow::from_env();
    App::new(NativeAdapter::new())
        .controller(GateController { slow: slow.clone() })
        .controller(StatusController { slow })
}
