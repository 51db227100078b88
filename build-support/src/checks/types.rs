//! The refusals of the types a document describes: a name
//! that differs between serializing and deserializing, `#[validate(..)]`
//! rules serde_valid would not check (a nested struct's without
//! `#[validate]`, the `validator` crate's) or that cannot apply to the
//! field's type. Run over what the document's schemas are built from
//! ([`Reached`]), so exactly the types it describes are checked.

use crate::analysis::diagnostics::Diagnostic;
use crate::analysis::index::{CrateIndex, DefItem};
use crate::analysis::modules::ModId;
use crate::analysis::serde::{split_renames, SplitRename};
use crate::analysis::types::{bind_generics, Env, Ty, TypeResolver};
use crate::openapi::schema::{derives, Reached};
use serde_json::Value;
use std::collections::BTreeMap;
use syn::spanned::Spanned;
use syn::{Attribute, Fields, Ident};
use tether_model::rules::{parse_validate_attrs, Shape as RuleShape};

/// Every refusal of the items in `reached`, in order.
pub(super) fn reached(
    index: &CrateIndex,
    stated: &BTreeMap<String, Value>,
    reached: &[Reached<'_>],
) -> Vec<Diagnostic> {
    let mut checks = TypeChecks {
        resolver: TypeResolver { index, stated },
        errors: Vec::new(),
    };
    for item in reached {
        match item {
            Reached::Def(id, args) => {
                let def = &index.defs[*id];
                checks.refuse_split_renames(&def.item, def.module);
                if let DefItem::Struct(s) = &def.item {
                    if derives_validate(&s.attrs) {
                        let env = bind_generics(def.item.generics(), args.clone());
                        checks.refuse_unchecked_nested_rules(&s.fields, def.module, &env);
                    }
                }
            }
            Reached::Field(field, module) => checks.field_rules(field, *module),
        }
    }
    checks.errors
}

/// The checks of the types of one document, and what they found.
struct TypeChecks<'a> {
    resolver: TypeResolver<'a>,
    errors: Vec<Diagnostic>,
}

impl<'a> TypeChecks<'a> {
    fn index(&self) -> &'a CrateIndex {
        self.resolver.index
    }

    /// serde_valid checks a nested value's own rules only when its field
    /// has a bare `#[validate]`; without one they would be documented (the
    /// field's `$ref`) but never checked. So in a struct that derives
    /// `Validate`, a field whose type (or the item of its `Option`/`Vec`)
    /// is a struct with rules and that lacks `#[validate]` is refused, at
    /// the field, with the fix.
    fn refuse_unchecked_nested_rules(&mut self, fields: &Fields, module: ModId, env: &Env) {
        for field in fields {
            let parsed = parse_validate_attrs(&field.attrs);
            if parsed.others.iter().any(|(_, name)| name == "validate") {
                continue;
            }
            let Ok(ty) = self.resolver.resolve(&field.ty, module, env) else {
                continue;
            };
            let (nested, in_tuple) = match (self.struct_with_rules(&ty), &ty) {
                (Some(nested), _) => (nested, false),
                (None, Ty::Tuple(items)) => {
                    match items.iter().find_map(|item| self.struct_with_rules(item)) {
                        Some(nested) => (nested, true),
                        None => continue,
                    }
                }
                (None, _) => continue,
            };
            let name = field
                .ident
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default();
            let (message, help) = match in_tuple {
                false => (
                    format!("field `{name}` holds a `{nested}`, whose `#[validate(..)]` rules serde_valid checks only when the field has `#[validate]`: they would be documented but never checked"),
                    format!("add `#[validate]` to `{name}`"),
                ),
                true => (
                    format!("field `{name}` is a tuple holding a `{nested}`, whose `#[validate(..)]` rules serde_valid cannot check inside a tuple: they would be documented but never checked"),
                    format!("make `{name}` a struct with named fields, the `{nested}` one marked `#[validate]`"),
                ),
            };
            let span = field
                .ident
                .as_ref()
                .map_or_else(|| field.ty.span(), Ident::span);
            let d = self
                .index()
                .sources
                .diagnostic(module, span, message)
                .with_help(help);
            self.errors.push(d);
        }
    }

    /// The name of the crate's struct `ty` is (or holds in an `Option`, a
    /// list or a map's values, which serde_valid checks under `#[validate]`)
    /// when that struct's fields carry `#[validate]` rules.
    fn struct_with_rules(&self, ty: &Ty) -> Option<String> {
        match ty {
            Ty::Option(inner) | Ty::Seq { item: inner, .. } | Ty::Map(_, inner) => {
                self.struct_with_rules(inner)
            }
            Ty::Def(id, _) => {
                let def = &self.index().defs[*id];
                let DefItem::Struct(s) = &def.item else {
                    return None;
                };
                let has_rules = s.fields.iter().any(|f| {
                    let parsed = parse_validate_attrs(&f.attrs);
                    !parsed.rules.is_empty() || parsed.others.iter().any(|(_, n)| n == "validate")
                });
                has_rules.then(|| def.name.clone())
            }
            _ => None,
        }
    }

    /// A name that differs between serializing and deserializing cannot be
    /// documented: the document has one name per field (or variant), and a
    /// typed client sends what a response carries. Each such attribute of
    /// the type, its fields or its variants is refused.
    fn refuse_split_renames(&mut self, item: &DefItem, module: ModId) {
        // The type's own `rename` names it in formats that write type names,
        // never in JSON: only its `rename_all(..)`s change the wire.
        let mut splits: Vec<SplitRename> = split_renames(item.attrs())
            .into_iter()
            .filter(|s| s.key != "rename")
            .collect();
        let mut attrs: Vec<&[Attribute]> = Vec::new();
        let fields: Vec<&syn::Field> = match item {
            DefItem::Struct(s) => s.fields.iter().collect(),
            DefItem::Enum(e) => {
                attrs.extend(e.variants.iter().map(|v| v.attrs.as_slice()));
                e.variants.iter().flat_map(|v| v.fields.iter()).collect()
            }
            DefItem::Alias(_) => Vec::new(),
        };
        attrs.extend(fields.iter().map(|f| f.attrs.as_slice()));
        splits.extend(attrs.into_iter().flat_map(split_renames));
        for split in splits {
            let d = self
                .index()
                .sources
                .diagnostic(module, split.span, split_rename_message(&split))
                .with_help(split_rename_help(&split));
            self.errors.push(d);
        }
    }

    /// The field's `#[validate(..)]` rules: one of the `validator` crate,
    /// or one that cannot apply to the field's type, is refused with the
    /// fix (serde_valid's own error names only its traits).
    fn field_rules(&mut self, field: &syn::Field, module: ModId) {
        for (span, name) in validator_crate_rules(&field.attrs) {
            let message = format!(
                "`{name}` is a rule of the `validator` crate, whose `Validate` tether does not run: tether checks and documents serde_valid's rules, so this one would be neither checked nor in the document"
            );
            let d = self.index().sources.diagnostic(module, span, &message);
            self.errors.push(d.with_help(validator_rule_fix(&name)));
        }
        let shape = RuleShape::of(&field.ty);
        let rules = parse_validate_attrs(&field.attrs).rules;
        for rule in &rules {
            if let Err(e) = rule.check_field(shape, &field.ty) {
                let text = e.to_string();
                let (message, help) = text.split_once("; ").unwrap_or((&text, ""));
                let mut d = self
                    .index()
                    .sources
                    .diagnostic(module, rule.span(), message);
                if !help.is_empty() {
                    d = d.with_help(help);
                }
                self.errors.push(d);
            }
        }
    }
}

