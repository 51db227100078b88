//! Validation rules in the document (SPEC E5): the `#[validate(..)]`
//! attributes of `serde_valid` on a field are JSON Schema keywords under
//! Rust names, so each becomes the keyword the server enforces:
//! `min_length = 1` → `minLength: 1`, `pattern = "…"` → `pattern`, and so
//! on. A bare `#[validate]` (check the nested value) and rules with no
//! keyword (`custom = …`, `message = …`) change nothing.

use serde_json::{json, Map, Number, Value};
use syn::punctuated::Punctuated;
use syn::{Attribute, Expr, ExprLit, ExprUnary, Lit, Meta, Token, UnOp};

/// serde_valid's rule names and the JSON Schema keyword of each.
const KEYWORDS: [(&str, &str); 13] = [
    ("min_length", "minLength"),
    ("max_length", "maxLength"),
    ("pattern", "pattern"),
    ("minimum", "minimum"),
    ("maximum", "maximum"),
    ("exclusive_minimum", "exclusiveMinimum"),
    ("exclusive_maximum", "exclusiveMaximum"),
    ("multiple_of", "multipleOf"),
    ("min_items", "minItems"),
    ("max_items", "maxItems"),
    ("unique_items", "uniqueItems"),
    ("min_properties", "minProperties"),
    ("max_properties", "maxProperties"),
];

/// `schema` with the keywords of the field's `#[validate(..)]` rules.
pub(super) fn apply(schema: Value, attrs: &[Attribute]) -> Value {
    let rules = rules(attrs);
    if rules.is_empty() {
        return schema;
    }
    let Value::Object(mut obj) = schema else {
        return schema;
    };
    for (key, value) in rules {
        // A rule looser than the type's own bound (`maximum` of a `u8`)
        // does not widen what the server can read.
        let keep = match (
            key.as_str(),
            obj.get(&key).and_then(Value::as_f64),
            value.as_f64(),
        ) {
            ("minimum", Some(have), Some(rule)) => have > rule,
            ("maximum", Some(have), Some(rule)) => have < rule,
            _ => false,
        };
        if !keep {
            obj.insert(key, value);
        }
    }
    Value::Object(obj)
}

/// The keywords of every `#[validate(..)]` of a field, in source order.
fn rules(attrs: &[Attribute]) -> Map<String, Value> {
    let mut out = Map::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("validate")) {
        let Meta::List(list) = &attr.meta else {
            continue;
        };
        let Ok(metas) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        else {
            continue;
        };
        for meta in metas {
            let name = meta
                .path()
                .get_ident()
                .map(|i| syn::ext::IdentExt::unraw(i).to_string());
            let Some(name) = name else { continue };
            if name == "enum" {
                if let Meta::NameValue(nv) = &meta {
                    if let Some(values) = literal_list(&nv.value) {
                        out.insert("enum".into(), Value::Array(values));
                    }
                }
                continue;
            }
            let Some((_, keyword)) = KEYWORDS.iter().find(|(rule, _)| *rule == name) else {
                continue;
            };
            let value = match &meta {
                Meta::Path(_) if name == "unique_items" => Some(json!(true)),
                Meta::NameValue(nv) => literal(&nv.value),
                _ => None,
            };
            if let Some(v) = value {
                out.insert(keyword.to_string(), v);
            }
        }
    }
    out
}

fn literal(e: &Expr) -> Option<Value> {
    match e {
        Expr::Lit(ExprLit { lit, .. }) => match lit {
            Lit::Int(i) => i.base10_parse::<i128>().ok().and_then(number_i128),
            Lit::Float(f) => f
                .base10_parse::<f64>()
                .ok()
                .and_then(Number::from_f64)
                .map(Value::Number),
            Lit::Str(s) => Some(json!(s.value())),
            Lit::Bool(b) => Some(json!(b.value)),
            _ => None,
        },
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr,
            ..
        }) => match literal(expr)? {
            Value::Number(n) if n.is_f64() => Number::from_f64(-n.as_f64()?).map(Value::Number),
            Value::Number(n) => {
                number_i128(-i128::from(n.as_i64().or(n.as_u64().map(|u| u as i64))?))
            }
            _ => None,
        },
        Expr::Group(g) => literal(&g.expr),
        Expr::Paren(p) => literal(&p.expr),
        _ => None,
    }
}

fn number_i128(n: i128) -> Option<Value> {
    if let Ok(i) = i64::try_from(n) {
        return Some(json!(i));
    }
    u64::try_from(n).ok().map(|u| json!(u))
}

fn literal_list(e: &Expr) -> Option<Vec<Value>> {
    match e {
        Expr::Array(a) => a.elems.iter().map(literal).collect(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    fn field(attrs: Vec<Attribute>, schema: Value) -> Value {
        apply(schema, &attrs)
    }

    #[test]
    fn e5_every_rule_is_its_json_schema_keyword() {
        let attrs: Vec<Attribute> = vec![
            parse_quote!(#[validate(min_length = 1)]),
            parse_quote!(#[validate(max_length = 200, message = "too long")]),
            parse_quote!(#[validate(pattern = r"^\w+$")]),
        ];
        assert_eq!(
            field(attrs, json!({"type": "string"})),
            json!({"type": "string", "minLength": 1, "maxLength": 200, "pattern": "^\\w+$"})
        );
        let attrs: Vec<Attribute> = vec![
            parse_quote!(#[validate(minimum = -5)]),
            parse_quote!(#[validate(exclusive_maximum = 10.5)]),
            parse_quote!(#[validate(multiple_of = 5)]),
            parse_quote!(#[validate(r#enum = [5, 10, 15])]),
        ];
        assert_eq!(
            field(attrs, json!({"type": "number"})),
            json!({"type": "number", "minimum": -5, "exclusiveMaximum": 10.5, "multipleOf": 5, "enum": [5, 10, 15]})
        );
        let attrs: Vec<Attribute> = vec![
            parse_quote!(#[validate(min_items = 1)]),
            parse_quote!(#[validate(max_items = 3)]),
            parse_quote!(#[validate(unique_items)]),
        ];
        assert_eq!(
            field(attrs, json!({"type": "array"})),
            json!({"type": "array", "minItems": 1, "maxItems": 3, "uniqueItems": true})
        );
    }

    #[test]
    fn e5_a_looser_rule_keeps_the_type_bound() {
        let attrs: Vec<Attribute> = vec![
            parse_quote!(#[validate(minimum = -10)]),
            parse_quote!(#[validate(maximum = 1000)]),
        ];
        assert_eq!(
            field(
                attrs,
                json!({"type": "integer", "minimum": 0, "maximum": 255})
            ),
            json!({"type": "integer", "minimum": 0, "maximum": 255})
        );
    }

    #[test]
    fn e5_nested_and_custom_rules_add_nothing() {
        let attrs: Vec<Attribute> = vec![
            parse_quote!(#[validate]),
            parse_quote!(#[validate(custom = my_check)]),
            parse_quote!(#[serde(rename = "x")]),
        ];
        let schema = json!({"$ref": "#/components/schemas/Author"});
        assert_eq!(field(attrs, schema.clone()), schema);
    }
}
