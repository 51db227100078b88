//! Reading `#[validate(..)]` attributes into [`Rule`]s, each value checked
//! (a `multiple_of` step with an exact binary value, a `pattern` the
//! `regex` crate compiles) and every problem saying what to write.

use super::rule::{Applies, Number, Rule, RuleKind, RuleValue, KINDS};
use proc_macro2::Span;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, ExprUnary, Lit, Meta, Token, UnOp};

/// The rules of every `#[validate(..)]` in `attrs`, in source order, and
/// an error for each rule that cannot be read (an unknown name, a value of
/// the wrong kind). A bare `#[validate]` (check the nested value) and
/// serde_valid's `custom`/`message*` options are not rules: `others` gets
/// their spans, for callers that refuse them.
pub fn parse_validate_attrs(attrs: &[Attribute]) -> Parsed {
    let mut out = Parsed::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("validate")) {
        let Meta::List(list) = &attr.meta else {
            out.others.push((attr.span(), "validate".into()));
            continue;
        };
        match list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated) {
            Ok(metas) => metas.iter().for_each(|m| out.read(m)),
            Err(e) => out.errors.push(e),
        }
    }
    out
}

/// What [`parse_validate_attrs`] read.
#[derive(Default)]
pub struct Parsed {
    /// The rules.
    pub rules: Vec<Rule>,
    /// Rules that could not be read, with the fix.
    pub errors: Vec<syn::Error>,
    /// serde_valid options that are not rules (`custom`, `message`, a bare
    /// `#[validate]`), with their names.
    pub others: Vec<(Span, String)>,
}

const NOT_RULES: [&str; 5] = [
    "custom",
    "message",
    "message_fn",
    "message_l10n",
    "validate",
];

impl Parsed {
    fn read(&mut self, meta: &Meta) {
        let Some(ident) = meta.path().get_ident() else {
            self.errors
                .push(syn::Error::new_spanned(meta.path(), unknown_rule("this")));
            return;
        };
        let name = crate::attrs::ident_name(ident);
        let Some(kind) = RuleKind::from_name(&name) else {
            if NOT_RULES.contains(&name.as_str()) {
                self.others.push((meta.span(), name));
            } else {
                self.errors
                    .push(syn::Error::new_spanned(ident, unknown_rule(&name)));
            }
            return;
        };
        match rule_value(kind, meta) {
            Ok(value) => self.rules.push(Rule {
                kind,
                value,
                written: meta.clone(),
            }),
            Err(e) => self.errors.push(e),
        }
    }
}

