//! The operations of a document, read into what a client method needs:
//! controller, method name and version group (tether's `x-tether-*` hints,
//! else the naming rules), parameters, body and responses.

use crate::extensions as ext;
use serde_json::Value;

use super::document::{Document, Field, Versioning};
use super::naming::{camel, pascal};

/// The HTTP methods of a path item, in the order methods are emitted.
const METHODS: &[&str] = &[
    "get", "put", "post", "delete", "options", "head", "patch", "trace", "query",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Location {
    Path,
    Query,
    Header,
    Cookie,
}

pub(super) struct Param<'a> {
    pub name: String,
    pub location: Location,
    pub required: bool,
    pub schema: Option<&'a Value>,
    /// The schema is the one of `content` (a media type such as JSON), not
    /// `schema`: the value is that media type's text, not a style's.
    pub in_content: bool,
    pub style: Option<String>,
    pub explode: Option<bool>,
    pub description: Option<String>,
    pub deprecated: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BodyKind {
    Json,
    Multipart,
    UrlEncoded,
    Text,
    Binary,
}

pub(super) struct Body<'a> {
    pub kind: BodyKind,
    /// A multipart body's `encoding`: the `contentType` of each part that has one.
    pub part_types: Vec<(String, String)>,
    pub content_type: String,
    pub schema: Option<&'a Value>,
    pub required: bool,
    pub description: Option<String>,
}

/// What a 2xx response holds, one entry per success response.
pub(super) enum Content<'a> {
    Json(Option<&'a Value>),
    Text,
    Blob,
    /// `*/*` (but for a `binary` string, a [`Content::Blob`]): any media
    /// type, read by its `Content-Type` at run time; the range's schema,
    /// if any.
    Any(Option<&'a Value>),
    /// `text/event-stream`, with its `itemSchema` (3.2) or `x-tether-item-schema`.
    Sse(Option<&'a Value>),
    Empty,
}

pub(super) struct Operation<'a> {
    /// Upper case, as sent: `GET`.
    pub method: String,
    pub path: String,
    pub op: &'a Value,
    pub operation_id: Option<String>,
    /// The controller's name before it is made unique (lowerCamelCase).
    pub controller: String,
    /// The method's name before it is made unique (lowerCamelCase).
    pub method_name: String,
    /// `v1` under URI or HEADER versioning, for operations with `x-tether-version`.
    pub version_key: Option<String>,
    /// The version number behind `version_key`, for numeric ordering.
    pub version: Option<String>,
    pub params: Vec<Param<'a>>,
    /// Headers fixed by the document (`X-API-Version` under header versioning).
    pub const_headers: Vec<(String, String)>,
    pub body: Option<Body<'a>>,
    pub success: Vec<Content<'a>>,
    /// The media types of each success response, as listed (beside `success`).
    pub success_media: Vec<Vec<&'a str>>,
    /// The media types the client reads an error body as: of each error
    /// response, its JSON ones, else all it lists.
    pub error_media: Vec<&'a str>,
    /// The error responses with a JSON body: status key (`409`, `4XX`,
    /// `default`) and schema, in document order.
    pub errors: Vec<(String, &'a Value)>,
    /// The headers the first 2xx response declares: name, how it is read
    /// (`string`, `number`, `boolean`), whether it is always sent.
    pub response_headers: Vec<(String, &'static str, bool)>,
    /// The security requirement the client can meet: alternatives of
    /// scheme names; `None` when it requires nothing.
    pub security: Option<Vec<Vec<String>>>,
}

impl Operation<'_> {
    /// Whether a call must pass options: a required parameter or body.
    pub(super) fn options_required(&self) -> bool {
        self.params.iter().any(|p| p.required) || self.body.as_ref().is_some_and(|b| b.required)
    }
}

/// Every operation of the document, in document order; of several version
/// documents, an unversioned operation (in each of them) once.
pub(super) fn collect<'a>(doc: &Document<'a>) -> Vec<Operation<'a>> {
    let mut out: Vec<Operation<'a>> = Vec::new();
    for paths in &doc.paths {
        for op in collect_paths(doc, paths) {
            let seen = out
                .iter()
                .any(|o| o.method == op.method && o.path == op.path && o.version == op.version);
            if !seen {
                out.push(op);
            }
        }
    }
    out
}

