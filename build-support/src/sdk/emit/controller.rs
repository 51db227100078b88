//! One `<controller>/index.ts`: the options interfaces of its
//! methods, then its class, each method a call of the core with the
//! operation's spec literal.

use serde_json::Value;

use super::signature::{
    event_union, headers_type, is_list_cookie, is_object_param, options_interface, returns,
};
use crate::sdk::document::Field;
use crate::sdk::naming::{jsdoc, literal_key, string_literal};
use crate::sdk::operations::{self, BodyKind, Location, Operation};
use crate::sdk::plan::{Class, Controller, Method};
use crate::sdk::schema::{Ctx, Types};
use crate::sdk::templates::{Flavor, HEADER};

pub(super) fn controller_file(
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

fn spec_literal(op: &Operation<'_>, types: &Types<'_>, parse_as: &str) -> String {
    let mut fields = vec![
        format!("method: {}", string_literal(&op.method)),
        format!("path: {}", string_literal(&op.path)),
    ];
    if let Some(id) = &op.operation_id {
        fields.push(format!("operationId: {}", string_literal(id)));
    }
    // A header has a style to tell only when it is an object, a cookie
    // when it is an object or a list.
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
                matches!(location, Location::Path | Location::Query)
                    || is_object_param(p, types)
                    || is_list_cookie(p, types)
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
        fields.push(crate::sdk::auth::requirement_literal(security));
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
    if let Some(accept) = operations::accept(op, parse_as) {
        fields.push(format!("accept: {}", string_literal(&accept)));
    }
    fields.push(format!("parseAs: \"{parse_as}\""));
    format!("{{ {} }}", fields.join(", "))
}

/// What `description` says besides `summary`: all of it, or what follows
/// its first paragraph when that paragraph is the summary (its lines
/// joined); `None` when nothing does.
fn beyond_summary(description: &str, summary: &str) -> Option<String> {
    let description = description.trim();
    let (first, rest) = description.split_once("\n\n").unwrap_or((description, ""));
    let first = first.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    if first != summary.trim() {
        return Some(description.to_string());
    }
    let rest = rest.trim();
    (!rest.is_empty()).then(|| rest.to_string())
}

fn method_doc(op: &Operation<'_>, m: &Method) -> Vec<String> {
    let text = |k: &str| op.op.get(k).and_then(Value::as_str).map(str::to_string);
    let mut doc = Vec::new();
    if let Some(s) = text("summary") {
        doc.push(s);
    }
    // A description that opens with the summary (tether writes the whole
    // doc comment) adds only what follows it.
    let description = text("description").and_then(|d| match doc.first() {
        Some(s) => beyond_summary(&d, s),
        None => Some(d),
    });
    let deprecated = op.op.field("deprecated") == Some(&Value::Bool(true));
    let (description, tag) =
        crate::sdk::naming::deprecation_doc(description.as_deref(), deprecated);
    if let Some(d) = description {
        if !doc.is_empty() {
            doc.push(String::new());
        }
        doc.push(d.to_string());
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
    doc.extend(tag);
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
        let required = op.options_required();
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
        let multipart = op.body.as_ref().filter(|b| b.kind == BodyKind::Multipart);
        let call_options = if let Some(b) = multipart {
            // The media types the document gives the parts, if any.
            let types = match b.part_types.is_empty() {
                true => String::new(),
                false => {
                    let entries: Vec<String> = b
                        .part_types
                        .iter()
                        .map(|(k, v)| format!("{}: {}", literal_key(k), string_literal(v)))
                        .collect();
                    format!(", {{ {} }}", entries.join(", "))
                }
            };
            out += &format!("    const body =\n      options.body === undefined || options.body instanceof FormData ? options.body : buildFormData(options.body{types});\n");
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

#[cfg(test)]
mod tests {
    use super::beyond_summary;

    /// tether's documents describe an operation with its whole doc
    /// comment; the method's JSDoc does not say the summary twice.
    #[test]
    fn c1_a_description_that_repeats_the_summary_adds_what_follows_it() {
        let summary = "Lists the books, a page at a time.";
        assert_eq!(
            beyond_summary(
                "Lists the books,\na page at a time.\n\nFixed size.",
                summary
            ),
            Some("Fixed size.".into())
        );
        assert_eq!(beyond_summary(summary, summary), None);
        assert_eq!(
            beyond_summary("Something else.", summary),
            Some("Something else.".into())
        );
    }
}
