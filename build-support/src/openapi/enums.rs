//! Enums as serde writes them: externally, internally and
//! adjacently tagged, untagged (and untagged variants), serde_repr's
//! integers; and the events of an `Sse<E>`, one per variant.

use super::keywords::{describe, docs, repr_enum_schema};
use super::schema::{FieldRules, Property, SchemaGen, Shape};
use crate::analysis::index::DefItem;
use crate::analysis::modules::ModId;
use crate::analysis::serde::{ContainerAttrs, EnumRepr, RenameRule, VariantAttrs};
use crate::analysis::types::{bind_generics, Env, Ty};
use serde_json::{json, Value};
use syn::Fields;

impl<'a> SchemaGen<'a> {
    fn variant_value(
        &mut self,
        v: &'a syn::Variant,
        rule: Option<RenameRule>,
        module: ModId,
        env: &Env,
    ) -> Value {
        match &v.fields {
            Fields::Unit => json!({"type": "null"}),
            Fields::Unnamed(_) => self.tuple_fields(&v.fields, module, env),
            Fields::Named(_) => {
                let mut shape = Shape::default();
                let rules = FieldRules::renamed(rule);
                self.named_fields(&v.fields, rules, module, env, &mut shape);
                shape.into_schema(false)
            }
        }
    }

    pub(super) fn enum_schema(
        &mut self,
        e: &'a syn::ItemEnum,
        c: &ContainerAttrs,
        module: ModId,
        env: &Env,
    ) -> Value {
        if let Some(schema) = repr_enum_schema(e) {
            return schema;
        }
        let variants: Vec<(&syn::Variant, VariantAttrs)> = e
            .variants
            .iter()
            .map(|v| (v, VariantAttrs::from_attrs(&v.attrs)))
            .filter(|(_, a)| !a.skip)
            .collect();
        let all_unit = variants
            .iter()
            .all(|(v, a)| matches!(v.fields, Fields::Unit) && !a.untagged);
        if all_unit && c.repr == EnumRepr::External {
            let names: Vec<Value> = variants
                .iter()
                .map(|(v, a)| json!(a.name(&v.ident, c.rename_all)))
                .collect();
            return json!({"type": "string", "enum": names});
        }
        let mut any_untagged = c.repr == EnumRepr::Untagged;
        let mut schemas = Vec::new();
        for (v, a) in &variants {
            let name = a.name(&v.ident, c.rename_all);
            let fields_rule = a.rename_all.or(c.rename_all_fields);
            let schema = if c.repr == EnumRepr::Untagged || a.untagged {
                any_untagged = true;
                self.variant_value(v, fields_rule, module, env)
            } else {
                self.tagged_variant(v, &name, &c.repr, fields_rule, module, env)
            };
            schemas.push(describe(schema, docs(&v.attrs)));
        }
        let key = if any_untagged { "anyOf" } else { "oneOf" };
        json!({ key: schemas })
    }

    fn tagged_variant(
        &mut self,
        v: &'a syn::Variant,
        name: &str,
        repr: &EnumRepr,
        rule: Option<RenameRule>,
        module: ModId,
        env: &Env,
    ) -> Value {
        let tag_value = json!({"type": "string", "const": name});
        match repr {
            // Untagged variants never get here; read as external.
            EnumRepr::External | EnumRepr::Untagged => match v.fields {
                Fields::Unit => tag_value,
                _ => {
                    let value = self.variant_value(v, rule, module, env);
                    json!({"type": "object", "properties": {name: value}, "required": [name], "additionalProperties": false})
                }
            },
            EnumRepr::Adjacent { tag, content } => match v.fields {
                // serde writes no content for a unit variant and reads it
                // absent or `null`, nothing else.
                Fields::Unit => {
                    json!({"type": "object", "properties": {tag: tag_value, content: {"type": "null"}}, "required": [tag]})
                }
                _ => {
                    let value = self.variant_value(v, rule, module, env);
                    json!({"type": "object", "properties": {tag: tag_value, content: value}, "required": [tag, content]})
                }
            },
            EnumRepr::Internal { tag } => match &v.fields {
                Fields::Named(_) => {
                    let mut shape = Shape::default();
                    shape.push(Property::required(tag, tag_value));
                    let rules = FieldRules::renamed(rule);
                    self.named_fields(&v.fields, rules, module, env, &mut shape);
                    shape.into_schema(false)
                }
                Fields::Unit => {
                    json!({"type": "object", "properties": {tag: tag_value}, "required": [tag]})
                }
                Fields::Unnamed(_) => {
                    let inner = self.variant_value(v, rule, module, env);
                    json!({"allOf": [{"type": "object", "properties": {tag: tag_value}, "required": [tag]}, inner]})
                }
            },
        }
    }

