//! The code enforcing `#[validate(..)]` rules on single-value arguments:
//! each argument with rules is read, every rule of every such
//! argument is checked with serde_valid's own single-value checks (text
//! lengths with tether's, in code points), one
//! `400` lists all that are broken, and only then do the route's pipes see
//! the values. A route without such rules gets none of this code.

use crate::arguments::{extract_call, piped};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{quote, quote_spanned};
use tether_model::attrs::ParamSource;
use tether_model::controller::{ParamModel, RouteModel};
use tether_model::rules::{Number, Rule, RuleKind, RuleValue, Scalar, Shape};

/// The statements reading, checking, then piping `params` (each with
/// rules); nothing when there are none. `fail` runs with the `response`
/// of a failure.
pub(crate) fn read_and_check(
    params: &[&ParamModel],
    route: &RouteModel,
    fail: &TokenStream,
) -> TokenStream {
    if params.is_empty() {
        return TokenStream::new();
    }
    let p = quote!(::tether::__private);
    let status = route.status();
    let reads = params.iter().filter_map(|param| {
        let call = extract_call(param, route)?;
        let (ident, ty) = (&param.ident, &param.ty);
        Some(quote! {
            let #ident: #ty = match #p::unpiped(#call, &__req, #p::status(#status)) {
                #p::Ok(value) => value,
                #p::Err(response) => #fail,
            };
        })
    });
    let checks = params.iter().map(|param| checks(param));
    let pipes = params.iter().map(|param| {
        let ident = &param.ident;
        piped(param, route, quote!(#p::Ok(#ident)), fail)
    });
    quote! {
        #(#reads)*
        let mut __broken = #p::Broken::of(&__req);
        #(#checks)*
        if let #p::Err(response) = __broken.finish(&__req, #p::status(#status)) {
            #fail;
        }
        #(#pipes)*
    }
}

/// The name the client sends the argument under.
fn wire_name(param: &ParamModel) -> &str {
    match &param.source {
        ParamSource::Path(n)
        | ParamSource::Query(n)
        | ParamSource::Header(n)
        | ParamSource::Cookie(n) => n,
        _ => "",
    }
}

/// The checks of one argument's rules: an absent `Option` is not
/// checked; the rules of a list's items check each value of a `Vec`.
fn checks(param: &ParamModel) -> TokenStream {
    let shape = Shape::of(&param.ty);
    let name = wire_name(param);
    let ident = &param.ident;
    let (per_item, whole): (Vec<&Rule>, Vec<&Rule>) =
        param.rules.iter().partition(|r| r.per_item());
    let body = if shape.list {
        let whole = whole.iter().map(|r| call(r, shape.scalar, "__value"));
        let each = per_item.iter().map(|r| call(r, shape.scalar, "__item"));
        quote! {
            #(__broken.add(#name, #whole);)*
            for (__index, __item) in ::std::iter::Iterator::enumerate(__value.iter()) {
                #(__broken.add_item(#name, __index, #each);)*
            }
        }
    } else {
        let each = per_item.iter().map(|r| call(r, shape.scalar, "__item"));
        quote! {
            let __item = __value;
            #(__broken.add(#name, #each);)*
        }
    };
    let p = quote!(::tether::__private);
    match shape.optional {
        true => quote! { if let #p::Some(__value) = &#ident { #body } },
        false => quote! { { let __value = &#ident; #body } },
    }
}

/// serde_valid's check of one rule on the local `value` (tether's for the
/// length rules), spanned on the rule so a type it cannot check is
/// reported there.
fn call(rule: &Rule, scalar: Scalar, value: &str) -> TokenStream {
    let span = rule.span();
    let value = Ident::new(value, span);
    let (check, method) = match rule.kind {
        // Code points, as the document's `minLength`/`maxLength` count
        // (serde_valid's own checks count grapheme clusters).
        RuleKind::MinLength => ("CodePointLength", "validate_min_length"),
        RuleKind::MaxLength => ("CodePointLength", "validate_max_length"),
        RuleKind::Pattern => ("ValidatePattern", "validate_pattern"),
        RuleKind::Minimum => ("ValidateMinimum", "validate_minimum"),
        RuleKind::Maximum => ("ValidateMaximum", "validate_maximum"),
        RuleKind::ExclusiveMinimum => ("ValidateExclusiveMinimum", "validate_exclusive_minimum"),
        RuleKind::ExclusiveMaximum => ("ValidateExclusiveMaximum", "validate_exclusive_maximum"),
        RuleKind::MultipleOf => ("ValidateMultipleOf", "validate_multiple_of"),
        RuleKind::MinItems => ("ValidateMinItems", "validate_min_items"),
        RuleKind::MaxItems => ("ValidateMaxItems", "validate_max_items"),
        RuleKind::UniqueItems => ("ValidateUniqueItems", "validate_unique_items"),
        RuleKind::Enum => ("ValidateEnum", "validate_enum"),
        // Refused by the model: a parameter is never a map.
        RuleKind::MinProperties | RuleKind::MaxProperties => return quote!(()),
    };
    let (check, method) = (Ident::new(check, span), Ident::new(method, span));
    let args = argument(rule, scalar).into_iter();
    quote_spanned!(span=> ::tether::__private::rules::#check::#method(#value #(, #args)*))
}

/// The rule's value as the check takes it; `None` for `unique_items`.
fn argument(rule: &Rule, scalar: Scalar) -> Option<TokenStream> {
    let p = quote!(::tether::__private);
    Some(match &rule.value {
        RuleValue::Flag => return None,
        RuleValue::Text(source) if rule.kind == RuleKind::Pattern => quote! {{
            static __PATTERN: #p::OnceLock<#p::rules::Regex> = #p::OnceLock::new();
            #p::rules::pattern(&__PATTERN, #source)
        }},
        RuleValue::Choices(values) => {
            let values = values.iter().map(|v| literal(v, scalar));
            quote!(&[#(#values),*])
        }
        other => literal(other, scalar),
    })
}

/// A count, number or string as a literal; an integer written for a
/// float parameter is written as a float (`minimum = 0` on an `f64`).
fn literal(value: &RuleValue, scalar: Scalar) -> TokenStream {
    let number = |negative: bool, lit: Literal| match negative {
        true => quote!(-#lit),
        false => quote!(#lit),
    };
    match value {
        RuleValue::Count(n) => {
            let n = Literal::u64_unsuffixed(*n);
            quote!(#n)
        }
        RuleValue::Number(Number::Int(n)) if scalar == Scalar::Float => {
            number(*n < 0, Literal::f64_unsuffixed(n.unsigned_abs() as f64))
        }
        RuleValue::Number(Number::Int(n)) => {
            number(*n < 0, Literal::u128_unsuffixed(n.unsigned_abs()))
        }
        RuleValue::Number(Number::Float(f)) => number(*f < 0.0, Literal::f64_unsuffixed(f.abs())),
        RuleValue::Text(s) => quote!(#s),
        RuleValue::Flag | RuleValue::Choices(_) => quote!(()),
    }
}
