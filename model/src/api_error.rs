//! `#[derive(ApiError)]`: an error enum whose variants are the
//! error answers of the routes that return it, each with its status
//! (`#[status(409)]`) and a body of Nest's shape plus a machine-readable
//! `code` (the variant's name in `SCREAMING_SNAKE_CASE` unless
//! `#[status(.., code = "…")]` gives it) and the
//! variant's fields.
//!
//! Read by the derive, which serves each variant, and by tether-build,
//! which documents it: one reading, so the two agree.

use crate::controller::doc_lines;
use crate::errors::Errors;
use crate::rename::RenameRule;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Attribute, Fields, ItemEnum, LitInt, LitStr, Token};

/// The keys every variant's body starts with: Nest's error body and
/// tether's `code`.
pub const RESERVED_KEYS: [&str; 4] = ["statusCode", "message", "error", "code"];

/// One variant: its status, message and fields.
#[derive(Debug, Clone)]
pub struct ErrorVariant {
    /// The variant's name.
    pub ident: syn::Ident,
    /// Its status, 400–599.
    pub status: u16,
    /// `#[status(409, message = "…")]`: a format string over the fields;
    /// `None` answers the status's reason phrase.
    pub message: Option<LitStr>,
    /// The body's `code`: `#[status(.., code = "…")]`, else the variant's
    /// name in `SCREAMING_SNAKE_CASE` (`NoBooking` → `NO_BOOKING`).
    pub code: String,
    /// The named fields (empty for a unit variant), serialised beside
    /// `statusCode`, `message` and `error` as serde serialises the fields
    /// of a struct variant.
    pub fields: Vec<syn::Field>,
    /// Its doc comment, lines without the leading space.
    pub docs: Vec<String>,
}

/// A `#[derive(ApiError)]` enum, read.
#[derive(Debug, Clone)]
pub struct ApiErrorModel {
    /// The enum's name.
    pub ident: syn::Ident,
    /// Its variants, in source order.
    pub variants: Vec<ErrorVariant>,
}

impl ApiErrorModel {
    /// Reads and checks an enum; every problem is reported at once, each at
    /// its token with the fix in its message.
    pub fn parse(item: &ItemEnum) -> syn::Result<Self> {
        let mut errors = Errors::default();
        if let Some(param) = item.generics.params.first() {
            errors.push(syn::Error::new(
                param.span(),
                "#[derive(ApiError)] does not take generic parameters: the document names one body per variant; use concrete field types",
            ));
        }
        if item.variants.is_empty() {
            errors.push(syn::Error::new(
                item.ident.span(),
                "#[derive(ApiError)] needs at least one variant, e.g. `#[status(404)] NotFound { id: u64 }`",
            ));
        }
        let fields_rule = crate::attrs::serde_str(&item.attrs, "rename_all_fields");
        let variants: Vec<ErrorVariant> = item
            .variants
            .iter()
            .filter_map(|v| errors.ok(ErrorVariant::parse(v, fields_rule.clone())))
            .collect();
        for (i, v) in variants.iter().enumerate() {
            if let Some(first) = variants[..i].iter().find(|w| w.code == v.code) {
                errors.push(syn::Error::new(
                    v.ident.span(),
                    format!(
                        "variants `{}` and `{}` both answer the code {:?}: a client tells them apart by it; give this one another with `#[status({}, code = \"…\")]`",
                        first.ident, v.ident, v.code, v.status
                    ),
                ));
            }
        }
        errors.finish()?;
        Ok(ApiErrorModel {
            ident: item.ident.clone(),
            variants,
        })
    }
}

impl ErrorVariant {
    fn parse(v: &syn::Variant, fields_rule: Option<LitStr>) -> syn::Result<Self> {
        let mut errors = Errors::default();
        let fields = match &v.fields {
            Fields::Named(named) => named.named.iter().cloned().collect(),
            Fields::Unit => Vec::new(),
            Fields::Unnamed(unnamed) => {
                errors.push(syn::Error::new(
                    unnamed.span(),
                    format!(
                        "the fields of an ApiError variant are its body's keys, so they need names: write `{} {{ id: u64 }}` instead of a tuple variant",
                        v.ident
                    ),
                ));
                Vec::new()
            }
        };
        // The variant's `rename_all` wins over the enum's
        // `rename_all_fields`, as in serde.
        let rule = crate::attrs::serde_str(&v.attrs, "rename_all").or(fields_rule);
        for f in &fields {
            if let Some(key) = reserved_key(f, rule.as_ref()) {
                errors.push(syn::Error::new(
                    f.span(),
                    format!("the body already has `{key}` (Nest's `statusCode`, `message`, `error`, and tether's `code`): rename this field, e.g. `#[serde(rename = \"detail\")]`"),
                ));
            }
        }
        if let Some((eq, _)) = &v.discriminant {
            errors.push(syn::Error::new(
                eq.span(),
                "an ApiError variant's status is written `#[status(404)]`, not as a discriminant: remove `= …`",
            ));
        }
        let status = errors.ok(status_attr(v));
        errors.finish()?;
        let StatusAttr {
            status,
            message,
            code,
        } = status.expect("no error recorded");
        let code = code.map_or_else(
            || RenameRule::ScreamingSnake.apply_to_variant(&crate::attrs::ident_name(&v.ident)),
            |c| c.value(),
        );
        Ok(ErrorVariant {
            ident: v.ident.clone(),
            status,
            message,
            code,
            fields,
            docs: doc_lines(&v.attrs),
        })
    }
}

