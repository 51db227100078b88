//! serde's attributes, the one place they are read: container,
//! variant and field attributes and the `rename_all` rule table, as
//! `serde_derive` applies them when *serializing* (where serialize and
//! deserialize names differ, the serialized one is documented).

use syn::punctuated::Punctuated;
use syn::{Attribute, Expr, Ident, Meta, Token};
use tether_model::attrs::{ident_name, lit_str};

pub use tether_model::rename::{RenameRule, RENAME_RULES};

/// serde attributes of a struct or enum.
#[derive(Debug, Clone, Default)]
pub struct ContainerAttrs {
    /// `rename = "…"`
    pub rename: Option<String>,
    /// `rename_all = "…"`
    pub rename_all: Option<RenameRule>,
    /// `rename_all_fields = "…"` (enums: fields of struct variants)
    pub rename_all_fields: Option<RenameRule>,
    /// How an enum's variants are written: `tag`, `content`, `untagged`.
    pub repr: EnumRepr,
    /// `transparent`
    pub transparent: bool,
    /// `default`
    pub default: bool,
    /// `deny_unknown_fields`
    pub deny_unknown_fields: bool,
    /// `into = "T"` (the serialized form is `T`'s)
    pub into: Option<syn::Type>,
    /// `from = "T"` / `try_from = "T"` (the deserialized form is `T`'s)
    pub from: Option<syn::Type>,
}

/// How serde writes an enum's variants (its container attributes `tag`,
/// `content` and `untagged`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum EnumRepr {
    /// No attribute: `{"Variant": value}`, a unit variant as `"Variant"`.
    #[default]
    External,
    /// `tag = "t"`: `{"t": "Variant", ..fields}`.
    Internal {
        /// The tag's key.
        tag: String,
    },
    /// `tag = "t", content = "c"`: `{"t": "Variant", "c": value}`.
    Adjacent {
        /// The tag's key.
        tag: String,
        /// The value's key.
        content: String,
    },
    /// `untagged`: the value alone.
    Untagged,
}

impl EnumRepr {
    /// From the attributes as written; serde refuses `content` without
    /// `tag` and `untagged` beside `tag`, so those are read as the rest.
    fn from_parts(tag: Option<String>, content: Option<String>, untagged: bool) -> Self {
        match (tag, content) {
            _ if untagged => EnumRepr::Untagged,
            (Some(tag), Some(content)) => EnumRepr::Adjacent { tag, content },
            (Some(tag), None) => EnumRepr::Internal { tag },
            (None, _) => EnumRepr::External,
        }
    }
}

/// serde attributes of a field.
#[derive(Debug, Clone, Default)]
pub struct FieldAttrs {
    /// `rename = "…"`
    pub rename: Option<String>,
    /// `skip`
    pub skip: bool,
    /// `skip_serializing` (only read)
    pub skip_serializing: bool,
    /// `skip_deserializing` (only written)
    pub skip_deserializing: bool,
    /// `skip_serializing_if = "…"`
    pub skip_serializing_if: bool,
    /// `default` or `default = "…"`
    pub default: bool,
    /// `flatten`
    pub flatten: bool,
    /// `with`, `serialize_with` (the module or function path)
    pub with: Option<(String, proc_macro2::Span)>,
    /// `with` or `deserialize_with`: serde reads the field through a
    /// function, so a missing field is an error unless it has a `default`
    /// (a plain `Option` is `None` when missing only without one).
    pub deserialize_with: bool,
    /// `#[multipart(content_type = "…")]`: the media types the field's
    /// parts may be sent as, as written.
    pub content_type: Option<String>,
}

/// serde attributes of an enum variant.
#[derive(Debug, Clone, Default)]
pub struct VariantAttrs {
    /// `rename = "…"`
    pub rename: Option<String>,
    /// `rename_all = "…"` (fields of a struct variant)
    pub rename_all: Option<RenameRule>,
    /// `skip`, `skip_serializing`
    pub skip: bool,
    /// `untagged`: this variant (and the rest) match by shape
    pub untagged: bool,
    /// `with`, `serialize_with`
    pub with: Option<(String, proc_macro2::Span)>,
}

