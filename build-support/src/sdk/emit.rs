//! The text of the client's files (SPEC C1): `types.ts`, one
//! `<controller>/index.ts` per controller and the `index.ts` barrel with
//! `createClient`, after the fixed templates ([`super::templates`]), from
//! the names and groups of [`super::plan`].

use std::collections::BTreeMap;

use serde_json::Value;

use super::document::{Document, Field};
use super::naming::{jsdoc, literal_key, prop_key, string_literal};
use super::operations::{self, BodyKind, Content, Location, Operation, Param};
use super::package;
use super::plan::{Class, ClientPlan, ClientTree, Controller, Member, Method, VersionGroup};
use super::schema::{Ctx, Types};
use super::templates::{Flavor, HEADER, TANSTACK_TEMPLATE, TEMPLATES};
use super::{ImportExtension, SdkEmit, SdkOptions};

/// The files of the client and the warnings of the generation.
pub(super) fn generate(
    doc: &Document<'_>,
    options: &SdkOptions,
) -> (BTreeMap<String, String>, Vec<String>) {
    let ops = operations::collect(doc);
    let ClientPlan {
        schema_names,
        controllers,
        warnings,
    } = ClientPlan::new(doc, &ops);
    let types = Types::new(doc, schema_names);
    let (flavors, ext): (&[Flavor], &str) = match (options.emit, options.import_extension) {
        (SdkEmit::JavaScript, _) => (&[Flavor::Js, Flavor::Dts], ".js"),
        (SdkEmit::TypeScript, ImportExtension::Js) => (&[Flavor::Ts], ".js"),
        (SdkEmit::TypeScript, ImportExtension::Ts) => (&[Flavor::Ts], ".ts"),
        (SdkEmit::TypeScript, ImportExtension::None) => (&[Flavor::Ts], ""),
    };

    let mut files = BTreeMap::new();
    let mut types_ts = types.emit_all();
    if types_ts.is_empty() {
        types_ts = "export {};\n".into();
    }
    let mut templates = TEMPLATES.to_vec();
    if options.tanstack_query {
        templates.push(TANSTACK_TEMPLATE);
    }
    for &flavor in flavors {
        for &(stem, ts, js, dts) in &templates {
            let text = match flavor {
                Flavor::Ts => {
                    ts.replace("from \"./client.js\"", &format!("from \"./client{ext}\""))
                }
                Flavor::Js => js.to_string(),
                Flavor::Dts => dts.to_string(),
            };
            files.insert(flavor.file(stem), format!("{HEADER}{text}"));
        }
        if options.tanstack_query {
            let text = super::tanstack::queries_file(&controllers, &ops, ext, flavor);
            files.insert(flavor.file("queries"), text);
        }
        if options.zod {
            let text = super::zod::zod_file(doc, &types, &ops, ext, flavor);
            files.insert(flavor.file("zod"), text);
        }
        let types_text = if flavor.typed() {
            types_ts.as_str()
        } else {
            "export {};\n"
        };
        files.insert(flavor.file("types"), format!("{HEADER}\n{types_text}"));
        for c in &controllers {
            let text = controller_file(c, &ops, &types, ext, flavor);
            files.insert(flavor.file(&format!("{}/index", c.dir)), text);
        }
        files.insert(
            flavor.file("index"),
            index_file(doc, &controllers, ext, flavor),
        );
    }
    files.insert(
        "package.json".to_string(),
        package::package_json(doc, options),
    );
    (files, warnings)
}

/// What one method returns and how the core reads it.
struct Returns {
    data: String,
    error: String,
    parse_as: &'static str,
}

