//! What a rule applies to: the [`Shape`] of a parameter's or field's type,
//! read from its syntax, and whether a [`Rule`] fits it.

use super::parse::{inexact_step, unicode_class_escape};
use super::rule::{Applies, Rule, RuleKind, RuleValue};
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Meta, Type};

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
    use crate::rules::test_support::parse;
    use syn::parse_quote;
    use syn::Attribute;

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
}
