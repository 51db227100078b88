//! `#[cfg(..)]` on modules and items, evaluated the way the crate is being
//! compiled: `build.rs` sees the enabled features (`CARGO_FEATURE_*`) and
//! the target (`CARGO_CFG_*`). `cfg(test)` is false; what cannot be known
//! is taken as true, so nothing is dropped by guessing.

use std::collections::{BTreeMap, BTreeSet};
use syn::punctuated::Punctuated;
use syn::{Attribute, Meta, Token};
use tether_model::attrs::key_str;

/// The configuration a crate is compiled with.
#[derive(Debug, Clone, Default)]
pub struct CfgEnv {
    /// Enabled features, lower-case with `-` (as written in `Cargo.toml`).
    pub features: Option<BTreeSet<String>>,
    /// `target_os = "linux"` and friends: key to values.
    pub values: BTreeMap<String, BTreeSet<String>>,
}

impl CfgEnv {
    /// Reads the configuration cargo passes to build scripts; outside a
    /// build script (no `CARGO_CFG_*`) every unknown predicate is true.
    pub fn from_build_env() -> Self {
        let mut env = CfgEnv::default();
        let mut features = BTreeSet::new();
        let mut in_build_script = false;
        for (key, value) in std::env::vars() {
            if let Some(feature) = key.strip_prefix("CARGO_FEATURE_") {
                features.insert(feature.to_lowercase().replace('_', "-"));
            } else if let Some(name) = key.strip_prefix("CARGO_CFG_") {
                in_build_script = true;
                let name = name.to_lowercase();
                let set = env.values.entry(name).or_default();
                set.extend(
                    value
                        .split(',')
                        .filter(|v| !v.is_empty())
                        .map(str::to_string),
                );
            }
        }
        if in_build_script {
            env.features = Some(features);
        }
        env
    }

    /// Whether every `#[cfg]` among `attrs` holds.
    pub fn enabled(&self, attrs: &[Attribute]) -> bool {
        attrs
            .iter()
            .filter(|a| a.path().is_ident("cfg"))
            .all(|a| match &a.meta {
                Meta::List(list) => list.parse_args::<Meta>().map_or(true, |m| self.eval(&m)),
                _ => true,
            })
    }

    fn eval(&self, meta: &Meta) -> bool {
        match meta {
            Meta::Path(p) => {
                let name = p.get_ident().map(|i| i.to_string()).unwrap_or_default();
                match name.as_str() {
                    "test" | "doc" | "doctest" | "miri" => false,
                    _ => self.features.is_none() || self.values.contains_key(&name),
                }
            }
            Meta::NameValue(nv) => {
                let (key, Some(value)) = key_str(nv) else {
                    return true;
                };
                let value = value.value();
                if key == "feature" {
                    return self
                        .features
                        .as_ref()
                        .is_none_or(|f| f.contains(&value.to_lowercase().replace('_', "-")));
                }
                self.values.get(&key).is_none_or(|set| set.contains(&value))
            }
            Meta::List(list) => {
                let name = list
                    .path
                    .get_ident()
                    .map(|i| i.to_string())
                    .unwrap_or_default();
                let Ok(args) =
                    list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                else {
                    return true;
                };
                match name.as_str() {
                    "all" => args.iter().all(|m| self.eval(m)),
                    "any" => args.iter().any(|m| self.eval(m)),
                    "not" => !args.first().is_some_and(|m| self.eval(m)),
                    _ => true,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    fn env() -> CfgEnv {
        let mut env = CfgEnv {
            features: Some(["admin".to_string()].into()),
            ..CfgEnv::default()
        };
        env.values
            .insert("target_os".into(), ["linux".to_string()].into());
        env.values.insert("unix".into(), BTreeSet::new());
        env
    }

    #[test]
    fn features_tests_and_targets() {
        let e = env();
        let yes: Vec<Attribute> = vec![parse_quote!(#[cfg(feature = "admin")])];
        let no: Vec<Attribute> = vec![parse_quote!(#[cfg(feature = "billing")])];
        let test: Vec<Attribute> = vec![parse_quote!(#[cfg(test)])];
        let not_test: Vec<Attribute> = vec![parse_quote!(#[cfg(not(test))])];
        let os: Vec<Attribute> =
            vec![parse_quote!(#[cfg(all(target_os = "linux", any(unix, foo)))])];
        let win: Vec<Attribute> = vec![parse_quote!(#[cfg(target_os = "windows")])];
        assert!(e.enabled(&yes));
        assert!(!e.enabled(&no));
        assert!(!e.enabled(&test));
        assert!(e.enabled(&not_test));
        assert!(e.enabled(&os));
        assert!(!e.enabled(&win));
        assert!(CfgEnv::default().enabled(&no), "unknown features are kept");
    }
}
