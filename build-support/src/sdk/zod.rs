//! `zod.ts` (`[openapi.sdk] zod = true`): a zod 4 schema per
//! component (`BookSchema`) with the document's constraints, the schemas of
//! every operation's JSON request body and 2xx answers, and
//! `zodValidator(..)`, the client's `validator` option built from them.
//! Only this file imports `zod`; the client itself keeps no dependency.

use serde_json::Value;

use super::document::Document;
use super::naming::{literal_key, string_literal};
use super::operations::{BodyKind, Operation};
use super::schema::{Inlining, Types};
use super::templates::{Flavor, HEADER, NO_CHECK};

/// Nesting beyond which a schema is checked as `z.unknown()`.
const MAX_DEPTH: usize = 48;

/// The suffix of a component's schema constant: `Book` → `BookSchema`. A
/// suffix keeps the names apart from `z` and the helpers below.
const SUFFIX: &str = "Schema";

const PATTERN_TS: &str = "function pattern(source: string): RegExp {\n  for (const flags of [\"u\", \"\"]) {\n    try {\n      return new RegExp(source, flags);\n    } catch {\n      // Try the next reading.\n    }\n  }\n  return /(?:)/;\n}\n\n";
const PATTERN_JS: &str = "function pattern(source) {\n  for (const flags of [\"u\", \"\"]) {\n    try {\n      return new RegExp(source, flags);\n    } catch {\n      // Try the next reading.\n    }\n  }\n  return /(?:)/;\n}\n\n";

/// `zod.ts`, `zod.js` or `zod.d.ts`.
pub(super) fn zod_file(
    doc: &Document<'_>,
    types: &Types<'_>,
    ops: &[Operation<'_>],
    ext: &str,
    flavor: Flavor,
) -> String {
    let writer = Writer {
        doc,
        types,
        inlining: Inlining::default(),
    };
    let mut out = String::from(HEADER);
    if flavor == Flavor::Ts {
        out += NO_CHECK;
    }
    out += "import { z } from \"zod\";\n";
    if flavor.typed() {
        out += &format!("import type {{ Validator }} from \"./client{ext}\";\n");
    }
    let mut body = String::new();
    let components = doc
        .schemas()
        .filter_map(|(raw, schema)| Some((types.name(raw)?, schema)));
    for (name, schema) in components.chain(types.pointers().map(|(name, _, s)| (name, s))) {
        // `A = z.lazy(() => B)`, `B = z.lazy(() => A)` would never end: the type is `unknown` too.
        let zod = || {
            if types.is_alias_cycle(schema) {
                "z.unknown()".to_string()
            } else {
                writer.zod(schema, 0)
            }
        };
        body += &match flavor {
            Flavor::Ts => format!("export const {name}{SUFFIX}: z.ZodType = {};\n", zod()),
            Flavor::Js => format!("export const {name}{SUFFIX} = {};\n", zod()),
            Flavor::Dts => format!("export declare const {name}{SUFFIX}: z.ZodType;\n"),
        };
    }
    body += "\n/** The schemas of each operation (by operationId, else `METHOD /path`): its JSON request body and 2xx answers by status. */\n";
    match flavor {
        Flavor::Dts => body +=
            "export declare const operationSchemas: Readonly<Record<string, OperationSchemas>>;\n",
        _ => body += &operation_table(&writer, ops, flavor),
    }
    out += "\n";
    if body.contains("integer()") {
        out +=
            "/** A JSON integer: zod's `.int()` would also refuse 64-bit values beyond 2^53. */\n";
        out += "const integer = () => z.number().refine(Number.isInteger, { message: \"Expected an integer\" });\n\n";
    }
    if body.contains("ownObject(") {
        out += &own_object_helper(flavor);
    }
    if body.contains("pattern(") {
        out += "/** A document's `pattern` as a RegExp: with the `u` flag JSON Schema asks for, else without, else (not a JavaScript pattern at all) not checked. */\n";
        out += if flavor.typed() {
            PATTERN_TS
        } else {
            PATTERN_JS
        };
    }
    out += &body;
    out += helpers(flavor);
    out
}

/// `export const operationSchemas = { "books_findOne": { responses: { "200": … } }, … };`
fn operation_table(writer: &Writer<'_>, ops: &[Operation<'_>], flavor: Flavor) -> String {
    let annotation = if flavor.typed() {
        ": Readonly<Record<string, OperationSchemas>>"
    } else {
        ""
    };
    let mut out = format!("export const operationSchemas{annotation} = {{\n");
    for op in ops {
        let mut fields = Vec::new();
        if let Some(schema) = op
            .body
            .as_ref()
            .filter(|b| b.kind == BodyKind::Json)
            .and_then(|b| b.schema)
        {
            fields.push(format!("body: {}", writer.zod(schema, 1)));
        }
        let responses = success_schemas(writer.doc, op.op);
        if !responses.is_empty() {
            let entries: Vec<String> = responses
                .iter()
                .map(|(status, schema)| {
                    format!("{}: {}", string_literal(status), writer.zod(schema, 2))
                })
                .collect();
            fields.push(format!("responses: {{ {} }}", entries.join(", ")));
        }
        if fields.is_empty() {
            continue;
        }
        let key = op
            .operation_id
            .clone()
            .unwrap_or_else(|| format!("{} {}", op.method, op.path));
        // `__proto__` computed: quoted or not, it would set the table's prototype.
        let key = match key.as_str() {
            "__proto__" => literal_key(&key),
            _ => string_literal(&key),
        };
        out += &format!("  {key}: {{ {} }},\n", fields.join(", "));
    }
    out + "};\n"
}

