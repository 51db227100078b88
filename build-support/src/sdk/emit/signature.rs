//! The TypeScript types of one method: its options
//! interface (path, query, header and cookie parameters, body), what it
//! returns, its error union and its SSE events.

use serde_json::Value;

use crate::sdk::document::Field;
use crate::sdk::naming::{jsdoc, prop_key};
use crate::sdk::operations::{BodyKind, Content, Location, Operation, Param};
use crate::sdk::plan::Method;
use crate::sdk::schema::{Ctx, Types};

/// What one method returns and how the core reads it.
pub(super) struct Returns {
    pub data: String,
    pub error: String,
    pub parse_as: &'static str,
}

/// The error type of a method. With statuses the document
/// declares one by one, a union discriminated by `status`: an
/// `SDKErrorOf<S, Body>` per body (its statuses together), then
/// `SDKOtherError` for every other failure, with the `default` body if
/// any. Without (only `default` or ranges like `4XX`): the bodies, which
/// `SDKResult` makes `SDKError<Bodies>`.
fn error_type(op: &Operation<'_>, types: &Types<'_>, ctx: Ctx<'_>) -> String {
    let mut declared: Vec<(String, Vec<u16>)> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    for (status, schema) in &op.errors {
        let body = types.render(schema, ctx, 1);
        match status
            .parse::<u16>()
            .ok()
            .filter(|s| (100..600).contains(s))
        {
            Some(code) => match declared.iter_mut().find(|(b, _)| *b == body) {
                Some((_, codes)) => codes.push(code),
                None => declared.push((body, vec![code])),
            },
            None if !others.contains(&body) => others.push(body),
            None => {}
        }
    }
    let other_body = match others.iter().any(|o| o == "unknown") || others.is_empty() {
        true => "unknown".to_string(),
        false => others.join(" | "),
    };
    if declared.is_empty() {
        return other_body;
    }
    let all: Vec<String> = declared
        .iter()
        .flat_map(|(_, codes)| codes.iter().map(u16::to_string))
        .collect();
    let mut members: Vec<String> = declared
        .iter()
        .map(|(body, codes)| {
            let codes: Vec<String> = codes.iter().map(u16::to_string).collect();
            format!("SDKErrorOf<{}, {body}>", codes.join(" | "))
        })
        .collect();
    let other = match other_body.as_str() {
        "unknown" => format!("SDKOtherError<{}>", all.join(" | ")),
        _ => format!("SDKOtherError<{}, {other_body}>", all.join(" | ")),
    };
    members.push(other);
    members.join(" | ")
}

/// `{ "X-Total-Count": number; Link?: string }`: the declared headers of
/// a success, as `readHeaders` reads them; `None` when there are none.
pub(super) fn headers_type(op: &Operation<'_>) -> Option<String> {
    if op.response_headers.is_empty() {
        return None;
    }
    let fields: Vec<String> = op
        .response_headers
        .iter()
        .map(|(name, kind, required)| {
            let optional = if *required { "" } else { "?" };
            format!("{}{optional}: {kind}", prop_key(name))
        })
        .collect();
    Some(format!("{{ {} }}", fields.join("; ")))
}

pub(super) fn returns(op: &Operation<'_>, m: &Method, types: &Types<'_>, ctx: Ctx<'_>) -> Returns {
    let mut data: Vec<String> = Vec::new();
    let mut push = |t: String| {
        if !data.contains(&t) {
            data.push(t);
        }
    };
    let has = |f: fn(&Content<'_>) -> bool| op.success.iter().any(f);
    // What a success's body is once read (`None`: a stream, not read).
    let read_as = |c: &Content<'_>| match c {
        Content::Json(Some(s)) | Content::Any(Some(s)) => Some(types.render(s, ctx, 1)),
        Content::Json(None) | Content::Any(None) => Some("unknown".to_string()),
        Content::Text => Some("string".into()),
        Content::Blob => Some("Blob".into()),
        Content::Empty => Some("null".into()),
        Content::Sse(_) => None,
    };
    let parse_as = if has(|c| matches!(c, Content::Sse(_))) {
        // The Response, marked with its events so `new SSEConnection(data)` needs no type argument.
        push(match &m.event_type {
            Some(e) => format!("SSEResponse<{e}>"),
            None => "Response".into(),
        });
        "stream"
    } else if has(|c| matches!(c, Content::Any(_))) {
        // Read by its `Content-Type`: typed by what each success may hold.
        op.success.iter().filter_map(read_as).for_each(&mut push);
        "auto"
    } else if has(|c| matches!(c, Content::Json(_))) {
        // Every body is read as JSON: the JSON and empty ones are typed.
        op.success
            .iter()
            .filter(|c| matches!(c, Content::Json(_) | Content::Empty))
            .filter_map(read_as)
            .for_each(&mut push);
        "json"
    } else if has(|c| matches!(c, Content::Text)) {
        push("string".into());
        "text"
    } else if has(|c| matches!(c, Content::Blob)) {
        push("Blob".into());
        "blob"
    } else if op.success.is_empty() {
        push("unknown".into());
        "json"
    } else {
        push("null".into());
        "none"
    };
    if !["stream", "json", "auto"].contains(&parse_as) && has(|c| matches!(c, Content::Empty)) {
        push("null".into());
    }
    if data.iter().any(|d| d == "unknown") {
        data = vec!["unknown".into()];
    }
    let error = error_type(op, types, ctx);
    Returns {
        data: data.join(" | "),
        error,
        parse_as,
    }
}

