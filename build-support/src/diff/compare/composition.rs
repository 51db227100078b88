//! allOf, oneOf and anyOf: parts matched across versions, allOf flattened.

use super::{at_name, empty_vec, has_keywords, kebab, At, Cx, Side};
use crate::diff::classify::{level, Dir, Effect};
use crate::diff::resolve::Doc;
use crate::diff::Level;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

impl<'d> Cx<'d> {
    /// allOf parts that say more than annotations: one added is one more
    /// constraint on the value.
    pub(super) fn all_of_parts(&mut self, o: &Value, n: &Value, dir: Dir, at: &At) {
        let parts = |doc: &Doc<'_>, s: &Value| {
            s.get("allOf").and_then(Value::as_array).map_or(0, |a| {
                a.iter()
                    .filter(|p| doc.resolve(p).0.as_object().is_some_and(has_keywords))
                    .count()
            })
        };
        let (op, np) = (parts(self.old, o), parts(self.new, n));
        if op != np {
            let w = dir.word();
            // What the removed part said is compared on the merged schema
            // (a property it brought is a property removed); an added part
            // is one more schema a request must satisfy.
            let (lvl, verb) = if np > op {
                (level(dir, Effect::Narrowed), "added")
            } else {
                (Level::Compatible, "removed")
            };
            let a = at.key("", "allOf");
            self.push(
                lvl,
                &format!("{w}-all-of-{verb}"),
                &a,
                Side::New,
                format!("an allOf part of the {w} schema{} was {verb}", at_name(at)),
            );
        }
    }

    pub(super) fn alternatives(
        &mut self,
        o: Option<&Value>,
        n: Option<&Value>,
        kw: &str,
        dir: Dir,
        at: &At,
        depth: usize,
    ) {
        let empty: &Vec<Value> = empty_vec();
        let (ol, nl) = (
            o.and_then(Value::as_array).unwrap_or(empty),
            n.and_then(Value::as_array).unwrap_or(empty),
        );
        if ol.is_empty() && nl.is_empty() {
            return;
        }
        let w = dir.word();
        let (oids, nids) = (alternative_ids(ol), alternative_ids(nl));
        let kebab_kw = kebab(kw);
        for (i, os) in ol.iter().enumerate() {
            let oid = oids[i].clone();
            let found = nl.iter().enumerate().find(|(j, _)| nids[*j] == oid);
            let a = At {
                text: format!("{} ({kw} {oid})", at.text.trim_end()),
                old: format!("{}/{kw}/{i}", at.old),
                new: at.new.clone(),
            };
            match found {
                Some((j, ns)) => {
                    let a = At {
                        new: format!("{}/{kw}/{j}", at.new),
                        ..a
                    };
                    self.schema(os, ns, dir, &a, depth + 1, false);
                }
                None => {
                    self.push(
                        level(dir, Effect::Narrowed),
                        &format!("{w}-{kebab_kw}-removed"),
                        &a,
                        Side::Old,
                        format!("the {kw} alternative {oid} was removed"),
                    );
                }
            }
        }
        for (j, nid) in nids.iter().enumerate() {
            if !oids.contains(nid) {
                let a = At {
                    text: format!("{} ({kw} {nid})", at.text.trim_end()),
                    old: at.old.clone(),
                    new: format!("{}/{kw}/{j}", at.new),
                };
                // A value may match several anyOf parts: one it knows still describes it.
                let lvl = match (kw, dir) {
                    ("anyOf", Dir::Response) => Level::PossiblyBreaking,
                    _ => level(dir, Effect::Widened),
                };
                self.push(
                    lvl,
                    &format!("{w}-{kebab_kw}-added"),
                    &a,
                    Side::New,
                    format!("the {kw} alternative {nid} was added"),
                );
            }
        }
    }
}

/// What names each oneOf/anyOf part across versions: the component it
/// refers to, else its title, else its position; a repeated one gets `#2`…
fn alternative_ids(list: &[Value]) -> Vec<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    list.iter()
        .enumerate()
        .map(|(i, v)| {
            let id = v
                .get("$ref")
                .and_then(Value::as_str)
                .map(|r| r.rsplit('/').next().unwrap_or(r).to_string())
                .or_else(|| v.get("title").and_then(Value::as_str).map(String::from))
                .unwrap_or_else(|| format!("#{i}"));
            let n = seen.entry(id.clone()).or_insert(0);
            *n += 1;
            if *n == 1 {
                id
            } else {
                format!("{id} #{n}")
            }
        })
        .collect()
}

/// `allOf` merged into one schema: properties, required names and the
/// keywords of each part (the first one that says a keyword wins).
pub(super) fn flatten(doc: &Doc<'_>, s: &Value, depth: usize) -> Value {
    let mut out = Map::new();
    let Some(m) = s.as_object() else {
        return s.clone();
    };
    let mut props = Map::new();
    let mut required: Vec<Value> = vec![];
    let absorb = |part: &Map<String, Value>,
                  out: &mut Map<String, Value>,
                  props: &mut Map<String, Value>,
                  required: &mut Vec<Value>| {
        for (k, v) in part {
            match k.as_str() {
                "allOf" => {}
                "properties" => {
                    if let Some(p) = v.as_object() {
                        for (pk, pv) in p {
                            props.entry(pk.clone()).or_insert_with(|| pv.clone());
                        }
                    }
                }
                "required" => {
                    for r in v.as_array().into_iter().flatten() {
                        if !required.contains(r) {
                            required.push(r.clone());
                        }
                    }
                }
                _ => {
                    out.entry(k.clone()).or_insert_with(|| v.clone());
                }
            }
        }
    };
    absorb(m, &mut out, &mut props, &mut required);
    if depth < 8 {
        for part in m
            .get("allOf")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let (part, _) = doc.resolve(part);
            let flat = flatten(doc, part, depth + 1);
            if let Some(fm) = flat.as_object() {
                absorb(fm, &mut out, &mut props, &mut required);
            }
        }
    }
    if !props.is_empty() {
        out.insert("properties".into(), Value::Object(props));
    }
    if !required.is_empty() {
        out.insert("required".into(), Value::Array(required));
    }
    Value::Object(out)
}