/// The JSON schema of each 2xx (or `2XX`) response, by status key.
fn success_schemas<'a>(doc: &Document<'a>, op: &'a Value) -> Vec<(String, &'a Value)> {
    let Some(responses) = op.get("responses").and_then(Value::as_object) else {
        return Vec::new();
    };
    responses
        .iter()
        .filter(|(status, _)| status.starts_with('2'))
        .filter_map(|(status, response)| {
            let content = doc.resolve(response).get("content")?.as_object()?;
            let (_, media) = content.iter().find(|(ty, _)| is_json(ty))?;
            Some((status.clone(), media.get("schema")?))
        })
        .collect()
}

fn is_json(media_type: &str) -> bool {
    let essence = media_type.split(';').next().unwrap_or("").trim();
    essence == "application/json" || essence.ends_with("+json")
}

/// The statements of `zodValidator` after `validator` is declared: the
/// same in `zod.ts` and `zod.js`.
macro_rules! validator_body {
    () => {
        r#"  if (options.request !== false) {
    validator.request = (operation, body) => problems(operationSchemas[operation]?.body, body);
  }
  if (options.response !== false) {
    validator.response = (operation, status, data) => {
      const responses = operationSchemas[operation]?.responses;
      return problems(responses?.[String(status)] ?? responses?.[`${String(status).charAt(0)}XX`], data);
    };
  }
  return validator;
}
"#
    };
}

/// The statements of `problems`: the same in `zod.ts` and `zod.js`.
macro_rules! problems_body {
    () => {
        r#"  const result = schema?.safeParse(data);
  if (result === undefined || result.success) return undefined;
  return result.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "") + issue.message);
}
"#
    };
}

