#!/usr/bin/env node
// Writes the compile-time benchmark's two apps (issue 18): the same API of
// RESOURCES x 10 routes and RESOURCES x 5 DTOs (200 routes, 100 DTOs), once
// with tether (#[controller] macros, build.rs writing the OpenAPI document
// and the TypeScript client with tether-build) and once with axum 0.8 +
// utoipa 5 (utoipa-axum's OpenApiRouter, #[utoipa::path], ToSchema).
//
//   node gen.mjs write <dir> <repo>      both apps and their workspace
//   node gen.mjs edit <dir> <app>        change one handler body (a new literal each time)
//   node gen.mjs add-route <dir> <app>   add one route to the first resource
//   node gen.mjs reset <dir> <app>       the first resource as written
//
// <app> is tether-app or axum-app. Only resource 000's file changes after
// `write`; its state (edit counter, extra route) is kept in <dir>/.state.json.
import fs from 'node:fs';
import path from 'node:path';

const RESOURCES = Number(process.env.COMPILE_RESOURCES ?? 20);
const pad = (i) => String(i).padStart(3, '0');

/** The five DTOs of resource `n` as Rust, with `derives` and per-kind attributes. */
function dtos(n, style) {
  const axum = style === 'axum';
  const schema = axum ? ', ToSchema' : '';
  const params = axum ? ', IntoParams' : '';
  const paramsAttr = axum ? '#[into_params(parameter_in = Query)]\n' : '';
  return `/// An item of resource ${n}.
#[derive(Debug, Clone, Serialize, Deserialize${schema})]
pub struct Item${n} {
    /// Id.
    pub id: u64,
    /// Display name.
    pub name: String,
    /// Longer text, if any.
    pub description: Option<String>,
    /// Free-form labels.
    pub tags: Vec<String>,
    /// Price in euros.
    pub price: f64,
    /// Whether it is listed.
    pub active: bool,
}

impl Item${n} {
    fn sample(id: u64, name: &str) -> Self {
        Item${n} { id, name: name.to_string(), description: None, tags: vec!["r${n}".into()], price: 9.5, active: true }
    }

    fn from_create(id: u64, dto: CreateItem${n}) -> Self {
        Item${n} { id, name: dto.name, description: dto.description, tags: dto.tags, price: dto.price, active: dto.active }
    }
}

/// What a client sends to create an item of resource ${n}.
#[derive(Debug, Clone, Serialize, Deserialize${schema})]
pub struct CreateItem${n} {
    /// Display name.
    pub name: String,
    /// Longer text, if any.
    pub description: Option<String>,
    /// Free-form labels.
    pub tags: Vec<String>,
    /// Price in euros.
    pub price: f64,
    /// Whether it is listed.
    pub active: bool,
}

/// A partial update of an item of resource ${n}.
#[derive(Debug, Clone, Serialize, Deserialize${schema})]
pub struct UpdateItem${n} {
    /// New name.
    pub name: Option<String>,
    /// New description.
    pub description: Option<String>,
    /// New labels.
    pub tags: Option<Vec<String>>,
    /// New price.
    pub price: Option<f64>,
    /// Listed or not.
    pub active: Option<bool>,
}

/// Filters and paging of resource ${n}'s lists.
#[derive(Debug, Clone, Serialize, Deserialize${params})]
${paramsAttr}pub struct Item${n}Query {
    /// At most this many.
    pub limit: Option<u32>,
    /// Skip this many.
    pub offset: Option<u32>,
    /// Only names containing this.
    pub q: Option<String>,
}

/// A short view of an item of resource ${n}.
#[derive(Debug, Clone, Serialize, Deserialize${schema})]
pub struct Item${n}Summary {
    /// Id.
    pub id: u64,
    /// Display name.
    pub name: String,
    /// How many labels it has.
    pub tag_count: u32,
}

fn summarise${n}(item: &Item${n}) -> Item${n}Summary {
    Item${n}Summary { id: item.id, name: item.name.clone(), tag_count: item.tags.len() as u32 }
}

fn page${n}(query: &Item${n}Query) -> Vec<Item${n}> {
    let limit = query.limit.unwrap_or(10).min(100) as u64;
    let offset = query.offset.unwrap_or(0) as u64;
    (offset..offset + limit)
        .map(|id| Item${n}::sample(id, query.q.as_deref().unwrap_or("item")))
        .collect()
}
`;
}

