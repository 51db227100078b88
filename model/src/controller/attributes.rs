//! The attributes tether reads on a controller and its methods: their
//! names, doc comments, pipeline attributes, `#[tags]`, and those shared
//! by methods and the impl block.

use super::model::{Deprecation, PipelineAttr, PipelineKind};
use crate::attrs::{parse_version_attr, tether_attr_name};
use crate::errors::Errors;
use crate::security::{parse_metadata_attr, parse_public_attr, parse_security_attr, SecuritySpec};
use crate::versioning::VersionSpec;
use syn::{Attribute, Type};

/// Rust's `#[deprecated]` among `attrs`, with its note: `#[deprecated =
/// "…"]` or `#[deprecated(note = "…")]`.
pub fn deprecation(attrs: &[Attribute]) -> Option<Deprecation> {
    let attr = attrs.iter().find(|a| a.path().is_ident("deprecated"))?;
    let note = match &attr.meta {
        syn::Meta::NameValue(_) => crate::attrs::name_value_str(attr),
        syn::Meta::List(_) => attr
            .parse_args_with(
                syn::punctuated::Punctuated::<syn::MetaNameValue, syn::Token![,]>::parse_terminated,
            )
            .ok()
            .and_then(|list| {
                list.iter().find_map(|nv| match crate::attrs::key_str(nv) {
                    (key, Some(s)) if key == "note" => Some(s.value()),
                    _ => None,
                })
            }),
        syn::Meta::Path(_) => None,
    };
    Some(Deprecation {
        note: note.map(|n| n.trim().to_string()).filter(|n| !n.is_empty()),
    })
}

/// Names of tether's method attributes, for "did you mean" hints.
pub(super) const METHOD_ATTRS: [&str; 19] = [
    "get",
    "post",
    "put",
    "delete",
    "patch",
    "options",
    "head",
    "all",
    "version",
    "http_code",
    "use_guards",
    "use_interceptors",
    "use_pipes",
    "use_filters",
    "metadata",
    "security",
    "public",
    "tags",
    "errors",
];

/// Whether `attr` is one that `#[controller]` consumes from a method,
/// the impl block or an argument (and must strip before emitting).
pub fn is_tether_attr(attr: &Attribute) -> bool {
    tether_attr_name(attr).is_some_and(|n| {
        METHOD_ATTRS.contains(&n.as_str())
            || matches!(
                n.as_str(),
                "param" | "query" | "body" | "header" | "cookie" | "req"
            )
    })
}

/// Doc comment lines of an item, each trimmed of one leading space.
pub fn doc_lines(attrs: &[Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(crate::attrs::name_value_str)
        .map(|l| l.strip_prefix(' ').unwrap_or(&l).to_string())
        .collect()
}

/// A doc comment split as rustdoc shows it: the summary is the first
/// paragraph with its line breaks joined by spaces (a wrapped sentence stays
/// whole), the description is every later paragraph. `None` when there are
/// no docs.
pub fn doc_summary(lines: &[String]) -> Option<(String, Option<String>)> {
    let text = lines.join("\n");
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let mut paragraphs = text.splitn(2, "\n\n");
    let first = paragraphs.next().unwrap_or_default();
    let summary = first.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    let description = paragraphs
        .next()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(str::to_string);
    Some((summary, description))
}

pub(super) fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

fn parse_pipeline(attr: &Attribute, kind: PipelineKind) -> syn::Result<PipelineAttr> {
    let name = tether_attr_name(attr).unwrap_or_default();
    let hint = format!("#[{name}] lists one or more expressions, e.g. `#[{name}(AuthGuard)]`");
    let syn::Meta::List(list) = &attr.meta else {
        return Err(syn::Error::new_spanned(attr, hint));
    };
    let exprs = list.parse_args_with(
        syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
    )?;
    if exprs.is_empty() {
        return Err(syn::Error::new_spanned(list, hint));
    }
    Ok(PipelineAttr {
        kind,
        exprs: exprs.into_iter().collect(),
    })
}

const ERRORS_EXAMPLE: &str = "`#[errors(ProjectError::NoProject, ProjectError::KeyTaken)]`";

/// Parses `#[errors(ProjectError::NoProject, ProjectError::KeyTaken)]`:
/// the variants of the route's error enum that it answers, each named
/// with its enum.
pub(super) fn parse_errors_attr(attr: &Attribute) -> syn::Result<Vec<syn::Path>> {
    let hint = format!(
        "#[errors] lists the variants of the route's error enum it answers: {ERRORS_EXAMPLE}"
    );
    let syn::Meta::List(list) = &attr.meta else {
        return Err(syn::Error::new_spanned(attr, hint));
    };
    let paths = list.parse_args_with(
        syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
    )?;
    if paths.is_empty() {
        return Err(syn::Error::new_spanned(list, hint));
    }
    for p in &paths {
        if p.segments.len() < 2 {
            return Err(syn::Error::new_spanned(
                p,
                format!("name the variant with its enum: {ERRORS_EXAMPLE}"),
            ));
        }
    }
    Ok(paths.into_iter().collect())
}

const TAGS_EXAMPLE: &str = "`#[tags(\"admin\")]` or several: `#[tags(\"admin\", \"books\")]`";

/// Parses `#[tags("admin", "books")]`: the document's tags, each a
/// non-empty string literal.
fn parse_tags_attr(attr: &Attribute) -> syn::Result<Vec<String>> {
    let lits = crate::attrs::nonempty_args(
        attr,
        format!("#[tags] lists the document's tags of the routes: {TAGS_EXAMPLE}"),
        format!("#[tags] needs at least one tag: {TAGS_EXAMPLE}"),
    )?;
    lits.iter()
        .map(|e| match e {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) if !s.value().trim().is_empty() => Ok(s.value()),
            other => Err(syn::Error::new_spanned(
                other,
                format!("a tag is a non-empty string literal: {TAGS_EXAMPLE}"),
            )),
        })
        .collect()
}