/// What a variant's `#[status(..)]` says.
struct StatusAttr {
    status: u16,
    message: Option<LitStr>,
    code: Option<LitStr>,
}

/// The `#[status(..)]` of a variant: exactly one, 400–599.
fn status_attr(v: &syn::Variant) -> syn::Result<StatusAttr> {
    let attrs: Vec<&Attribute> = v
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("status"))
        .collect();
    match attrs.as_slice() {
        [] => Err(syn::Error::new(
            v.ident.span(),
            format!(
                "variant `{}` has no status: add `#[status(404)]` (any status from 400 to 599) above it",
                v.ident
            ),
        )),
        [attr] => attr.parse_args_with(parse_status),
        [_, second, ..] => Err(syn::Error::new(
            second.span(),
            "a variant answers one status: remove this second `#[status(..)]` (or split the variant in two)",
        )),
    }
}

fn parse_status(input: ParseStream<'_>) -> syn::Result<StatusAttr> {
    if input.is_empty() {
        return Err(input.error("write the status: `#[status(404)]`"));
    }
    let lit: LitInt = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "the status is an integer literal: `#[status(404)]` or `#[status(409, message = \"…\")]`",
        )
    })?;
    let status: u16 = lit.base10_parse().unwrap_or(0);
    if !(400..=599).contains(&status) {
        return Err(syn::Error::new(
            lit.span(),
            format!(
                "an error status is from 400 to 599, not {}: a success is the handler's `Ok` value (`#[http_code(..)]` sets its status)",
                lit.base10_digits()
            ),
        ));
    }
    let (mut message, mut code) = (None, None);
    while !input.is_empty() {
        input.parse::<Token![,]>()?;
        if input.is_empty() {
            break;
        }
        let key: syn::Ident = input.parse()?;
        let slot = if key == "message" {
            &mut message
        } else {
            &mut code
        };
        if !(key == "message" || key == "code") || slot.is_some() {
            return Err(syn::Error::new(
                key.span(),
                "#[status] takes the status, at most one `message = \"…\"` (a format string over the variant's fields) and at most one `code = \"…\"`",
            ));
        }
        input.parse::<Token![=]>()?;
        let value = input.parse::<LitStr>()?;
        if key == "code" {
            check_code(&value)?;
        }
        *slot = Some(value);
    }
    Ok(StatusAttr {
        status,
        message,
        code,
    })
}

/// A `code = "…"`: letters, digits, `_`, `-` and `.`, as an error code is
/// matched by clients (`NO_BOOKING`, `booking.missing`).
fn check_code(code: &LitStr) -> syn::Result<()> {
    let value = code.value();
    let fine = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    match !value.is_empty() && value.chars().all(fine) {
        true => Ok(()),
        false => Err(syn::Error::new(
            code.span(),
            format!("an error code is letters, digits, `_`, `-` and `.`, not {value:?}: e.g. `code = \"NO_BOOKING\"`"),
        )),
    }
}

/// A field's name when it is one of Nest's keys as serde writes it: its
/// `rename`, else its name under `rule` (the variant's `rename_all`, else
/// the enum's `rename_all_fields`).
fn reserved_key(f: &syn::Field, rule: Option<&LitStr>) -> Option<&'static str> {
    let name = match crate::attrs::serde_str(&f.attrs, "rename") {
        Some(rename) => rename.value(),
        None => {
            let name = f.ident.as_ref().map(crate::attrs::ident_name)?;
            // An unknown rule (which serde refuses itself) leaves it as written.
            match rule.and_then(|r| crate::rename::RenameRule::parse(&r.value())) {
                Some(rule) => rule.apply_to_field(&name),
                None => name,
            }
        }
    };
    RESERVED_KEYS.into_iter().find(|k| *k == name)
}