/** The literal the edited handler answers with: changes on every `edit`. */
const label = (n, edit) => (edit === 0 ? `item ${n}` : `item ${n}, edit ${edit}`);

/** Resource `n` for tether: its DTOs and one controller of 10 routes. */
function tetherResource(n, { edit = 0, extra = false } = {}) {
  const extraRoute = extra
    ? `
    /// The extra route of the "add one route" measurement.
    #[get("/:id/extra")]
    async fn extra(&self, #[param] id: u64) -> Result<Item${n}Summary, HttpError> {
        Ok(summarise${n}(&Item${n}::sample(id, "extra")))
    }
`
    : '';
  return `//! Resource ${n}: ${'`'}/items${n}${'`'}.

use serde::{Deserialize, Serialize};
use tether::{controller, HttpError};

${dtos(n, 'tether')}
/// Items of resource ${n}.
pub struct Items${n}Controller;

#[controller("/items${n}")]
impl Items${n}Controller {
    /// Lists items.
    #[get]
    async fn list(&self, #[query] query: Item${n}Query) -> Vec<Item${n}> {
        page${n}(&query)
    }

    /// Finds one item.
    #[get("/:id")]
    async fn find(&self, #[param] id: u64) -> Result<Item${n}, HttpError> {
        if id == 0 {
            return Err(HttpError::not_found(format!("item ${n}/{id} does not exist")));
        }
        Ok(Item${n}::sample(id, "${label(n, edit)}"))
    }

    /// Creates an item.
    #[post]
    async fn create(&self, #[body] dto: CreateItem${n}) -> Item${n} {
        Item${n}::from_create(1, dto)
    }

    /// Replaces an item.
    #[put("/:id")]
    async fn replace(&self, #[param] id: u64, #[body] dto: CreateItem${n}) -> Result<Item${n}, HttpError> {
        if id == 0 {
            return Err(HttpError::not_found(format!("item ${n}/{id} does not exist")));
        }
        Ok(Item${n}::from_create(id, dto))
    }

    /// Changes some fields of an item.
    #[patch("/:id")]
    async fn update(&self, #[param] id: u64, #[body] dto: UpdateItem${n}) -> Result<Item${n}, HttpError> {
        let mut item = Item${n}::sample(id, "item");
        if let Some(name) = dto.name {
            item.name = name;
        }
        item.active = dto.active.unwrap_or(item.active);
        Ok(item)
    }

    /// Removes an item.
    #[delete("/:id")]
    #[http_code(204)]
    async fn remove(&self, #[param] id: u64) -> Result<(), HttpError> {
        if id == 0 {
            return Err(HttpError::not_found(format!("item ${n}/{id} does not exist")));
        }
        Ok(())
    }

    /// One item, short.
    #[get("/:id/summary")]
    async fn summary(&self, #[param] id: u64) -> Result<Item${n}Summary, HttpError> {
        Ok(summarise${n}(&Item${n}::sample(id, "item")))
    }

    /// Items, short.
    #[get("/summaries")]
    async fn summaries(&self, #[query] query: Item${n}Query) -> Vec<Item${n}Summary> {
        page${n}(&query).iter().map(summarise${n}).collect()
    }

    /// Creates several items.
    #[post("/bulk")]
    async fn bulk(&self, #[body] dtos: Vec<CreateItem${n}>) -> Vec<Item${n}> {
        dtos.into_iter().zip(1..).map(|(dto, id)| Item${n}::from_create(id, dto)).collect()
    }

    /// Items whose name contains ${'`'}q${'`'}.
    #[get("/search")]
    async fn search(&self, #[query] query: Item${n}Query) -> Vec<Item${n}Summary> {
        let q = query.q.clone().unwrap_or_default();
        page${n}(&query).iter().filter(|i| i.name.contains(&q)).map(summarise${n}).collect()
    }
${extraRoute}}
`;
}

