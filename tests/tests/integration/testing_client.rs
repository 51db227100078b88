//! SPEC F5: `tether::testing`, the in-process client: every body kind,
//! headers both ways, typed JSON, and the same middleware, pipeline and
//! tower layers as on a socket.

use serde::{Deserialize, Serialize};
use tether::testing::{Multipart, TestClient};
use tether::{controller, App, NativeAdapter, Next, Request};

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Signup {
    name: String,
    age: u32,
    tags: Vec<String>,
}

struct Forms;

#[controller("/forms")]
impl Forms {
    #[post("/json")]
    async fn json(&self, #[body] s: Signup) -> Signup {
        s
    }

    #[post("/form")]
    async fn form(&self, #[body(form)] s: Signup) -> Signup {
        s
    }

    #[post("/text")]
    async fn text(&self, #[body(text)] s: String) -> String {
        s.to_uppercase()
    }

    #[put("/multipart")]
    async fn multipart(
        &self,
        #[body(multipart)] mut form: tether::extract::multipart::Multipart,
    ) -> Result<String, tether::HttpError> {
        let mut out = Vec::new();
        while let Some(mut field) = form.next_field().await? {
            let mut name = field.name().unwrap_or_default().to_string();
            if let Some(file_name) = field.file_name() {
                name = format!("{name}({file_name})");
            }
            let mut body = Vec::new();
            while let Some(chunk) = field.chunk().await? {
                body.extend_from_slice(&chunk);
            }
            out.push(format!("{name}={}", String::from_utf8_lossy(&body)));
        }
        Ok(out.join("&"))
    }

    #[get("/who")]
    async fn who(
        &self,
        #[header("x-user")] user: Option<String>,
        #[query("q")] q: Option<String>,
    ) -> String {
        format!("{} {}", user.unwrap_or_default(), q.unwrap_or_default())
    }
}

fn client() -> TestClient {
    TestClient::new(
        App::new(NativeAdapter::new())
            .controller(Forms)
            .use_middleware(|req: Request, next: Next| async move {
                let mut res = next.run(req).await;
                res.headers_mut()
                    .insert("x-middleware", "ran".parse().unwrap());
                res
            }),
    )
}

fn signup() -> Signup {
    Signup {
        name: "Ada Lovelace".into(),
        age: 36,
        tags: vec!["math".into(), "poetry & science".into()],
    }
}

#[tokio::test]
async fn f5_json_and_form_bodies_read_back_as_typed_json() {
    let client = client();
    let res = client.post("/forms/json").json(&signup()).await;
    assert_eq!(res.status(), 201);
    assert_eq!(res.header("x-middleware"), Some("ran"));
    assert_eq!(res.json::<Signup>(), signup());

    let res = client.post("/forms/form").form(&signup()).await;
    assert_eq!(res.status(), 201, "{}", res.text());
    assert_eq!(res.json::<Signup>(), signup());
}

#[tokio::test]
async fn f5_text_multipart_headers_and_query() {
    let client = client();
    assert_eq!(
        client.post("/forms/text").text("shout").await.text(),
        "SHOUT"
    );
    let form = Multipart::new()
        .text("a", "1")
        .file("f", "f.txt", "text/plain", b"file body");
    let res = client.put("/forms/multipart").multipart(form).await;
    assert_eq!(res.status(), 200, "{}", res.text());
    assert_eq!(res.text(), "a=1&f(f.txt)=file body");
    // A quote or a line break in a file name is escaped as browsers do
    // (%22, %0D, %0A): the name arrives whole and adds no header line.
    let form = Multipart::new()
        .file("f", "we\"ird\r\nX-Injected: 1.png", "image/png", b"x")
        .text("after", "2");
    let res = client.put("/forms/multipart").multipart(form).await;
    assert_eq!(res.status(), 200, "{}", res.text());
    assert_eq!(res.text(), "f(we%22ird%0D%0AX-Injected: 1.png)=x&after=2");
    let res = client
        .get("/forms/who?q=rust%20web")
        .header("x-user", "ada")
        .await;
    assert_eq!(res.text(), "ada rust web");
}

#[tokio::test]
async fn f5_errors_and_unknown_routes_as_on_a_socket() {
    let client = client();
    let res = client
        .post("/forms/json")
        .body("application/json", "{")
        .await;
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<serde_json::Value>()["statusCode"], 400);
    assert_eq!(client.get("/nowhere").await.status(), 404);
    assert_eq!(client.delete("/forms/json").await.status(), 405);
}

#[tokio::test]
async fn f5_tower_layers_run_in_process_too() {
    let client = TestClient::new(App::new(NativeAdapter::new()).controller(Forms).layer(
        tower_http::set_header::SetResponseHeaderLayer::overriding(
            http::header::SERVER,
            http::HeaderValue::from_static("tether-test"),
        ),
    ));
    let res = client.post("/forms/text").text("x").await;
    assert_eq!(res.header("server"), Some("tether-test"));
}

#[test]
#[should_panic(expected = "is not the JSON expected")]
fn f5_json_of_the_wrong_shape_names_the_answer() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    rt.block_on(async {
        let res = client().post("/forms/text").text("not json").await;
        let _: Signup = res.json();
    });
}
