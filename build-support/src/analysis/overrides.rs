//! The escape hatch for types tether-build cannot see into:
//! state a schema where the type is used or defined, with an attribute
//! rustc ignores,
//!
//! ```ignore
//! struct Place {
//!     #[cfg_attr(any(), tether(schema = "string", format = "wkt"))]
//!     shape: geo::Polygon,
//!     #[cfg_attr(any(), tether(schema = r#"{"type": "array", "items": {"type": "number"}}"#))]
//!     point: geo::Point,
//! }
//! ```
//!
//! (`cfg_attr(any(), …)` is never active, so the compiler drops it without
//! resolving `tether`), or for every use of a type in `tether.toml`:
//!
//! ```toml
//! [schemas]
//! "geo::Point" = '{"type": "array", "items": {"type": "number"}}'
//! Money = "string"
//! ```
//!
//! A schema is a JSON Schema object, or one JSON type name as a shorthand.

use serde_json::{json, Map, Value};
use syn::punctuated::Punctuated;
use syn::{Attribute, Meta, Token};
use tether_model::attrs::key_str;

/// The JSON type names accepted as a shorthand.
pub const TYPE_NAMES: [&str; 6] = ["string", "integer", "number", "boolean", "object", "array"];

/// Parses a stated schema: JSON object text or a JSON type name.
pub fn parse_schema_text(text: &str) -> Result<Value, String> {
    let text = text.trim();
    if text.starts_with('{') {
        return match serde_json::from_str::<Value>(text) {
            Ok(v @ Value::Object(_)) => Ok(v),
            Ok(_) => Err("the schema must be a JSON object".into()),
            Err(e) => Err(format!("the schema is not valid JSON: {e}")),
        };
    }
    if TYPE_NAMES.contains(&text) {
        return Ok(json!({ "type": text }));
    }
    Err(format!(
        "`{text}` is not a schema; write a JSON type name ({}) or a JSON Schema object such as `{{\"type\": \"string\", \"format\": \"uri\"}}`",
        TYPE_NAMES.join(", ")
    ))
}

/// The `tether(...)` list inside `#[cfg_attr(any(), tether(...))]` or a
/// bare `#[tether(...)]`; `Err` when there is one but it is not a list of
/// `key = value` items (an unquoted JSON object, say), which rustc would
/// never report, since it drops the attribute.
type TetherList = Result<Punctuated<Meta, Token![,]>, syn::Error>;

fn tether_list(attr: &Attribute) -> Option<TetherList> {
    if attr.path().is_ident("tether") {
        return Some(attr.parse_args_with(Punctuated::parse_terminated));
    }
    if !attr.path().is_ident("cfg_attr") {
        return None;
    }
    let args = attr
        .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        .ok()?;
    args.into_iter().skip(1).find_map(|m| match m {
        Meta::List(list) if list.path.is_ident("tether") => {
            Some(list.parse_args_with(Punctuated::parse_terminated))
        }
        _ => None,
    })
}

/// The schema stated by a `tether(schema = "…", format = "…")` attribute,
/// if any, or the error (with its span) when it is malformed.
pub fn schema_override(attrs: &[Attribute]) -> Option<Result<Value, (proc_macro2::Span, String)>> {
    let attr = attrs.iter().find(|a| tether_list(a).is_some())?;
    let span = syn::spanned::Spanned::span(attr);
    let list = match tether_list(attr)? {
        Ok(list) => list,
        Err(_) => {
            return Some(Err((
                span,
                "`tether(..)` takes `key = \"…\"` items whose values are strings: write a JSON Schema object in a raw string, `tether(schema = r#\"{\"type\": \"array\", \"items\": {\"type\": \"number\"}}\"#)`".into(),
            )))
        }
    };
    let mut schema: Option<Value> = None;
    let mut extra = Map::new();
    for meta in list {
        let Meta::NameValue(nv) = &meta else {
            return Some(Err((span, "write `tether(schema = \"string\")`, optionally with `format = \"…\"` or `description = \"…\"`".into())));
        };
        let (key, Some(value)) = key_str(nv) else {
            let key = key_str(nv).0;
            return Some(Err((span, format!("`{key}` takes a string literal"))));
        };
        match key.as_str() {
            "schema" => match parse_schema_text(&value.value()) {
                Ok(v) => schema = Some(v),
                Err(e) => return Some(Err((value.span(), e))),
            },
            "format" | "description" => {
                extra.insert(key, Value::String(value.value()));
            }
            other => {
                return Some(Err((
                    nv.path.get_ident().map_or(span, |i| i.span()),
                    format!("unknown key `{other}` in `tether(..)`; use `schema`, `format` or `description`"),
                )))
            }
        }
    }
    let Some(Value::Object(mut schema)) = schema else {
        return Some(Err((
            span,
            "`tether(..)` needs `schema = \"…\"`, e.g. `tether(schema = \"string\")`".into(),
        )));
    };
    schema.extend(extra);
    Some(Ok(Value::Object(schema)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    #[test]
    fn b3_escape_hatch_spellings() {
        let a: Vec<Attribute> =
            vec![parse_quote!(#[cfg_attr(any(), tether(schema = "string", format = "wkt"))])];
        assert_eq!(
            schema_override(&a).unwrap().unwrap(),
            json!({"type": "string", "format": "wkt"})
        );
        let a: Vec<Attribute> =
            vec![parse_quote!(#[tether(schema = r#"{"type":"array","items":{"type":"number"}}"#)])];
        assert_eq!(
            schema_override(&a).unwrap().unwrap()["items"]["type"],
            "number"
        );
        let a: Vec<Attribute> = vec![parse_quote!(#[cfg_attr(feature = "x", derive(Debug))])];
        assert!(schema_override(&a).is_none());
        let a: Vec<Attribute> = vec![parse_quote!(#[cfg_attr(any(), tether(schema = "text"))])];
        assert!(schema_override(&a)
            .unwrap()
            .unwrap_err()
            .1
            .contains("JSON type name"));
        let a: Vec<Attribute> = vec![parse_quote!(#[cfg_attr(any(), tether(format = "x"))])];
        assert!(schema_override(&a).unwrap().is_err());
    }
}
