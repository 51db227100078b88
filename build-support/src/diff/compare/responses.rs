//! Responses by status, and their headers.

use super::{as_map, flag, At, Cx, Side};
use crate::diff::classify::Dir;
use crate::diff::resolve::escape;
use crate::diff::Level;
use serde_json::Value;

impl<'d> Cx<'d> {
    pub(super) fn responses(&mut self, o: Option<&Value>, n: Option<&Value>, at: &At) {
        let (o, n) = (as_map(o), as_map(n));
        for (status, or) in o {
            let a = at.child(&format!("response {status}"), "responses", "responses");
            let a = At {
                text: a.text,
                old: format!("{}/{}", a.old, escape(status)),
                new: format!("{}/{}", a.new, escape(status)),
            };
            let Some(nr) = n.get(status) else {
                let success = status.starts_with('2');
                let (lvl, rule) = if success {
                    (Level::Breaking, "response-success-status-removed")
                } else {
                    (
                        Level::PossiblyBreaking,
                        "response-non-success-status-removed",
                    )
                };
                self.push(
                    lvl,
                    rule,
                    &a,
                    Side::Old,
                    format!("the response {status} was removed"),
                );
                continue;
            };
            let (or, nr) = (self.old.resolve(or).0, self.new.resolve(nr).0);
            self.content(or.get("content"), nr.get("content"), Dir::Response, &a);
            self.headers(or.get("headers"), nr.get("headers"), &a);
        }
        for status in n.keys() {
            if !o.contains_key(status) {
                let a = At {
                    text: format!("{} response {status}", at.text).trim().to_string(),
                    old: at.old.clone(),
                    new: format!("{}/responses/{}", at.new, escape(status)),
                };
                self.push(
                    Level::Compatible,
                    "response-status-added",
                    &a,
                    Side::New,
                    format!("the response {status} was added"),
                );
            }
        }
    }

    fn headers(&mut self, o: Option<&Value>, n: Option<&Value>, at: &At) {
        let (o, n) = (as_map(o), as_map(n));
        let required = |h: &Value| flag(h, "required");
        for (name, oh) in o {
            let a = At {
                text: format!("{} header {name}", at.text),
                old: format!("{}/headers/{}", at.old, escape(name)),
                new: format!("{}/headers/{}", at.new, escape(name)),
            };
            let oh = self.old.resolve(oh).0;
            let found = n.iter().find(|(k, _)| k.eq_ignore_ascii_case(name));
            match found {
                None => {
                    let (lvl, rule) = if required(oh) {
                        (Level::Breaking, "response-required-header-removed")
                    } else {
                        (Level::PossiblyBreaking, "response-optional-header-removed")
                    };
                    self.push(
                        lvl,
                        rule,
                        &a,
                        Side::Old,
                        format!("the response header {name} was removed"),
                    );
                }
                Some((_, nh)) => {
                    let nh = self.new.resolve(nh).0;
                    if required(oh) && !required(nh) {
                        self.push(
                            Level::Breaking,
                            "response-header-became-optional",
                            &a,
                            Side::New,
                            format!("the response header {name} became optional"),
                        );
                    }
                    if let (Some(os), Some(ns)) = (oh.get("schema"), nh.get("schema")) {
                        let mut sa = a.key("", "schema");
                        sa.text.push(' ');
                        self.root_kind = "header";
                        self.loose = false;
                        self.schema(os, ns, Dir::Response, &sa, 0, true);
                    }
                }
            }
        }
    }
}