fn unknown_rule(name: &str) -> String {
    let names: Vec<&str> = KINDS.iter().map(|k| k.0).filter(|n| *n != "enum").collect();
    format!(
        "`{name}` is not a validation rule; write one of serde_valid's: {}, `r#enum`",
        names
            .iter()
            .filter(|n| **n != "enumerate")
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn rule_value(kind: RuleKind, meta: &Meta) -> syn::Result<RuleValue> {
    let wrong = |span: &dyn quote::ToTokens| {
        syn::Error::new_spanned(
            span,
            format!("`{}` is written {}", kind.written_name(), kind.example()),
        )
    };
    let expr = match (kind, meta) {
        (RuleKind::UniqueItems, Meta::Path(_)) => return Ok(RuleValue::Flag),
        (_, Meta::NameValue(nv)) => &nv.value,
        _ => return Err(wrong(meta)),
    };
    let value = match kind.applies() {
        Applies::Text => match literal(expr) {
            Some(RuleValue::Text(s)) if kind == RuleKind::Pattern => match check_pattern(&s) {
                Ok(()) => Some(RuleValue::Text(s)),
                Err(e) => return Err(syn::Error::new_spanned(expr, e)),
            },
            Some(RuleValue::Number(Number::Int(n))) if kind != RuleKind::Pattern => {
                u64::try_from(n).ok().map(RuleValue::Count)
            }
            _ => None,
        },
        Applies::Number => match literal(expr) {
            Some(RuleValue::Number(n)) => Some(RuleValue::Number(n)),
            _ => None,
        },
        Applies::List | Applies::Map => match literal(expr) {
            Some(RuleValue::Number(Number::Int(n))) => u64::try_from(n).ok().map(RuleValue::Count),
            _ => None,
        },
        Applies::Scalar => choices(expr),
    };
    value.ok_or_else(|| wrong(expr))
}

/// A `multiple_of` step written as a decimal fraction with no exact binary
/// value (`0.01`, `0.1`): serde_valid checks `value % step == 0` in f64,
/// where `1.0 % 0.01` is not 0, so the server would refuse almost every
/// value the document's `multipleOf` (and the client) accept. A step that
/// is a power-of-two fraction (`0.5`, `0.25`) or an integer is exact.
pub(super) fn inexact_step(expr: &Expr) -> Option<syn::Error> {
    let lit = match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Float(f), ..
        }) => f,
        Expr::Unary(ExprUnary { expr, .. }) | Expr::Paren(syn::ExprParen { expr, .. }) => {
            return inexact_step(expr)
        }
        _ => return None,
    };
    let digits = lit.base10_digits();
    let (mantissa, exponent) = match digits.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().ok()?),
        None => (digits, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let fraction = fraction.trim_end_matches('0');
    // The step is n / 10^m: exact in binary when 5^m divides n.
    let places = fraction.len() as i32 - exponent;
    if places <= 0 {
        return None;
    }
    let n: u128 = format!("{whole}{fraction}").parse().ok()?;
    let exact = 5u128
        .checked_pow(places as u32)
        .is_some_and(|five| n.is_multiple_of(five));
    (!exact).then(|| {
        syn::Error::new_spanned(
            expr,
            format!(
                "`multiple_of = {digits}` cannot be checked exactly: serde_valid tests `value % {digits} == 0` in binary floating point, where {digits} has no exact value, so `1.0` would be refused while the document's `multipleOf` accepts it; use a power-of-two fraction (`0.5`, `0.25`, `0.125`) or an integer, or keep the value in whole units of the step (cents as an integer with `multiple_of = 1`)"
            ),
        )
    })
}

/// A pattern the `regex` crate accepts, or why not.
fn check_pattern(pattern: &str) -> Result<(), String> {
    regex_syntax::Parser::new()
        .parse(pattern)
        .map(drop)
        .map_err(|e| format!("this pattern is not a valid regular expression:\n{e}"))
}

/// The fix for the first `\d`, `\w`, `\s`, `\b` (or a negation) in
/// `pattern`, inside a `[...]` class or not: the server checks it with
/// Rust's `regex`, where they are Unicode classes, while the document's
/// `pattern` is ECMA-262, where they are ASCII (zod, JSON Schema
/// validators), so the two would accept different text.
pub(super) fn unicode_class_escape(pattern: &str) -> Option<String> {
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            continue;
        }
        // The escaped character is skipped whatever it is: `\\d` is a
        // backslash and a `d`.
        let escaped = chars.next()?;
        let unicode = "a Unicode class to the server (Rust's `regex`) but an ASCII one to the document's ECMA-262 `pattern` (JSON Schema, the client's zod)";
        let space = "Unicode's `White_Space` to the server (Rust's `regex`) but ECMA-262's own set of spaces to the document's `pattern` (JSON Schema, the client's zod: it has U+FEFF and not U+0085)";
        let (differs, fix) = match escaped {
            'd' => (unicode, "write `[0-9]`, or `\\p{Nd}` for any Unicode digit (it means the same in both)"),
            'D' => (unicode, "write `[^0-9]`, or `\\P{Nd}` (it means the same in both)"),
            'w' => (unicode, "write `[A-Za-z0-9_]`"),
            'W' => (unicode, "write `[^A-Za-z0-9_]`"),
            's' => (space, "write `[ \\t\\n\\r]`, or `\\p{White_Space}` for any Unicode space (it means the same in both)"),
            'S' => (space, "write `[^ \\t\\n\\r]`, or `\\P{White_Space}` (it means the same in both)"),
            'b' | 'B' => (
                "a Unicode word boundary to the server (Rust's `regex`) but an ASCII one to the document's ECMA-262 `pattern` (JSON Schema, the client's zod)",
                "remove it, no spelling of a word boundary means the same in both: anchor with `^`/`$` or match the separating characters themselves (e.g. `[^A-Za-z0-9_]`)",
            ),
            _ => continue,
        };
        return Some(format!(
            "`\\{escaped}` in this pattern is {differs}, so they would accept different text; {fix}"
        ));
    }
    None
}

