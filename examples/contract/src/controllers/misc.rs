//! `/misc`, neutral: a catch-all path, SSE and a text body. (Not yet a
//! multipart upload: the server accepts a form without its required file
//! field, see tests/e2e/contract.test.ts.)

use crate::model::Tick;
use std::time::Duration;
use tether::controller;
use tether::sse::Sse;

/// Routes of no version.
pub struct MiscController;

#[controller("/misc")]
#[version(neutral)]
impl MiscController {
    /// The rest of the path after `/misc/files/` (catch-all `*rest`).
    #[get("/files/*rest")]
    async fn file(&self, #[param] rest: String) -> String {
        rest
    }

    /// `count` ticks (default 3, at most 50), then `done` (`Sse<E>`).
    #[get("/events")]
    async fn events(&self, #[query("count")] count: Option<u32>) -> Sse<Tick> {
        let count = count.unwrap_or(3).min(50);
        let (tx, sse) = Sse::channel(4);
        tokio::spawn(async move {
            for n in 1..=count {
                if tx.send(Tick::Tick { n }).await.is_err() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
            let _ = tx.send(Tick::Done).await;
        });
        sse
    }

    /// Echoes a text body upper-cased (`#[body(text)]`).
    #[post("/shout")]
    #[http_code(200)]
    async fn shout(&self, #[body(text)] text: String) -> String {
        text.to_uppercase()
    }
}
