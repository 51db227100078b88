//! An operation's parameters: matched by name and place, required-ness,
//! defaults and schemas.

use super::operations::placeholders;
use super::{flag, opt, At, Cx, Side};
use crate::diff::classify::Dir;
use crate::diff::resolve::{escape, Doc};
use crate::diff::Level;
use serde_json::Value;

impl<'d> Cx<'d> {
    /// The parameters an operation takes: its path item's, overridden by its own.
    fn params_of<'v>(
        doc: &'v Doc<'v>,
        path: &str,
        item: &'v Value,
        op: &'v Value,
    ) -> Vec<((String, String), &'v Value, String)> {
        let holes = placeholders(path);
        let mut out: Vec<((String, String), &'v Value, String)> = vec![];
        for (owner, base) in [(item, "../parameters"), (op, "parameters")] {
            let Some(list) = owner.get("parameters").and_then(Value::as_array) else {
                continue;
            };
            for (i, p) in list.iter().enumerate() {
                let (p, _) = doc.resolve(p);
                let (Some(name), Some(place)) = (
                    p.get("name").and_then(Value::as_str),
                    p.get("in").and_then(Value::as_str),
                ) else {
                    continue;
                };
                let key = match place {
                    // Renamed path parameters are the same parameter: keyed by position.
                    "path" => match holes.iter().position(|h| *h == name) {
                        Some(i) => ("path".to_string(), format!("#{i}")),
                        None => ("path".to_string(), name.to_string()),
                    },
                    "header" => (place.to_string(), name.to_ascii_lowercase()),
                    _ => (place.to_string(), name.to_string()),
                };
                let ptr = format!("{base}/{i}");
                out.retain(|(k, _, _)| *k != key);
                out.push((key, p, ptr));
            }
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn parameters(
        &mut self,
        old_path: &str,
        new_path: &str,
        old_item: &Value,
        new_item: &Value,
        o: &Value,
        n: &Value,
        at: &At,
    ) {
        let olds = Self::params_of(self.old, old_path, old_item, o);
        let news = Self::params_of(self.new, new_path, new_item, n);
        let required = |p: &Value| flag(p, "required");
        for (key, op, optr) in &olds {
            let name = op.get("name").and_then(Value::as_str).unwrap_or_default();
            let text = format!("{} parameter {name}", key.0);
            match news.iter().find(|(k, _, _)| k == key) {
                None => {
                    let a = At {
                        text: text.clone(),
                        old: format!("{}/{optr}", at.old),
                        new: at.new.clone(),
                    };
                    let (lvl, rule) = if flag(op, "deprecated") {
                        (Level::Compatible, "deprecated-request-parameter-removed")
                    } else {
                        (Level::PossiblyBreaking, "request-parameter-removed")
                    };
                    self.push(
                        lvl,
                        rule,
                        &a,
                        Side::Old,
                        format!("the {text} was removed (a client sending it may be refused)"),
                    );
                }
                Some((_, np, nptr)) => {
                    let a = At {
                        text: text.clone(),
                        old: format!("{}/{optr}", at.old),
                        new: format!("{}/{nptr}", at.new),
                    };
                    if !required(op) && required(np) {
                        self.push(
                            Level::Breaking,
                            "request-parameter-became-required",
                            &a,
                            Side::New,
                            format!("the {text} became required"),
                        );
                    } else if required(op) && !required(np) {
                        self.push(
                            Level::Compatible,
                            "request-parameter-became-optional",
                            &a,
                            Side::New,
                            format!("the {text} became optional"),
                        );
                    }
                    let (os, ns) = (param_schema(op), param_schema(np));
                    if let (Some((os, osp)), Some((ns, nsp))) = (os, ns) {
                        let mut sa = a.child("", &osp, &nsp);
                        sa.text.push(' ');
                        let (ro, rn) = (self.old.resolve(os).0, self.new.resolve(ns).0);
                        if ro.get("default") != rn.get("default") {
                            self.push(
                                Level::Breaking,
                                "request-parameter-default-changed",
                                &sa.key("", "default"),
                                Side::New,
                                format!("the default of the {text} changed from {} to {} (a client leaving it out gets another value)", opt(ro.get("default")), opt(rn.get("default"))),
                            );
                        }
                        self.root_kind = "parameter";
                        self.loose = false;
                        self.schema(os, ns, Dir::Request, &sa, 0, true);
                    }
                }
            }
        }
        for (key, np, nptr) in &news {
            if olds.iter().any(|(k, _, _)| k == key) {
                continue;
            }
            let name = np.get("name").and_then(Value::as_str).unwrap_or_default();
            let text = format!("{} parameter {name}", key.0);
            let a = At {
                text: text.clone(),
                old: at.old.clone(),
                new: format!("{}/{nptr}", at.new),
            };
            if required(np) {
                self.push(
                    Level::Breaking,
                    "request-parameter-added-required",
                    &a,
                    Side::New,
                    format!("a required {text} was added"),
                );
            } else {
                self.push(
                    Level::Compatible,
                    "request-parameter-added",
                    &a,
                    Side::New,
                    format!("an optional {text} was added"),
                );
            }
        }
    }
}

/// The parameter's schema and its pointer under the parameter.
fn param_schema(p: &Value) -> Option<(&Value, String)> {
    if let Some(s) = p.get("schema") {
        return Some((s, "schema".into()));
    }
    let (media, m) = p.get("content")?.as_object()?.iter().next()?;
    Some((
        m.get("schema")?,
        format!("content/{}/schema", escape(media)),
    ))
}