fn collect_paths<'a>(
    doc: &Document<'a>,
    paths: &'a serde_json::Map<String, Value>,
) -> Vec<Operation<'a>> {
    let mut out = Vec::new();
    for (path, item) in paths {
        let item = doc.resolve(item);
        let Some(item_map) = item.as_object() else {
            continue;
        };
        let shared = item_map.field("parameters").and_then(Value::as_array);
        let mut ops: Vec<(String, &'a Value)> = METHODS
            .iter()
            .filter_map(|m| item_map.get(*m).map(|op| (m.to_ascii_uppercase(), op)))
            .collect();
        if let Some(extra) = item_map
            .field("additionalOperations")
            .and_then(Value::as_object)
        {
            ops.extend(extra.iter().map(|(m, op)| (m.to_ascii_uppercase(), op)));
        }
        for (method, op) in ops {
            if op.is_object() {
                out.push(operation(doc, path, &method, op, shared));
            }
        }
    }
    out
}

fn operation<'a>(
    doc: &Document<'a>,
    path: &str,
    method: &str,
    op: &'a Value,
    shared: Option<&'a Vec<Value>>,
) -> Operation<'a> {
    let text = |key: &str| op.get(key).and_then(Value::as_str).map(str::to_string);
    let operation_id = text("operationId");
    let controller = text(ext::CONTROLLER)
        .or_else(|| first_tag(op))
        .map(|c| camel(&c, "default"))
        .unwrap_or_else(|| controller_from_path(doc, path));
    let method_name = text(ext::METHOD)
        .or_else(|| operation_id.clone())
        .map(|m| camel(&m, "call"))
        .unwrap_or_else(|| method_from_path(method, path));
    let version = text(ext::VERSION);
    let version_key = match (&doc.versioning, &version) {
        (Versioning::Uri { prefix }, Some(v)) => Some(format!("{prefix}{v}")),
        (Versioning::Header, Some(v)) => Some(format!("v{v}")),
        _ => None,
    };
    let (params, const_headers) = parameters(doc, path, op, shared);
    Operation {
        method: method.to_string(),
        path: path.to_string(),
        op,
        operation_id,
        controller,
        method_name,
        version_key,
        version,
        params,
        const_headers,
        body: body(doc, op),
        success: responses(doc, op, true)
            .into_iter()
            .map(|r| content(doc, r))
            .collect(),
        success_media: responses(doc, op, true)
            .into_iter()
            .map(media_types)
            .collect(),
        error_media: responses(doc, op, false)
            .into_iter()
            .flat_map(|r| {
                let all = media_types(r);
                let json: Vec<&str> = all.iter().copied().filter(|m| is_json(m)).collect();
                if json.is_empty() {
                    all
                } else {
                    json
                }
            })
            .collect(),
        errors: error_responses(doc, op)
            .into_iter()
            .filter_map(|(status, r)| match content(doc, r) {
                Content::Json(Some(s)) | Content::Any(Some(s)) => Some((status, s)),
                _ => None,
            })
            .collect(),
        security: super::auth::requirement(doc, op, &super::auth::schemes(doc)),
        response_headers: response_headers(doc, op),
    }
}

fn first_tag(op: &Value) -> Option<String> {
    op.field("tags")?
        .as_array()?
        .first()?
        .as_str()
        .map(str::to_string)
        .filter(|t| !t.trim().is_empty())
}

/// The first path segment that is not a parameter (after tether's
/// global prefix and version segment, when the document names them).
fn controller_from_path(doc: &Document<'_>, path: &str) -> String {
    let mut segments = path.split('/').filter(|s| !s.is_empty()).peekable();
    if let (Some(prefix), Some(first)) = (&doc.global_prefix, segments.peek()) {
        if first == prefix {
            segments.next();
        }
    }
    if let (Versioning::Uri { prefix }, Some(first)) = (&doc.versioning, segments.peek()) {
        if first
            .strip_prefix(prefix.as_str())
            .is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()))
        {
            segments.next();
        }
    }
    segments
        .find(|s| !s.starts_with('{'))
        .map(|s| camel(s, "default"))
        .unwrap_or_else(|| "default".to_string())
}