/// One `key`, `key = "value"` or `key(serialize = "…", deserialize = "…")`.
struct SerdeItem {
    key: String,
    value: Option<String>,
    span: proc_macro2::Span,
}

fn str_value(expr: &Expr) -> Option<String> {
    lit_str(expr).map(syn::LitStr::value)
}

/// Every item of every `#[serde(..)]` among `attrs`, and of every
/// `#[multipart(..)]` (`#[derive(MultipartForm)]`'s `rename` and `default`,
/// which mean what serde's do).
fn serde_items(attrs: &[Attribute]) -> Vec<SerdeItem> {
    let mut items = Vec::new();
    let ours = |a: &&Attribute| a.path().is_ident("serde") || a.path().is_ident("multipart");
    for attr in attrs.iter().filter(ours) {
        let Ok(metas) = attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        else {
            continue;
        };
        for meta in metas {
            let key = meta
                .path()
                .get_ident()
                .map(|i| i.to_string())
                .unwrap_or_default();
            let span = syn::spanned::Spanned::span(&meta);
            let value = match &meta {
                Meta::Path(_) => None,
                Meta::NameValue(nv) => str_value(&nv.value),
                // `rename(serialize = "a", deserialize = "b")`: the serialized name.
                Meta::List(list) => list
                    .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                    .ok()
                    .and_then(|inner| {
                        inner.iter().find_map(|m| match m {
                            Meta::NameValue(nv) if nv.path.is_ident("serialize") => {
                                str_value(&nv.value)
                            }
                            _ => None,
                        })
                    }),
            };
            items.push(SerdeItem { key, value, span });
        }
    }
    items
}

/// A `rename(..)`, `rename_all(..)` or `rename_all_fields(..)` whose
/// `serialize` and `deserialize` differ (one left out keeps serde's
/// default for that direction). A document has one name per field or
/// variant, so it cannot describe both directions of such an attribute.
#[derive(Debug, Clone)]
pub struct SplitRename {
    /// `rename`, `rename_all` or `rename_all_fields`.
    pub key: String,
    /// The name (or rule) when serializing, if given.
    pub serialize: Option<String>,
    /// The name (or rule) when deserializing, if given.
    pub deserialize: Option<String>,
    /// The attribute's span.
    pub span: proc_macro2::Span,
}

impl SplitRename {
    /// The attribute as written: `rename(serialize = "a", deserialize = "b")`.
    pub fn written(&self) -> String {
        let sides = [
            ("serialize", &self.serialize),
            ("deserialize", &self.deserialize),
        ];
        let given: Vec<String> = sides
            .iter()
            .filter_map(|(side, v)| v.as_ref().map(|v| format!("{side} = \"{v}\"")))
            .collect();
        format!("{}({})", self.key, given.join(", "))
    }
}

/// Every split `rename`/`rename_all`/`rename_all_fields` among `attrs`
/// (see [`SplitRename`]).
pub fn split_renames(attrs: &[Attribute]) -> Vec<SplitRename> {
    let keys = ["rename", "rename_all", "rename_all_fields"];
    let mut found = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let Ok(metas) = attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        else {
            continue;
        };
        for meta in metas {
            let Meta::List(list) = &meta else { continue };
            let Some(key) = keys.into_iter().find(|k| list.path.is_ident(k)) else {
                continue;
            };
            let Ok(inner) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            else {
                continue;
            };
            let side = |name: &str| {
                inner.iter().find_map(|m| match m {
                    Meta::NameValue(nv) if nv.path.is_ident(name) => str_value(&nv.value),
                    _ => None,
                })
            };
            let (serialize, deserialize) = (side("serialize"), side("deserialize"));
            if serialize != deserialize {
                found.push(SplitRename {
                    key: key.to_string(),
                    serialize,
                    deserialize,
                    span: syn::spanned::Spanned::span(&meta),
                });
            }
        }
    }
    found
}

fn rule(value: &Option<String>) -> Option<RenameRule> {
    value.as_deref().and_then(RenameRule::parse)
}

