//! One configured output → one document, or one per version when header
//! versioning puts two versions of a route on the same path and method.
//! Paths come from `Framework::served_paths`, the function
//! the runtime router uses, so what is served is what is documented.

use super::dialect::downgrade_document;
use super::naming::{controller_key, method_key, version_ident};
use super::operation::{route_tags, OperationContext};
use super::schema::SchemaGen;
use super::sites::{OperationSite, Site, Sites};
use crate::analysis::controllers::FoundController;
use crate::analysis::diagnostics::Diagnostic;
use crate::analysis::index::CrateIndex;
use crate::extensions as ext;
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use tether_model::attrs::HttpMethod;
use tether_model::config::{InfoSection, OpenApiOutput, OpenApiVersion, ServerEntry};
use tether_model::controller::RouteModel;
use tether_model::versioning::compare_version_values;
use tether_model::{Framework, Version, VersioningKind};

/// The lower-case methods of a route attribute (`#[all]` is every method).
fn methods(method: HttpMethod) -> Vec<&'static str> {
    match method {
        HttpMethod::All => vec!["get", "put", "post", "delete", "options", "head", "patch"],
        m => vec![m.attr_name()],
    }
}

/// The order of methods inside a path item, as the spec lists them.
const METHOD_ORDER: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// One (route, path, version, method) the document describes.
#[derive(Clone)]
struct Planned<'c> {
    controller: &'c FoundController,
    route: &'c RouteModel,
    path: String,
    /// `path` with its parameters' names left out: what two routes must not
    /// share (see [`collisions`]).
    template: String,
    version: Option<Version>,
    method: &'static str,
    /// How many served variants the route has (versions × methods).
    variants: usize,
}

/// Title and version of `info` when the output does not set them.
#[derive(Debug, Clone, Default)]
pub struct PackageInfo {
    /// `CARGO_PKG_NAME`
    pub name: Option<String>,
    /// `CARGO_PKG_VERSION`
    pub version: Option<String>,
}

/// A document and the suffix of its file name (`Some("v2")` for a
/// per-version document).
pub(crate) struct Built {
    /// `v1` for `openapi.v1.json`, none for the single document.
    pub suffix: Option<String>,
    /// The document.
    pub document: Value,
}

fn plan<'c>(
    controllers: &'c [FoundController],
    framework: &Framework,
    output: &OpenApiOutput,
) -> Vec<Planned<'c>> {
    let mut planned = Vec::new();
    for c in controllers {
        let keep = output.filter.as_ref().is_none_or(|f| {
            f.keeps(
                &c.model.type_name,
                &c.model.path.to_route_syntax(),
                &c.module_path,
            )
        });
        if !keep {
            continue;
        }
        for route in &c.model.routes {
            let served = framework.served_paths(
                &route.full_path,
                route.method,
                &route.effective_version(&c.model),
            );
            let methods = methods(route.method);
            let variants = served.len() * methods.len();
            for s in &served {
                for method in &methods {
                    planned.push(Planned {
                        controller: c,
                        route,
                        path: s.path.to_openapi(),
                        template: s.path.to_template(),
                        version: s.version.clone(),
                        method,
                        variants,
                    });
                }
            }
        }
    }
    planned
}

type Key = (String, &'static str);

/// The file suffix of a document (`v2`) and its operations.
type DocumentPlan<'c> = (Option<String>, Vec<Planned<'c>>);

/// The operations that share a method and a path up to its parameters'
/// names (`/products/{id}`, `/products/{productId}`): the router refuses to
/// start with both, and OpenAPI forbids templated paths that differ only
/// in names.
fn collisions(ops: &[Planned]) -> BTreeMap<Key, Vec<usize>> {
    let mut by_key: BTreeMap<Key, Vec<usize>> = BTreeMap::new();
    for (i, op) in ops.iter().enumerate() {
        by_key
            .entry((op.template.clone(), op.method))
            .or_default()
            .push(i);
    }
    by_key.retain(|_, v| v.len() > 1);
    by_key
}