/// The fixed end of the file: the table's type and `zodValidator`.
fn helpers(flavor: Flavor) -> &'static str {
    match flavor {
        Flavor::Ts => {
            concat!(
                r#"
/** What `operationSchemas` holds for one operation. */
export interface OperationSchemas {
  readonly body?: z.ZodType;
  readonly responses?: Readonly<Record<string, z.ZodType>>;
}

/**
 * The client's `validator` option from these schemas: request bodies are
 * checked before they are sent, JSON 2xx answers once they arrive (both by
 * default); a problem is an `SDKError` of kind `validation`.
 */
export function zodValidator(options: { request?: boolean; response?: boolean } = {}): Validator {
  const validator: Validator = {};
"#,
                validator_body!(),
                r#"
/** One message per zod issue, led by the path of the value: `author.email: Invalid email address`. */
function problems(schema: z.ZodType | undefined, data: unknown): string[] | undefined {
"#,
                problems_body!()
            )
        }
        Flavor::Js => {
            concat!(
                r#"
export function zodValidator(options = {}) {
  const validator = {};
"#,
                validator_body!(),
                r#"
function problems(schema, data) {
"#,
                problems_body!()
            )
        }
        Flavor::Dts => {
            r#"
/** What `operationSchemas` holds for one operation. */
export interface OperationSchemas {
  readonly body?: z.ZodType;
  readonly responses?: Readonly<Record<string, z.ZodType>>;
}

/** The client's `validator` option from these schemas (requests and responses by default). */
export declare function zodValidator(options?: { request?: boolean; response?: boolean }): Validator;
"#
        }
    }
}

/// Writes zod expressions for JSON Schemas of one document.
struct Writer<'a> {
    doc: &'a Document<'a>,
    types: &'a Types<'a>,
    /// See [`Inlining`]: a cyclic inline `$ref` is `z.unknown()` there.
    inlining: Inlining,
}

impl Writer<'_> {
    /// The zod expression that accepts what `schema` describes.
    fn zod(&self, schema: &Value, depth: usize) -> String {
        if depth > MAX_DEPTH {
            return "z.unknown()".into();
        }
        let Some(s) = schema.as_object() else {
            return match schema {
                Value::Bool(false) => "z.never()".into(),
                _ => "z.unknown()".into(),
            };
        };
        if super::schema::is_never(s) {
            return "z.never()".into();
        }
        let base = if let Some(r) = s.get("$ref").and_then(Value::as_str) {
            self.reference(r, depth)
        } else {
            self.base(schema, depth)
        };
        if s.get("nullable") == Some(&Value::Bool(true)) {
            format!("{base}.nullable()")
        } else {
            base
        }
    }

    /// A component by its constant (lazily: components may refer to each other in any order, or to themselves).
    fn reference(&self, r: &str, depth: usize) -> String {
        if let Some(name) = self.types.ref_name(r) {
            return format!("z.lazy(() => {name}{SUFFIX})");
        }
        let Some(target) = self.doc.pointer(r) else {
            return "z.unknown()".into();
        };
        self.inlining
            .inline(target, || self.zod(target, depth + 1))
            .unwrap_or_else(|| "z.unknown()".into())
    }

    fn base(&self, schema: &Value, depth: usize) -> String {
        let s = schema.as_object().expect("an object schema");
        if let Some(value) = s.get("const") {
            return literal(value);
        }
        if let Some(values) = s.get("enum").and_then(Value::as_array) {
            return union(values.iter().map(literal).collect());
        }
        for key in ["oneOf", "anyOf"] {
            if let Some(members) = s.get(key).and_then(Value::as_array) {
                return union(
                    members
                        .iter()
                        .map(|m| self.member(s.get("discriminator"), m, depth))
                        .collect(),
                );
            }
        }
        if let Some(members) = s.get("allOf").and_then(Value::as_array) {
            let mut parts = members.iter().map(|m| self.zod(m, depth + 1));
            let first = parts.next().unwrap_or_else(|| "z.unknown()".into());
            return parts.fold(first, |acc, p| format!("z.intersection({acc}, {p})"));
        }
        match s.get("type") {
            Some(Value::String(ty)) => self.typed(schema, ty, depth),
            Some(Value::Array(types)) => {
                let names: Vec<&str> = types.iter().filter_map(Value::as_str).collect();
                let with_null = names.contains(&"null");
                let others: Vec<&str> = names.into_iter().filter(|t| *t != "null").collect();
                let inner = match others.as_slice() {
                    [] => "z.null()".to_string(),
                    [one] => self.typed(schema, one, depth),
                    many => union(many.iter().map(|t| self.typed(schema, t, depth)).collect()),
                };
                if with_null && !others.is_empty() {
                    format!("{inner}.nullable()")
                } else {
                    inner
                }
            }
            _ if s.contains_key("properties") || s.contains_key("additionalProperties") => {
                self.object(schema, depth)
            }
            _ if s.contains_key("items") => self.array(schema, depth),
            _ => "z.unknown()".into(),
        }
    }

    /// A member of a `oneOf`/`anyOf`; under a `discriminator`, a `$ref`
    /// member that does not fix the property itself gets it pinned to its
    /// mapping's values (else its schema's name), as the TypeScript type does
    /// (`Circle & { kind: "circle" }`).
    fn member(&self, discriminator: Option<&Value>, member: &Value, depth: usize) -> String {
        let zod = self.zod(member, depth + 1);
        let property = discriminator
            .and_then(|d| d.get("propertyName"))
            .and_then(Value::as_str);
        let (Some(property), Some(r)) = (property, member.get("$ref").and_then(Value::as_str))
        else {
            return zod;
        };
        match self.types.tag_values(property, r, discriminator) {
            Some(tags) => format!(
                "z.intersection({zod}, z.looseObject({{ {}: {} }}))",
                literal_key(property),
                union(tags.iter().map(|t| format!("z.literal({t})")).collect())
            ),
            None => zod,
        }
    }

    fn typed(&self, schema: &Value, ty: &str, depth: usize) -> String {
        match ty {
            "string" => string(schema),
            "integer" => number(schema, true),
            "number" => number(schema, false),
            "boolean" => "z.boolean()".into(),
            "null" => "z.null()".into(),
            "array" => self.array(schema, depth),
            "object" => self.object(schema, depth),
            _ => "z.unknown()".into(),
        }
    }

    fn array(&self, schema: &Value, depth: usize) -> String {
        if let Some(prefix) = schema.get("prefixItems").and_then(Value::as_array) {
            let items: Vec<String> = prefix.iter().map(|p| self.zod(p, depth + 1)).collect();
            return format!("z.tuple([{}])", items.join(", "));
        }
        let items = schema
            .get("items")
            .map_or_else(|| "z.unknown()".into(), |i| self.zod(i, depth + 1));
        let mut out = format!("z.array({items})");
        if let Some(n) = schema.get("minItems").and_then(Value::as_u64) {
            out += &format!(".min({n})");
        }
        if let Some(n) = schema.get("maxItems").and_then(Value::as_u64) {
            out += &format!(".max({n})");
        }
        if schema.get("uniqueItems") == Some(&Value::Bool(true)) {
            out += ".refine((items) => new Set(items.map((item) => JSON.stringify(item))).size === items.length, { message: \"Items must be unique\" })";
        }
        out
    }

    /// Unknown properties pass (`looseObject`): a newer server may send
    /// more. Not where the document forbids them (`additionalProperties:
    /// false`, serde's `deny_unknown_fields`): the server refuses them, and
    /// so does `strictObject`.
    fn object(&self, schema: &Value, depth: usize) -> String {
        let properties = schema.get("properties").and_then(Value::as_object);
        let extra = schema.get("additionalProperties");
        let closed = extra == Some(&Value::Bool(false));
        let Some(properties) = properties.filter(|p| !p.is_empty()) else {
            return match extra {
                Some(v) if v.is_object() => {
                    format!("z.record(z.string(), {})", self.zod(v, depth + 1))
                }
                _ if closed => "z.strictObject({})".into(),
                _ => "z.looseObject({})".into(),
            };
        };
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let fields: Vec<String> = properties
            .iter()
            .map(|(key, value)| {
                let optional = if required.contains(&key.as_str()) {
                    ""
                } else {
                    ".optional()"
                };
                format!(
                    "{}: {}{optional}",
                    literal_key(key),
                    self.zod(value, depth + 1)
                )
            })
            .collect();
        let shape = format!("{{ {} }}", fields.join(", "));
        if properties.keys().any(|k| is_inherited(k)) {
            format!("ownObject({shape})")
        } else if closed {
            format!("z.strictObject({shape})")
        } else {
            format!("z.looseObject({shape})")
        }
    }
}

/// Whether every JavaScript object inherits `key` from `Object.prototype`:
/// zod reads a shape's key with `key in value` and `value[key]`, which find
/// these even when the body leaves the key out, and it skips `__proto__`.
fn is_inherited(key: &str) -> bool {
    super::naming::INHERITED.contains(&key)
}

/// `ownObject`, declared in a file whose shapes have inherited names.
fn own_object_helper(flavor: Flavor) -> String {
    let (signature, object, cast) = if flavor.typed() {
        (
            "function ownObject(shape: Record<string, z.ZodType>): z.ZodType {",
            "const object: z.ZodType",
            " as Parameters<typeof ctx.addIssue>[0]",
        )
    } else {
        ("function ownObject(shape) {", "const object", "")
    };
    let value = if flavor.typed() {
        "(value as Record<string, unknown>)"
    } else {
        "value"
    };
    format!(
        r#"/**
 * `z.looseObject(shape)` for a shape with a name every object inherits
 * (`constructor`, `toString`, `__proto__`, …): zod would read
 * Object.prototype's member for an absent one, and skips `__proto__`. So the
 * value is checked as a null-prototype copy of its own properties, and its
 * own `__proto__` by that key's schema.
 */
{signature}
  const proto = Object.prototype.hasOwnProperty.call(shape, "__proto__") ? shape["__proto__"] : undefined;
  {object} = proto === undefined ? z.looseObject(shape) : z.intersection(z.looseObject(shape), z.unknown().superRefine((value, ctx) => {{
    const result = proto.safeParse({value}["__proto__"]);
    for (const issue of result.error?.issues ?? []) ctx.addIssue({{ ...issue, path: ["__proto__", ...issue.path] }}{cast});
  }}));
  return z.preprocess((value) => (typeof value === "object" && value !== null && !Array.isArray(value) ? Object.assign(Object.create(null), value) : value), object);
}}

"#
    )
}