/// Whether `attrs` hold `#[derive(.., ApiError, ..)]` (any path ending so).
pub fn derives_api_error(attrs: &[Attribute]) -> bool {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .any(|a| {
            let mut found = false;
            let _ = a.parse_nested_meta(|meta| {
                found |= meta
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| s.ident == "ApiError");
                Ok(())
            });
            found
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    fn err(item: ItemEnum) -> String {
        ApiErrorModel::parse(&item).unwrap_err().to_string()
    }

    #[test]
    fn e6_reads_variants() {
        let m = ApiErrorModel::parse(&parse_quote! {
            enum E {
                /// Taken.
                #[status(409, message = "title {title} is taken")]
                Taken { title: String },
                #[status(404)]
                Missing,
            }
        })
        .unwrap();
        assert_eq!(m.variants[0].status, 409);
        assert_eq!(
            m.variants[0].message.as_ref().unwrap().value(),
            "title {title} is taken"
        );
        assert_eq!(m.variants[0].docs, ["Taken."]);
        assert_eq!(m.variants[1].fields.len(), 0);
    }

    /// Issue 33 item 3: a variant's code is its name in SCREAMING_SNAKE_CASE
    /// unless `code = "…"` says; two variants of one code, or a code with
    /// other characters, are refused at the token.
    #[test]
    fn codes_default_override_and_clash() {
        let m = ApiErrorModel::parse(&parse_quote! {
            enum E {
                #[status(404)]
                NoBooking { booking_id: u64 },
                #[status(404, code = "referral.missing", message = "no referral")]
                NoReferral { booking_id: u64 },
                #[status(500)]
                r#Io,
            }
        })
        .unwrap();
        let codes: Vec<&str> = m.variants.iter().map(|v| v.code.as_str()).collect();
        assert_eq!(codes, ["NO_BOOKING", "referral.missing", "IO"]);
        assert_eq!(
            m.variants[1].message.as_ref().unwrap().value(),
            "no referral"
        );
        let clash = err(parse_quote!(
            enum E {
                #[status(404)]
                NoBooking,
                #[status(409, code = "NO_BOOKING")]
                Taken,
            }
        ));
        assert!(
            clash.contains("`NoBooking` and `Taken` both answer the code \"NO_BOOKING\""),
            "{clash}"
        );
        assert!(err(parse_quote!(
            enum E {
                #[status(404, code = "no booking")]
                A,
            }
        ))
        .contains("letters, digits"));
        assert!(err(parse_quote!(
            enum E {
                #[status(404, code = "A", code = "B")]
                A,
            }
        ))
        .contains("at most one `code"));
        assert!(err(parse_quote!(
            enum E {
                #[status(404)]
                A { code: String },
            }
        ))
        .contains("already has `code`"));
    }

    #[test]
    fn e6_misuse() {
        assert!(err(parse_quote!(
            enum E {
                A,
            }
        ))
        .contains("add `#[status(404)]`"));
        assert!(err(parse_quote!(
            enum E {
                #[status(302)]
                A,
            }
        ))
        .contains("from 400 to 599, not 302"));
        assert!(err(parse_quote!(
            enum E {
                #[status(404)]
                A(u64),
            }
        ))
        .contains("need names"));
        assert!(err(parse_quote!(
            enum E {
                #[status(404)]
                A { message: String },
            }
        ))
        .contains("already has `message`"));
        assert!(err(parse_quote!(
            enum E {
                #[status(404, msg = "x")]
                A,
            }
        ))
        .contains("at most one `message"));
        assert!(err(parse_quote!(
            enum E {
                #[status(404)]
                A {
                    #[serde(default, rename = "error")]
                    kind: String,
                },
            }
        ))
        .contains("already has `error`"));
        assert!(ApiErrorModel::parse(&parse_quote!(
            enum E {
                #[status(404)]
                A {
                    #[serde(rename = "detail")]
                    message: String,
                },
            }
        ))
        .is_ok());
    }

    #[test]
    fn e6_reserved_key_after_rename_all() {
        // The enum's rename_all_fields, as in the README's example.
        assert!(err(parse_quote!(
            #[serde(rename_all_fields = "camelCase")]
            enum E {
                #[status(400)]
                A { status_code: u16 },
            }
        ))
        .contains("already has `statusCode`"));
        // The variant's rename_all.
        assert!(err(parse_quote!(
            enum E {
                #[status(400)]
                #[serde(rename_all = "lowercase")]
                A { message: String },
            }
        ))
        .contains("already has `message`"));
        // The variant's rule wins over the enum's.
        assert!(ApiErrorModel::parse(&parse_quote!(
            #[serde(rename_all_fields = "camelCase")]
            enum E {
                #[status(400)]
                #[serde(rename_all = "PascalCase")]
                A { status_code: u16, error: String },
            }
        ))
        .is_ok());
        let field = |rule: &str| {
            crate::rename::RenameRule::parse(rule)
                .unwrap()
                .apply_to_field("status_code")
        };
        assert_eq!(field("camelCase"), "statusCode");
        assert_eq!(field("PascalCase"), "StatusCode");
        assert_eq!(field("SCREAMING-KEBAB-CASE"), "STATUS-CODE");
        assert_eq!(field("snake_case"), "status_code");
    }

    #[test]
    fn e6_finds_the_derive() {
        let item: ItemEnum = parse_quote!(
            #[derive(Debug, tether::ApiError)]
            enum E {
                #[status(404)]
                A,
            }
        );
        assert!(derives_api_error(&item.attrs));
        let item: ItemEnum = parse_quote!(
            #[derive(Debug)]
            enum E {
                A,
            }
        );
        assert!(!derives_api_error(&item.attrs));
    }
}