pub(super) fn choices(expr: &Expr) -> Option<RuleValue> {
    let Expr::Array(a) = expr else { return None };
    let values: Vec<RuleValue> = a.elems.iter().map(literal).collect::<Option<_>>()?;
    let texts = values
        .iter()
        .filter(|v| matches!(v, RuleValue::Text(_)))
        .count();
    (!values.is_empty() && (texts == 0 || texts == values.len()))
        .then_some(RuleValue::Choices(values))
}

/// A number or string literal, possibly negated or parenthesised.
pub(super) fn literal(e: &Expr) -> Option<RuleValue> {
    match e {
        Expr::Lit(ExprLit { lit, .. }) => match lit {
            Lit::Int(i) => i
                .base10_parse::<i128>()
                .ok()
                .map(|n| RuleValue::Number(Number::Int(n))),
            Lit::Float(f) => f
                .base10_parse::<f64>()
                .ok()
                .map(|n| RuleValue::Number(Number::Float(n))),
            Lit::Str(s) => Some(RuleValue::Text(s.value())),
            _ => None,
        },
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr,
            ..
        }) => match literal(expr)? {
            RuleValue::Number(Number::Int(n)) => Some(RuleValue::Number(Number::Int(-n))),
            RuleValue::Number(Number::Float(n)) => Some(RuleValue::Number(Number::Float(-n))),
            _ => None,
        },
        Expr::Group(g) => literal(&g.expr),
        Expr::Paren(p) => literal(&p.expr),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::parse;
    use crate::rules::Shape;
    use syn::parse_quote;
    use syn::Type;

    /// serde_valid's `value % step == 0` in f64 holds for the multiples of
    /// a step with an exact binary value only: others are refused.
    #[test]
    fn e5_multiple_of_steps_without_an_exact_binary_value_are_refused() {
        for exact in ["5", "0.5", "0.25", "1.5", "0.125", "2.5e1", "-0.5", "1.50"] {
            let expr: Expr = syn::parse_str(exact).unwrap();
            assert!(inexact_step(&expr).is_none(), "{exact}");
        }
        for inexact in ["0.01", "0.1", "0.3", "12.34", "1e-2", "-0.05"] {
            let expr: Expr = syn::parse_str(inexact).unwrap();
            let e = inexact_step(&expr).unwrap_or_else(|| panic!("{inexact} accepted"));
            assert!(e.to_string().contains("cannot be checked exactly"), "{e}");
        }
        // serde_valid's own check, as the server runs it.
        assert_ne!(1.0f64 % 0.01, 0.0);
        assert_eq!(1.5f64 % 0.25, 0.0);
        let p = parse(vec![parse_quote!(#[validate(multiple_of = 0.01)])]);
        let f64_shape = Shape::of(&parse_quote!(f64));
        let e = p.rules[0]
            .check_field(f64_shape, &parse_quote!(f64))
            .unwrap_err();
        assert!(e.to_string().contains("cannot be checked exactly"), "{e}");
        assert!(p.rules[0].check(f64_shape, &parse_quote!(f64)).is_err());
    }

    #[test]
    fn e5_rules_and_their_values() {
        let p = parse(vec![
            parse_quote!(#[validate(minimum = -1, maximum = 2.5)]),
            parse_quote!(#[validate(unique_items)]),
            parse_quote!(#[validate(r#enum = ["a", "b"])]),
            parse_quote!(#[validate(pattern = "^a+$", custom = f)]),
            parse_quote!(#[validate]),
            parse_quote!(#[serde(rename = "x")]),
        ]);
        let got: Vec<_> = p.rules.iter().map(|r| (r.kind, r.value.clone())).collect();
        assert_eq!(
            got,
            vec![
                (RuleKind::Minimum, RuleValue::Number(Number::Int(-1))),
                (RuleKind::Maximum, RuleValue::Number(Number::Float(2.5))),
                (RuleKind::UniqueItems, RuleValue::Flag),
                (
                    RuleKind::Enum,
                    RuleValue::Choices(vec![
                        RuleValue::Text("a".into()),
                        RuleValue::Text("b".into())
                    ])
                ),
                (RuleKind::Pattern, RuleValue::Text("^a+$".into())),
            ]
        );
        assert!(p.errors.is_empty());
        let others: Vec<_> = p.others.iter().map(|o| o.1.as_str()).collect();
        assert_eq!(others, ["custom", "validate"]);
        assert_eq!(RuleKind::ExclusiveMinimum.keyword(), "exclusiveMinimum");
    }

    #[test]
    fn e5_unknown_rules_and_wrong_values_say_what_to_write() {
        let p = parse(vec![
            parse_quote!(#[validate(min_len = 1)]),
            parse_quote!(#[validate(min_length = "1")]),
            parse_quote!(#[validate(minimum = "1")]),
            parse_quote!(#[validate(pattern = "(")]),
            parse_quote!(#[validate(r#enum = [1, "a"])]),
        ]);
        let errors: Vec<String> = p.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(errors.len(), 5, "{errors:?}");
        assert!(errors[0].contains("`min_len` is not a validation rule"));
        assert!(errors[1].contains("`min_length = 10`"));
        assert!(errors[2].contains("`minimum = 10` or `minimum = 0.5`"));
        assert!(errors[3].contains("not a valid regular expression"));
        assert!(errors[4].contains("r#enum = ["));
    }

    #[test]
    fn e5_a_pattern_with_a_unicode_class_escape_is_refused() {
        let rule = |a: Attribute| parse(vec![a]).rules.remove(0);
        let ty: Type = parse_quote!(String);
        let check = |r: &Rule| {
            r.check_field(Shape::of(&ty), &ty)
                .map_err(|e| e.to_string())
        };
        let e = check(&rule(parse_quote!(#[validate(pattern = r"^\d{3}\w$")]))).unwrap_err();
        assert!(
            e.contains("`\\d` in this pattern") && e.contains("`[0-9]`"),
            "{e}"
        );
        let e = check(&rule(parse_quote!(#[validate(pattern = r"^[a-z\s]+$")]))).unwrap_err();
        assert!(e.contains("`\\s`") && e.contains("\\p{White_Space}"), "{e}");
        let e = check(&rule(parse_quote!(#[validate(pattern = r"\bx")]))).unwrap_err();
        assert!(e.contains("`\\b`") && e.contains("word boundary"), "{e}");
        let e = check(&rule(parse_quote!(#[validate(pattern = r"[^\W]")]))).unwrap_err();
        assert!(e.contains("`\\W`") && e.contains("`[^A-Za-z0-9_]`"), "{e}");
        // An escaped backslash followed by a letter, and the classes that
        // mean the same in both, are fine; the parameter check agrees.
        assert!(check(&rule(
            parse_quote!(#[validate(pattern = r"^\\d[0-9]\p{Nd}\.$")])
        ))
        .is_ok());
        let d = rule(parse_quote!(#[validate(pattern = r"\D")]));
        assert!(d.check(Shape::of(&ty), &ty).is_err());
    }
}