/// Whether `attrs` derive serde_valid's `Validate` (`Validate` or a path
/// ending in it).
fn derives_validate(attrs: &[Attribute]) -> bool {
    derives(attrs, "Validate")
}

/// Rules of the `validator` crate (`length`, `range`, `email`, …) in the
/// `#[validate(..)]` attributes of `attrs`, with their spans: none of them
/// is a serde_valid rule.
fn validator_crate_rules(attrs: &[Attribute]) -> Vec<(proc_macro2::Span, String)> {
    const VALIDATOR: [&str; 14] = [
        "length",
        "range",
        "email",
        "url",
        "regex",
        "nested",
        "must_match",
        "contains",
        "does_not_contain",
        "credit_card",
        "non_control_character",
        "required",
        "ip",
        "phone",
    ];
    let metas = attrs
        .iter()
        .filter(|a| a.path().is_ident("validate"))
        .filter_map(|a| {
            a.parse_args_with(
                syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
            )
            .ok()
        })
        .flatten();
    metas
        .filter_map(|m| {
            let ident = m.path().get_ident()?;
            VALIDATOR
                .contains(&ident.to_string().as_str())
                .then(|| (ident.span(), ident.to_string()))
        })
        .collect()
}

/// What to write with serde_valid for the `validator` crate's rule `name`.
fn validator_rule_fix(name: &str) -> String {
    let rule = match name {
        "length" => "`#[validate(min_length = 3)]`, `#[validate(max_length = 200)]` (`min_items`/`max_items` on a list)",
        "range" => "`#[validate(minimum = 1)]`, `#[validate(maximum = 5)]`",
        "regex" => "`#[validate(pattern = \"^…$\")]`",
        "nested" => "a bare `#[validate]` on the field",
        "email" => "the field type `email_address::EmailAddress` (documented `format: email`)",
        "url" => "the field type `url::Url` (documented `format: uri`)",
        "ip" => "the field type `std::net::IpAddr` (documented `format: ip`)",
        _ => "`#[validate(pattern = \"…\")]` or `#[validate(custom = …)]`",
    };
    format!("derive `serde_valid::Validate` instead and write {rule}")
}

/// What is wrong with a [`SplitRename`].
fn split_rename_message(split: &SplitRename) -> String {
    format!(
        "`#[serde({})]` reads requests under other names than responses are written with: the document has one name per field and variant, so it cannot describe both",
        split.written()
    )
}

/// The fix of a [`SplitRename`]: one name (or rule) for both directions,
/// and for a field, `alias` for another name requests may use.
fn split_rename_help(split: &SplitRename) -> String {
    let one = split
        .serialize
        .as_deref()
        .or(split.deserialize.as_deref())
        .unwrap_or("…");
    let key = &split.key;
    match (key.as_str(), &split.deserialize) {
        ("rename", Some(other)) if Some(other.as_str()) != Some(one) => format!(
            "use one name, `#[serde({key} = \"{one}\")]`, and add `alias = \"{other}\"` if requests may also send the other"
        ),
        _ => format!("use one for both directions: `#[serde({key} = \"{one}\")]`"),
    }
}