fn param_type(p: &Param<'_>, types: &Types<'_>, ctx: Ctx<'_>, indent: usize) -> String {
    match p.schema {
        None => "string".into(),
        Some(s) if matches!(p.location, Location::Header | Location::Cookie) => {
            // One value, named or not (`types.Priority`, a unit-variant
            // enum), or a list of them, for a header sent comma-separated
            // (the `simple` style), for a cookie in its `form` style, or
            // an object of such values, written in the parameter's style
            // (`OperationSpec.headerStyles`, `cookieStyles`); anything
            // else is text the caller writes.
            let list = types.is_scalar_list(s)
                && (p.location == Location::Header || is_list_cookie(p, types));
            if list || types.is_scalar(s) || is_object_param(p, types) {
                types.render(s, ctx, indent)
            } else {
                "string".into()
            }
        }
        Some(s) => types.render(s, ctx, indent),
    }
}

/// Whether `p` is a cookie parameter whose value is a list of scalars,
/// which the client writes in the `form` style (`OperationSpec.cookieStyles`).
pub(super) fn is_list_cookie(p: &Param<'_>, types: &Types<'_>) -> bool {
    p.location == Location::Cookie
        && !p.in_content
        && p.schema.is_some_and(|s| types.is_scalar_list(s))
}

/// Whether `p` is a header or cookie parameter whose value is an object of
/// scalars, which the client writes in the parameter's style. Not one
/// described by `content` (a media type's text, e.g. JSON, not a style).
pub(super) fn is_object_param(p: &Param<'_>, types: &Types<'_>) -> bool {
    matches!(p.location, Location::Header | Location::Cookie)
        && !p.in_content
        && p.schema.is_some_and(|s| types.is_scalar_object(s))
}

/// `params`, `query` or `headers`: an object type of the parameters in `location`.
fn param_group(
    op: &Operation<'_>,
    location: Location,
    types: &Types<'_>,
    ctx: Ctx<'_>,
) -> Option<(String, bool)> {
    let params: Vec<&Param<'_>> = op
        .params
        .iter()
        .filter(|p| p.location == location)
        .collect();
    if params.is_empty() {
        return None;
    }
    let mut out = String::from("{\n");
    for p in &params {
        let mut doc = Vec::new();
        let (description, tag) =
            crate::sdk::naming::deprecation_doc(p.description.as_deref(), p.deprecated);
        doc.extend(description.map(str::to_string));
        doc.extend(tag);
        out += &jsdoc(&doc, "    ");
        let opt = if p.required { "" } else { "?" };
        out += &format!(
            "    {}{opt}: {};\n",
            prop_key(&p.name),
            param_type(p, types, ctx, 2)
        );
    }
    out += "  }";
    Some((out, params.iter().any(|p| p.required)))
}

/// The JSDoc of the `cookies` option.
const COOKIES_DOC: &str = "Cookies of this call, added to the `Cookie` header: for Node.js, Deno, Bun and other runtimes without a cookie jar. Browsers forbid setting that header and send their own cookies (see the client's `credentials` option), so leave this out there.";

