//! Validation rules (SPEC E5): serde_valid's `#[validate(..)]` rules, read
//! alike by the macros (which enforce them on `#[param]`, `#[query("x")]`,
//! `#[header("x")]` and `#[cookie("x")]` arguments) and by tether-build
//! (which documents them, on those parameters and on struct fields). Each
//! rule is a JSON Schema keyword under its Rust name: `min_length = 1` is
//! `minLength: 1`.

use proc_macro2::Span;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, ExprUnary, Lit, Meta, Token, Type, UnOp};

/// One kind of rule, named as serde_valid names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    /// `min_length = n`: at least `n` code points (tether counts them, as
    /// JSON Schema does; serde_valid alone counts grapheme clusters).
    MinLength,
    /// `max_length = n`: at most `n` code points.
    MaxLength,
    /// `pattern = "…"`: matches the regular expression.
    Pattern,
    /// `minimum = n`: `>= n`.
    Minimum,
    /// `maximum = n`: `<= n`.
    Maximum,
    /// `exclusive_minimum = n`: `> n`.
    ExclusiveMinimum,
    /// `exclusive_maximum = n`: `< n`.
    ExclusiveMaximum,
    /// `multiple_of = n`.
    MultipleOf,
    /// `min_items = n`: a list of at least `n` items.
    MinItems,
    /// `max_items = n`: a list of at most `n` items.
    MaxItems,
    /// `unique_items`: a list without repeats.
    UniqueItems,
    /// `min_properties = n`: a map of at least `n` entries.
    MinProperties,
    /// `max_properties = n`: a map of at most `n` entries.
    MaxProperties,
    /// `r#enum = [..]` (or `enumerate = [..]`): one of the values listed.
    Enum,
}

/// What a rule applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applies {
    /// Text: a `String`.
    Text,
    /// A number.
    Number,
    /// A list: a `Vec`.
    List,
    /// A map.
    Map,
    /// Text or a number.
    Scalar,
}

const KINDS: [(&str, RuleKind, &str); 15] = [
    ("min_length", RuleKind::MinLength, "minLength"),
    ("max_length", RuleKind::MaxLength, "maxLength"),
    ("pattern", RuleKind::Pattern, "pattern"),
    ("minimum", RuleKind::Minimum, "minimum"),
    ("maximum", RuleKind::Maximum, "maximum"),
    (
        "exclusive_minimum",
        RuleKind::ExclusiveMinimum,
        "exclusiveMinimum",
    ),
    (
        "exclusive_maximum",
        RuleKind::ExclusiveMaximum,
        "exclusiveMaximum",
    ),
    ("multiple_of", RuleKind::MultipleOf, "multipleOf"),
    ("min_items", RuleKind::MinItems, "minItems"),
    ("max_items", RuleKind::MaxItems, "maxItems"),
    ("unique_items", RuleKind::UniqueItems, "uniqueItems"),
    ("min_properties", RuleKind::MinProperties, "minProperties"),
    ("max_properties", RuleKind::MaxProperties, "maxProperties"),
    ("enum", RuleKind::Enum, "enum"),
    ("enumerate", RuleKind::Enum, "enum"),
];

impl RuleKind {
    /// The kind serde_valid names `name` (`r#` removed), if any.
    pub fn from_name(name: &str) -> Option<RuleKind> {
        KINDS.iter().find(|(n, ..)| *n == name).map(|(_, k, _)| *k)
    }

    /// serde_valid's name of the rule.
    pub fn name(self) -> &'static str {
        KINDS
            .iter()
            .find(|(_, k, _)| *k == self)
            .map_or("", |e| e.0)
    }

    /// The rule's name as written in Rust (`r#enum`).
    pub fn written_name(self) -> &'static str {
        match self {
            RuleKind::Enum => "r#enum",
            other => other.name(),
        }
    }

    /// The JSON Schema keyword of the rule.
    pub fn keyword(self) -> &'static str {
        KINDS
            .iter()
            .find(|(_, k, _)| *k == self)
            .map_or("", |e| e.2)
    }

    /// What the rule applies to.
    pub fn applies(self) -> Applies {
        use RuleKind::*;
        match self {
            MinLength | MaxLength | Pattern => Applies::Text,
            Minimum | Maximum | ExclusiveMinimum | ExclusiveMaximum | MultipleOf => Applies::Number,
            MinItems | MaxItems | UniqueItems => Applies::List,
            MinProperties | MaxProperties => Applies::Map,
            Enum => Applies::Scalar,
        }
    }

    /// How the value is written, for messages.
    fn example(self) -> String {
        let name = self.name();
        match self {
            RuleKind::Pattern => format!("`{name} = r\"^[a-z]+$\"`"),
            RuleKind::UniqueItems => format!("`{name}`"),
            RuleKind::Enum => "`r#enum = [\"open\", \"closed\"]` or `r#enum = [1, 2, 3]`".into(),
            k if k.applies() == Applies::Number => format!("`{name} = 10` or `{name} = 0.5`"),
            _ => format!("`{name} = 10`"),
        }
    }
}

