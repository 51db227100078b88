// Input of the expansion golden (see `src/expand.rs` tests): a route
// answering server-sent events (SPEC A3), resumed after the client's
// `Last-Event-ID`. `Sse<E>` is answered through its `IntoResponse` like any
// response type: the macro treats it as it treats any value.
#[controller("/live")]
impl LiveController {
    #[get("/events")]
    async fn events(&self, #[header("last-event-id")] last: Option<String>) -> Sse<NewsEvent> {
        self.feed.subscribe(last)
    }

    #[get("/events/:topic")]
    async fn topic(&self, #[param] topic: String) -> Result<Sse<NewsEvent>, HttpError> {
        self.feed.topic(topic)
    }
}
