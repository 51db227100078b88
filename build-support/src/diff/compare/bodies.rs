//! Request bodies and the media types of any content, request or response.

use super::{as_map, flag, At, Cx, Side};
use crate::diff::classify::{level, Dir, Effect};
use crate::diff::resolve::escape;
use crate::diff::Level;
use serde_json::Value;

impl<'d> Cx<'d> {
    pub(super) fn request_body(&mut self, o: Option<&Value>, n: Option<&Value>, at: &At) {
        let a = at.key("request body", "requestBody");
        let o = o.map(|v| self.old.resolve(v).0);
        let n = n.map(|v| self.new.resolve(v).0);
        let required = |b: &Value| flag(b, "required");
        match (o, n) {
            (None, None) => {}
            (None, Some(n)) => {
                if required(n) {
                    self.push(
                        Level::Breaking,
                        "request-body-added-required",
                        &a,
                        Side::New,
                        "a required request body was added".into(),
                    );
                } else {
                    self.push(
                        Level::Compatible,
                        "request-body-added",
                        &a,
                        Side::New,
                        "an optional request body was added".into(),
                    );
                }
            }
            (Some(_), None) => {
                self.push(
                    Level::Breaking,
                    "request-body-removed",
                    &a,
                    Side::Old,
                    "the request body was removed: what a client sends is no longer read".into(),
                );
            }
            (Some(o), Some(n)) => {
                if !required(o) && required(n) {
                    self.push(
                        Level::Breaking,
                        "request-body-became-required",
                        &a,
                        Side::New,
                        "the request body became required".into(),
                    );
                } else if required(o) && !required(n) {
                    self.push(
                        Level::Compatible,
                        "request-body-became-optional",
                        &a,
                        Side::New,
                        "the request body became optional".into(),
                    );
                }
                self.content(o.get("content"), n.get("content"), Dir::Request, &a);
            }
        }
    }

    pub(super) fn content(&mut self, o: Option<&Value>, n: Option<&Value>, dir: Dir, at: &At) {
        let (o, n) = (as_map(o), as_map(n));
        let w = dir.word();
        for (media, om) in o {
            let a = at.child(
                media,
                &format!("content/{media}"),
                &format!("content/{media}"),
            );
            let a = At {
                text: a.text,
                old: format!("{}/content/{}", at.old, escape(media)),
                new: format!("{}/content/{}", at.new, escape(media)),
            };
            match n.get(media) {
                None => {
                    let rule = if dir == Dir::Request {
                        "request-body-media-type-removed"
                    } else {
                        "response-media-type-removed"
                    };
                    self.push(
                        Level::Breaking,
                        rule,
                        &a,
                        Side::Old,
                        format!("the {w} media type `{media}` was removed"),
                    );
                }
                Some(nm) => {
                    // XML and form bodies carry text: a type change there is a change of words.
                    self.loose =
                        media.contains("xml") || media == "application/x-www-form-urlencoded";
                    match (om.get("schema"), nm.get("schema")) {
                        (None, Some(_)) | (Some(_), None) => {
                            let added = om.get("schema").is_none();
                            let effect = if added {
                                Effect::Narrowed
                            } else {
                                Effect::Widened
                            };
                            let verb = if added { "added" } else { "removed" };
                            let a = a.key("", "schema");
                            self.push(
                                level(dir, effect),
                                &format!("{w}-media-type-schema-{verb}"),
                                &a,
                                if added { Side::New } else { Side::Old },
                                format!("the schema of the {w} media type `{media}` was {verb}"),
                            );
                        }
                        _ => {}
                    }
                    if let (Some(os), Some(ns)) = (om.get("schema"), nm.get("schema")) {
                        let a = At {
                            text: format!("{} body ", at.text),
                            old: format!("{}/schema", a.old),
                            new: format!("{}/schema", a.new),
                        };
                        self.root_kind = "body";
                        self.schema(os, ns, dir, &a, 0, true);
                    }
                    self.item_schemas(om, nm, dir, at, &a);
                }
            }
        }
        for media in n.keys() {
            if !o.contains_key(media) && !o.is_empty() {
                let a = At {
                    text: at.text.clone(),
                    old: at.old.clone(),
                    new: format!("{}/content/{}", at.new, escape(media)),
                };
                let rule = if dir == Dir::Request {
                    "request-body-media-type-added"
                } else {
                    "response-media-type-added"
                };
                self.push(
                    Level::Compatible,
                    rule,
                    &a,
                    Side::New,
                    format!("the {w} media type `{media}` was added"),
                );
            }
        }
    }

    /// The schema of each item of a stream (an event of `text/event-stream`):
    /// `itemSchema` (OpenAPI 3.2) or `x-tether-item-schema` (3.0 and 3.1),
    /// compared like a body's schema: a client reads every item.
    fn item_schemas(&mut self, om: &Value, nm: &Value, dir: Dir, at: &At, media: &At) {
        for key in ["itemSchema", crate::extensions::ITEM_SCHEMA] {
            if let (Some(os), Some(ns)) = (om.get(key), nm.get(key)) {
                let a = At {
                    text: format!("{} item ", at.text),
                    old: format!("{}/{}", media.old, escape(key)),
                    new: format!("{}/{}", media.new, escape(key)),
                };
                self.root_kind = "item";
                self.schema(os, ns, dir, &a, 0, true);
            }
        }
    }
}
