//! The bookstore's own tests, in-process with `tether::testing` (SPEC F5):
//! no socket, no port.

use bookstore::model::{Book, BookV2, CreateBook};
use tether::testing::TestClient;

fn client() -> TestClient {
    TestClient::new(bookstore::app())
}

#[tokio::test]
async fn lists_and_finds_books_in_each_version() {
    let client = client();
    let books: Vec<Book> = client.get("/api/v1/books?limit=2").await.json();
    assert_eq!(books.len(), 2);

    let res = client.get(&format!("/api/v1/books/{}", books[0].id)).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Book>().title, books[0].title);

    let v2: BookV2 = client
        .get(&format!("/api/v2/books/{}", books[0].id))
        .await
        .json();
    assert_eq!(
        v2.author.id, books[0].author_id,
        "version 2 embeds the author"
    );
}

#[tokio::test]
async fn creates_updates_and_removes_a_book() {
    let client = client();
    let dto = CreateBook {
        title: "The Left Hand of Darkness".into(),
        author_id: 1,
        year: Some(1969),
    };
    let res = client
        .post("/api/v1/books")
        .header("x-request-id", "test-1")
        .json(&dto)
        .await;
    assert_eq!(res.status(), 201);
    let created: Book = res.json();
    assert_eq!(created.title, dto.title);

    let renamed = CreateBook {
        title: "Left Hand".into(),
        ..dto
    };
    let path = format!("/api/v1/books/{}", created.id);
    let updated: Book = client.put(&path).json(&renamed).await.json();
    assert_eq!(updated.title, "Left Hand");

    assert_eq!(client.delete(&path).await.status(), 204);
    assert_eq!(client.get(&path).await.status(), 404);
}

#[tokio::test]
async fn bad_input_is_a_400_naming_the_problem() {
    let client = client();
    let res = client.get("/api/v1/books/abc").await;
    assert_eq!(res.status(), 400);
    assert!(res.text().contains("`id`"), "{}", res.text());

    let res = client
        .post("/api/v1/books")
        .body("application/json", r#"{"title": 3}"#)
        .await;
    assert_eq!(res.status(), 400);

    let blank = CreateBook {
        title: " ".into(),
        author_id: 1,
        year: None,
    };
    let res = client.post("/api/v1/books").json(&blank).await;
    assert_eq!(res.status(), 400);
    assert_eq!(
        res.json::<serde_json::Value>()["message"],
        "title must not be empty"
    );
}

#[tokio::test]
async fn serves_its_document_and_reference_page() {
    let client = client();
    let res = client.get("/docs/openapi.json").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.text(), include_str!("../openapi.json"));
    let page = client.get("/docs/").await;
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
}
