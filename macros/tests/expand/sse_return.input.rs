// Input of the expansion golden (see `src/expand.rs` tests): a route
// answering server-sent events (SPEC A3, A8), resumed after the client's
// `Last-Event-ID`. `Sse<E>` is answered through its `IntoResponse` like any
// response type: the macro treats it as it treats any value.
use serde::Serialize;
use tether::response::sse::Sse;
use tether::{controller, HttpError};

#[derive(Serialize)]
pub struct NewsEvent {
    title: String,
}

#[derive(Default)]
pub struct LiveController;

#[controller("/live")]
impl LiveController {
    #[get("/events")]
    async fn events(&self, #[header("last-event-id")] last: Option<String>) -> Sse<NewsEvent> {
        let _ = last;
        Sse::channel(1).1
    }

    #[get("/events/:topic")]
    async fn topic(&self, #[param] topic: String) -> Result<Sse<NewsEvent>, HttpError> {
        match topic.as_str() {
            "news" => Ok(Sse::channel(1).1),
            _ => Err(HttpError::not_found(format!("no topic {topic}"))),
        }
    }
}
