//! The newsroom's own tests, in-process with `tether::testing` (SPEC F5):
//! no socket, no port.

use newsroom::model::{Article, ArticleV2, UploadReceipt};
use tether::testing::{Multipart, TestClient};

fn client() -> TestClient {
    TestClient::new(newsroom::app())
}

#[tokio::test]
async fn the_version_header_picks_the_handler() {
    let client = client();
    let v1: Article = client.get("/articles/typed-apis").await.json();
    assert_eq!(v1.body, "One source of truth.\n\nNo drift.");

    let v2: ArticleV2 = client
        .get("/articles/typed-apis")
        .header("x-api-version", "2")
        .await
        .json();
    assert_eq!(v2.paragraphs, ["One source of truth.", "No drift."]);
}

#[tokio::test]
async fn creates_an_article_once() {
    let client = client();
    let dto = serde_json::json!({ "title": "Tests in process", "body": "No socket." });
    let res = client.post("/articles").json(&dto).await;
    assert_eq!(res.status(), 201);
    let created: Article = res.json();
    assert_eq!(created.title, "Tests in process");
    let found: Article = client
        .get(&format!("/articles/{}", created.slug))
        .await
        .json();
    assert_eq!(found.body, "No socket.");
    let again = client.post("/articles").json(&dto).await;
    assert_eq!(again.status(), 409);
}

#[tokio::test]
async fn uploads_photos_as_multipart() {
    let client = client();
    let form = Multipart::new()
        .text("caption", "Harbour at dawn")
        .file("photos", "a.jpg", "image/jpeg", b"\xff\xd8 first")
        .file("photos", "b.png", "image/png", b"\x89PNG second");
    let res = client.post("/uploads").multipart(form).await;
    assert_eq!(res.status(), 201, "{}", res.text());
    let receipt: UploadReceipt = res.json();
    assert_eq!(receipt.caption, "Harbour at dawn");
    assert_eq!(receipt.credit, None);
    let names: Vec<_> = receipt
        .files
        .iter()
        .map(|f| f.file_name.as_deref())
        .collect();
    assert_eq!(names, [Some("a.jpg"), Some("b.png")]);
    assert_eq!(receipt.files[1].bytes, b"\x89PNG second");

    let empty = client
        .post("/uploads")
        .multipart(Multipart::new().text("caption", "none"))
        .await;
    assert_eq!(empty.status(), 400);
}

#[tokio::test]
async fn serves_one_document_per_version() {
    let client = client();
    for v in ["v1", "v2"] {
        let res = client.get(&format!("/docs/{v}.json")).await;
        assert_eq!(res.status(), 200);
        let doc: serde_json::Value = res.json();
        assert_eq!(doc["info"]["title"], "Newsroom");
    }
    assert_eq!(
        client.get("/docs/v1.json").await.text(),
        include_str!("../openapi.v1.json")
    );
}