/** Resource `n` for axum + utoipa: its DTOs, 10 handlers and their router. */
function axumResource(n, { edit = 0, extra = false } = {}) {
  const base = `/api/v1/items${n}`;
  const tag = `tag = "items${n}"`;
  const id = `params(("id" = u64, Path, description = "Id"))`;
  const extraFn = extra
    ? `
/// The extra route of the "add one route" measurement.
#[utoipa::path(get, path = "${base}/{id}/extra", ${tag}, ${id}, responses((status = 200, body = Item${n}Summary)))]
async fn extra(Path(id): Path<u64>) -> Json<Item${n}Summary> {
    Json(summarise${n}(&Item${n}::sample(id, "extra")))
}
`
    : '';
  const extraRoute = extra ? '\n        .routes(routes!(extra))' : '';
  return `//! Resource ${n}: ${'`'}${base}${'`'}.

use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

${dtos(n, 'axum')}
type Failure = (StatusCode, String);

fn not_found(id: u64) -> Failure {
    (StatusCode::NOT_FOUND, format!("item ${n}/{id} does not exist"))
}

/// Lists items.
#[utoipa::path(get, path = "${base}", ${tag}, params(Item${n}Query), responses((status = 200, body = Vec<Item${n}>)))]
async fn list(Query(query): Query<Item${n}Query>) -> Json<Vec<Item${n}>> {
    Json(page${n}(&query))
}

/// Finds one item.
#[utoipa::path(get, path = "${base}/{id}", ${tag}, ${id}, responses((status = 200, body = Item${n}), (status = 404, description = "No such item")))]
async fn find(Path(id): Path<u64>) -> Result<Json<Item${n}>, Failure> {
    if id == 0 {
        return Err(not_found(id));
    }
    Ok(Json(Item${n}::sample(id, "${label(n, edit)}")))
}

/// Creates an item.
#[utoipa::path(post, path = "${base}", ${tag}, request_body = CreateItem${n}, responses((status = 201, body = Item${n})))]
async fn create(Json(dto): Json<CreateItem${n}>) -> (StatusCode, Json<Item${n}>) {
    (StatusCode::CREATED, Json(Item${n}::from_create(1, dto)))
}

/// Replaces an item.
#[utoipa::path(put, path = "${base}/{id}", ${tag}, ${id}, request_body = CreateItem${n}, responses((status = 200, body = Item${n}), (status = 404, description = "No such item")))]
async fn replace(Path(id): Path<u64>, Json(dto): Json<CreateItem${n}>) -> Result<Json<Item${n}>, Failure> {
    if id == 0 {
        return Err(not_found(id));
    }
    Ok(Json(Item${n}::from_create(id, dto)))
}

/// Changes some fields of an item.
#[utoipa::path(patch, path = "${base}/{id}", ${tag}, ${id}, request_body = UpdateItem${n}, responses((status = 200, body = Item${n})))]
async fn update(Path(id): Path<u64>, Json(dto): Json<UpdateItem${n}>) -> Json<Item${n}> {
    let mut item = Item${n}::sample(id, "item");
    if let Some(name) = dto.name {
        item.name = name;
    }
    item.active = dto.active.unwrap_or(item.active);
    Json(item)
}

/// Removes an item.
#[utoipa::path(delete, path = "${base}/{id}", ${tag}, ${id}, responses((status = 204), (status = 404, description = "No such item")))]
async fn remove(Path(id): Path<u64>) -> Result<StatusCode, Failure> {
    if id == 0 {
        return Err(not_found(id));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// One item, short.
#[utoipa::path(get, path = "${base}/{id}/summary", ${tag}, ${id}, responses((status = 200, body = Item${n}Summary)))]
async fn summary(Path(id): Path<u64>) -> Json<Item${n}Summary> {
    Json(summarise${n}(&Item${n}::sample(id, "item")))
}

/// Items, short.
#[utoipa::path(get, path = "${base}/summaries", ${tag}, params(Item${n}Query), responses((status = 200, body = Vec<Item${n}Summary>)))]
async fn summaries(Query(query): Query<Item${n}Query>) -> Json<Vec<Item${n}Summary>> {
    Json(page${n}(&query).iter().map(summarise${n}).collect())
}

/// Creates several items.
#[utoipa::path(post, path = "${base}/bulk", ${tag}, request_body = Vec<CreateItem${n}>, responses((status = 201, body = Vec<Item${n}>)))]
async fn bulk(Json(dtos): Json<Vec<CreateItem${n}>>) -> (StatusCode, Json<Vec<Item${n}>>) {
    let items = dtos.into_iter().zip(1..).map(|(dto, id)| Item${n}::from_create(id, dto)).collect();
    (StatusCode::CREATED, Json(items))
}

/// Items whose name contains ${'`'}q${'`'}.
#[utoipa::path(get, path = "${base}/search", ${tag}, params(Item${n}Query), responses((status = 200, body = Vec<Item${n}Summary>)))]
async fn search(Query(query): Query<Item${n}Query>) -> Json<Vec<Item${n}Summary>> {
    let q = query.q.clone().unwrap_or_default();
    Json(page${n}(&query).iter().filter(|i| i.name.contains(&q)).map(summarise${n}).collect())
}
${extraFn}
/// The routes of resource ${n}, with their documentation.
pub fn router() -> OpenApiRouter {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(find, replace, update, remove))
        .routes(routes!(summary))
        .routes(routes!(summaries))
        .routes(routes!(bulk))
        .routes(routes!(search))${extraRoute}
}
`;
}