impl ContainerAttrs {
    /// Reads the serde attributes of a struct or enum.
    pub fn from_attrs(attrs: &[Attribute]) -> Self {
        let mut c = ContainerAttrs::default();
        let (mut tag, mut content, mut untagged) = (None, None, false);
        for item in serde_items(attrs) {
            match item.key.as_str() {
                "rename" => c.rename = item.value,
                "rename_all" => c.rename_all = rule(&item.value),
                "rename_all_fields" => c.rename_all_fields = rule(&item.value),
                "tag" => tag = item.value,
                "content" => content = item.value,
                "untagged" => untagged = true,
                "transparent" => c.transparent = true,
                "default" => c.default = true,
                "deny_unknown_fields" => c.deny_unknown_fields = true,
                "into" => c.into = item.value.and_then(|v| syn::parse_str(&v).ok()),
                "from" | "try_from" => c.from = item.value.and_then(|v| syn::parse_str(&v).ok()),
                _ => {}
            }
        }
        c.repr = EnumRepr::from_parts(tag, content, untagged);
        c
    }
}

impl FieldAttrs {
    /// Reads the serde attributes of a field.
    pub fn from_attrs(attrs: &[Attribute]) -> Self {
        let mut f = FieldAttrs::default();
        for item in serde_items(attrs) {
            match item.key.as_str() {
                "rename" => f.rename = item.value,
                "skip" => f.skip = true,
                "skip_serializing" => f.skip_serializing = true,
                "skip_deserializing" => f.skip_deserializing = true,
                "skip_serializing_if" => f.skip_serializing_if = true,
                "default" => f.default = true,
                "flatten" => f.flatten = true,
                "with" => {
                    f.with = item.value.map(|v| (v, item.span));
                    f.deserialize_with = true;
                }
                "serialize_with" => f.with = item.value.map(|v| (v, item.span)),
                "deserialize_with" => f.deserialize_with = true,
                "content_type" => f.content_type = item.value,
                _ => {}
            }
        }
        f
    }

    /// The serialized name of field `ident` under the container's rule.
    pub fn name(&self, ident: &Ident, rule: Option<RenameRule>) -> String {
        let ident = ident_name(ident);
        match (&self.rename, rule) {
            (Some(name), _) => name.clone(),
            (None, Some(rule)) => rule.apply_to_field(&ident),
            (None, None) => ident,
        }
    }
}

impl VariantAttrs {
    /// Reads the serde attributes of an enum variant.
    pub fn from_attrs(attrs: &[Attribute]) -> Self {
        let mut v = VariantAttrs::default();
        for item in serde_items(attrs) {
            match item.key.as_str() {
                "rename" => v.rename = item.value,
                "rename_all" => v.rename_all = rule(&item.value),
                "skip" | "skip_serializing" => v.skip = true,
                "untagged" => v.untagged = true,
                "with" | "serialize_with" => v.with = item.value.map(|val| (val, item.span)),
                _ => {}
            }
        }
        v
    }

