//! The checks across routes that need `[framework]`: versions written
//! with the URI prefix, a neutral route beside versioned ones under HEADER
//! versioning, and the same method and path twice.

use super::model::{ControllerModel, RouteModel};
use crate::errors::Errors;
use crate::versioning::{neutral_beside_versioned, Framework, Version, VersionSpec};

impl ControllerModel {
    /// `#[version("v2")]` under URI versioning with the prefix `v`: the
    /// segment is the prefix followed by the version, so the route would be
    /// served and documented under `/vv2`. One error at each such
    /// `#[version]` attribute, of the impl or of a method.
    pub fn check_version_prefixes(&self, framework: &Framework) -> Vec<syn::Error> {
        let Some(prefix) = framework.uri_version_prefix() else {
            return Vec::new();
        };
        let own = std::iter::once((&self.version, &self.version_attr));
        let routes = self.routes.iter().map(|r| (&r.version, &r.version_attr));
        own.chain(routes)
            .filter_map(|(spec, attr)| {
                let doubled = prefixed_version(spec, prefix)?;
                let attr = attr.as_ref()?;
                let bare = &doubled[prefix.len()..];
                Some(syn::Error::new_spanned(attr, format!(
                    "version `{doubled}` would be served under `/{prefix}{doubled}`: the URI segment is the versioning prefix `{prefix}` followed by the version; write `#[version(\"{bare}\")]` (the prefix is `[framework.versioning] prefix` in tether.toml)"
                )))
            })
            .collect()
    }

    /// Routes of this controller that put a neutral route beside a
    /// versioned one on the same method and path under HEADER versioning
    /// (see [`crate::versioning::neutral_beside_versioned`]), each at the
    /// neutral route's attribute.
    pub fn check_neutral_routes(&self, framework: &Framework) -> Vec<syn::Error> {
        let mut errors = Vec::new();
        for (i, a) in self.routes.iter().enumerate() {
            for b in &self.routes[i + 1..] {
                if let Some((neutral, other)) = neutral_pair(self, framework, a, b) {
                    errors.push(syn::Error::new_spanned(
                        &neutral.attr,
                        neutral_beside_versioned(
                            &neutral.fn_ident.to_string(),
                            &other.fn_ident.to_string(),
                            &format!("{} {}", a.method.as_str(), a.full_path),
                        ),
                    ));
                }
            }
        }
        errors
    }
}

/// The first version of `spec` written with `prefix` in front of a
/// number (`"v2"` when the prefix is `v`), which URI versioning would
/// prefix a second time.
fn prefixed_version<'a>(spec: &'a VersionSpec, prefix: &str) -> Option<&'a str> {
    let VersionSpec::Versions(list) = spec else {
        return None;
    };
    list.iter().find_map(|v| match v {
        Version::Exact(s) => {
            let rest = s
                .get(..prefix.len())?
                .eq_ignore_ascii_case(prefix)
                .then(|| &s[prefix.len()..])?;
            rest.starts_with(|c: char| c.is_ascii_digit())
                .then_some(&**s)
        }
        Version::Neutral => None,
    })
}

/// `(neutral, versioned)` when `a` and `b` clash so.
fn neutral_pair<'r>(
    c: &ControllerModel,
    framework: &Framework,
    a: &'r RouteModel,
    b: &'r RouteModel,
) -> Option<(&'r RouteModel, &'r RouteModel)> {
    neutral_beside(framework, (c, a), (c, b))
        .map(|a_neutral| if a_neutral { (a, b) } else { (b, a) })
}

/// Whether route `a` of its controller and route `b` of its controller
/// put a neutral route beside a versioned one on one method and path under
/// HEADER versioning: `Some(true)` when `a` is the neutral one.
pub fn neutral_beside(
    framework: &Framework,
    (ca, a): (&ControllerModel, &RouteModel),
    (cb, b): (&ControllerModel, &RouteModel),
) -> Option<bool> {
    let (va, vb) = (a.effective_version(ca), b.effective_version(cb));
    let same_route = a.method == b.method && a.full_path.to_matchit() == b.full_path.to_matchit();
    if !same_route || !framework.neutral_beside_versioned(&va, &vb) {
        return None;
    }
    Some(matches!(&va, VersionSpec::Versions(l) if l.contains(&Version::Neutral)))
}

fn versions_overlap(a: &VersionSpec, b: &VersionSpec) -> bool {
    match (a, b) {
        (VersionSpec::Versions(x), VersionSpec::Versions(y)) => x.iter().any(|v| y.contains(v)),
        _ => a == b,
    }
}