/// A string schema: the zod schema of its format (a union of two for `ip`),
/// each with the length and pattern constraints.
///
/// `minLength`/`maxLength` count code points, as JSON Schema does, where
/// zod's `.min`/`.max` count UTF-16 units (an emoji is two): `Array.from`
/// walks the string by code point. A `binary` string is a `Blob`, as the
/// client types it (a multipart form's file).
fn string(schema: &Value) -> String {
    let format = schema.get("format").and_then(Value::as_str);
    if format == Some("binary") {
        return BLOB.into();
    }
    let mut checks = String::new();
    if let Some(n) = schema.get("minLength").and_then(Value::as_u64) {
        checks += &format!(".refine((s) => Array.from(s).length >= {n}, {{ message: \"Too small: expected string to have >={n} characters\" }})");
    }
    if let Some(n) = schema.get("maxLength").and_then(Value::as_u64) {
        checks += &format!(".refine((s) => Array.from(s).length <= {n}, {{ message: \"Too big: expected string to have <={n} characters\" }})");
    }
    if let Some(p) = schema.get("pattern").and_then(Value::as_str) {
        checks += &format!(".regex(pattern({}))", string_literal(p));
    }
    union(
        format_schemas(format)
            .iter()
            .map(|base| format!("{base}{checks}"))
            .collect(),
    )
}

