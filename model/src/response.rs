//! What a handler's return type means (SPEC A3), read from its syntax.
//!
//! The macros use it to decide which values are serialised as JSON; the
//! OpenAPI generator uses it to document the response. One reading, so the
//! two agree.

use syn::{GenericArgument, PathArguments, PathSegment, ReturnType, Type};

/// The body a handler's success value produces.
#[derive(Debug, Clone)]
pub enum Payload {
    /// `()` or no return type: an empty body with the route's status.
    Empty,
    /// `NoContent`: always `204`.
    NoContent,
    /// `String`, `&str`, `Cow<str>`: `text/plain`.
    Text,
    /// `Vec<u8>`, `Bytes`: `application/octet-stream`.
    Bytes,
    /// JSON of `ty`; `wrapped` when written `Json<ty>`, otherwise the macro
    /// wraps the value in `Json` itself.
    Json {
        /// The serialised type.
        ty: Type,
        /// Written as `Json<ty>` in the source.
        wrapped: bool,
    },
    /// `Sse<E>`: `text/event-stream` of the events of enum `E`.
    Sse(Type),
    /// `(StatusCode, T)`: `T`'s body with a status chosen at run time.
    WithStatus(Box<Payload>),
    /// `Response`, `impl IntoResponse`, `StatusCode`, `HttpError`: the value
    /// builds its own response; nothing is known of its body.
    Opaque,
}

/// A handler's return type, read.
#[derive(Debug, Clone)]
pub struct ReturnModel {
    /// The success body.
    pub payload: Payload,
    /// `Some(E)` for `Result<_, E>`.
    pub error: Option<Type>,
}

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

fn is_u8(ty: &Type) -> bool {
    matches!(last_segment(ty), Some((name, args)) if name == "u8" && args.is_empty())
}

fn is_status_code(ty: &Type) -> bool {
    matches!(last_segment(ty), Some((name, args)) if name == "StatusCode" && args.is_empty())
}

/// Reads a success type (not a `Result`).
pub fn classify_payload(ty: &Type) -> Payload {
    match ty {
        Type::Tuple(t) if t.elems.is_empty() => return Payload::Empty,
        Type::Reference(r) => {
            return match &*r.elem {
                Type::Slice(s) if is_u8(&s.elem) => Payload::Bytes,
                elem if matches!(last_segment(elem), Some((n, _)) if n == "str") => Payload::Text,
                _ => Payload::Json {
                    ty: ty.clone(),
                    wrapped: false,
                },
            }
        }
        Type::Tuple(t) if t.elems.len() == 2 && is_status_code(&t.elems[0]) => {
            return Payload::WithStatus(Box::new(classify_payload(&t.elems[1])))
        }
        // `impl IntoResponse`: the value builds its own response.
        Type::ImplTrait(_) => return Payload::Opaque,
        _ => {}
    }
    let Some((name, args)) = last_segment(ty) else {
        return Payload::Json {
            ty: ty.clone(),
            wrapped: false,
        };
    };
    match (name.as_str(), args.as_slice()) {
        ("String", []) => Payload::Text,
        ("Cow", [inner]) if matches!(last_segment(inner), Some((n, _)) if n == "str") => {
            Payload::Text
        }
        ("Bytes", []) => Payload::Bytes,
        ("Vec", [inner]) if is_u8(inner) => Payload::Bytes,
        ("NoContent", []) => Payload::NoContent,
        ("Json", [inner]) => Payload::Json {
            ty: (*inner).clone(),
            wrapped: true,
        },
        ("Sse", [event, ..]) => Payload::Sse((*event).clone()),
        ("Response" | "HttpError" | "StatusCode" | "Redirect", _) => Payload::Opaque,
        _ => Payload::Json {
            ty: ty.clone(),
            wrapped: false,
        },
    }
}

/// Reads a handler's declared return type.
pub fn classify_return(output: &ReturnType) -> ReturnModel {
    let ty = match output {
        ReturnType::Default => {
            return ReturnModel {
                payload: Payload::Empty,
                error: None,
            }
        }
        ReturnType::Type(_, ty) => ty,
    };
    match last_segment(ty) {
        Some((name, args)) if name == "Result" && !args.is_empty() => ReturnModel {
            payload: classify_payload(args[0]),
            error: args.get(1).map(|e| (*e).clone()),
        },
        _ => ReturnModel {
            payload: classify_payload(ty),
            error: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    fn payload(ty: Type) -> String {
        match classify_payload(&ty) {
            Payload::Json { wrapped, .. } => format!("json wrapped={wrapped}"),
            other => format!("{other:?}")
                .split([' ', '('])
                .next()
                .unwrap()
                .to_string(),
        }
    }

    #[test]
    fn a3_return_types() {
        assert_eq!(payload(parse_quote!(())), "Empty");
        assert_eq!(payload(parse_quote!(String)), "Text");
        assert_eq!(payload(parse_quote!(&'static str)), "Text");
        assert_eq!(payload(parse_quote!(Vec<u8>)), "Bytes");
        assert_eq!(payload(parse_quote!(bytes::Bytes)), "Bytes");
        assert_eq!(payload(parse_quote!(Vec<Book>)), "json wrapped=false");
        assert_eq!(payload(parse_quote!(Book)), "json wrapped=false");
        assert_eq!(payload(parse_quote!(Option<Book>)), "json wrapped=false");
        assert_eq!(
            payload(parse_quote!(tether::Json<Book>)),
            "json wrapped=true"
        );
        assert_eq!(payload(parse_quote!(Sse<BookEvent>)), "Sse");
        assert_eq!(payload(parse_quote!(impl IntoResponse)), "Opaque");
        assert_eq!(payload(parse_quote!(tether::Response)), "Opaque");
        assert_eq!(payload(parse_quote!(NoContent)), "NoContent");
        assert_eq!(payload(parse_quote!((StatusCode, String))), "WithStatus");
        assert_eq!(
            payload(parse_quote!((http::StatusCode, Vec<Book>))),
            "WithStatus"
        );
        assert_eq!(payload(parse_quote!((u8, String))), "json wrapped=false");
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
        let r = classify_return(&parse_quote!(-> Result<Book, HttpError>));
        assert!(matches!(r.payload, Payload::Json { wrapped: false, .. }));
        assert!(r.error.is_some());
        let r = classify_return(&parse_quote!());
        assert!(matches!(r.payload, Payload::Empty));
    }
}