pub(super) fn check_duplicate(route: &RouteModel, earlier: &[RouteModel], errors: &mut Errors) {
    let clash = earlier.iter().find(|r| {
        r.method == route.method
            && r.full_path.to_matchit() == route.full_path.to_matchit()
            && versions_overlap(&r.version, &route.version)
    });
    if let Some(first) = clash {
        errors.push(syn::Error::new_spanned(
            &route.attr,
            format!(
                "duplicate route: `{}` already handles {} {}; change the path or give the methods different `#[version]`s",
                first.fn_ident,
                route.method.attr_name().to_uppercase(),
                route.full_path
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::test_support::model;
    use syn::parse_quote;

    #[test]
    fn neutral_route_beside_versioned_under_header_is_refused_at_the_neutral_route() {
        use crate::versioning::{Versioning, VersioningKind};
        let m = model(
            r#""/notes""#,
            parse_quote! {
                impl Notes {
                    #[get]
                    async fn list(&self) -> String { todo!() }
                    #[get]
                    #[version("2")]
                    async fn list_v2(&self) -> String { todo!() }
                    #[get]
                    #[version(neutral)]
                    async fn list_any(&self) -> String { todo!() }
                    #[get("/other")]
                    #[version(neutral)]
                    async fn other(&self) -> String { todo!() }
                }
            },
        )
        .unwrap();
        let header = Framework {
            global_prefix: None,
            global_prefix_exclude: Default::default(),
            versioning: Some(Versioning {
                default_version: Some("1".into()),
                ..Versioning::new(VersioningKind::Header)
            }),
        };
        let errors = m.check_neutral_routes(&header);
        assert_eq!(errors.len(), 2, "list and list_v2 each clash with list_any");
        let e = errors[0].to_string();
        assert!(
            e.contains("`list_any` (#[version(neutral)]) and `list` both answer GET /notes"),
            "{e}"
        );
        assert!(e.contains("a path of its own"), "{e}");
        let uri = Framework {
            versioning: Some(Versioning::new(VersioningKind::Uri)),
            ..header
        };
        assert!(m.check_neutral_routes(&uri).is_empty());
    }

    /// `#[version("v2")]` under URI versioning with the prefix `v` would be
    /// served under `/vv2`: refused at each such attribute, of the impl and
    /// of a method; left alone under HEADER versioning, an empty prefix, or
    /// a version that is not the prefix followed by a number.
    #[test]
    fn version_written_with_the_uri_prefix_is_refused() {
        use crate::versioning::{Versioning, VersioningKind};
        let m = model(
            r#""/notes""#,
            parse_quote! {
                #[version("v1")]
                impl Notes {
                    #[get]
                    async fn list(&self) -> String { todo!() }
                    #[get("/:id")]
                    #[version("2", "V3")]
                    async fn find(&self, #[param] id: u64) -> String { todo!() }
                    #[get("/x")]
                    #[version("vintage")]
                    async fn other(&self) -> String { todo!() }
                }
            },
        )
        .unwrap();
        let uri = |prefix: &str| Framework {
            global_prefix: None,
            global_prefix_exclude: Default::default(),
            versioning: Some(Versioning {
                prefix: prefix.to_string().into(),
                ..Versioning::new(VersioningKind::Uri)
            }),
        };
        let errors: Vec<String> = m
            .check_version_prefixes(&uri("v"))
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].contains("`/vv1`") && errors[0].contains(r#"`#[version("1")]`"#),
            "{}",
            errors[0]
        );
        assert!(
            errors[1].contains("`/vV3`") && errors[1].contains(r#"`#[version("3")]`"#),
            "{}",
            errors[1]
        );
        assert!(m.check_version_prefixes(&uri("")).is_empty());
        assert_eq!(
            m.check_version_prefixes(&uri("V")).len(),
            2,
            "the prefix is matched in any case"
        );
        let header = Framework {
            versioning: Some(Versioning::new(VersioningKind::Header)),
            ..uri("v")
        };
        assert!(m.check_version_prefixes(&header).is_empty());
    }

    #[test]
    fn duplicate_routes_unless_versions_differ() {
        let ok = model(
            r#""/x""#,
            parse_quote! {
                impl X {
                    #[get] #[version("1")] async fn a(&self) {}
                    #[get] #[version("2")] async fn b(&self) {}
                }
            },
        );
        assert!(ok.is_ok());
        let e = model(
            r#""/x""#,
            parse_quote! {
                impl X {
                    #[get("/:id")] async fn a(&self, #[param] id: u8) {}
                    #[get("/:id")] async fn b(&self, #[param] id: u8) {}
                }
            },
        )
        .unwrap_err();
        assert!(e.contains("duplicate route"), "{e}");
    }
}