/// The error type of a method (SPEC E6). With statuses the document
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
fn headers_type(op: &Operation<'_>) -> Option<String> {
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

fn returns(op: &Operation<'_>, m: &Method, types: &Types<'_>, ctx: Ctx<'_>) -> Returns {
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

fn controller_file(
    c: &Controller,
    ops: &[Operation<'_>],
    types: &Types<'_>,
    ext: &str,
    flavor: Flavor,
) -> String {
    let ctx = Ctx {
        prefix: "types.",
        current: None,
    };
    types.take_used();
    let mut body = String::new();
    let mut multipart = false;
    let mut sse = false;
    for class in &c.classes {
        for m in &class.methods {
            let op = &ops[m.op];
            if flavor.typed() {
                body += &options_interface(op, m, types, ctx);
            }
            if let Some(event_type) = m.event_type.as_ref().filter(|_| flavor.typed()) {
                body += &event_union(op, event_type, types, ctx);
                sse = true;
            }
            multipart |= op
                .body
                .as_ref()
                .is_some_and(|b| b.kind == BodyKind::Multipart);
        }
        body += &class_code(class, ops, types, ctx, flavor);
    }
    let mut out = String::from(HEADER);
    if flavor.typed() {
        let mut names = vec!["ClientCore", "HeaderValues"];
        for name in ["SDKErrorOf", "SDKOtherError", "SDKWithHeaders"] {
            if body.contains(&format!("{name}<")) {
                names.push(name);
            }
        }
        names.push("SDKOutcome");
        out += &format!(
            "import type {{ {} }} from \"../client{ext}\";\n",
            names.join(", ")
        );
    }
    if multipart && flavor != Flavor::Dts {
        out += &format!("import {{ buildFormData }} from \"../form-data{ext}\";\n");
    }
    if sse {
        out += &format!("import type {{ SSEResponse }} from \"../sse{ext}\";\n");
    }
    if types.take_used() && flavor.typed() {
        out += &format!("import type * as types from \"../types{ext}\";\n");
    }
    out + &body
}

fn param_type(p: &Param<'_>, types: &Types<'_>, ctx: Ctx<'_>, indent: usize) -> String {
    match p.schema {
        None => "string".into(),
        Some(s) if matches!(p.location, Location::Header | Location::Cookie) => {
            // One value, named or not (`types.Priority`, a unit-variant
            // enum), or for a header a list of them, sent comma-separated
            // (the `simple` style), or an object of such values, written
            // in the parameter's style (`OperationSpec.headerStyles`,
            // `cookieStyles`); anything else is text the caller writes.
            let list = matches!(p.location, Location::Header) && types.is_scalar_list(s);
            if list || types.is_scalar(s) || is_object_param(p, types) {
                types.render(s, ctx, indent)
            } else {
                "string".into()
            }
        }
        Some(s) => types.render(s, ctx, indent),
    }
}

/// Whether `p` is a header or cookie parameter whose value is an object of
/// scalars, which the client writes in the parameter's style. Not one
/// described by `content` (a media type's text, e.g. JSON, not a style).
fn is_object_param(p: &Param<'_>, types: &Types<'_>) -> bool {
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
        doc.extend(p.description.clone());
        if p.deprecated {
            doc.push("@deprecated".into());
        }
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

fn options_interface(op: &Operation<'_>, m: &Method, types: &Types<'_>, ctx: Ctx<'_>) -> String {
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

pub(super) fn options_required(op: &Operation<'_>) -> bool {
    op.params.iter().any(|p| p.required) || op.body.as_ref().is_some_and(|b| b.required)
}

/// The typed events of an SSE route: one member per `oneOf` entry of its item schema.
fn event_union(op: &Operation<'_>, name: &str, types: &Types<'_>, ctx: Ctx<'_>) -> String {
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

fn spec_literal(op: &Operation<'_>, types: &Types<'_>, parse_as: &str) -> String {
    let mut fields = vec![
        format!("method: {}", string_literal(&op.method)),
        format!("path: {}", string_literal(&op.path)),
    ];
    if let Some(id) = &op.operation_id {
        fields.push(format!("operationId: {}", string_literal(id)));
    }
    // A header or cookie has a style to tell only when it is an object.
    for (key, location) in [
        ("pathStyles", Location::Path),
        ("queryStyles", Location::Query),
        ("headerStyles", Location::Header),
        ("cookieStyles", Location::Cookie),
    ] {
        let styles: Vec<String> = op
            .params
            .iter()
            .filter(|p| p.location == location)
            .filter(|p| {
                matches!(location, Location::Path | Location::Query) || is_object_param(p, types)
            })
            .filter_map(|p| {
                let (style, explode) = operations::non_default_style(p)?;
                let mut parts = Vec::new();
                if let Some(s) = style {
                    parts.push(format!("style: {}", string_literal(s)));
                }
                if let Some(e) = explode {
                    parts.push(format!("explode: {e}"));
                }
                Some(format!(
                    "{}: {{ {} }}",
                    literal_key(&p.name),
                    parts.join(", ")
                ))
            })
            .collect();
        if !styles.is_empty() {
            fields.push(format!("{key}: {{ {} }}", styles.join(", ")));
        }
    }
    if let Some(security) = &op.security {
        fields.push(super::auth::requirement_literal(security));
    }
    if !op.response_headers.is_empty() {
        let kinds: Vec<String> = op
            .response_headers
            .iter()
            .map(|(name, kind, _)| format!("{}: \"{kind}\"", literal_key(name)))
            .collect();
        fields.push(format!("responseHeaders: {{ {} }}", kinds.join(", ")));
    }
    if !op.const_headers.is_empty() {
        let headers: Vec<String> = op
            .const_headers
            .iter()
            .map(|(k, v)| format!("{}: {}", literal_key(k), string_literal(v)))
            .collect();
        fields.push(format!("constHeaders: {{ {} }}", headers.join(", ")));
    }
    if let Some(b) = &op.body {
        let kind = match b.kind {
            BodyKind::Json => "json",
            BodyKind::Multipart => "multipart",
            BodyKind::UrlEncoded => "urlencoded",
            BodyKind::Text => "text",
            BodyKind::Binary => "binary",
        };
        fields.push(format!("bodyAs: \"{kind}\""));
        if !matches!(b.kind, BodyKind::Multipart | BodyKind::UrlEncoded) {
            fields.push(format!("contentType: {}", string_literal(&b.content_type)));
        }
    }
    fields.push(format!("parseAs: \"{parse_as}\""));
    format!("{{ {} }}", fields.join(", "))
}

fn method_doc(op: &Operation<'_>, m: &Method) -> Vec<String> {
    let text = |k: &str| op.op.get(k).and_then(Value::as_str).map(str::to_string);
    let mut doc = Vec::new();
    if let Some(s) = text("summary") {
        doc.push(s);
    }
    if let Some(d) = text("description") {
        if !doc.is_empty() {
            doc.push(String::new());
        }
        doc.push(d);
    }
    if !doc.is_empty() {
        doc.push(String::new());
    }
    doc.push(format!("`{} {}`", op.method, op.path));
    if let Some(e) = &m.event_type {
        doc.push(format!(
            "The data is the open event stream: `new SSEConnection(data)` yields its `{e}`s."
        ));
    }
    if op.op.field("deprecated") == Some(&Value::Bool(true)) {
        doc.push("@deprecated".into());
    }
    doc
}

fn class_code(
    class: &Class,
    ops: &[Operation<'_>],
    types: &Types<'_>,
    ctx: Ctx<'_>,
    flavor: Flavor,
) -> String {
    let mut out = String::new();
    let what = match &class.version_key {
        Some(v) => format!(" (version `{v}`)"),
        None => String::new(),
    };
    out +=
        &format!("\n/** The operations of this controller{what}; get it from `createClient`. */\n");
    out += &match flavor {
        Flavor::Ts => format!(
            "export class {}<TThrow extends boolean = false> {{\n  readonly #core: ClientCore<TThrow>;\n\n  constructor(core: ClientCore<TThrow>) {{\n    this.#core = core;\n  }}\n",
            class.name
        ),
        Flavor::Js => format!(
            "export class {} {{\n  #core;\n\n  constructor(core) {{\n    this.#core = core;\n  }}\n",
            class.name
        ),
        Flavor::Dts => format!(
            "export declare class {}<TThrow extends boolean = false> {{\n  #private;\n  constructor(core: ClientCore<TThrow>);\n",
            class.name
        ),
    };
    for m in &class.methods {
        let op = &ops[m.op];
        let r = returns(op, m, types, ctx);
        let required = options_required(op);
        let outcome = format!("SDKOutcome<{}, {}, TThrow>", r.data, r.error);
        let returned = match headers_type(op) {
            Some(h) => format!("Promise<SDKWithHeaders<{outcome}, {h}>>"),
            None => format!("Promise<{outcome}>"),
        };
        out += "\n";
        out += &jsdoc(&method_doc(op, m), "  ");
        out += &match (flavor, required) {
            (Flavor::Ts, true) => {
                format!("  {}(options: {}): {returned} {{\n", m.name, m.options_type)
            }
            (Flavor::Ts, false) => format!(
                "  {}(options: {} = {{}}): {returned} {{\n",
                m.name, m.options_type
            ),
            (Flavor::Js, true) => format!("  {}(options) {{\n", m.name),
            (Flavor::Js, false) => format!("  {}(options = {{}}) {{\n", m.name),
            (Flavor::Dts, true) => {
                format!("  {}(options: {}): {returned};\n", m.name, m.options_type)
            }
            (Flavor::Dts, false) => {
                format!("  {}(options?: {}): {returned};\n", m.name, m.options_type)
            }
        };
        if flavor == Flavor::Dts {
            continue;
        }
        let call_options = if op
            .body
            .as_ref()
            .is_some_and(|b| b.kind == BodyKind::Multipart)
        {
            out += "    const body =\n      options.body === undefined || options.body instanceof FormData ? options.body : buildFormData(options.body);\n";
            "{ ...options, body }"
        } else {
            "options"
        };
        // No type arguments: tsc infers them from the return type, so the
        // types are written once (two copies of an inline `allOf` are
        // types tsc may fail to match: TS2719 on Cloudflare's document).
        let call = match op.response_headers.is_empty() {
            true => "request",
            false => "requestWithHeaders",
        };
        out += &format!(
            "    return this.#core.{call}(\n      {},\n      {call_options},\n    );\n  }}\n",
            spec_literal(op, types, r.parse_as)
        );
    }
    out + "}\n"
}

fn index_file(doc: &Document<'_>, controllers: &[Controller], ext: &str, flavor: Flavor) -> String {
    let ClientTree { top, groups } = ClientTree::new(controllers);
    let empty = top.is_empty() && groups.is_empty();

    let schemes = super::auth::schemes(doc);
    let mut out = String::from(HEADER);
    if !empty && flavor != Flavor::Dts {
        out += &format!("import {{ ClientCore }} from \"./client{ext}\";\n");
    }
    if flavor.typed() {
        let mut names = vec!["ClientConfig"];
        if !schemes.is_empty() {
            names.push("AuthCredential");
            if schemes
                .iter()
                .any(|s| s.spec == super::auth::SchemeSpec::Basic)
            {
                names.push("BasicCredentials");
            }
        }
        out += &format!(
            "import type {{ {} }} from \"./client{ext}\";\n",
            names.join(", ")
        );
    }
    let import = if flavor == Flavor::Dts {
        "import type"
    } else {
        "import"
    };
    for c in controllers {
        let names: Vec<&str> = c.classes.iter().map(|cl| cl.name.as_str()).collect();
        out += &format!(
            "{import} {{ {} }} from \"./{}/index{ext}\";\n",
            names.join(", "),
            c.dir
        );
    }
    out += &format!("\nexport * from \"./client{ext}\";\nexport * from \"./form-data{ext}\";\nexport * from \"./sse{ext}\";\nexport * from \"./types{ext}\";\n");
    for c in controllers {
        out += &format!("export * from \"./{}/index{ext}\";\n", c.dir);
    }
    // The TanStack glue (`tanstack_query`) is the entry `./queries` of its own,
    // never re-exported here: it imports `@tanstack/query-core`, an optional
    // peer, which a project using only the client may not have.
    out += "\n";
    if flavor.typed() {
        out += &jsdoc(&[format!("The client of {}.", api_name(doc))], "");
        out += &client_interface(&top, &groups);
        if !schemes.is_empty() {
            out += &super::auth::auth_type(&schemes);
        }
    }
    if !schemes.is_empty() && !empty && flavor != Flavor::Dts {
        out += &super::auth::schemes_table(&schemes, flavor.typed());
    }
    // With schemes, `auth` is typed by scheme name (a misspelt one is an error).
    let config_type = match schemes.is_empty() {
        true => "ClientConfig & { throwOnError?: TThrow }",
        false => "Omit<ClientConfig, \"auth\"> & { auth?: Auth; throwOnError?: TThrow }",
    };
    if empty {
        out += "/** The document has no operations: the client is empty. */\n";
    } else {
        out += &jsdoc(
            &[
                "Creates the client. Every method resolves to `{ data, error, response }` and never throws,".into(),
                "unless `throwOnError: true` is set: then it throws the `SDKError` and resolves to a success.".into(),
            ],
            "",
        );
    }
    out += &match flavor {
        Flavor::Ts => format!("export function createClient<TThrow extends boolean = false>(\n  config: {config_type} = {{}},\n): Client<TThrow> {{\n"),
        Flavor::Js => "export function createClient(config = {}) {\n".to_string(),
        Flavor::Dts => return out + &format!("export declare function createClient<TThrow extends boolean = false>(\n  config?: {config_type},\n): Client<TThrow>;\n"),
    };
    if empty {
        // `config` is read (to no effect), so linters see no unused argument.
        return out + "  void config;\n  return {};\n}\n";
    }
    let args = match schemes.is_empty() {
        true => "config",
        false if flavor == Flavor::Ts && super::auth::names_object_member(&schemes) => {
            "config as ClientConfig, SECURITY_SCHEMES"
        }
        false => "config, SECURITY_SCHEMES",
    };
    out += &match flavor {
        Flavor::Ts => format!("  const core = new ClientCore<TThrow>({args});\n  return {{\n"),
        _ => format!("  const core = new ClientCore({args});\n  return {{\n"),
    };
    for Member { key, class } in &top {
        out += &format!("    {}: new {class}(core),\n", prop_key(key));
    }
    for group in &groups {
        out += &format!("    {}: {{\n", prop_key(&group.key));
        for Member { key, class } in &group.members {
            out += &format!("      {}: new {class}(core),\n", prop_key(key));
        }
        out += "    },\n";
    }
    out += "  };\n}\n";
    out
}

/// `Bookstore 1.0.0`: the document's title and version.
fn api_name(doc: &Document<'_>) -> String {
    let info = doc.root.field("info");
    let title = info
        .and_then(|i| i.field("title"))
        .and_then(Value::as_str)
        .unwrap_or("the API");
    match info
        .and_then(|i| i.field("version"))
        .and_then(Value::as_str)
    {
        Some(v) => format!("{title} {v}"),
        None => title.to_string(),
    }
}

/// `interface Client`: the controllers, unversioned first, then by version.
fn client_interface(top: &[Member], groups: &[VersionGroup]) -> String {
    if top.is_empty() && groups.is_empty() {
        // `TThrow` is read (`TThrow & never` is `never`), so linters see no
        // unused parameter.
        return "export type Client<TThrow extends boolean = false> = Record<string, TThrow & never>;\n\n"
            .into();
    }
    let mut out = String::from("export interface Client<TThrow extends boolean = false> {\n");
    for Member { key, class } in top {
        out += &format!("  readonly {}: {class}<TThrow>;\n", prop_key(key));
    }
    for group in groups {
        out += &format!("  readonly {}: {{\n", prop_key(&group.key));
        for Member { key, class } in &group.members {
            out += &format!("    readonly {}: {class}<TThrow>;\n", prop_key(key));
        }
        out += "  };\n";
    }
    out + "}\n\n"
}