fn collision_error(index: &CrateIndex, ops: &[Planned], ids: &[usize]) -> Diagnostic {
    let first = &ops[ids[0]];
    let second = &ops[ids[1]];
    let describe =
        |p: &Planned| format!("`{}::{}`", p.controller.model.type_name, p.route.fn_ident);
    let method = first.method.to_uppercase();
    let (message, help) = match first.path == second.path {
        true => (
            format!(
                "{method} {} is served by both {} and {}",
                first.path,
                describe(first),
                describe(second)
            ),
            "change one path, or give the routes different `#[version]`s",
        ),
        false => (
            format!(
                "{method} {} and {method} {} differ only in their parameters' names: they are one route, served by both {} and {}",
                first.path,
                second.path,
                describe(first),
                describe(second)
            ),
            "change one path (the server's router and OpenAPI tell paths apart by their fixed segments, not by parameter names), or give the routes different `#[version]`s",
        ),
    };
    index
        .sources
        .diagnostic(second.controller.module, second.route.span, message)
        .with_help(help)
}

/// Splits the operations into documents: one, or one per version under
/// header versioning when versions of a route collide.
fn split<'c>(
    index: &CrateIndex,
    ops: Vec<Planned<'c>>,
    framework: &Framework,
) -> Result<Vec<DocumentPlan<'c>>, Vec<Diagnostic>> {
    let clashes = collisions(&ops);
    if clashes.is_empty() {
        return Ok(vec![(None, ops)]);
    }
    let header = framework
        .versioning
        .as_ref()
        .is_some_and(|v| v.kind == VersioningKind::Header);
    let versioned_clash = clashes.values().any(|ids| {
        let versions: BTreeSet<_> = ids.iter().map(|i| ops[*i].version.clone()).collect();
        versions.len() > 1
    });
    if !header || !versioned_clash {
        return Err(clashes
            .values()
            .map(|ids| collision_error(index, &ops, ids))
            .collect());
    }
    let mut versions: Vec<Version> = ops
        .iter()
        .filter_map(|o| o.version.clone())
        .filter(|v| matches!(v, Version::Exact(_)))
        .collect();
    versions.sort_by(compare_version_values);
    versions.dedup();
    let mut docs = Vec::new();
    let mut errors = Vec::new();
    for version in versions {
        let Version::Exact(v) = &version else {
            continue;
        };
        let mut chosen: Vec<Planned> = ops
            .iter()
            .filter(|o| {
                o.version
                    .as_ref()
                    .is_none_or(|ov| *ov == version || *ov == Version::Neutral)
            })
            .cloned()
            .collect();
        // In a version's document an exact match wins over a neutral route.
        for ids in collisions(&chosen).values() {
            let exact = ids
                .iter()
                .filter(|i| chosen[**i].version.as_ref() == Some(&version))
                .count();
            if exact != 1 {
                errors.push(collision_error(index, &chosen, ids));
            }
        }
        let clashing: BTreeSet<Key> = collisions(&chosen).into_keys().collect();
        chosen.retain(|o| {
            !clashing.contains(&(o.template.clone(), o.method))
                || o.version.as_ref() == Some(&version)
        });
        docs.push((Some(format!("v{v}")), chosen));
    }
    if errors.is_empty() {
        Ok(docs)
    } else {
        Err(errors)
    }
}

fn x_tether(framework: &Framework, doc_version: Option<&str>) -> Option<Value> {
    let mut x = Map::new();
    if let Some(prefix) = &framework.global_prefix {
        x.insert(ext::GLOBAL_PREFIX.into(), json!(prefix));
    }
    if let Some(v) = &framework.versioning {
        let mut versioning = Map::new();
        match v.kind {
            VersioningKind::Uri => {
                versioning.insert(ext::VERSIONING_TYPE.into(), json!("URI"));
                versioning.insert(ext::URI_PREFIX.into(), json!(v.prefix));
            }
            VersioningKind::Header => {
                versioning.insert(ext::VERSIONING_TYPE.into(), json!("HEADER"));
                versioning.insert(
                    ext::VERSION_HEADER.into(),
                    json!(tether_model::VERSION_HEADER),
                );
            }
        }
        if let Some(d) = &v.default_version {
            versioning.insert(ext::DEFAULT_VERSION.into(), json!(d));
        }
        if let Some(d) = doc_version {
            versioning.insert(ext::DOCUMENT_VERSION.into(), json!(d));
        }
        x.insert(ext::VERSIONING.into(), Value::Object(versioning));
    }
    (!x.is_empty()).then_some(Value::Object(x))
}

