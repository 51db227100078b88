//! Security requirements: the alternatives an operation accepts.

use super::{At, Cx, Side};
use crate::diff::Level;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

impl<'d> Cx<'d> {
    pub(super) fn security(&mut self, o: &Value, n: &Value, at: &At) {
        let old = security_of(self.old.root, o);
        let new = security_of(self.new.root, n);
        if old == new {
            return;
        }
        let a = at.key("security", "security");
        let open = |alts: &[BTreeMap<String, BTreeSet<String>>]| {
            alts.is_empty() || alts.iter().any(|m| m.is_empty())
        };
        // Every way the old client authenticates must still be enough: some
        // new alternative asks for no more schemes and no more scopes.
        let enough = |old_alt: &BTreeMap<String, BTreeSet<String>>| {
            new.iter().any(|n| {
                n.iter().all(|(scheme, scopes)| {
                    old_alt.get(scheme).is_some_and(|s| scopes.is_subset(s))
                })
            })
        };
        if open(&new) {
            self.push(
                Level::Compatible,
                "security-removed",
                &a,
                Side::New,
                "the operation no longer requires authentication".into(),
            );
        } else if open(&old) {
            let names: Vec<_> = new
                .iter()
                .map(|m| m.keys().cloned().collect::<Vec<_>>().join(" + "))
                .collect();
            self.push(
                Level::Breaking,
                "security-added",
                &a,
                Side::New,
                format!(
                    "the operation now requires authentication ({})",
                    names.join(" or ")
                ),
            );
        } else if old.iter().all(enough) {
            self.push(
                Level::Compatible,
                "security-loosened",
                &a,
                Side::New,
                "the operation accepts more ways to authenticate".into(),
            );
        } else {
            self.push(Level::Breaking, "security-changed", &a, Side::New, "the operation's security requirement asks for a scheme or scope an old client may not have".into());
        }
    }
}

/// The security alternatives that apply to an operation: its own, else the document's.
fn security_of(root: &Value, op: &Value) -> Vec<BTreeMap<String, BTreeSet<String>>> {
    let list = op.get("security").or_else(|| root.get("security"));
    let Some(list) = list.and_then(Value::as_array) else {
        return vec![];
    };
    let mut out: Vec<_> = list
        .iter()
        .filter_map(Value::as_object)
        .map(|m| {
            m.iter()
                .map(|(k, v)| {
                    (
                        k.clone(),
                        v.as_array()
                            .map(|a| {
                                a.iter()
                                    .filter_map(Value::as_str)
                                    .map(String::from)
                                    .collect()
                            })
                            .unwrap_or_default(),
                    )
                })
                .collect::<BTreeMap<_, _>>()
        })
        .collect();
    out.sort();
    out.dedup();
    out
}
