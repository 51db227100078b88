//! The first-day mistakes refused while a route is read: a method that is
//! not `async`, a body on a bodiless method, a capture no argument reads,
//! an extractor wrapped in `Option`, and their kin, each saying what to
//! write instead.

use super::model::ParamModel;
use crate::attrs::{HttpMethod, ParamSource};
use crate::errors::Errors;
use crate::path::RoutePath;
use syn::{Attribute, FnArg, ImplItemFn, ReturnType, Type};

pub(super) fn check_signature(f: &ImplItemFn, errors: &mut Errors) {
    let sig = &f.sig;
    if sig.asyncness.is_none() {
        errors.push(syn::Error::new(
            sig.fn_token.span,
            format!("route handler `{}` must be `async fn`", sig.ident),
        ));
    }
    if !sig.generics.params.is_empty() {
        errors.push(syn::Error::new_spanned(
            &sig.generics,
            "route handlers cannot have generic or lifetime parameters",
        ));
    }
    match sig.inputs.first() {
        Some(FnArg::Receiver(r)) if r.reference.is_some() && r.mutability.is_none() => {}
        Some(FnArg::Receiver(r)) => errors.push(syn::Error::new_spanned(r,
            "route handlers take `&self`: the controller is shared between requests; use a `Mutex` or atomics for mutable state",
        )),
        _ => errors.push(syn::Error::new(
            sig.paren_token.span.join(),
            format!(
                "route handler `{}` must take `&self` as its first argument",
                sig.ident
            ),
        )),
    }
}

/// An axum-style extractor wrapper (`Json<T>`, `Form<T>`, `Query<T>`,
/// `Path<T>`) around a `#[body]` or `#[query]` argument's type: the
/// attribute already says how the value is read, so the type is `T` itself.
pub(super) fn extractor_wrapper(source: &ParamSource, ty: &syn::Type) -> Option<syn::Error> {
    let (attr, wrappers): (_, &[&str]) = match source {
        ParamSource::Body(_) => ("#[body]", &["Json", "Form"]),
        ParamSource::QueryAll | ParamSource::Query(_) => ("#[query]", &["Query"]),
        ParamSource::Path(_) => ("#[param]", &["Path"]),
        _ => return None,
    };
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    let wrapper = last.ident.to_string();
    if !wrappers.contains(&wrapper.as_str()) {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    let [syn::GenericArgument::Type(inner)] = args.args.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let inner = crate::errors::compact(inner);
    Some(syn::Error::new_spanned(
        ty,
        format!("{attr} reads the value into its own type: write `{inner}`, not `{wrapper}<{inner}>` (tether needs no extractor wrapper)"),
    ))
}

/// `#[query] limit: u32`: `#[query]` without a key reads the whole query
/// string into a struct (or a map), so a number, text, a list or an
/// `Option` of one could never be read from it and every request would be
/// refused, while the argument's name looks like the key it was meant to
/// read (never a silent mismatch).
pub(super) fn scalar_whole_query(
    source: &ParamSource,
    ty: &Type,
    arg_name: &str,
) -> Option<syn::Error> {
    if *source != ParamSource::QueryAll || !is_plain_value(ty) {
        return None;
    }
    let written = crate::errors::compact(ty);
    Some(syn::Error::new_spanned(
        ty,
        format!("`#[query]` without a key reads the whole query string into a struct, not into `{written}`; to read the key `{arg_name}`, write `#[query(\"{arg_name}\")] {arg_name}: {written}`"),
    ))
}

/// `Option<T>` where the whole query string or a multipart body is read:
/// a query string is always there (it is empty at worst), so `Option` of a
/// `#[query]` struct could never be `None` and every request would fail
/// to read; a multipart body has no "absent" form either.
pub(super) fn optional_whole(source: &ParamSource, ty: &syn::Type) -> Option<syn::Error> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let inner = match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => crate::errors::compact(&args.args),
        _ => "T".to_string(),
    };
    let message = match source {
        ParamSource::QueryAll => format!(
            "`#[query]` reads the whole query string, which is always there: write `{inner}` and make its fields optional (`Option<_>`, `#[serde(default)]`), or read one key with `#[query(\"name\")]`"
        ),
        ParamSource::Body(crate::attrs::BodyKind::Multipart) => format!(
            "an optional multipart body is not supported: take `{inner}` with optional fields, or `tether::extract::Multipart` to read whatever parts come"
        ),
        _ => return None,
    };
    Some(syn::Error::new_spanned(ty, message))
}