/// Where an operation's route attribute and arguments are written.
fn operation_site(op: &Planned) -> OperationSite {
    use tether_model::attrs::ParamSource;
    let module = op.controller.module;
    let at = |span| Site { module, span };
    let mut site = OperationSite {
        route: at(op.route.span),
        params: Vec::new(),
        query_all: None,
        body: None,
    };
    for p in &op.route.params {
        let named = |place: &str, name: &str| (place.to_string(), name.to_string(), at(p.span));
        match &p.source {
            ParamSource::Path(n) => site.params.push(named("path", n)),
            ParamSource::Query(n) => site.params.push(named("query", n)),
            ParamSource::Header(n) => site.params.push(named("header", n)),
            ParamSource::Cookie(n) => site.params.push(named("cookie", n)),
            ParamSource::QueryAll => site.query_all = Some(at(p.span)),
            ParamSource::Body(_) => site.body = Some(at(p.span)),
            ParamSource::Request | ParamSource::Extractor => {}
        }
    }
    site
}

/// An `#[all]` route is one operation per method: the client names each
/// by the handler and the method (`anyGet`, `anyPut`, …), not `any`,
/// `any2`, ….
fn name_by_method(operation: &mut Value, method: &str) {
    if let Some(Value::String(name)) = operation.get_mut(ext::METHOD) {
        let mut chars = method.chars();
        if let Some(first) = chars.next() {
            name.push(first.to_ascii_uppercase());
            name.extend(chars);
        }
    }
}

fn operation_id(op: &Planned, used: &mut BTreeSet<String>) -> String {
    let mut id = format!(
        "{}_{}",
        controller_key(&op.controller.model.type_name),
        method_key(&op.route.fn_ident, None)
    );
    if op.route.method == HttpMethod::All {
        id.push('_');
        id.push_str(op.method);
    }
    let versions = op.variants / methods(op.route.method).len();
    if versions > 1 {
        match &op.version {
            Some(Version::Exact(v)) => id.push_str(&format!("_v{}", version_ident(v))),
            Some(Version::Neutral) => id.push_str("_neutral"),
            None => {}
        }
    }
    let mut unique = id.clone();
    let mut n = 2;
    while !used.insert(unique.clone()) {
        unique = format!("{id}_{n}");
        n += 1;
    }
    unique
}

/// What a document is built from: the crate, its settings, one output.
pub(crate) struct Inputs<'a> {
    /// The crate's sources.
    pub index: &'a CrateIndex,
    /// Its controllers.
    pub controllers: &'a [FoundController],
    /// `[framework]` of its `tether.toml`.
    pub framework: &'a Framework,
    /// Its security schemes.
    pub schemes: &'a super::security::Schemes,
    /// The output built.
    pub output: &'a OpenApiOutput,
    /// `info` defaults.
    pub package: &'a PackageInfo,
    /// Schemas stated for foreign types.
    pub stated: &'a BTreeMap<String, Value>,
}

/// The document's `info`: title and version, then what `[openapi.info]`
/// says. A per-version document's description opens with its version.
fn info_object(
    about: &InfoSection,
    title: String,
    version: String,
    doc_version: Option<&str>,
) -> Value {
    let mut info = Map::new();
    info.insert("title".into(), json!(title));
    info.insert("version".into(), json!(version));
    let versioned =
        doc_version.map(|v| format!("Operations of API version {v} (send `X-API-Version: {v}`)."));
    let description = match (versioned, &about.description) {
        (Some(v), Some(d)) => Some(format!("{v}\n\n{d}")),
        (v, d) => v.or_else(|| d.clone()),
    };
    if let Some(d) = description {
        info.insert("description".into(), json!(d));
    }
    if let Some(terms) = &about.terms_of_service {
        info.insert("termsOfService".into(), json!(terms));
    }
    if let Some(c) = &about.contact {
        let mut contact = Map::new();
        for (key, value) in [("name", &c.name), ("url", &c.url), ("email", &c.email)] {
            if let Some(v) = value {
                contact.insert(key.into(), json!(v));
            }
        }
        info.insert("contact".into(), Value::Object(contact));
    }
    if let Some(l) = &about.license {
        let mut license = Map::new();
        license.insert("name".into(), json!(l.name));
        for (key, value) in [("identifier", &l.identifier), ("url", &l.url)] {
            if let Some(v) = value {
                license.insert(key.into(), json!(v));
            }
        }
        info.insert("license".into(), Value::Object(license));
    }
    Value::Object(info)
}