/// Attributes shared by methods and the impl block.
#[derive(Default)]
pub(super) struct CommonAttrs {
    pub(super) version: Option<VersionSpec>,
    pub(super) version_attr: Option<Attribute>,
    pub(super) pipeline: Vec<PipelineAttr>,
    pub(super) metadata: Vec<syn::Expr>,
    pub(super) security: Option<SecuritySpec>,
    pub(super) tags: Vec<String>,
}

impl CommonAttrs {
    /// Reads `attr` if it is `#[version]` or a pipeline attribute.
    pub(super) fn read(&mut self, attr: &Attribute, errors: &mut Errors) -> bool {
        let Some(name) = tether_attr_name(attr) else {
            return false;
        };
        if name == "version" {
            if self.version.is_some() {
                errors.push(syn::Error::new_spanned(attr,
                    "#[version] is given twice; list all versions in one attribute: `#[version(\"1\", \"2\")]`",
                ));
            } else if let Some(v) = errors.ok(parse_version_attr(attr)) {
                self.version = Some(v);
                self.version_attr = Some(attr.clone());
            }
            return true;
        }
        if name == "tags" {
            if let Some(tags) = errors.ok(parse_tags_attr(attr)) {
                for tag in tags {
                    if !self.tags.contains(&tag) {
                        self.tags.push(tag);
                    }
                }
            }
            return true;
        }
        if name == "metadata" {
            if let Some(values) = errors.ok(parse_metadata_attr(attr)) {
                self.metadata.extend(values);
            }
            return true;
        }
        if name == "security" || name == "public" {
            let parsed = if name == "public" {
                parse_public_attr(attr)
            } else {
                parse_security_attr(attr)
            };
            if self.security.is_some() {
                errors.push(syn::Error::new_spanned(attr,
                    "give `#[security(..)]` or `#[public]` once; list alternative schemes in one attribute: `#[security(\"bearer\", \"api_key\")]`",
                ));
            } else if let Some(spec) = errors.ok(parsed) {
                self.security = Some(spec);
            }
            return true;
        }
        if let Some(kind) = PipelineKind::from_attr_name(&name) {
            if let Some(p) = errors.ok(parse_pipeline(attr, kind)) {
                self.pipeline.push(p);
            }
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doc_summary_is_the_first_paragraph_like_rustdoc() {
        let lines = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        let (summary, description) = doc_summary(&lines(&[
            "Removes a book once its last copy",
            "has been sold.",
            "",
            "Kept on loan.",
            "Really.",
        ]))
        .unwrap();
        assert_eq!(summary, "Removes a book once its last copy has been sold.");
        assert_eq!(description.as_deref(), Some("Kept on loan.\nReally."));
        assert_eq!(
            doc_summary(&lines(&["One line."])),
            Some(("One line.".into(), None))
        );
        assert_eq!(doc_summary(&lines(&["", " "])), None);
    }

    #[test]
    fn i35_deprecated_is_read_with_its_note_in_every_form() {
        let note = |src: &str| {
            let item: syn::ItemFn = syn::parse_str(&format!("{src} fn f() {{}}")).unwrap();
            deprecation(&item.attrs).map(|d| d.note)
        };
        assert_eq!(note("#[deprecated]"), Some(None));
        assert_eq!(
            note("#[deprecated = \"use g\"]"),
            Some(Some("use g".into()))
        );
        assert_eq!(
            note("#[deprecated(since = \"1.2\", note = \" use g \")]"),
            Some(Some("use g".into()))
        );
        assert_eq!(note("#[deprecated(since = \"1.2\")]"), Some(None));
        assert_eq!(note("#[inline]"), None);
    }
}