/// A number written in a rule.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// An integer literal.
    Int(i128),
    /// A float literal.
    Float(f64),
}

/// A rule's value, as written.
#[derive(Debug, Clone, PartialEq)]
pub enum RuleValue {
    /// A count: `min_length = 3`.
    Count(u64),
    /// A number: `minimum = -1.5`.
    Number(Number),
    /// A regular expression: `pattern = "^a"`.
    Text(String),
    /// No value: `unique_items`.
    Flag,
    /// The values of `r#enum = [..]`: all numbers or all strings.
    Choices(Vec<RuleValue>),
}

/// One rule of a `#[validate(..)]` attribute.
#[derive(Debug, Clone)]
pub struct Rule {
    /// Which rule.
    pub kind: RuleKind,
    /// Its value.
    pub value: RuleValue,
    /// The rule as written, for errors spanning it.
    pub written: Meta,
}

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
fn inexact_step(expr: &Expr) -> Option<syn::Error> {
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
        .is_some_and(|five| n % five == 0);
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
fn unicode_class_escape(pattern: &str) -> Option<String> {
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

fn choices(expr: &Expr) -> Option<RuleValue> {
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
fn literal(e: &Expr) -> Option<RuleValue> {
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

/// The kind of one value, read from how its type is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    /// `u8` … `u128`, `usize`, `i8` … `isize`, `NonZero*`.
    Integer,
    /// `f32`, `f64`.
    Float,
    /// `String`, `str`, `Cow<str>`.
    Text,
    /// `bool`.
    Bool,
    /// Any other type: its traits decide.
    Other,
}

/// What a rule is written on, for the wording of its errors.
#[derive(Clone, Copy)]
enum Subject {
    Parameter,
    Field,
}

/// The shape of a parameter's type: `Option<Vec<u32>>` is an optional
/// list of integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// `Option<…>`: absent is not checked.
    pub optional: bool,
    /// `Vec<…>`: a repeated key (`?tag=a&tag=b`).
    pub list: bool,
    /// The kind of each value.
    pub scalar: Scalar,
}

const INTEGERS: [&str; 24] = [
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "NonZeroU8",
    "NonZeroU16",
    "NonZeroU32",
    "NonZeroU64",
    "NonZeroU128",
    "NonZeroUsize",
    "NonZeroI8",
    "NonZeroI16",
    "NonZeroI32",
    "NonZeroI64",
    "NonZeroI128",
    "NonZeroIsize",
];

impl Shape {
    /// The shape of `ty` as written.
    pub fn of(ty: &Type) -> Shape {
        let (optional, ty) = match wrapped(ty, "Option") {
            Some(inner) => (true, inner),
            None => (false, ty),
        };
        let (list, ty) = match wrapped(ty, "Vec") {
            Some(inner) => (true, inner),
            None => (false, ty),
        };
        Shape {
            optional,
            list,
            scalar: scalar(ty),
        }
    }
}

fn last_ident(ty: &Type) -> Option<&syn::PathSegment> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last(),
        Type::Reference(r) => last_ident(&r.elem),
        Type::Group(g) => last_ident(&g.elem),
        Type::Paren(p) => last_ident(&p.elem),
        _ => None,
    }
}

/// `T` of `name<T>`.
fn wrapped<'t>(ty: &'t Type, name: &str) -> Option<&'t Type> {
    let seg = last_ident(ty).filter(|s| s.ident == name)?;
    let syn::PathArguments::AngleBracketed(args) = &seg.arguments else {
        return None;
    };
    match args.args.first() {
        Some(syn::GenericArgument::Type(inner)) if args.args.len() == 1 => Some(inner),
        _ => None,
    }
}