/// `GET /pets/{id}/toys` → `getPetsByIdToys`.
fn method_from_path(method: &str, path: &str) -> String {
    let mut name = method.to_ascii_lowercase();
    for seg in path.split('/').filter(|s| !s.is_empty()) {
        match seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(p) => name += &format!("By{}", pascal(p, "")),
            None => name += &pascal(seg, ""),
        }
    }
    camel(&name, "call")
}

/// Operation parameters over path-level ones; `Accept`, `Content-Type`,
/// `Authorization` headers are ignored (as the spec says). Cookies are never
/// required: a browser sends its own, and the client cannot set them there.
fn parameters<'a>(
    doc: &Document<'a>,
    path: &str,
    op: &'a Value,
    shared: Option<&'a Vec<Value>>,
) -> (Vec<Param<'a>>, Vec<(String, String)>) {
    let mut params: Vec<Param<'a>> = Vec::new();
    let mut consts = Vec::new();
    let own = op.field("parameters").and_then(Value::as_array);
    for p in shared
        .into_iter()
        .flatten()
        .chain(own.into_iter().flatten())
    {
        let p = doc.resolve(p);
        let Some(name) = p.field("name").and_then(Value::as_str) else {
            continue;
        };
        let location = match p.field("in").and_then(Value::as_str) {
            Some("path") => Location::Path,
            Some("query") => Location::Query,
            Some("header") => Location::Header,
            Some("cookie") => Location::Cookie,
            _ => continue,
        };
        if location == Location::Header
            && ["accept", "content-type", "authorization"]
                .contains(&name.to_ascii_lowercase().as_str())
        {
            continue;
        }
        let in_content = p.field("schema").is_none();
        let schema = p.field("schema").or_else(|| {
            p.field("content")?
                .as_object()?
                .values()
                .next()?
                .field("schema")
        });
        if location == Location::Header {
            if let Some(value) = schema.and_then(|s| constant(doc.resolve(s))) {
                consts.retain(|(n, _): &(String, String)| !n.eq_ignore_ascii_case(name));
                consts.push((name.to_string(), value));
                continue;
            }
        }
        let param = Param {
            name: name.to_string(),
            location,
            required: location == Location::Path
                || (location != Location::Cookie
                    && p.field("required") == Some(&Value::Bool(true))),
            schema,
            in_content,
            style: p.field("style").and_then(Value::as_str).map(str::to_string),
            explode: p.field("explode").and_then(Value::as_bool),
            description: p
                .field("description")
                .and_then(Value::as_str)
                .map(str::to_string),
            deprecated: p.field("deprecated") == Some(&Value::Bool(true)),
        };
        // An operation's parameter overrides the path item's one of the same name and place.
        params.retain(|q| !(q.name == param.name && q.location == param.location));
        params.push(param);
    }
    // A `{name}` in the path that no parameter declares is still a path parameter.
    for name in path_variables(path) {
        if !params
            .iter()
            .any(|p| p.location == Location::Path && p.name == name)
        {
            params.push(Param {
                name,
                location: Location::Path,
                required: true,
                schema: None,
                in_content: false,
                style: None,
                explode: None,
                description: None,
                deprecated: false,
            });
        }
    }
    (params, consts)
}

fn path_variables(path: &str) -> Vec<String> {
    path.split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(v, _)| v.to_string()))
        .collect()
}

