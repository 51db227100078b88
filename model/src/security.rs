//! `#[security("bearer")]`, `#[public]` and `#[metadata(..)]` (
//! E4): what a controller or a route requires and the typed values its
//! guards read.

use crate::attrs::nonempty_args;
use syn::{Attribute, Expr, ExprLit, Lit, LitStr, Meta};

/// What a route requires of the caller, from `#[security]` or `#[public]`.
#[derive(Debug, Clone)]
pub enum SecuritySpec {
    /// `#[public]`: nothing, whatever the controller requires.
    Public,
    /// `#[security("bearer", "api_key")]`: a credential of any one of these
    /// schemes of `tether.toml` (OpenAPI's alternatives).
    Schemes(Vec<LitStr>),
}

impl SecuritySpec {
    /// The scheme names, empty for a public route.
    pub fn names(&self) -> Vec<String> {
        match self {
            SecuritySpec::Public => Vec::new(),
            SecuritySpec::Schemes(list) => list.iter().map(LitStr::value).collect(),
        }
    }
}

const SECURITY_EXAMPLE: &str =
    "`#[security(\"bearer\")]` (a scheme of `[security.schemes]` in tether.toml), or several for alternatives: `#[security(\"bearer\", \"api_key\")]`";

/// Parses `#[security("name", …)]`.
pub fn parse_security_attr(attr: &Attribute) -> syn::Result<SecuritySpec> {
    let args = nonempty_args(
        attr,
        format!("#[security] names the schemes a route requires: {SECURITY_EXAMPLE}"),
        format!("#[security] needs at least one scheme: {SECURITY_EXAMPLE}"),
    )?;
    let mut names: Vec<LitStr> = Vec::new();
    for arg in &args {
        let lit = match arg {
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) => s.clone(),
            Expr::Path(p) if p.path.get_ident().is_some() => {
                let name = p.path.get_ident().expect("checked").to_string();
                return Err(syn::Error::new_spanned(
                    arg,
                    format!("write the scheme's name as a string: `#[security(\"{name}\")]`"),
                ));
            }
            other => {
                return Err(syn::Error::new_spanned(
                    other,
                    format!("a scheme is named by a string literal: {SECURITY_EXAMPLE}"),
                ))
            }
        };
        if names.iter().any(|n| n.value() == lit.value()) {
            return Err(syn::Error::new_spanned(
                arg,
                "this scheme is listed twice; list each scheme once",
            ));
        }
        names.push(lit);
    }
    Ok(SecuritySpec::Schemes(names))
}

/// Parses `#[public]`.
pub fn parse_public_attr(attr: &Attribute) -> syn::Result<SecuritySpec> {
    match &attr.meta {
        Meta::Path(_) => Ok(SecuritySpec::Public),
        _ => Err(syn::Error::new_spanned(
            attr,
            "#[public] takes no arguments: it lifts the controller's `#[security(..)]` from this route",
        )),
    }
}

const METADATA_EXAMPLE: &str = "define a type and give a value of it, e.g. `struct Roles(&'static [&'static str]);` then `#[metadata(Roles(&[\"admin\"]))]`; guards read it with `req.metadata::<Roles>()`";

/// Parses `#[metadata(Roles(&["admin"]), Audit)]`: typed values, each read
/// by guards through its type (Nest's `@SetMetadata` with the key being
/// the type).
pub fn parse_metadata_attr(attr: &Attribute) -> syn::Result<Vec<Expr>> {
    let args = nonempty_args(
        attr,
        format!("#[metadata] lists typed values: {METADATA_EXAMPLE}"),
        format!("#[metadata] needs at least one value: {METADATA_EXAMPLE}"),
    )?;
    if let Some(Expr::Lit(ExprLit {
        lit: Lit::Str(key), ..
    })) = args.first()
    {
        return Err(syn::Error::new_spanned(
            key,
            format!(
                "metadata is keyed by its type, not by a string like Nest's `@SetMetadata({:?}, ..)`: {METADATA_EXAMPLE}",
                key.value()
            ),
        ));
    }
    Ok(args.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    #[test]
    fn e4_security_attrs() {
        let a: Attribute = parse_quote!(#[security("bearer", "key")]);
        assert_eq!(parse_security_attr(&a).unwrap().names(), ["bearer", "key"]);
        for bad in [
            parse_quote!(#[security]),
            parse_quote!(#[security()]),
            parse_quote!(#[security(bearer)]),
            parse_quote!(#[security("a", "a")]),
        ] {
            assert!(parse_security_attr(&bad).is_err());
        }
        let a: Attribute = parse_quote!(#[public]);
        assert!(parse_public_attr(&a).unwrap().names().is_empty());
        let a: Attribute = parse_quote!(#[public(x)]);
        assert!(parse_public_attr(&a).is_err());
    }

    #[test]
    fn e3_metadata_attrs() {
        let a: Attribute = parse_quote!(#[metadata(Roles(&["admin"]), Audit)]);
        assert_eq!(parse_metadata_attr(&a).unwrap().len(), 2);
        let a: Attribute = parse_quote!(#[metadata("roles", ["admin"])]);
        let e = parse_metadata_attr(&a).unwrap_err().to_string();
        assert!(e.contains("keyed by its type"), "{e}");
        let a: Attribute = parse_quote!(#[metadata]);
        assert!(parse_metadata_attr(&a).is_err());
    }
}