const ids = () => Array.from({ length: RESOURCES }, (_, i) => pad(i));

function tetherApp(dir, repo) {
  const controllers = ids().map((n) => `.controller(resources::r${n}::Items${n}Controller)`).join('\n        ');
  return {
    'Cargo.toml': `[package]
name = "tether-app"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
tether = { path = "${repo}/runtime" }
serde = { version = "1", features = ["derive"] }

[build-dependencies]
tether-build = { path = "${repo}/build-support" }
serde_json = "1"
`,
    'tether.toml': `[framework]
global_prefix = "api"

[framework.versioning]
type = "URI"
default_version = "1"

[openapi]
output = "openapi.json"
title = "Compile bench"
version = "1.0.0"

[openapi.sdk]
output = "sdk"
`,
    'build.rs': `//! Writes openapi.json and the TypeScript client in sdk/ (tether-build),
//! and, for bench/compile/run.sh, how long that took: one line per run
//! appended to $TETHER_COMPILE_BENCH_LOG when set. With
//! TETHER_COMPILE_BENCH_DOC=1 it also times the document alone (a dry run:
//! the sources read and the document built, nothing written) 5 times, and
//! 5 times more without tether-build's \`cargo metadata\` call.
use std::io::Write;
use std::time::Instant;

fn log(line: String) {
    if let Some(file) = std::env::var_os("TETHER_COMPILE_BENCH_LOG").filter(|f| !f.is_empty()) {
        let mut f = std::fs::OpenOptions::new().create(true).append(true).open(file).unwrap();
        writeln!(f, "{line}").unwrap();
    }
}

fn main() {
    println!("cargo:rerun-if-env-changed=TETHER_COMPILE_BENCH_DOC");
    let start = Instant::now();
    tether_build::generate();
    log(format!("generate_ms {:.3}", start.elapsed().as_secs_f64() * 1e3));
    if std::env::var_os("TETHER_COMPILE_BENCH_DOC").is_some_and(|v| v == "1") {
        for _ in 0..5 {
            let (start, cpu) = (Instant::now(), cpu_ms());
            let report = tether_build::Builder::from_env()
                .cargo_directives(false)
                .dry_run(true)
                .run()
                .expect("the document builds");
            let ms = start.elapsed().as_secs_f64() * 1e3;
            let cpu = cpu_ms() - cpu;
            let ops: usize = report.documents.iter().map(|d| operations(&d.document)).sum();
            log(format!("document_ms {ms:.3} operations {ops} cpu_ms {cpu:.3}"));
        }
        // The same without asking ${'`'}cargo metadata${'`'} for path dependencies
        // (a subprocess per run; this app's types are all its own).
        for _ in 0..5 {
            let (start, cpu) = (Instant::now(), cpu_ms());
            let report = tether_build::Builder::new()
                .manifest_dir(std::env::var("CARGO_MANIFEST_DIR").unwrap())
                .package(std::env::var("CARGO_PKG_NAME").unwrap(), std::env::var("CARGO_PKG_VERSION").unwrap())
                .dry_run(true)
                .run()
                .expect("the document builds");
            let ms = start.elapsed().as_secs_f64() * 1e3;
            let cpu = cpu_ms() - cpu;
            let ops: usize = report.documents.iter().map(|d| operations(&d.document)).sum();
            log(format!("document_no_metadata_ms {ms:.3} operations {ops} cpu_ms {cpu:.3}"));
        }
    }
}

/// CPU time of this thread so far, in ms (Linux: the first field of
/// /proc/thread-self/schedstat, in ns), which a loaded machine does not
/// inflate the way it does wall time.
fn cpu_ms() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(f64::NAN, |ns| ns / 1e6)
}

fn operations(doc: &serde_json::Value) -> usize {
    doc["paths"].as_object().map_or(0, |paths| {
        paths.values().filter_map(|p| p.as_object()).map(|p| p.keys().filter(|k| *k != "parameters").count()).sum()
    })
}
`,
    'src/main.rs': `//! The compile-time benchmark's app in tether: ${RESOURCES * 10} routes, ${RESOURCES * 5} DTOs.

mod resources;

fn main() -> std::io::Result<()> {
    tether::App::new(tether::NativeAdapter::new())
        ${controllers}
        .run("127.0.0.1:3000")
}
`,
  };
}