/// `servers`, in the order `tether.toml` lists them.
fn servers(list: &[ServerEntry]) -> Value {
    let servers: Vec<Value> = list
        .iter()
        .map(|s| match &s.description {
            Some(d) => json!({"url": s.url, "description": d}),
            None => json!({"url": s.url}),
        })
        .collect();
    Value::Array(servers)
}

/// Builds the documents of one output.
pub(crate) fn build(inputs: &Inputs<'_>) -> Result<Vec<Built>, Vec<Diagnostic>> {
    Ok(build_with(inputs, None)?
        .into_iter()
        .map(|(b, _)| b)
        .collect())
}

/// The document of one API version of an output: the operations a client
/// of `version` calls (the version's own, neutral and unversioned ones),
/// with where each part is written; `None` when no route serves it.
pub(crate) fn build_version(
    inputs: &Inputs<'_>,
    version: &str,
) -> Result<Option<(Value, Sites)>, Vec<Diagnostic>> {
    let built = build_with(inputs, Some(version))?;
    Ok(built.into_iter().next().map(|(b, s)| (b.document, s)))
}

/// The versions the routes of an output serve, in version order.
pub(crate) fn served_versions(inputs: &Inputs<'_>) -> Vec<String> {
    let mut versions: Vec<Version> = plan(inputs.controllers, inputs.framework, inputs.output)
        .into_iter()
        .filter_map(|o| o.version)
        .filter(|v| matches!(v, Version::Exact(_)))
        .collect();
    versions.sort_by(compare_version_values);
    versions.dedup();
    versions
        .into_iter()
        .filter_map(|v| match v {
            Version::Exact(v) => Some(v.to_string()),
            Version::Neutral => None,
        })
        .collect()
}

