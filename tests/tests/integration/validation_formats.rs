//! SPEC E5 `format` on a real server: a field whose type carries a format
//! (`email_address::EmailAddress` → `email`, `uuid::Uuid` → `uuid`,
//! `url::Url` → `uri`, `time::OffsetDateTime` → `date-time`) is checked
//! when the body is read: a malformed value is a 400 naming the field, and
//! the handler never runs. tether-build documents the same formats
//! (golden `foreign_types`), and the client's zod schemas check them.

use email_address::EmailAddress;
use serde::Deserialize;
use std::sync::atomic::{AtomicUsize, Ordering};
use tether::{controller, App, NativeAdapter};
use tether_tests::TestServer;

#[derive(Deserialize)]
struct Contact {
    email: EmailAddress,
    id: uuid::Uuid,
    homepage: url::Url,
    #[serde(with = "time::serde::rfc3339")]
    since: time::OffsetDateTime,
}

static CALLS: AtomicUsize = AtomicUsize::new(0);

struct ContactsController;

#[controller("/contacts")]
impl ContactsController {
    #[post]
    async fn create(&self, #[body] dto: Contact) -> String {
        CALLS.fetch_add(1, Ordering::SeqCst);
        format!(
            "{} {} {} {}",
            dto.email,
            dto.id,
            dto.homepage,
            dto.since.year()
        )
    }
}

fn valid() -> serde_json::Value {
    serde_json::json!({
        "email": "ada@example.com",
        "id": "67e55044-10b1-426f-9247-bb680e5fe0c8",
        "homepage": "https://example.com/ada",
        "since": "1843-07-10T12:00:00Z",
    })
}

#[tokio::test]
async fn e5_format_types_reject_malformed_values_before_the_handler() {
    let server =
        TestServer::start(App::new(NativeAdapter::new()).controller(ContactsController)).await;
    let url = format!("http://{}/contacts", server.addr);

    let ok = server
        .client
        .post(&url)
        .json(&valid())
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 201);
    assert_eq!(
        ok.text().await.unwrap(),
        "ada@example.com 67e55044-10b1-426f-9247-bb680e5fe0c8 https://example.com/ada 1843"
    );
    assert_eq!(CALLS.load(Ordering::SeqCst), 1);

    for (field, bad) in [
        ("email", "ada.example.com"),
        ("email", "ada@"),
        ("id", "67e55044-10b1-426f-9247"),
        ("homepage", "not a url"),
        ("since", "1843-07-10"),
        ("since", "yesterday"),
    ] {
        let mut body = valid();
        body[field] = serde_json::Value::from(bad);
        let res = server.client.post(&url).json(&body).send().await.unwrap();
        assert_eq!(res.status(), 400, "{field} = {bad:?}");
        let error: serde_json::Value = res.json().await.unwrap();
        let message = error["message"].to_string();
        assert!(message.contains(field), "{field} = {bad:?}: {message}");
    }
    assert_eq!(
        CALLS.load(Ordering::SeqCst),
        1,
        "no malformed value reached the handler"
    );
    server.stop().await.unwrap();
}