/// The value of a `const` (or single-valued `enum`) scalar schema.
fn constant(schema: &Value) -> Option<String> {
    let value =
        schema
            .field("const")
            .or_else(|| match schema.field("enum")?.as_array()?.as_slice() {
                [only] => Some(only),
                _ => None,
            })?;
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The media types `response`'s `content` lists, in document order.
fn media_types(response: &Value) -> Vec<&str> {
    response
        .field("content")
        .and_then(Value::as_object)
        .map(|c| c.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

/// The `Accept` header of an operation whose successes are read as
/// `parse_as`: the media types of its successes the client reads that way
/// (a JSON one of a document that lists XML first, not the XML), then
/// those of its error bodies, each once; `None` when no response has a
/// body.
pub(super) fn accept(op: &Operation<'_>, parse_as: &str) -> Option<String> {
    let reads = |m: &str| match parse_as {
        "json" => is_json(m),
        "stream" => m.to_ascii_lowercase().starts_with("text/event-stream"),
        "text" => m.to_ascii_lowercase().starts_with("text/"),
        "none" => false,
        _ => true,
    };
    let mut out: Vec<&str> = Vec::new();
    let success = op
        .success_media
        .iter()
        .flatten()
        .copied()
        .filter(|m| reads(m));
    for media in success.chain(op.error_media.iter().copied()) {
        // A media type a header cannot carry (a document's typo) is left
        // out rather than failing every call.
        let sendable = !media.trim().is_empty() && media.bytes().all(|b| (0x20..0x7f).contains(&b));
        if sendable && !out.iter().any(|m| m.eq_ignore_ascii_case(media)) {
            out.push(media);
        }
    }
    (!out.is_empty()).then(|| out.join(", "))
}

fn is_json(media: &str) -> bool {
    let m = media
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    m == "application/json" || m.ends_with("+json") || m.ends_with("/json")
}

/// `*/*`: a response of any media type.
fn is_any(media: &str) -> bool {
    media.split(';').next().unwrap_or("").trim() == "*/*"
}

fn body<'a>(doc: &Document<'a>, op: &'a Value) -> Option<Body<'a>> {
    let rb = doc.resolve(op.field("requestBody")?);
    let content = rb.field("content")?.as_object()?;
    let pick =
        |pred: &dyn Fn(&str) -> bool| content.iter().find(|(m, _)| pred(&m.to_ascii_lowercase()));
    let (kind, (media, value)) = [
        // A request body of any type (`*/*`) is sent as JSON.
        (BodyKind::Json, pick(&|m| is_json(m) || is_any(m))),
        (BodyKind::Multipart, pick(&|m| m.starts_with("multipart/"))),
        (
            BodyKind::UrlEncoded,
            pick(&|m| m.starts_with("application/x-www-form-urlencoded")),
        ),
        (BodyKind::Text, pick(&|m| m.starts_with("text/"))),
        (BodyKind::Binary, content.iter().next()),
    ]
    .into_iter()
    .find_map(|(k, found)| found.map(|f| (k, f)))?;
    let part_types = match kind {
        BodyKind::Multipart => value
            .field("encoding")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .filter_map(|(name, e)| {
                let types = e.field("contentType")?.as_str()?;
                Some((name.clone(), types.to_string()))
            })
            .collect(),
        _ => Vec::new(),
    };
    Some(Body {
        kind,
        part_types,
        content_type: media.clone(),
        schema: value.field("schema"),
        required: rb.field("required") == Some(&Value::Bool(true)),
        description: rb
            .field("description")
            .and_then(Value::as_str)
            .map(str::to_string),
    })
}

/// The success (2xx) or error (everything else but 1xx) responses.
fn responses<'a>(doc: &Document<'a>, op: &'a Value, success: bool) -> Vec<&'a Value> {
    let Some(all) = op.field("responses").and_then(Value::as_object) else {
        return Vec::new();
    };
    all.iter()
        .filter(|(code, _)| {
            let ok = code.starts_with('2');
            let info = code.starts_with('1');
            if success {
                ok
            } else {
                !ok && !info
            }
        })
        .map(|(_, r)| doc.resolve(r))
        .collect()
}

/// The declared headers of the first 2xx response (`Content-Type` and
/// `Content-Length` are the transport's, left out).
fn response_headers(doc: &Document<'_>, op: &Value) -> Vec<(String, &'static str, bool)> {
    let Some(response) = responses(doc, op, true).into_iter().next() else {
        return Vec::new();
    };
    let Some(headers) = response.field("headers").and_then(Value::as_object) else {
        return Vec::new();
    };
    headers
        .iter()
        .filter(|(name, _)| {
            !["content-type", "content-length"].contains(&name.to_ascii_lowercase().as_str())
        })
        .map(|(name, h)| {
            let h = doc.resolve(h);
            let schema = h.field("schema").map(|s| doc.resolve(s));
            let kind = header_kind(doc, schema);
            // Browsers never let a page read `Set-Cookie` (a forbidden
            // response header): typed as possibly absent, whatever it says.
            let required = h.field("required") == Some(&Value::Bool(true))
                && !name.eq_ignore_ascii_case("set-cookie");
            (name.clone(), kind, required)
        })
        .collect()
}

/// How the client reads a response header of `schema`: `number`,
/// `boolean`, `string`, or a list of one (`string[]`: the comma-separated
/// items of the `simple` style, repeated header lines joined by fetch).
fn header_kind(doc: &Document<'_>, schema: Option<&Value>) -> &'static str {
    let scalar = |s: Option<&Value>| match s.and_then(|s| s.field("type")) {
        Some(Value::String(t)) if t == "integer" || t == "number" => "number",
        Some(Value::String(t)) if t == "boolean" => "boolean",
        _ => "string",
    };
    match schema.and_then(|s| s.field("type")) {
        Some(Value::String(t)) if t == "array" => {
            match scalar(
                schema
                    .and_then(|s| s.field("items"))
                    .map(|i| doc.resolve(i)),
            ) {
                "number" => "number[]",
                "boolean" => "boolean[]",
                _ => "string[]",
            }
        }
        _ => scalar(schema),
    }
}

/// The error responses (neither 1xx nor 2xx) with their status keys.
fn error_responses<'a>(doc: &Document<'a>, op: &'a Value) -> Vec<(String, &'a Value)> {
    let Some(all) = op.field("responses").and_then(Value::as_object) else {
        return Vec::new();
    };
    all.iter()
        .filter(|(code, _)| !code.starts_with('2') && !code.starts_with('1'))
        .map(|(code, r)| (code.clone(), doc.resolve(r)))
        .collect()
}

fn content<'a>(doc: &Document<'a>, response: &'a Value) -> Content<'a> {
    let Some(content) = response.field("content").and_then(Value::as_object) else {
        return Content::Empty;
    };
    if content.is_empty() {
        return Content::Empty;
    }
    if let Some((_, media)) = content
        .iter()
        .find(|(m, _)| m.to_ascii_lowercase().starts_with("text/event-stream"))
    {
        let item = media
            .field("itemSchema")
            .or_else(|| media.field(ext::ITEM_SCHEMA));
        return Content::Sse(item.map(|i| doc.resolve(i)));
    }
    if let Some((_, media)) = content.iter().find(|(m, _)| is_json(m)) {
        return Content::Json(media.field("schema"));
    }
    if let Some((_, media)) = content.iter().find(|(m, _)| is_any(m)) {
        // Bytes of any media type (a `tether::Attachment`): a Blob.
        let schema = media.field("schema");
        let binary = schema
            .map(|s| doc.resolve(s))
            .and_then(|s| s.field("format"))
            .is_some_and(|f| f == "binary");
        return if binary {
            Content::Blob
        } else {
            Content::Any(schema)
        };
    }
    if content
        .keys()
        .any(|m| m.to_ascii_lowercase().starts_with("text/"))
    {
        return Content::Text;
    }
    Content::Blob
}

/// Style of a parameter when it is not the default one. A header's style
/// is always `simple`, which does not explode unless told to; a cookie's
/// always `form`, which does unless told not to.
pub(super) fn non_default_style<'p>(p: &'p Param<'_>) -> Option<(Option<&'p str>, Option<bool>)> {
    let style = p.style.as_deref();
    match p.location {
        Location::Path => {
            let s = style.filter(|s| *s != "simple");
            let e = p.explode.filter(|e| *e);
            (s.is_some() || e.is_some()).then_some((s, e))
        }
        Location::Query => {
            let s = style.filter(|s| *s != "form");
            let default_explode = s.is_none();
            let e = p.explode.filter(|e| *e != default_explode);
            (s.is_some() || e.is_some()).then_some((s, e))
        }
        Location::Header => p.explode.filter(|e| *e).map(|e| (None, Some(e))),
        Location::Cookie => p.explode.filter(|e| !*e).map(|e| (None, Some(e))),
    }
}
