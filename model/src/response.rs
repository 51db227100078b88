//! What a handler's return type means, read from its syntax:
//! [`return_shape`], the one reading of return types. The OpenAPI
//! generator documents the response from it; the macros take
//! `(StatusCode, T)` from it.

use syn::{GenericArgument, PathArguments, PathSegment, ReturnType, Type};

/// The type arguments written on a path segment (`Result<T, E>` → `[T,
/// E]`), lifetimes and constants left out: the one reader of them.
pub fn type_args(seg: &PathSegment) -> Vec<&Type> {
    match &seg.arguments {
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|g| match g {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The last path segment's name and its generic type arguments.
pub fn last_segment(ty: &Type) -> Option<(String, Vec<&Type>)> {
    match ty {
        Type::Path(p) if p.qself.is_none() => {
            let seg = p.path.segments.last()?;
            Some((seg.ident.to_string(), type_args(seg)))
        }
        Type::Group(g) => last_segment(&g.elem),
        Type::Paren(p) => last_segment(&p.elem),
        _ => None,
    }
}

/// The `E` of a return type written `Result<T, E>` (one level: aliases
/// are tether-build's to follow).
pub fn result_error_type(ty: &Type) -> Option<&Type> {
    match last_segment(strip_refs(ty))? {
        (name, args) if name == "Result" && args.len() == 2 => Some(args[1]),
        _ => None,
    }
}

/// How `err` is written when, as the `E` of a handler's `Result<T, E>`,
/// it would answer with the route's success status: text, bytes, `()`,
/// `Json<..>`, `Html<..>`, `NoContent`. `None` for an error type.
pub fn success_shaped(err: &Type) -> Option<String> {
    let success = matches!(
        return_shape(err),
        ReturnShape::Text
            | ReturnShape::Bytes
            | ReturnShape::Json(_)
            | ReturnShape::Html
            | ReturnShape::NoContent
            | ReturnShape::Empty
    );
    success.then(|| crate::errors::compact(err).replace("&'static", "&'static "))
}

/// What a return type is by its spelling, one level deep: the one reading
/// of return types. tether-build follows [`ReturnShape::Result`],
/// [`ReturnShape::Option`] and [`ReturnShape::Other`] further (through the
/// crate's aliases, which only it can see); the macros need only
/// [`ReturnShape::WithStatus`], as the runtime answers by the value's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnShape<'a> {
    /// `()`: an empty body with the route's status.
    Empty,
    /// `(StatusCode, T)`: `T`'s body with a status chosen at run time.
    WithStatus(&'a Type),
    /// `impl Trait`, `dyn Trait`, `Response`: builds its own response.
    Opaque,
    /// `Json<T>`.
    Json(Option<&'a Type>),
    /// `Result<T, E>`: `T` is the success.
    Result(Option<&'a Type>),
    /// `Option<T>`.
    Option(Option<&'a Type>),
    /// `String`, `str`, `Cow<str>`: `text/plain`.
    Text,
    /// `Html<T>`: `text/html`.
    Html,
    /// `Bytes`, `Vec<u8>`: `application/octet-stream`.
    Bytes,
    /// `Attachment`: a file to download, bytes of the media type the
    /// handler chooses, with `Content-Disposition`.
    Attachment,
    /// `NoContent`: always `204`.
    NoContent,
    /// `Redirect`: a `3xx` with `Location`.
    Redirect,
    /// `WithHeaders<T, H>`: the type arguments as written.
    WithHeaders(&'a PathSegment),
    /// `Sse<E>`: the event type, if written.
    Sse(Option<&'a Type>),
    /// Any other type (after `&`, parentheses): a value serialised as JSON,
    /// or an alias.
    Other(&'a Type),
}

/// `ty` without `&`, parentheses and invisible groups.
pub fn strip_refs(mut ty: &Type) -> &Type {
    loop {
        match ty {
            Type::Reference(r) => ty = &r.elem,
            Type::Paren(p) => ty = &p.elem,
            Type::Group(g) => ty = &g.elem,
            _ => return ty,
        }
    }
}

/// Whether `ty` is spelled (through `&`) as one of `names`.
pub fn is_named(ty: &Type, names: &[&str]) -> bool {
    last_segment(strip_refs(ty)).is_some_and(|(name, _)| names.contains(&name.as_str()))
}

/// Reads one level of a return type (see [`ReturnShape`]).
pub fn return_shape(ty: &Type) -> ReturnShape<'_> {
    let ty = strip_refs(ty);
    let seg = match ty {
        Type::Tuple(t) if t.elems.is_empty() => return ReturnShape::Empty,
        Type::Tuple(t) if t.elems.len() == 2 && is_named(&t.elems[0], &["StatusCode"]) => {
            return ReturnShape::WithStatus(&t.elems[1])
        }
        Type::ImplTrait(_) | Type::TraitObject(_) => return ReturnShape::Opaque,
        Type::Path(p) if p.qself.is_none() => match p.path.segments.last() {
            Some(seg) => seg,
            None => return ReturnShape::Other(ty),
        },
        _ => return ReturnShape::Other(ty),
    };
    let arg = type_args(seg).first().copied();
    match seg.ident.to_string().as_str() {
        "Json" => ReturnShape::Json(arg),
        "Result" => ReturnShape::Result(arg),
        "Option" => ReturnShape::Option(arg),
        "String" | "str" => ReturnShape::Text,
        "Cow" if arg.is_some_and(|a| is_named(a, &["str"])) => ReturnShape::Text,
        "Html" => ReturnShape::Html,
        "Bytes" => ReturnShape::Bytes,
        "Vec" if arg.is_some_and(|a| is_named(a, &["u8"])) => ReturnShape::Bytes,
        "Attachment" => ReturnShape::Attachment,
        "NoContent" => ReturnShape::NoContent,
        "Redirect" => ReturnShape::Redirect,
        "WithHeaders" => ReturnShape::WithHeaders(seg),
        "Response" => ReturnShape::Opaque,
        "Sse" => ReturnShape::Sse(arg),
        _ => ReturnShape::Other(ty),
    }
}

/// The shape of a handler's success: its declared return type, less one
/// `Result` as written (an alias of `Result` is not seen here).
pub fn success_shape(output: &ReturnType) -> ReturnShape<'_> {
    match output {
        ReturnType::Default => ReturnShape::Empty,
        ReturnType::Type(_, ty) => match return_shape(ty) {
            ReturnShape::Result(Some(ok)) => return_shape(ok),
            other => other,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    fn shape(ty: Type) -> String {
        let text = format!("{:?}", return_shape(&ty));
        text.split(['(', ' ']).next().unwrap().to_string()
    }

    #[test]
    fn a3_return_types() {
        assert_eq!(shape(parse_quote!(())), "Empty");
        assert_eq!(shape(parse_quote!(String)), "Text");
        assert_eq!(shape(parse_quote!(&'static str)), "Text");
        assert_eq!(shape(parse_quote!(Cow<'static, str>)), "Text");
        assert_eq!(shape(parse_quote!(Vec<u8>)), "Bytes");
        assert_eq!(shape(parse_quote!(bytes::Bytes)), "Bytes");
        assert_eq!(shape(parse_quote!(Vec<Book>)), "Other");
        assert_eq!(shape(parse_quote!(Book)), "Other");
        assert_eq!(shape(parse_quote!(Option<Book>)), "Option");
        assert_eq!(shape(parse_quote!(tether::Json<Book>)), "Json");
        assert_eq!(shape(parse_quote!(Sse<BookEvent>)), "Sse");
        assert_eq!(shape(parse_quote!(Html<String>)), "Html");
        assert_eq!(shape(parse_quote!(Redirect)), "Redirect");
        assert_eq!(shape(parse_quote!(WithHeaders<Book, H>)), "WithHeaders");
        assert_eq!(shape(parse_quote!(impl IntoResponse)), "Opaque");
        assert_eq!(shape(parse_quote!(Box<dyn IntoResponse>)), "Other");
        assert_eq!(shape(parse_quote!(tether::Response)), "Opaque");
        assert_eq!(shape(parse_quote!(NoContent)), "NoContent");
        assert_eq!(shape(parse_quote!(tether::Attachment)), "Attachment");
        assert_eq!(shape(parse_quote!((StatusCode, String))), "WithStatus");
        assert_eq!(
            shape(parse_quote!((http::StatusCode, Vec<Book>))),
            "WithStatus"
        );
        assert_eq!(shape(parse_quote!((u8, String))), "Other");
    }

    #[test]
    fn type_arguments() {
        let ty: Type = parse_quote!(std::result::Result<'a, Book, 3, HttpError>);
        let (name, args) = last_segment(&ty).unwrap();
        assert_eq!(name, "Result");
        let args: Vec<Type> = args.into_iter().cloned().collect();
        assert_eq!(
            args,
            [parse_quote!(Book), parse_quote!(HttpError)] as [Type; 2]
        );
        assert!(last_segment(&parse_quote!(String)).unwrap().1.is_empty());
        assert!(last_segment(&parse_quote!(&str)).is_none());
    }

    #[test]
    fn a3_results() {
        let ok: Type = parse_quote!(Book);
        let output: ReturnType = parse_quote!(-> Result<Book, HttpError>);
        assert_eq!(success_shape(&output), ReturnShape::Other(&ok));
        let output: ReturnType = parse_quote!(-> Result<(StatusCode, Book), HttpError>);
        assert_eq!(success_shape(&output), ReturnShape::WithStatus(&ok));
        assert_eq!(success_shape(&parse_quote!()), ReturnShape::Empty);
        // An alias is not followed here (tether-build follows it).
        let alias: Type = parse_quote!(ApiResult<(StatusCode, Book)>);
        assert_eq!(
            success_shape(&parse_quote!(-> ApiResult<(StatusCode, Book)>)),
            ReturnShape::Other(&alias)
        );
    }
}
