//! Object properties: added, removed, required, read/write-only.

use super::{empty_map, flag, At, Cx, Side};
use crate::diff::classify::Dir;
use crate::diff::resolve::{escape, Doc};
use crate::diff::Level;
use serde_json::{Map, Value};
use std::collections::BTreeSet;

impl<'d> Cx<'d> {
    pub(super) fn properties(
        &mut self,
        om: &Map<String, Value>,
        nm: &Map<String, Value>,
        dir: Dir,
        at: &At,
        depth: usize,
    ) {
        let empty = empty_map();
        let op = om
            .get("properties")
            .and_then(Value::as_object)
            .unwrap_or(empty);
        let np = nm
            .get("properties")
            .and_then(Value::as_object)
            .unwrap_or(empty);
        let names = |m: &Map<String, Value>| -> BTreeSet<String> {
            m.get("required")
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(Value::as_str)
                        .map(String::from)
                        .collect()
                })
                .unwrap_or_default()
        };
        let (oreq, nreq) = (names(om), names(nm));
        let w = dir.word();
        // Properties only the other side sees are not in this direction's contract.
        let hidden = |doc: &Doc<'_>, s: &Value| {
            let s = doc.resolve(s).0;
            match dir {
                Dir::Request => flag(s, "readOnly"),
                Dir::Response => flag(s, "writeOnly"),
            }
        };
        for (name, os) in op {
            let a = At {
                text: format!("{}.{name}", at.text),
                old: format!("{}/properties/{}", at.old, escape(name)),
                new: format!("{}/properties/{}", at.new, escape(name)),
            };
            let Some(ns) = np.get(name) else {
                if hidden(self.old, os) {
                    continue;
                }
                let (lvl, rule) = match dir {
                    Dir::Response if oreq.contains(name) => {
                        (Level::Breaking, "response-property-removed")
                    }
                    Dir::Response => (
                        Level::PossiblyBreaking,
                        "response-optional-property-removed",
                    ),
                    Dir::Request => (Level::PossiblyBreaking, "request-property-removed"),
                };
                self.push(
                    lvl,
                    rule,
                    &a,
                    Side::Old,
                    format!("the {w} property {name} was removed"),
                );
                continue;
            };
            if hidden(self.old, os) && hidden(self.new, ns) {
                continue;
            }
            match dir {
                Dir::Request if !oreq.contains(name) && nreq.contains(name) => {
                    self.push(
                        Level::Breaking,
                        "request-property-became-required",
                        &a,
                        Side::New,
                        format!("the request property {name} became required"),
                    );
                }
                Dir::Response if oreq.contains(name) && !nreq.contains(name) => {
                    self.push(
                        Level::Breaking,
                        "response-property-became-optional",
                        &a,
                        Side::New,
                        format!("the response property {name} became optional"),
                    );
                }
                _ => {}
            }
            self.schema(os, ns, dir, &a, depth + 1, false);
        }
        for (name, ns) in np {
            if op.contains_key(name) || hidden(self.new, ns) {
                continue;
            }
            let a = At {
                text: format!("{}.{name}", at.text),
                old: at.old.clone(),
                new: format!("{}/properties/{}", at.new, escape(name)),
            };
            // A default does not help: `required` makes the server refuse a body without it.
            if dir == Dir::Request && nreq.contains(name) {
                self.push(
                    Level::Breaking,
                    "request-property-added-required",
                    &a,
                    Side::New,
                    format!("a required request property {name} was added"),
                );
            } else {
                self.push(
                    Level::Compatible,
                    &format!("{w}-property-added"),
                    &a,
                    Side::New,
                    format!("the {w} property {name} was added"),
                );
            }
        }
    }
}