fn build_with(
    inputs: &Inputs<'_>,
    only: Option<&str>,
) -> Result<Vec<(Built, Sites)>, Vec<Diagnostic>> {
    let Inputs {
        index,
        controllers,
        framework,
        schemes,
        output,
        package,
        stated,
    } = *inputs;
    let mut ops = plan(controllers, framework, output);
    if let Some(only) = only {
        let exact = ops
            .iter()
            .any(|o| matches!(&o.version, Some(Version::Exact(v)) if v == only));
        if !exact {
            return Ok(Vec::new());
        }
        ops.retain(|o| match &o.version {
            Some(Version::Exact(v)) => v == only,
            Some(Version::Neutral) | None => true,
        });
    }
    let documents = split(index, ops, framework)?;
    // Every document checked before any is built.
    let versioning = framework.versioning.as_ref().map(|v| v.kind);
    let refused: Vec<Diagnostic> = documents
        .iter()
        .flat_map(|(_, ops)| {
            let ops = ops
                .iter()
                .map(|op| (op.controller, op.route, op.version.as_ref()));
            crate::checks::document(index, stated, schemes, versioning, ops)
        })
        .collect();
    if !refused.is_empty() {
        return Err(refused);
    }
    let mut built = Vec::new();
    let mut errors = Vec::new();
    for (suffix, ops) in documents {
        let doc_version = suffix.as_deref().map(|s| &s[1..]);
        let mut gen = SchemaGen::new(index, stated);
        let mut ctx = OperationContext {
            gen: &mut gen,
            openapi: output.openapi_version,
            versioning,
            schemes_declared: !schemes.is_empty(),
        };
        let mut paths: Map<String, Value> = Map::new();
        let mut used_ids = BTreeSet::new();
        let mut tags: Vec<(String, Option<String>)> = Vec::new();
        let mut operations = BTreeMap::new();
        for op in &ops {
            operations.insert(
                (op.method.to_string(), super::sites::template(&op.path)),
                operation_site(op),
            );
            let id = operation_id(op, &mut used_ids);
            let mut operation = ctx.operation(op.controller, op.route, op.version.as_ref(), &id);
            if op.route.method == HttpMethod::All {
                name_by_method(&mut operation, op.method);
            }
            let item = paths.entry(op.path.clone()).or_insert_with(|| json!({}));
            item[op.method] = operation;
            // The controller's doc comment describes its first tag.
            let d = op.controller.model.docs.join("\n").trim().to_string();
            for (i, tag) in route_tags(op.controller, op.route).into_iter().enumerate() {
                let described = i == 0 && !d.is_empty();
                match tags.iter_mut().find(|t| t.0 == tag) {
                    Some(t) if described && t.1.is_none() => t.1 = Some(d.clone()),
                    Some(_) => {}
                    None => tags.push((tag, described.then(|| d.clone()))),
                }
            }
        }
        for item in paths.values_mut() {
            let Value::Object(methods) = std::mem::take(item) else {
                continue;
            };
            let mut sorted = Map::new();
            for m in METHOD_ORDER {
                if let Some(op) = methods.get(m) {
                    sorted.insert(m.to_string(), op.clone());
                }
            }
            *item = Value::Object(sorted);
        }
        errors.append(&mut gen.errors);
        let mut doc = Map::new();
        doc.insert(
            "openapi".into(),
            json!(output.openapi_version.document_version()),
        );
        let title = output
            .title
            .clone()
            .or_else(|| package.name.clone())
            .unwrap_or_else(|| "API".into());
        let version = output
            .version
            .clone()
            .or_else(|| package.version.clone())
            .unwrap_or_else(|| "0.0.0".into());
        doc.insert(
            "info".into(),
            info_object(&output.info, title, version, doc_version),
        );
        if !output.servers.is_empty() {
            doc.insert("servers".into(), servers(&output.servers));
        }
        // Without schemes no operation needs anything: said once, for
        // readers (linters) that want every operation's security stated.
        if schemes.is_empty() {
            doc.insert("security".into(), json!([]));
        }
        if let Some(x) = x_tether(framework, doc_version) {
            doc.insert(ext::ROOT.into(), x);
        }
        if !tags.is_empty() {
            let tags: Vec<Value> = tags
                .into_iter()
                .map(|(name, d)| match d {
                    Some(d) => json!({"name": name, "description": d}),
                    None => json!({"name": name}),
                })
                .collect();
            doc.insert("tags".into(), Value::Array(tags));
        }
        doc.insert("paths".into(), Value::Object(paths));
        let mut components = Map::new();
        if !gen.components.is_empty() {
            let schemas: Map<String, Value> =
                std::mem::take(&mut gen.components).into_iter().collect();
            components.insert("schemas".into(), Value::Object(schemas));
        }
        if let Some(s) = super::security::components(schemes) {
            components.insert("securitySchemes".into(), s);
        }
        if !components.is_empty() {
            doc.insert("components".into(), Value::Object(components));
        }
        let mut document = Value::Object(doc);
        super::form_views::settle(&mut document);
        super::unused::remove_unused_schemas(&mut document);
        let sites = Sites {
            schemas: std::mem::take(&mut gen.sites),
            operations,
        };
        built.push((Built { suffix, document }, sites));
    }
    // What any version's requests carry, for every version's schemas.
    let requested: BTreeSet<String> = built
        .iter()
        .flat_map(|(b, _)| super::always_sent::request_components(&b.document))
        .collect();
    for (b, _) in &mut built {
        super::always_sent::apply(&mut b.document, &requested);
        if output.openapi_version == OpenApiVersion::V3_0 {
            downgrade_document(&mut b.document);
        }
    }
    if errors.is_empty() {
        Ok(built)
    } else {
        Err(errors)
    }
}