pub(super) fn options_interface(
    op: &Operation<'_>,
    m: &Method,
    types: &Types<'_>,
    ctx: Ctx<'_>,
) -> String {
    let mut fields = String::new();
    let mut field = |name: &str, ty: String, required: bool, doc: &str| {
        let opt = if required { "" } else { "?" };
        fields += &jsdoc(&[doc.to_string()], "  ");
        fields += &format!("  {name}{opt}: {ty};\n");
    };
    if let Some((ty, req)) = param_group(op, Location::Path, types, ctx) {
        field(
            "params",
            ty,
            req,
            "Path parameters (percent-encoded for you).",
        );
    }
    if let Some((ty, req)) = param_group(op, Location::Query, types, ctx) {
        field("query", ty, req, "Query parameters.");
    }
    // The declared headers' types meet `HeaderValues`' for every name: an
    // object header needs objects among them.
    let objects = op
        .params
        .iter()
        .any(|p| p.location == Location::Header && is_object_param(p, types));
    let values = if objects {
        "HeaderValues<object>"
    } else {
        "HeaderValues"
    };
    match param_group(op, Location::Header, types, ctx) {
        Some((ty, req)) => field(
            "headers",
            format!("{ty} & {values}"),
            req,
            "Headers of this call.",
        ),
        None => field(
            "headers",
            "HeaderValues".into(),
            false,
            "Headers of this call.",
        ),
    }
    if let Some((ty, _)) = param_group(op, Location::Cookie, types, ctx) {
        field("cookies", ty, false, COOKIES_DOC);
    }
    if let Some(b) = &op.body {
        // Rendered only where written: a rendered `types.X` imports `types`.
        let schema_ty = || b.schema.map(|s| types.render(s, ctx, 1));
        let ty = match b.kind {
            BodyKind::Json | BodyKind::UrlEncoded => {
                schema_ty().unwrap_or_else(|| "unknown".into())
            }
            // `buildFormData` takes an object: fields of another schema are free.
            BodyKind::Multipart => format!(
                "FormData | {}",
                b.schema
                    .filter(|s| types.is_object(s))
                    .and(schema_ty())
                    .unwrap_or_else(|| "{ [field: string]: unknown }".into())
            ),
            BodyKind::Text => "string".into(),
            BodyKind::Binary => "Blob | ArrayBuffer | Uint8Array | string".into(),
        };
        let doc = match b.kind {
            BodyKind::Multipart => "The multipart body: a `FormData` (see `buildFormData`), or its fields, which are passed to `buildFormData`.".to_string(),
            _ => format!("The request body (`{}`).", b.content_type),
        };
        let doc = match &b.description {
            Some(d) => format!("{d}\n\n{doc}"),
            None => doc,
        };
        field("body", ty, b.required, &doc);
    }
    field("signal", "AbortSignal".into(), false, "Aborts the call.");
    format!(
        "\n/** The call options of `{}`. */\nexport interface {} {{\n{fields}}}\n",
        m.name, m.options_type
    )
}

/// The typed events of an SSE route: one member per `oneOf` entry of its item schema.
pub(super) fn event_union(
    op: &Operation<'_>,
    name: &str,
    types: &Types<'_>,
    ctx: Ctx<'_>,
) -> String {
    let item = op.success.iter().find_map(|c| match c {
        Content::Sse(item) => Some(*item),
        _ => None,
    });
    let mut members: Vec<String> = Vec::new();
    if let Some(Some(item)) = item {
        let list = item
            .field("oneOf")
            .or_else(|| item.field("anyOf"))
            .and_then(Value::as_array)
            .map(|l| l.iter().collect::<Vec<_>>())
            .unwrap_or_else(|| vec![item]);
        for member in list {
            members.push(event_member(member, types, ctx));
        }
    }
    if members.is_empty() {
        members.push("{ event: string; data: unknown; id?: string }".into());
    }
    let mut out = format!("\n/** The events of `{}`: `new SSEConnection(response)` yields them. */\nexport type {name} =\n", op.path.replace("*/", "*\\/"));
    for m in &members {
        out += &format!("  | {m}\n");
    }
    out.pop();
    out + ";\n"
}

fn event_member(member: &Value, types: &Types<'_>, ctx: Ctx<'_>) -> String {
    let props = member.field("properties");
    let event = props.and_then(|p| p.field("event"));
    let data = props.and_then(|p| p.field("data"));
    if event.is_none() && data.is_none() {
        return format!(
            "{{ event: string; data: {}; id?: string }}",
            types.render(member, ctx, 1)
        );
    }
    let event_ty = event.map_or_else(|| "string".to_string(), |e| types.render(e, ctx, 1));
    let data_ty = data.map_or_else(|| "unknown".to_string(), |d| types.render(d, ctx, 1));
    format!("{{ event: {event_ty}; data: {data_ty}; id?: string }}")
}
