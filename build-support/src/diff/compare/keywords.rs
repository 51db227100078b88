//! JSON Schema keywords that constrain a value, and schemas by key.

use super::{at_name, kebab, At, Cx, Side};
use crate::diff::classify::{level, Dir, Effect};
use crate::diff::resolve::escape;
use crate::diff::Level;
use serde_json::{Map, Value};

/// Keywords that constrain a value beyond type, properties and bounds.
const CONSTRAINING: [&str; 16] = [
    "const",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "prefixItems",
    "propertyNames",
    "patternProperties",
    "dependentRequired",
    "dependentSchemas",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
    "contentEncoding",
    "contentMediaType",
];

/// Those of them whose value is one schema, compared in turn when both sides have it.
const SUBSCHEMA: [&str; 8] = [
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
];

impl<'d> Cx<'d> {
    /// `patternProperties` or `dependentSchemas`: schemas by key.
    fn schema_map(
        &mut self,
        om: &Map<String, Value>,
        nm: &Map<String, Value>,
        kw: &str,
        dir: Dir,
        at: &At,
        depth: usize,
    ) {
        let w = dir.word();
        let name = kebab(kw);
        for (k, os) in om {
            let a = At {
                text: format!("{} ({kw} {k})", at.text),
                old: format!("{}/{}", at.old, escape(k)),
                new: format!("{}/{}", at.new, escape(k)),
            };
            match nm.get(k) {
                Some(ns) => self.schema(os, ns, dir, &a, depth + 1, false),
                None => self.push(
                    level(dir, Effect::Widened),
                    &format!("{w}-{name}-removed"),
                    &a,
                    Side::Old,
                    format!("`{kw}` `{k}` of the {w} schema was removed"),
                ),
            }
        }
        for k in nm.keys().filter(|k| !om.contains_key(*k)) {
            let a = At {
                text: format!("{} ({kw} {k})", at.text),
                old: at.old.clone(),
                new: format!("{}/{}", at.new, escape(k)),
            };
            self.push(
                level(dir, Effect::Narrowed),
                &format!("{w}-{name}-added"),
                &a,
                Side::New,
                format!("`{kw}` `{k}` was added to the {w} schema"),
            );
        }
    }

    /// JSON Schema keywords that constrain a value (`const`, `not`, `if`,
    /// `contains`, `prefixItems`, `dependentRequired`…): one added narrows
    /// what is allowed, one removed widens it, one changed may do both. The
    /// sub-schemas of those present on both sides are compared in turn.
    pub(super) fn keywords(
        &mut self,
        om: &Map<String, Value>,
        nm: &Map<String, Value>,
        dir: Dir,
        at: &At,
        depth: usize,
    ) {
        let w = dir.word();
        for kw in CONSTRAINING {
            let (ov, nv) = (om.get(kw), nm.get(kw));
            let a = at.key(&format!("({kw})"), kw);
            let a = At {
                text: at.text.clone(),
                ..a
            };
            let (effect, verb) = match (ov, nv) {
                (None, None) => continue,
                (Some(o), Some(n)) if o == n => continue,
                (None, Some(_)) => (Some(Effect::Narrowed), "added"),
                (Some(_), None) => (Some(Effect::Widened), "removed"),
                (Some(o), Some(n)) => {
                    if SUBSCHEMA.contains(&kw) && o.is_object() && n.is_object() {
                        let a = At {
                            text: format!("{} ({kw})", at.text),
                            ..a
                        };
                        self.schema(o, n, dir, &a, depth + 1, false);
                        continue;
                    }
                    if let ("dependentSchemas" | "patternProperties", Some(om), Some(nm)) =
                        (kw, o.as_object(), n.as_object())
                    {
                        self.schema_map(om, nm, kw, dir, &a, depth);
                        continue;
                    }
                    if kw == "prefixItems" {
                        if let (Some(ol), Some(nl)) = (o.as_array(), n.as_array()) {
                            if ol.len() == nl.len() {
                                for (i, (os, ns)) in ol.iter().zip(nl).enumerate() {
                                    let a = At {
                                        text: format!("{}[{i}]", at.text),
                                        old: format!("{}/{i}", a.old),
                                        new: format!("{}/{i}", a.new),
                                    };
                                    self.schema(os, ns, dir, &a, depth + 1, false);
                                }
                                continue;
                            }
                        }
                    }
                    (None, "changed")
                }
            };
            let lvl = effect.map_or(Level::Breaking, |e| level(dir, e));
            let side = if verb == "removed" {
                Side::Old
            } else {
                Side::New
            };
            let name = kebab(kw);
            self.push(
                lvl,
                &format!("{w}-{name}-{verb}"),
                &a,
                side,
                format!("`{kw}` of the {w} schema{} was {verb}", at_name(at)),
            );
        }
    }
}