fn scalar(ty: &Type) -> Scalar {
    let Some(seg) = last_ident(ty) else {
        return Scalar::Other;
    };
    let name = seg.ident.to_string();
    match name.as_str() {
        n if INTEGERS.contains(&n) => Scalar::Integer,
        "f32" | "f64" => Scalar::Float,
        "String" | "str" | "Cow" => Scalar::Text,
        "bool" => Scalar::Bool,
        _ => Scalar::Other,
    }
}

impl Rule {
    /// Whether the rule can apply to a parameter of `shape`; the error,
    /// spanned on the rule, says what to write instead.
    pub fn check(&self, shape: Shape, ty: &Type) -> syn::Result<()> {
        self.check_on(shape, ty, Subject::Parameter)
    }

    /// Whether the rule can apply to a struct field of `shape` (serde_valid
    /// would refuse it with an error about its own traits); the error,
    /// spanned on the rule, says what to write instead.
    pub fn check_field(&self, shape: Shape, ty: &Type) -> syn::Result<()> {
        self.check_on(shape, ty, Subject::Field)
    }

    fn check_on(&self, shape: Shape, ty: &Type, subject: Subject) -> syn::Result<()> {
        let name = self.kind.name();
        let (what, list) = match subject {
            Subject::Parameter => ("parameter", "a repeated key, `?tag=a&tag=b`"),
            Subject::Field => ("field", "a JSON array"),
        };
        let ty = crate::errors::compact(ty);
        // A field may be any collection serde_valid knows (arrays, sets,
        // maps): a type tether cannot read is left to serde_valid's traits.
        let other_field = matches!(subject, Subject::Field) && shape.scalar == Scalar::Other;
        let fix = match (self.kind.applies(), shape.scalar, shape.list) {
            (Applies::List, _, true) => None,
            (Applies::List | Applies::Map, Scalar::Other, false) if other_field => None,
            (Applies::List, _, false) => Some(format!(
                "`{name}` applies to a list; make the {what} a `Vec<…>` ({list}), or use `max_length` for the length of text"
            )),
            (Applies::Map, ..) => Some(format!(
                "`{name}` applies to a map; this {what} is not one: use `min_length`/`max_length` for text or `min_items`/`max_items` for a `Vec`"
            )),
            (Applies::Text, Scalar::Integer | Scalar::Float, _) => Some(format!(
                "`{name}` applies to text, not to the number `{ty}`; bound a number with `minimum = …`/`maximum = …`, or make the {what} a `String`"
            )),
            (Applies::Number, Scalar::Text, _) => Some(format!(
                "`{name}` applies to numbers, not to the text `{ty}`; bound text with `min_length = …`/`max_length = …`/`pattern = …`, or make the {what} a number (`u32`, `f64`, …)"
            )),
            (Applies::Text | Applies::Number | Applies::Scalar, Scalar::Bool, _) => Some(format!(
                "`{name}` cannot apply to a `bool`: it is `true` or `false`; remove the rule"
            )),
            (Applies::Scalar, Scalar::Integer | Scalar::Float, _) => self.choices_are(false, what),
            (Applies::Scalar, Scalar::Text, _) => self.choices_are(true, what),
            _ => None,
        };
        let fix = fix.or_else(|| match (&self.kind, &self.value) {
            (RuleKind::Pattern, RuleValue::Text(pattern)) => unicode_class_escape(pattern),
            _ => None,
        });
        match fix {
            Some(fix) => Err(syn::Error::new_spanned(&self.written, fix)),
            None => self.exact_step(),
        }
    }

    /// A `multiple_of` whose step serde_valid can check exactly (see
    /// [`inexact_step`]).
    fn exact_step(&self) -> syn::Result<()> {
        let Meta::NameValue(nv) = &self.written else {
            return Ok(());
        };
        match self.kind {
            RuleKind::MultipleOf => inexact_step(&nv.value).map_or(Ok(()), Err),
            _ => Ok(()),
        }
    }