    /// The serialized name of variant `ident` under the enum's rule.
    pub fn name(&self, ident: &Ident, rule: Option<RenameRule>) -> String {
        let ident = ident_name(ident);
        match (&self.rename, rule) {
            (Some(name), _) => name.clone(),
            (None, Some(rule)) => rule.apply_to_variant(&ident),
            (None, None) => ident,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b3_renames_that_differ_by_direction_are_found_and_same_ones_are_not() {
        let attrs: Vec<Attribute> = vec![
            parse_quote!(#[serde(rename(serialize = "outName", deserialize = "inName"))]),
            parse_quote!(#[serde(rename_all(serialize = "camelCase"))]),
            parse_quote!(#[serde(rename(serialize = "same", deserialize = "same"), alias = "other")]),
        ];
        let split = split_renames(&attrs);
        let written: Vec<String> = split.iter().map(SplitRename::written).collect();
        assert_eq!(
            written,
            [
                r#"rename(serialize = "outName", deserialize = "inName")"#,
                r#"rename_all(serialize = "camelCase")"#,
            ]
        );
    }
    use syn::parse_quote;

    #[test]
    fn b3_rename_rule_table_matches_serde() {
        // The same table serde_derive's own tests use.
        let cases = [
            (
                "Outcome", "outcome", "OUTCOME", "outcome", "outcome", "OUTCOME", "outcome",
                "OUTCOME",
            ),
            (
                "VeryTasty",
                "verytasty",
                "VERYTASTY",
                "veryTasty",
                "very_tasty",
                "VERY_TASTY",
                "very-tasty",
                "VERY-TASTY",
            ),
            ("A", "a", "A", "a", "a", "A", "a", "A"),
            ("Z42", "z42", "Z42", "z42", "z42", "Z42", "z42", "Z42"),
        ];
        for (v, lower, upper, camel, snake, screaming, kebab, sk) in cases {
            assert_eq!(RenameRule::Lower.apply_to_variant(v), lower);
            assert_eq!(RenameRule::Upper.apply_to_variant(v), upper);
            assert_eq!(RenameRule::Pascal.apply_to_variant(v), v);
            assert_eq!(RenameRule::Camel.apply_to_variant(v), camel);
            assert_eq!(RenameRule::Snake.apply_to_variant(v), snake);
            assert_eq!(RenameRule::ScreamingSnake.apply_to_variant(v), screaming);
            assert_eq!(RenameRule::Kebab.apply_to_variant(v), kebab);
            assert_eq!(RenameRule::ScreamingKebab.apply_to_variant(v), sk);
        }
        let fields = [
            (
                "outcome", "OUTCOME", "Outcome", "outcome", "OUTCOME", "outcome", "OUTCOME",
            ),
            (
                "very_tasty",
                "VERY_TASTY",
                "VeryTasty",
                "veryTasty",
                "VERY_TASTY",
                "very-tasty",
                "VERY-TASTY",
            ),
            ("a", "A", "A", "a", "A", "a", "A"),
            ("z42", "Z42", "Z42", "z42", "Z42", "z42", "Z42"),
        ];
        for (f, upper, pascal, camel, screaming, kebab, sk) in fields {
            assert_eq!(RenameRule::Lower.apply_to_field(f), f);
            assert_eq!(RenameRule::Upper.apply_to_field(f), upper);
            assert_eq!(RenameRule::Pascal.apply_to_field(f), pascal);
            assert_eq!(RenameRule::Camel.apply_to_field(f), camel);
            assert_eq!(RenameRule::Snake.apply_to_field(f), f);
            assert_eq!(RenameRule::ScreamingSnake.apply_to_field(f), screaming);
            assert_eq!(RenameRule::Kebab.apply_to_field(f), kebab);
            assert_eq!(RenameRule::ScreamingKebab.apply_to_field(f), sk);
        }
    }

    #[test]
    fn b3_reads_container_field_and_variant_attrs() {
        let attrs: Vec<Attribute> = vec![
            parse_quote!(#[derive(Serialize)]),
            parse_quote!(#[serde(tag = "type", content = "data", rename_all = "camelCase")]),
            parse_quote!(#[serde(deny_unknown_fields, rename(serialize = "Out", deserialize = "In"))]),
        ];
        let c = ContainerAttrs::from_attrs(&attrs);
        assert_eq!(
            c.repr,
            EnumRepr::Adjacent {
                tag: "type".into(),
                content: "data".into()
            }
        );
        assert_eq!(c.rename_all, Some(RenameRule::Camel));
        assert_eq!(c.rename.as_deref(), Some("Out"));
        assert!(c.deny_unknown_fields);
        let f = FieldAttrs::from_attrs(&[
            parse_quote!(#[serde(default, skip_serializing_if = "Option::is_none")]),
        ]);
        assert!(f.default && f.skip_serializing_if && !f.skip);
        assert_eq!(
            f.name(&parse_quote!(r#type), Some(RenameRule::Pascal)),
            "Type"
        );
        let v = VariantAttrs::from_attrs(&[parse_quote!(#[serde(rename = "x")])]);
        assert_eq!(
            v.name(&parse_quote!(Anything), Some(RenameRule::Snake)),
            "x"
        );
    }
}
