//! The attribute grammar: what `#[controller]`, the route
//! attributes, `#[version]`, `#[http_code]` and the parameter attributes
//! mean. Each parser takes one `syn::Attribute` and returns a typed value or
//! an error spanned on the offending token with the fix in its text.

pub use crate::method::HttpMethod;
use crate::path::RoutePath;
use crate::versioning::{validate_version, Version, VersionSpec};
use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, Lit, LitStr, Meta, Token};

/// How a `#[body]` is decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    /// `#[body]`: `application/json`.
    Json,
    /// `#[body(form)]`: `application/x-www-form-urlencoded`.
    Form,
    /// `#[body(text)]`: `text/plain`.
    Text,
    /// `#[body(bytes)]`: any content type, raw bytes.
    Bytes,
    /// `#[body(multipart)]`: `multipart/form-data`.
    Multipart,
}

impl BodyKind {
    fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "json" => BodyKind::Json,
            "form" => BodyKind::Form,
            "text" => BodyKind::Text,
            "bytes" => BodyKind::Bytes,
            "multipart" => BodyKind::Multipart,
            _ => return None,
        })
    }

    /// The media type the body is read as.
    pub fn content_type(self) -> &'static str {
        match self {
            BodyKind::Json => "application/json",
            BodyKind::Form => "application/x-www-form-urlencoded",
            BodyKind::Text => "text/plain",
            BodyKind::Bytes => "application/octet-stream",
            BodyKind::Multipart => "multipart/form-data",
        }
    }
}

/// Where a handler argument comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamSource {
    /// `#[param]` / `#[param("name")]`: a `:name` or `*name` path capture.
    Path(String),
    /// `#[query]`: the whole query string into a struct.
    QueryAll,
    /// `#[query("name")]`: one query parameter.
    Query(String),
    /// `#[body]`, `#[body(form)]`, …
    Body(BodyKind),
    /// `#[header("x-request-id")]`: one request header.
    Header(String),
    /// `#[req]`: the request head (method, URI, headers).
    Request,
    /// `#[cookie("session")]`: one cookie of the `Cookie` header.
    Cookie(String),
    /// No attribute: a type implementing `tether::FromRequest` (a current
    /// user, a tenant, app state) reads itself from the request.
    Extractor,
}

/// Every parameter attribute name, for messages.
pub const PARAM_ATTRS: &str =
    "#[param], #[query], #[body], #[header(\"name\")], #[cookie(\"name\")] or #[req]";

/// The name of an attribute when it is a single identifier or `tether::name`.
pub fn tether_attr_name(attr: &Attribute) -> Option<String> {
    let path = attr.path();
    let segs: Vec<_> = path.segments.iter().collect();
    match segs.as_slice() {
        [one] => Some(one.ident.to_string()),
        [krate, one] if krate.ident == "tether" => Some(one.ident.to_string()),
        _ => None,
    }
}

/// An identifier as written without its `r#` (`r#type` → `type`): the name
/// a raw identifier stands for, in every place a name is shown or sent.
pub fn ident_name(ident: &syn::Ident) -> String {
    syn::ext::IdentExt::unraw(ident).to_string()
}

/// The string of a `#[name = "…"]` attribute (`doc`, `path`, …).
pub fn name_value_str(attr: &Attribute) -> Option<String> {
    match &attr.meta {
        Meta::NameValue(nv) => lit_str(&nv.value).map(LitStr::value),
        _ => None,
    }
}

/// `key = "…"` inside an attribute's list: the key (empty unless one
/// identifier) and the string literal, if the value is one.
pub fn key_str(nv: &syn::MetaNameValue) -> (String, Option<&LitStr>) {
    let key = nv
        .path
        .get_ident()
        .map(|i| i.to_string())
        .unwrap_or_default();
    (key, lit_str(&nv.value))
}

/// The last `key = "…"` among the `#[serde(..)]` attributes in `attrs`
/// (`rename`, `rename_all`, …), as the literal written.
pub fn serde_str(attrs: &[Attribute], key: &str) -> Option<LitStr> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("serde"))
        .filter_map(|a| {
            a.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                .ok()
        })
        .flatten()
        .filter_map(|meta| match meta {
            Meta::NameValue(nv) => match key_str(&nv) {
                (k, Some(value)) if k == key => Some(value.clone()),
                _ => None,
            },
            _ => None,
        })
        .last()
}

/// The string literal an expression is, if it is one: the value of every
/// `key = "…"` in an attribute is read through here.
pub fn lit_str(expr: &Expr) -> Option<&LitStr> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => Some(s),
        _ => None,
    }
}