function axumApp() {
  const merges = ids().map((n) => `.merge(resources::r${n}::router())`).join('\n        ');
  return {
    'Cargo.toml': `[package]
name = "axum-app"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
axum = "0.8"
tokio = { version = "1", features = ["rt-multi-thread", "macros", "net"] }
serde = { version = "1", features = ["derive"] }
serde_json = "1"
utoipa = "5"
utoipa-axum = "0.2"
`,
    'src/main.rs': `//! The compile-time benchmark's app in axum + utoipa: ${RESOURCES * 10} routes, ${RESOURCES * 5} DTOs.
//! ${'`'}axum-app --openapi${'`'} prints the OpenAPI document.

mod resources;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

#[derive(OpenApi)]
#[openapi(info(title = "Compile bench", version = "1.0.0"))]
struct ApiDoc;

fn app() -> (axum::Router, utoipa::openapi::OpenApi) {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        ${merges}
        .split_for_parts()
}

#[tokio::main]
async fn main() {
    let (router, api) = app();
    if std::env::args().any(|a| a == "--openapi") {
        println!("{}", api.to_pretty_json().expect("the document serialises"));
        return;
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:3000").await.expect("port 3000 is free");
    axum::serve(listener, router).await.expect("the server runs");
}
`,
  };
}

function writeFiles(root, files) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

const resourceOf = { 'tether-app': tetherResource, 'axum-app': axumResource };

function resourceFiles(app, state = {}) {
  const make = resourceOf[app];
  const files = { 'src/resources/mod.rs': ids().map((n) => `pub mod r${n};`).join('\n') + '\n' };
  for (const n of ids()) files[`src/resources/r${n}.rs`] = make(n, n === pad(0) ? state : {});
  return files;
}

function loadState(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, '.state.json'), 'utf8'));
  } catch {
    return {};
  }
}

/** Rewrites resource 000 of `app` from its state, and saves the state. */
function rewriteFirst(dir, app, change) {
  if (!resourceOf[app]) throw new Error(`unknown app ${app}; expected tether-app or axum-app`);
  const all = loadState(dir);
  const state = change(all[app] ?? { edit: 0, extra: false });
  all[app] = state;
  const file = path.join(dir, app, `src/resources/r${pad(0)}.rs`);
  const text = resourceOf[app](pad(0), state);
  fs.writeFileSync(file, text);
  fs.writeFileSync(path.join(dir, '.state.json'), JSON.stringify(all));
}

const [command, dir, arg] = process.argv.slice(2);
switch (command) {
  case 'write': {
    const repo = path.resolve(arg);
    fs.mkdirSync(dir, { recursive: true });
    writeFiles(dir, {
      'Cargo.toml': `# Generated by bench/compile/gen.mjs: the two apps of the compile-time benchmark.
[workspace]
resolver = "2"
members = ["tether-app", "axum-app"]
`,
    });
    writeFiles(path.join(dir, 'tether-app'), { ...tetherApp(dir, repo), ...resourceFiles('tether-app') });
    writeFiles(path.join(dir, 'axum-app'), { ...axumApp(), ...resourceFiles('axum-app') });
    fs.writeFileSync(path.join(dir, '.state.json'), '{}');
    console.log(`wrote ${dir}: 2 apps of ${RESOURCES * 10} routes and ${RESOURCES * 5} DTOs`);
    break;
  }
  case 'edit':
    rewriteFirst(dir, arg, (s) => ({ ...s, edit: s.edit + 1 }));
    break;
  case 'add-route':
    rewriteFirst(dir, arg, (s) => ({ ...s, extra: true }));
    break;
  case 'reset':
    rewriteFirst(dir, arg, (s) => ({ ...s, extra: false }));
    break;
  default:
    console.error('usage: gen.mjs write <dir> <repo> | edit|add-route|reset <dir> <tether-app|axum-app>');
    process.exit(2);
}