    /// `Some(fix)` when the choices of an `r#enum` are not all text (or all
    /// numbers) as the parameter is.
    fn choices_are(&self, text: bool, what: &str) -> Option<String> {
        let RuleValue::Choices(values) = &self.value else {
            return None;
        };
        let all = values
            .iter()
            .all(|v| matches!(v, RuleValue::Text(_)) == text);
        match (all, text) {
            (true, _) => None,
            (false, true) => Some(format!(
                "this {what} is text: list strings, e.g. `r#enum = [\"open\", \"closed\"]`"
            )),
            (false, false) => Some(format!(
                "this {what} is a number: list numbers, e.g. `r#enum = [10, 20, 50]`"
            )),
        }
    }

    /// Where the rule's name is written.
    pub fn span(&self) -> Span {
        self.written.path().span()
    }

    /// Whether the rule checks each value of a list rather than the list.
    pub fn per_item(&self) -> bool {
        self.kind.applies() != Applies::List
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    fn parse(attrs: Vec<Attribute>) -> Parsed {
        parse_validate_attrs(&attrs)
    }

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
    fn e5_a_rule_fits_the_parameter_type_or_says_the_fix() {
        let rule = |a: Attribute| parse(vec![a]).rules.remove(0);
        let check = |r: &Rule, ty: Type| r.check(Shape::of(&ty), &ty);
        let min_length = rule(parse_quote!(#[validate(min_length = 1)]));
        assert!(check(&min_length, parse_quote!(Option<String>)).is_ok());
        let e = check(&min_length, parse_quote!(u32)).unwrap_err();
        assert!(e.to_string().contains("minimum = …"), "{e}");
        let minimum = rule(parse_quote!(#[validate(minimum = 1)]));
        assert!(check(&minimum, parse_quote!(Vec<u64>)).is_ok());
        let e = check(&minimum, parse_quote!(String)).unwrap_err();
        assert!(e.to_string().contains("min_length = …"), "{e}");
        let max_items = rule(parse_quote!(#[validate(max_items = 3)]));
        assert!(check(&max_items, parse_quote!(Option<Vec<String>>)).is_ok());
        assert!(check(&max_items, parse_quote!(String)).is_err());
        let choices = rule(parse_quote!(#[validate(r#enum = [1, 2])]));
        assert!(check(&choices, parse_quote!(u8)).is_ok());
        assert!(check(&choices, parse_quote!(String)).is_err());
        assert!(check(&minimum, parse_quote!(MyNumber)).is_ok());
        assert_eq!(
            Shape::of(&parse_quote!(Option<Vec<f64>>)),
            Shape {
                optional: true,
                list: true,
                scalar: Scalar::Float
            }
        );
    }

    #[test]
    fn e5_a_rule_fits_the_field_type_or_says_the_fix() {
        let rule = |a: Attribute| parse(vec![a]).rules.remove(0);
        let check = |r: &Rule, ty: Type| r.check_field(Shape::of(&ty), &ty);
        let min_length = rule(parse_quote!(#[validate(min_length = 1)]));
        let e = check(&min_length, parse_quote!(Option<u32>)).unwrap_err();
        assert!(e.to_string().contains("make the field a `String`"), "{e}");
        assert!(check(&min_length, parse_quote!(Vec<String>)).is_ok());
        let max_items = rule(parse_quote!(#[validate(max_items = 3)]));
        let e = check(&max_items, parse_quote!(String)).unwrap_err();
        assert!(
            e.to_string()
                .contains("make the field a `Vec<…>` (a JSON array)"),
            "{e}"
        );
        // Sets, arrays and maps are left to serde_valid's own traits.
        assert!(check(&max_items, parse_quote!(BTreeSet<String>)).is_ok());
        let min_properties = rule(parse_quote!(#[validate(min_properties = 1)]));
        assert!(check(&min_properties, parse_quote!(HashMap<String, u32>)).is_ok());
        assert!(check(&min_properties, parse_quote!(String)).is_err());
        // A parameter is one value: a map rule never fits it.
        let ty: Type = parse_quote!(HashMap<String, u32>);
        assert!(min_properties.check(Shape::of(&ty), &ty).is_err());
        let choices = rule(parse_quote!(#[validate(r#enum = [1, 2])]));
        let e = check(&choices, parse_quote!(String)).unwrap_err();
        assert!(e.to_string().contains("this field is text"), "{e}");
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