/// Parses an optional single string argument: `#[x]` or `#[x("…")]`.
fn optional_string(attr: &Attribute, what: &str, example: &str) -> syn::Result<Option<LitStr>> {
    match &attr.meta {
        Meta::Path(_) => Ok(None),
        Meta::List(list) => {
            let args = list.parse_args_with(Punctuated::<Expr, Token![,]>::parse_terminated)?;
            let mut iter = args.iter();
            match (iter.next(), iter.next()) {
                (None, _) => Ok(None),
                (Some(e), None) => lit_str(e).cloned().map(Some).ok_or_else(|| {
                    syn::Error::new_spanned(
                        e,
                        format!("{what} takes one string literal, e.g. `{example}`"),
                    )
                }),
                (Some(_), Some(extra)) => Err(syn::Error::new_spanned(
                    extra,
                    format!("{what} takes a single string argument, e.g. `{example}`"),
                )),
            }
        }
        Meta::NameValue(nv) => Err(syn::Error::new(
            nv.eq_token.span,
            format!("write {what} with parentheses, e.g. `{example}`"),
        )),
    }
}

/// Parses a path literal into a [`RoutePath`], errors spanned on the literal.
pub fn parse_path_lit(lit: Option<&LitStr>) -> syn::Result<RoutePath> {
    match lit {
        None => Ok(RoutePath::default()),
        Some(lit) => RoutePath::parse(&lit.value()).map_err(|e| syn::Error::new(lit.span(), e.0)),
    }
}

/// The argument of `#[controller]` / `#[controller("/users")]`.
pub struct ControllerArgs {
    /// The controller's base path.
    pub path: RoutePath,
    /// Span of the path literal (or the call site).
    pub span: Span,
}

impl Parse for ControllerArgs {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.is_empty() {
            return Ok(ControllerArgs {
                path: RoutePath::default(),
                span: Span::call_site(),
            });
        }
        let expr: Expr = input.parse()?;
        let lit = lit_str(&expr).ok_or_else(|| {
            syn::Error::new_spanned(&expr,
                "#[controller] takes the base path as a string literal, e.g. `#[controller(\"/users\")]`",
            )
        })?;
        if !input.is_empty() {
            return Err(input.error(
                "#[controller] takes a single string argument, e.g. `#[controller(\"/users\")]`; set versions with `#[version(\"1\")]` on the impl",
            ));
        }
        Ok(ControllerArgs {
            path: parse_path_lit(Some(lit))?,
            span: lit.span(),
        })
    }
}

/// A parsed `#[get("/:id")]` (or any route attribute).
pub struct RouteAttr {
    /// The HTTP method.
    pub method: HttpMethod,
    /// The sub-path below the controller's path.
    pub path: RoutePath,
    /// Span of the attribute.
    pub span: Span,
    /// The attribute itself, for errors spanning all of it.
    pub attr: Attribute,
}

/// Parses a route attribute, if `attr` is one.
pub fn parse_route_attr(attr: &Attribute) -> Option<syn::Result<RouteAttr>> {
    let method = HttpMethod::from_attr_name(&tether_attr_name(attr)?)?;
    let name = method.attr_name();
    let example = format!("#[{name}(\"/:id\")]");
    Some(
        optional_string(attr, &format!("#[{name}]"), &example).and_then(|lit| {
            Ok(RouteAttr {
                method,
                path: parse_path_lit(lit.as_ref())?,
                span: attr.span(),
                attr: attr.clone(),
            })
        }),
    )
}

/// The expressions of `#[name(a, b, …)]`, at least one; else the error
/// `not_a_list` (at the attribute) or `empty` (at the list).
pub(crate) fn nonempty_args(
    attr: &Attribute,
    not_a_list: String,
    empty: String,
) -> syn::Result<Punctuated<Expr, Token![,]>> {
    let Meta::List(list) = &attr.meta else {
        return Err(syn::Error::new_spanned(attr, not_a_list));
    };
    let args = list.parse_args_with(Punctuated::<Expr, Token![,]>::parse_terminated)?;
    if args.is_empty() {
        return Err(syn::Error::new_spanned(list, empty));
    }
    Ok(args)
}

