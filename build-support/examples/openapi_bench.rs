//! Generation speed (SPEC B, target: under 200 ms): writes a fixture crate
//! with 200 routes and 100 types, then times `Builder::run` on it.
//! Run through `bench/openapi/run.sh`.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

const CONTROLLERS: usize = 20;
const ROUTES_PER_CONTROLLER: usize = 10;
const TYPES: usize = 100;

fn types_module() -> String {
    let mut src = String::from("use serde::{Deserialize, Serialize};\n\n");
    for i in 0..TYPES {
        match i % 4 {
            0 => writeln!(
                src,
                "/// Model {i}.\n#[derive(Serialize, Deserialize)]\n#[serde(rename_all = \"camelCase\")]\npub struct Model{i} {{\n    pub id: u64,\n    pub display_name: String,\n    pub created_at: chrono::DateTime<chrono::Utc>,\n    pub tags: Vec<String>,\n    pub parent: Option<Box<Model{i}>>,\n    pub next: Option<Model{}>,\n    #[serde(skip_serializing_if = \"Option::is_none\")]\n    pub note: Option<String>,\n}}\n",
                (i + 1) % TYPES
            ),
            1 => writeln!(
                src,
                "#[derive(Serialize, Deserialize)]\n#[serde(tag = \"type\", rename_all = \"snake_case\")]\npub enum Model{i} {{\n    Created {{ id: u64, by: String }},\n    Deleted {{ id: u64 }},\n    Renamed(Model{}),\n    Unknown,\n}}\n",
                i - 1
            ),
            2 => writeln!(
                src,
                "#[derive(Serialize, Deserialize)]\npub struct Model{i}<T = u32> {{\n    pub items: Vec<T>,\n    pub total: u64,\n    #[serde(flatten)]\n    pub meta: Model{},\n}}\n",
                i - 2
            ),
            _ => writeln!(
                src,
                "#[derive(Serialize, Deserialize)]\n#[serde(rename_all = \"SCREAMING_SNAKE_CASE\")]\npub enum Model{i} {{ FirstValue, SecondValue, ThirdValue }}\n"
            ),
        }
        .unwrap();
    }
    src
}

fn controller(c: usize) -> String {
    let mut src = String::from(
        "use crate::types::*;\nuse tether::{controller, Json, HttpError, NoContent};\n\n",
    );
    let model = |k: usize| (c * 5 + k) % TYPES / 4 * 4;
    writeln!(src, "pub struct Resource{c}Controller;\n\n/// Resource {c}.\n#[controller(\"/resource-{c}\")]\nimpl Resource{c}Controller {{").unwrap();
    for r in 0..ROUTES_PER_CONTROLLER {
        let m = model(r);
        let route = match r % 5 {
            0 => format!("    /// Lists.\n    #[get(\"/r{r}\")]\n    async fn list_{r}(&self, #[query(\"page\")] page: Option<u32>) -> Json<Vec<Model{m}>> {{ todo!() }}\n"),
            1 => format!("    #[get(\"/r{r}/:id\")]\n    async fn find_{r}(&self, #[param] id: u64) -> Result<Json<Model{m}>, HttpError> {{ todo!() }}\n"),
            2 => format!("    #[post(\"/r{r}\")]\n    async fn create_{r}(&self, #[body] dto: Model{m}) -> Json<Model{}> {{ todo!() }}\n", m + 2),
            3 => format!("    #[put(\"/r{r}/:id\")]\n    #[version(\"2\")]\n    async fn update_{r}(&self, #[param] id: u64, #[body] dto: Model{}) -> Json<Model{}> {{ todo!() }}\n", m + 1, m + 3),
            _ => format!("    #[delete(\"/r{r}/:id\")]\n    async fn remove_{r}(&self, #[param] id: u64, #[header(\"x-request-id\")] rid: Option<String>) -> NoContent {{ todo!() }}\n"),
        };
        src.push_str(&route);
    }
    src.push_str("}\n");
    src
}

fn main() {
    let dir = std::env::temp_dir().join(format!("tether-openapi-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src/controllers")).unwrap();
    let write = |p: &str, s: String| std::fs::write(dir.join(p), s).unwrap();
    write(
        "tether.toml",
        "[framework]\nglobal_prefix = \"api\"\n[framework.versioning]\ntype = \"URI\"\ndefault_version = \"1\"\n[openapi]\noutput = \"openapi.json\"\n".into(),
    );
    write(
        "src/lib.rs",
        "pub mod types;\npub mod controllers;\n".into(),
    );
    write("src/types.rs", types_module());
    let mut mods = String::new();
    for c in 0..CONTROLLERS {
        writeln!(mods, "pub mod resource_{c};").unwrap();
        write(&format!("src/controllers/resource_{c}.rs"), controller(c));
    }
    write("src/controllers/mod.rs", mods);

    let run = || {
        let start = Instant::now();
        let report = tether_build::Builder::new()
            .manifest_dir(&dir)
            .run()
            .unwrap_or_else(|e| panic!("{e}"));
        (start.elapsed(), report)
    };
    let (first, report) = run();
    let doc = &report.documents[0].document;
    let operations: usize = doc["paths"]
        .as_object()
        .unwrap()
        .values()
        .map(|p| p.as_object().unwrap().len())
        .sum();
    let schemas = doc["components"]["schemas"].as_object().unwrap().len();
    let mut times: Vec<Duration> = (0..20).map(|_| run().0).collect();
    times.sort();
    println!("fixture: {CONTROLLERS} controllers, {} routes, {TYPES} types -> {operations} operations, {schemas} schemas", CONTROLLERS * ROUTES_PER_CONTROLLER);
    println!(
        "first run (writes the file):  {:>8.2} ms",
        first.as_secs_f64() * 1e3
    );
    println!(
        "median of 20 (unchanged):     {:>8.2} ms",
        times[10].as_secs_f64() * 1e3
    );
    println!(
        "fastest / slowest:            {:>8.2} / {:.2} ms",
        times[0].as_secs_f64() * 1e3,
        times[19].as_secs_f64() * 1e3
    );
    println!(
        "target: under 200 ms -> {}",
        if times[10] < Duration::from_millis(200) {
            "met"
        } else {
            "MISSED"
        }
    );
    let _ = std::fs::remove_dir_all(&dir);
}