    /// The events of an `Sse<E>`: each variant of the enum `E` is one
    /// event, named as serde names it, carrying the variant's payload.
    /// The runtime names an event after the value serde writes, so only an
    /// externally tagged enum is served as documented: the others are
    /// refused before the document is built (`crate::checks`).
    pub(crate) fn sse_events(&mut self, ty: &Ty) -> Vec<(String, Value)> {
        let index = self.index();
        let Ty::Def(id, args) = ty else {
            return Vec::new();
        };
        let def = &index.defs[*id];
        let DefItem::Enum(e) = &def.item else {
            return Vec::new();
        };
        let c = ContainerAttrs::from_attrs(&e.attrs);
        let env = bind_generics(&e.generics, args.clone());
        let mut events = Vec::new();
        for v in &e.variants {
            let a = VariantAttrs::from_attrs(&v.attrs);
            if a.skip {
                continue;
            }
            let name = a.name(&v.ident, c.rename_all);
            let data =
                self.variant_value(v, a.rename_all.or(c.rename_all_fields), def.module, &env);
            events.push((name, describe(data, docs(&v.attrs))));
        }
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use syn::parse_quote;

    /// The component schema of `E`, declared in `src` (a crate root).
    fn schema_of_e(src: &str) -> Value {
        let f = crate::openapi::fixture::Fixture::new(src);
        let stated = BTreeMap::new();
        let mut gen = SchemaGen::new(&f.index, &stated);
        let ty = gen.resolve(&parse_quote!(E), 0, &Env::new()).unwrap();
        gen.schema(&ty);
        gen.components.remove("E").expect("E is a component")
    }

    fn string() -> Value {
        json!({"type": "string"})
    }

    fn tag(key: &str, name: &str) -> Value {
        json!({"type": "object", "properties": {key: {"type": "string", "const": name}}, "required": [key]})
    }

    #[test]
    fn b3_external_enum() {
        let s = schema_of_e("enum E { A, B(String), C { x: String } }");
        let c = json!({"type": "object", "properties": {"x": string()}, "required": ["x"]});
        assert_eq!(
            s,
            json!({"oneOf": [
                {"type": "string", "const": "A"},
                {"type": "object", "properties": {"B": string()}, "required": ["B"], "additionalProperties": false},
                {"type": "object", "properties": {"C": c}, "required": ["C"], "additionalProperties": false},
            ]})
        );
        let units = schema_of_e("#[serde(rename_all = \"lowercase\")] enum E { A, B }");
        assert_eq!(units, json!({"type": "string", "enum": ["a", "b"]}));
    }

    #[test]
    fn b3_internally_tagged_enum() {
        let s = schema_of_e("#[serde(tag = \"t\")] enum E { A, C { x: String } }");
        let c = json!({"type": "object", "properties": {"t": {"type": "string", "const": "C"}, "x": string()}, "required": ["t", "x"]});
        assert_eq!(s, json!({"oneOf": [tag("t", "A"), c]}));
        // Unit variants alone are still objects under a tag.
        let units = schema_of_e("#[serde(tag = \"t\")] enum E { A }");
        assert_eq!(units, json!({"oneOf": [tag("t", "A")]}));
    }

    #[test]
    fn b3_adjacently_tagged_enum() {
        let s = schema_of_e("#[serde(tag = \"t\", content = \"c\")] enum E { A, B(String) }");
        let b = json!({"type": "object", "properties": {"t": {"type": "string", "const": "B"}, "c": string()}, "required": ["t", "c"]});
        // A unit variant's content: absent or null, as serde reads it.
        let a = json!({"type": "object", "properties": {"t": {"type": "string", "const": "A"}, "c": {"type": "null"}}, "required": ["t"]});
        assert_eq!(s, json!({"oneOf": [a, b]}));
    }

    #[test]
    fn b3_untagged_enum_and_variant() {
        let s = schema_of_e("#[serde(untagged)] enum E { A, B(String) }");
        assert_eq!(s, json!({"anyOf": [{"type": "null"}, string()]}));
        let s = schema_of_e("enum E { A(String), #[serde(untagged)] B(String) }");
        let a = json!({"type": "object", "properties": {"A": string()}, "required": ["A"], "additionalProperties": false});
        assert_eq!(s, json!({"anyOf": [a, string()]}));
    }

    #[test]
    fn b3_content_without_tag_is_external() {
        // serde refuses it; read as no attribute at all.
        let s = schema_of_e("#[serde(content = \"c\")] enum E { A, B }");
        assert_eq!(s, json!({"type": "string", "enum": ["A", "B"]}));
    }
}