/// Parses `#[version("1", "2")]` or `#[version(neutral)]`.
pub fn parse_version_attr(attr: &Attribute) -> syn::Result<VersionSpec> {
    const EXAMPLE: &str =
        "`#[version(\"2\")]`, `#[version(\"1\", \"2\")]` or `#[version(neutral)]`";
    let list = match &attr.meta {
        Meta::List(list) => list,
        _ => {
            return Err(syn::Error::new_spanned(
                attr,
                format!("#[version] needs at least one version: {EXAMPLE}"),
            ))
        }
    };
    let args = list.parse_args_with(Punctuated::<Expr, Token![,]>::parse_terminated)?;
    if args.is_empty() {
        return Err(syn::Error::new(
            list.delimiter.span().join(),
            format!("#[version] needs at least one version: {EXAMPLE}"),
        ));
    }
    let mut versions = Vec::new();
    for arg in &args {
        let version = match arg {
            Expr::Path(p) if p.path.is_ident("neutral") || p.path.is_ident("NEUTRAL") => {
                Version::Neutral
            }
            other => {
                let Some(lit) = lit_str(other) else {
                    let hint = match other {
                        Expr::Lit(ExprLit {
                            lit: Lit::Int(i), ..
                        }) => format!(
                            "write the version as a string: `#[version(\"{}\")]`",
                            i.base10_digits()
                        ),
                        _ => format!("a version is a string literal or `neutral`: {EXAMPLE}"),
                    };
                    return Err(syn::Error::new_spanned(other, hint));
                };
                validate_version(&lit.value()).map_err(|e| syn::Error::new(lit.span(), e))?;
                Version::Exact(lit.value().into())
            }
        };
        if versions.contains(&version) {
            return Err(syn::Error::new_spanned(
                arg,
                "this version is listed twice; list each version once",
            ));
        }
        versions.push(version);
    }
    Ok(VersionSpec::Versions(versions.into()))
}

/// Parses `#[http_code(204)]`, Nest's `@HttpCode`.
pub fn parse_http_code_attr(attr: &Attribute) -> syn::Result<u16> {
    const HINT: &str =
        "#[http_code] takes a status code between 100 and 599, e.g. `#[http_code(204)]`";
    let Meta::List(list) = &attr.meta else {
        return Err(syn::Error::new_spanned(attr, HINT));
    };
    let lit: syn::LitInt = list
        .parse_args()
        .map_err(|e| syn::Error::new(e.span(), HINT))?;
    match lit.base10_parse::<u16>() {
        Ok(code) if (100..=599).contains(&code) => Ok(code),
        _ => Err(syn::Error::new(lit.span(), HINT)),
    }
}

/// Parses one parameter attribute, if `attr` is one of tether's; `arg_name`
/// is the argument's own name, used when `#[param]` names no capture.
pub fn parse_param_attr(attr: &Attribute, arg_name: &str) -> Option<syn::Result<ParamSource>> {
    let name = tether_attr_name(attr)?;
    let parsed = match name.as_str() {
        "param" => optional_string(attr, "#[param]", "#[param(\"id\")]")
            .map(|lit| ParamSource::Path(lit.map_or(arg_name.to_string(), |l| l.value()))),
        "query" => optional_string(attr, "#[query]", "#[query(\"page\")]")
            .map(|lit| lit.map_or(ParamSource::QueryAll, |l| ParamSource::Query(l.value()))),
        "header" => {
            optional_string(attr, "#[header]", "#[header(\"x-request-id\")]").and_then(|lit| {
                match lit {
                    Some(l) if !l.value().is_empty() => Ok(ParamSource::Header(l.value())),
                    _ => Err(syn::Error::new_spanned(
                        attr,
                        "#[header] needs the header's name, e.g. `#[header(\"x-request-id\")]`",
                    )),
                }
            })
        }
        "cookie" => optional_string(attr, "#[cookie]", "#[cookie(\"session\")]").and_then(|lit| {
            match lit {
                Some(l) if !l.value().is_empty() => Ok(ParamSource::Cookie(l.value())),
                _ => Err(syn::Error::new_spanned(
                    attr,
                    "#[cookie] needs the cookie's name, e.g. `#[cookie(\"session\")] session: Option<String>`",
                )),
            }
        }),
        "body" => parse_body_kind(attr).map(ParamSource::Body),
        "req" => match &attr.meta {
            Meta::Path(_) => Ok(ParamSource::Request),
            _ => Err(syn::Error::new_spanned(attr, "#[req] takes no arguments")),
        },
        _ => return None,
    };
    Some(parsed)
}