/// Types that cannot be request extractors: numbers, text, `Vec`,
/// references, and `Option` of those (they want `#[param]`, `#[query]` …).
pub(super) fn is_plain_value(ty: &Type) -> bool {
    const PLAIN: [&str; 19] = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "f32", "f64", "bool", "char", "String", "str", "Vec",
    ];
    match ty {
        Type::Reference(_) | Type::Tuple(_) | Type::Array(_) | Type::Slice(_) => true,
        Type::Path(p) => match p.path.segments.last() {
            Some(s) if s.ident == "Option" => match &s.arguments {
                syn::PathArguments::AngleBracketed(a) => a.args.iter().all(|arg| match arg {
                    syn::GenericArgument::Type(inner) => is_plain_value(inner),
                    _ => true,
                }),
                _ => true,
            },
            Some(s) => PLAIN.contains(&s.ident.to_string().as_str()),
            None => false,
        },
        _ => false,
    }
}

/// The span of an argument from its name to the end of its type (the
/// attributes are gone by then): what a diagnostic about it underlines.
fn param_tokens(p: &ParamModel) -> proc_macro2::TokenStream {
    let (ident, ty) = (&p.ident, &p.ty);
    quote::quote!(#ident #ty)
}

/// A `#[body]` on a GET or HEAD route: `fetch` (browsers, Node.js) throws
/// before sending a GET or HEAD request with a body, so the documented
/// operation could never be called by the generated client, nor by most
/// HTTP tools.
pub(super) fn check_body_method(method: HttpMethod, params: &[ParamModel], errors: &mut Errors) {
    if !matches!(method, HttpMethod::Get | HttpMethod::Head) {
        return;
    }
    let Some(body) = params
        .iter()
        .find(|p| matches!(p.source, ParamSource::Body(_)))
    else {
        return;
    };
    let method = method.as_str();
    errors.push(syn::Error::new_spanned(
        param_tokens(body),
        format!("a {method} request has no body a client can send (`fetch` refuses one before sending): read the values from the query with `#[query] {}: …` (a struct of optional fields), or make the route `#[post]`", body.ident),
    ));
}

/// `Result<T, String>` (or another value that answers as a success): the
/// `Err` is answered with its own response, and a `String`, bytes, `()`
/// or a `Json`/`Html` value answers with the route's success status, so a
/// failure would reach the client as a `200` (or `201`) it reads as data,
/// while the document says errors are `HttpError`s.
pub(super) fn check_error_type(output: &ReturnType, errors: &mut Errors) {
    let ReturnType::Type(_, ty) = output else {
        return;
    };
    let Some(err) = crate::response::result_error_type(ty) else {
        return;
    };
    let Some(written) = crate::response::success_shaped(err) else {
        return;
    };
    errors.push(syn::Error::new_spanned(
        err,
        format!("an `Err({written})` is answered with the route's success status (`200`, or `201` for a POST), so a client would read the failure as a success; return an error type: `HttpError` (`Err(HttpError::not_found(..))`), a `#[derive(ApiError)]` enum, or `(StatusCode, {written})`"),
    ));
}

/// Whether two names are the same words in other cases (`petId`,
/// `pet_id`, `pet-id`).
fn same_words(a: &str, b: &str) -> bool {
    let words = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    words(a) == words(b)
}

/// A capture's name as a Rust argument name: `petId` → `pet_id`,
/// `pet-id` → `pet_id`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 && !out.ends_with('_') {
            out.push('_');
        }
        match c {
            '-' | '.' => out.push('_'),
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// `#[http_code(204)]` (or 205, 304) on a handler that returns a value:
/// such an answer has no body, so the value would be dropped on the way
/// out while the handler reads as if it answered it.
pub(super) fn check_bodiless_status(
    http_code: Option<u16>,
    output: &ReturnType,
    errors: &mut Errors,
) {
    let Some(code @ (204 | 205 | 304)) = http_code else {
        return;
    };
    let ReturnType::Type(_, ty) = output else {
        return;
    };
    use crate::response::{success_shape, ReturnShape};
    let bodiless = matches!(
        success_shape(output),
        ReturnShape::Empty | ReturnShape::NoContent | ReturnShape::Opaque | ReturnShape::Redirect
    );
    if bodiless {
        return;
    }
    errors.push(syn::Error::new_spanned(
        ty,
        format!("`#[http_code({code})]` answers without a body, so the value this handler returns would never reach the client; return `()` (`Result<(), E>` when it can fail), or choose a status that carries a body"),
    ));
}

/// Which directions of [`check_path_params`] to run.
pub(super) struct PathParamChecks {
    /// Report captures of the path that no argument reads.
    pub(super) unread_captures: bool,
}

pub(super) fn check_path_params(
    path: &RoutePath,
    params: &[ParamModel],
    attr: &Attribute,
    checks: PathParamChecks,
    errors: &mut Errors,
) {
    let names = path.param_names();
    let unmatched = |name: &str| !names.contains(&name);
    // `#[param] pet_id` beside `:petId`: one mistake, one error at the argument.
    let mut renamed: Vec<&str> = Vec::new();
    for name in names.iter().filter(|_| checks.unread_captures) {
        let bound = params
            .iter()
            .any(|p| p.source == ParamSource::Path(name.to_string()));
        if bound {
            continue;
        }
        let spelled_alike = params.iter().find(
            |p| matches!(&p.source, ParamSource::Path(n) if unmatched(n) && same_words(n, name)),
        );
        if let Some(p) = spelled_alike {
            let ParamSource::Path(read) = &p.source else {
                continue;
            };
            renamed.push(read);
            errors.push(syn::Error::new_spanned(
                param_tokens(p),
                format!(
                    "`#[param]` reads `{read}`, but route path `{path}` captures `:{name}`; name the capture: `#[param(\"{name}\")] {}`",
                    p.ident
                ),
            ));
            continue;
        }
        let suggestion = match snake_case(name) {
            snake if snake == *name => format!("#[param] {name}: String"),
            snake => format!("#[param(\"{name}\")] {snake}: String"),
        };
        errors.push(syn::Error::new_spanned(
            attr,
            format!(
                "route path `{path}` captures `{name}` but no argument reads it; add `{suggestion}` (or another type that parses from text)"
            ),
        ));
    }
    for p in params {
        if let ParamSource::Path(name) = &p.source {
            if unmatched(name) && !renamed.contains(&name.as_str()) {
                errors.push(syn::Error::new_spanned(
                    param_tokens(p),
                    format!(
                        "`#[param]` reads `{name}` but route path `{path}` has no `:{name}`; add `:{name}` to the path or name the capture with `#[param(\"…\")]`"
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::controller::test_support::model;
    use syn::parse_quote;

    /// `:petId` captured, `pet_id` read: one error, at the argument,
    /// naming the capture; a capture no argument resembles is suggested as
    /// a snake_case argument.
    #[test]
    fn param_named_in_another_case_is_one_error_naming_the_capture() {
        let e = model(
            r#""/owners/:ownerId/pets""#,
            parse_quote! {
                impl Pets {
                    #[get("/:petId")]
                    async fn find(&self, #[param] pet_id: u64) -> String { todo!() }
                }
            },
        )
        .unwrap_err();
        let lines: Vec<&str> = e.lines().collect();
        assert_eq!(lines.len(), 2, "{e}");
        assert!(
            lines[0].contains(r#"add `#[param("ownerId")] owner_id: String`"#),
            "{e}"
        );
        assert!(
            lines[1].contains(r#"captures `:petId`; name the capture: `#[param("petId")] pet_id`"#),
            "{e}"
        );
    }

    #[test]
    fn reports_every_problem() {
        let e = model(
            r#""/x""#,
            parse_quote! {
                impl X {
                    #[get("/:id")]
                    fn a(&self) {}
                    #[post]
                    async fn b(&self, #[body] a: A, #[body] b: B, c: Option<u8>) {}
                    #[get("/y")]
                    async fn c(&self, #[param] nope: u8) {}
                    #[gett("/z")]
                    async fn d(&self) {}
                }
            },
        )
        .unwrap_err();
        for needle in [
            "must be `async fn`",
            "captures `id`",
            "reads the request body once",
            "argument `c` needs an attribute",
            "has no `:nope`",
            "did you mean `#[get]`",
        ] {
            assert!(e.contains(needle), "missing {needle:?} in\n{e}");
        }
    }
}
