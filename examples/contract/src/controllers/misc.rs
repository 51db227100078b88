//! `/misc`, neutral: a catch-all path, SSE, `#[all]`, and text, bytes and
//! multipart bodies.

use crate::model::{Attachments, Received, Tick};
use std::time::Duration;
use tether::controller;
use tether::response::sse::Sse;

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

    /// The old way to say hello: `#[deprecated]` marks it in the document
    /// and the client's JSDoc; `#[tags]` adds a tag to the controller's.
    #[get("/legacy")]
    #[deprecated(note = "call `GET /misc/any`")]
    #[tags("legacy")]
    async fn legacy(&self) -> &'static str {
        "legacy"
    }

    /// Answers every documented method (`#[all]`) with the one it was
    /// called with.
    #[all("/any")]
    async fn any(&self, #[req] req: &tether::Request) -> String {
        req.method().to_string()
    }

    /// The size of a raw body (`#[body(bytes)]`, required).
    #[post("/blob")]
    #[http_code(200)]
    async fn blob(&self, #[body(bytes)] raw: Vec<u8>) -> String {
        format!("{} bytes", raw.len())
    }

    /// What a multipart form carried (`#[body(multipart)]`: a text part,
    /// a required list of files, an optional list of text parts).
    #[post("/attachments")]
    async fn attach(&self, #[body(multipart)] form: Attachments) -> Received {
        Received {
            title: form.title,
            sizes: form.files.iter().map(|f| f.bytes.len() as u64).collect(),
            notes: form.notes.map_or(0, |n| n.len() as u32),
        }
    }

    /// Echoes a text body upper-cased (`#[body(text)]`).
    #[post("/shout")]
    #[http_code(200)]
    async fn shout(&self, #[body(text)] text: String) -> String {
        text.to_uppercase()
    }
}