/// What a `format: binary` string checks: a `Blob` (a `File` is one), where
/// the runtime has `Blob` (Node.js 18 onwards, browsers, Deno, Bun).
const BLOB: &str = "z.custom((value) => typeof Blob !== \"undefined\" && value instanceof Blob, { message: \"Expected a Blob\" })";

/// An `email` as loosely as JSON Schema's (RFC 5321 `Mailbox`: quoted local
/// parts with spaces, `a@b`, address literals `x@[127.0.0.1]`) and its
/// `idn-email` (non-ASCII): something, `@`, then a domain without spaces or
/// `@`. zod's own `z.email()` refuses all of these.
const EMAIL: &str = "z.email({ pattern: /^.+@[^\\s@]+$/ })";

/// The zod 4 schemas that check a string `format` tether documents (and
/// JSON Schema defines): what the server's type reads. `uuid` is any
/// 8-4-4-4-12 hex string (`z.guid()`), as the `uuid` crate and RFC 9562's
/// grammar read it, where `z.uuid()` also asks for a known variant. `email`
/// is a loose check ([`EMAIL`]). Other formats (`partial-time`, `decimal`,
/// …) are not checked.
fn format_schemas(format: Option<&str>) -> &'static [&'static str] {
    match format {
        Some("email" | "idn-email") => &[EMAIL],
        Some("uri" | "url") => &["z.url()"],
        Some("uuid") => &["z.guid()"],
        Some("date-time") => &["z.iso.datetime({ offset: true })"],
        Some("date") => &["z.iso.date()"],
        Some("ipv4") => &["z.ipv4()"],
        Some("ipv6") => &["z.ipv6()"],
        Some("ip") => &["z.ipv4()", "z.ipv6()"],
        _ => &["z.string()"],
    }
}

/// `z.number()` (or the file's `integer()`) with its bounds.
fn number(schema: &Value, integer: bool) -> String {
    let mut out = String::from(if integer { "integer()" } else { "z.number()" });
    let bound = |key: &str| {
        schema
            .get(key)
            .filter(|v| v.is_number())
            .map(Value::to_string)
    };
    // 3.0 writes `exclusiveMinimum: true` beside `minimum`; 3.1 a number of its own.
    let exclusive = |key: &str| schema.get(key) == Some(&Value::Bool(true));
    for (key, method, flag, strict) in [
        ("minimum", "gte", "exclusiveMinimum", "gt"),
        ("maximum", "lte", "exclusiveMaximum", "lt"),
    ] {
        if let Some(n) = bound(key) {
            out += &format!(".{}({n})", if exclusive(flag) { strict } else { method });
        }
        if let Some(n) = bound(flag) {
            out += &format!(".{strict}({n})");
        }
    }
    if let Some(n) = bound("multipleOf") {
        out += &format!(".multipleOf({n})");
    }
    out
}

/// `z.literal(..)` of a JSON scalar; any other constant is not checked.
fn literal(value: &Value) -> String {
    match value {
        Value::Null => "z.null()".into(),
        Value::String(s) => format!("z.literal({})", string_literal(s)),
        Value::Bool(_) | Value::Number(_) => format!("z.literal({value})"),
        _ => "z.unknown()".into(),
    }
}

fn union(members: Vec<String>) -> String {
    match members.len() {
        0 => "z.never()".into(),
        1 => members.into_iter().next().expect("one member"),
        _ => format!("z.union([{}])", members.join(", ")),
    }
}
