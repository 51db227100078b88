//! Validation rules in the document: the `#[validate(..)]`
//! attributes of `serde_valid` on a field are JSON Schema keywords under
//! Rust names, so each becomes the keyword the server enforces:
//! `min_length = 1` → `minLength: 1`, `pattern = "…"` → `pattern`, and so
//! on; the server counts `min_length`/`max_length` in code points, as
//! JSON Schema does. A bare `#[validate]` (check the nested value) and
//! rules with no keyword (`custom = …`, `message = …`) change nothing.

use serde_json::{json, Map, Number as JsonNumber, Value};
use tether_model::rules::{Number, Rule, RuleValue};

/// `schema` with the keyword of each rule. On a list, a rule of its items
/// (`max_length` on a `Vec<String>`) goes to `items`, as serde_valid checks
/// each item.
pub(crate) fn apply_rules(schema: Value, rules: &[Rule]) -> Value {
    if rules.is_empty() {
        return schema;
    }
    let Value::Object(mut obj) = schema else {
        return schema;
    };
    for rule in rules {
        let Some(value) = keyword_value(&rule.value) else {
            continue;
        };
        let target = match obj.get_mut("items") {
            Some(Value::Object(items)) if rule.per_item() => items,
            _ => &mut obj,
        };
        insert(target, rule.kind.keyword(), value);
    }
    Value::Object(obj)
}

fn insert(obj: &mut Map<String, Value>, key: &str, value: Value) {
    // A rule looser than the type's own bound (`maximum` of a `u8`)
    // does not widen what the server can read.
    let keep = match (key, obj.get(key).and_then(Value::as_f64), value.as_f64()) {
        ("minimum", Some(have), Some(rule)) => have > rule,
        ("maximum", Some(have), Some(rule)) => have < rule,
        _ => false,
    };
    if !keep {
        obj.insert(key.to_string(), value);
    }
}

/// The JSON value of a rule's value.
fn keyword_value(value: &RuleValue) -> Option<Value> {
    Some(match value {
        RuleValue::Count(n) => json!(n),
        RuleValue::Number(Number::Int(n)) => {
            if let Ok(i) = i64::try_from(*n) {
                json!(i)
            } else {
                json!(u64::try_from(*n).ok()?)
            }
        }
        RuleValue::Number(Number::Float(f)) => Value::Number(JsonNumber::from_f64(*f)?),
        RuleValue::Text(s) => json!(s),
        RuleValue::Flag => json!(true),
        RuleValue::Choices(values) => Value::Array(
            values
                .iter()
                .map(keyword_value)
                .collect::<Option<Vec<_>>>()?,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::{parse_quote, Attribute};
    use tether_model::rules::parse_validate_attrs;

    fn field(attrs: Vec<Attribute>, schema: Value) -> Value {
        apply_rules(schema, &parse_validate_attrs(&attrs).rules)
    }

    #[test]
    fn e5_every_rule_is_its_json_schema_keyword() {
        let attrs: Vec<Attribute> = vec![
            parse_quote!(#[validate(min_length = 1)]),
            parse_quote!(#[validate(max_length = 200, message = "too long")]),
            parse_quote!(#[validate(pattern = r"^[a-z]+$")]),
        ];
        // The server counts code points, as `minLength`/`maxLength` do.
        assert_eq!(
            field(attrs, json!({"type": "string"})),
            json!({"type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[a-z]+$"})
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
    fn e5_rules_of_items_go_to_items() {
        let attrs: Vec<Attribute> = vec![
            parse_quote!(#[validate(max_items = 3)]),
            parse_quote!(#[validate(max_length = 5)]),
            parse_quote!(#[validate(r#enum = ["a", "b"])]),
        ];
        assert_eq!(
            field(attrs, json!({"type": "array", "items": {"type": "string"}})),
            json!({"type": "array", "items": {"type": "string", "maxLength": 5, "enum": ["a", "b"]}, "maxItems": 3})
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