fn parse_body_kind(attr: &Attribute) -> syn::Result<BodyKind> {
    const HINT: &str = "#[body] takes one of `json` (the default), `form`, `text`, `bytes` or `multipart`, e.g. `#[body(form)]`";
    match &attr.meta {
        Meta::Path(_) => Ok(BodyKind::Json),
        Meta::List(list) => {
            let ident: syn::Ident = list
                .parse_args()
                .map_err(|e| syn::Error::new(e.span(), HINT))?;
            BodyKind::parse(&ident.to_string()).ok_or_else(|| syn::Error::new(ident.span(), HINT))
        }
        Meta::NameValue(nv) => Err(syn::Error::new_spanned(nv, HINT)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    #[test]
    fn string_values_and_raw_names() {
        let attrs: Vec<Attribute> = vec![
            parse_quote!(#[serde(default, rename = "a", with = "m")]),
            parse_quote!(#[doc = "text"]),
            parse_quote!(#[serde(rename(serialize = "s"), rename = "b")]),
        ];
        assert_eq!(
            serde_str(&attrs, "rename").map(|l| l.value()),
            Some("b".into())
        );
        assert_eq!(
            serde_str(&attrs, "with").map(|l| l.value()),
            Some("m".into())
        );
        assert!(serde_str(&attrs, "default").is_none());
        assert_eq!(name_value_str(&attrs[1]).as_deref(), Some("text"));
        assert!(lit_str(&parse_quote!(5)).is_none());
        let nv: syn::MetaNameValue = parse_quote!(feature = "tls");
        let (key, value) = key_str(&nv);
        assert_eq!(
            (key.as_str(), value.map(LitStr::value)),
            ("feature", Some("tls".into()))
        );
        let nv: syn::MetaNameValue = parse_quote!(a::b = 3);
        assert_eq!((key_str(&nv).0.as_str(), key_str(&nv).1), ("", None));
        assert_eq!(ident_name(&parse_quote!(r#type)), "type");
        assert_eq!(ident_name(&parse_quote!(plain)), "plain");
    }

    #[test]
    fn route_attrs() {
        let a: Attribute = parse_quote!(#[get("/:id")]);
        let r = parse_route_attr(&a).unwrap().unwrap();
        assert_eq!(r.method, HttpMethod::Get);
        assert_eq!(r.path.to_openapi(), "/{id}");
        let a: Attribute = parse_quote!(#[tether::post]);
        let r = parse_route_attr(&a).unwrap().unwrap();
        assert_eq!(
            (r.method, r.path.to_openapi()),
            (HttpMethod::Post, "/".into())
        );
        let a: Attribute = parse_quote!(#[serde(rename = "x")]);
        assert!(parse_route_attr(&a).is_none());
        let a: Attribute = parse_quote!(#[get(5)]);
        let e = parse_route_attr(&a).unwrap().err().unwrap();
        assert!(e.to_string().contains("string literal"));
    }

    #[test]
    fn version_attrs() {
        let a: Attribute = parse_quote!(#[version("1", neutral)]);
        assert_eq!(
            parse_version_attr(&a).unwrap(),
            VersionSpec::Versions(vec![Version::Exact("1".into()), Version::Neutral].into())
        );
        let a: Attribute = parse_quote!(#[version(2)]);
        assert!(parse_version_attr(&a)
            .unwrap_err()
            .to_string()
            .contains("#[version(\"2\")]"));
        let a: Attribute = parse_quote!(#[version]);
        assert!(parse_version_attr(&a).is_err());
        let a: Attribute = parse_quote!(#[version("1", "1")]);
        assert!(parse_version_attr(&a)
            .unwrap_err()
            .to_string()
            .contains("twice"));
    }

    #[test]
    fn param_attrs() {
        let p = |a: Attribute| parse_param_attr(&a, "arg").unwrap();
        assert_eq!(
            p(parse_quote!(#[param])).unwrap(),
            ParamSource::Path("arg".into())
        );
        assert_eq!(
            p(parse_quote!(#[param("id")])).unwrap(),
            ParamSource::Path("id".into())
        );
        assert_eq!(p(parse_quote!(#[query])).unwrap(), ParamSource::QueryAll);
        assert_eq!(
            p(parse_quote!(#[query("q")])).unwrap(),
            ParamSource::Query("q".into())
        );
        assert_eq!(
            p(parse_quote!(#[body(form)])).unwrap(),
            ParamSource::Body(BodyKind::Form)
        );
        assert_eq!(
            p(parse_quote!(#[body])).unwrap(),
            ParamSource::Body(BodyKind::Json)
        );
        assert_eq!(
            p(parse_quote!(#[header("X-A")])).unwrap(),
            ParamSource::Header("X-A".into())
        );
        assert!(p(parse_quote!(#[header])).is_err());
        assert!(p(parse_quote!(#[body(xml)])).is_err());
        assert_eq!(
            p(parse_quote!(#[cookie("session")])).unwrap(),
            ParamSource::Cookie("session".into())
        );
        assert!(p(parse_quote!(#[cookie])).is_err());
        let a: Attribute = parse_quote!(#[cookies]);
        assert!(parse_param_attr(&a, "x").is_none());
    }

    #[test]
    fn http_code() {
        let a: Attribute = parse_quote!(#[http_code(204)]);
        assert_eq!(parse_http_code_attr(&a).unwrap(), 204);
        let a: Attribute = parse_quote!(#[http_code(99)]);
        assert!(parse_http_code_attr(&a).is_err());
    }
}
