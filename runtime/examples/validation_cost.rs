//! What a failing 1 MiB form or JSON body costs next to a passing one
//! (issue 31 item 1): the same body, one value on either side of its rule,
//! sent in-process (`tether::testing`) to a route that validates it. Run by
//! `bench/validation/run.sh` (a release build); prints one Markdown row per
//! body with the median time of each and their ratio.

use serde::Deserialize;
use serde_valid::Validate;
use std::time::{Duration, Instant};
use tether::testing::TestClient;
use tether::{controller, App, NativeAdapter};

#[derive(Deserialize, Validate)]
#[serde(rename_all = "kebab-case")]
struct Search {
    #[validate(maximum = 50)]
    page_size: u32,
}

#[derive(Deserialize, Validate)]
struct Items {
    #[validate]
    items: Vec<Search>,
}

struct Bench;

#[controller("/bench")]
impl Bench {
    #[post("/form")]
    async fn form(&self, #[body(form)] q: Search) -> String {
        q.page_size.to_string()
    }

    #[post("/json")]
    async fn json(&self, #[body] b: Items) -> String {
        b.items.len().to_string()
    }
}

/// About 1 MiB of distinct keys no field reads, then `page-size=<value>`.
fn form(value: u32) -> String {
    let mut body = String::new();
    let mut i = 0;
    while body.len() < (1 << 20) - 64 {
        body.push_str(&format!("k{i}=x&"));
        i += 1;
    }
    body + &format!("page-size={value}")
}

/// About 1 MiB of JSON: half unknown keys, half a list of items, the last
/// one `{"page-size": <value>}`.
fn json(value: u32) -> String {
    let mut body = String::from("{");
    let mut i = 0;
    while body.len() < (1 << 19) {
        body.push_str(&format!("\"k{i}\":0,"));
        i += 1;
    }
    body.push_str("\"items\":[");
    while body.len() < (1 << 20) - 64 {
        body.push_str("{\"page-size\":1},");
    }
    body + &format!("{{\"page-size\":{value}}}]}}")
}

/// One body to send twice: passing, then failing its rule.
struct Row {
    name: String,
    path: &'static str,
    content_type: &'static str,
    passing: String,
    failing: String,
}

/// The median time of 15 requests of `body` to `row`'s path, which must
/// answer `status`.
async fn median(client: &TestClient, row: &Row, body: &str, status: u16) -> Duration {
    let rounds = 15;
    let mut times = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let start = Instant::now();
        let res = client
            .post(row.path)
            .body(row.content_type, body.to_string())
            .await;
        times.push(start.elapsed());
        assert_eq!(res.status().as_u16(), status, "{}", res.text());
    }
    times.sort();
    times[rounds / 2]
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    // Room for a 1 MiB form of distinct keys: the error path itself is
    // measured, not the pair limit's early `400`.
    let app = App::new(NativeAdapter::new())
        .controller(Bench)
        .max_form_pairs(1 << 20)
        .body_limit(2 << 20);
    let client = TestClient::new(app);
    let keys = form(50).matches('&').count() + 1;
    let rows = [
        Row {
            name: format!("form, {keys} distinct keys"),
            path: "/bench/form",
            content_type: "application/x-www-form-urlencoded",
            passing: form(50),
            failing: form(51),
        },
        Row {
            name: "JSON, half unknown keys, half items".to_string(),
            path: "/bench/json",
            content_type: "application/json",
            passing: json(50),
            failing: json(51),
        },
    ];
    println!("| 1 MiB body | passing (ms) | failing (ms) | failing / passing |");
    println!("|---|--:|--:|--:|");
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    for row in &rows {
        let passing = ms(median(&client, row, &row.passing, 201).await);
        let failing = ms(median(&client, row, &row.failing, 400).await);
        println!(
            "| {} | {passing:.1} | {failing:.1} | {:.2} |",
            row.name,
            failing / passing
        );
    }
}
