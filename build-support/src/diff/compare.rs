//! The walk: operations matched by method and path template, then their
//! parameters, request body, responses and security, then the schemas in
//! them, each change pushed with the level [`classify`] gives it.

use super::classify::{level, Dir, Effect};
use super::resolve::{escape, Doc};
use super::{Change, Level};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Schemas nested deeper than this are not compared further (hostile
/// documents; real ones nest a few levels).
const MAX_DEPTH: usize = 48;

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

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// Where a change is: readable text and pointers into both documents.
#[derive(Clone)]
struct At {
    text: String,
    old: String,
    new: String,
}

impl At {
    fn child(&self, text: &str, old: &str, new: &str) -> At {
        let sep = if self.text.is_empty()
            || text.is_empty()
            || text.starts_with('.')
            || text.starts_with('[')
        {
            ""
        } else {
            " "
        };
        At {
            text: format!("{}{sep}{text}", self.text),
            old: format!("{}/{}", self.old, escape(old)),
            new: format!("{}/{}", self.new, escape(new)),
        }
    }

    fn key(&self, text: &str, key: &str) -> At {
        self.child(text, key, key)
    }
}

/// Whether a pointer names the old or the new document's place.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Old,
    New,
}

struct Cx<'d> {
    old: &'d Doc<'d>,
    new: &'d Doc<'d>,
    out: Vec<Change>,
    op: String,
    /// `$ref` pairs being compared (a cycle stops there).
    stack: Vec<(String, String, Dir)>,
    /// `$ref` pairs already compared without a change: not walked again.
    clean: HashSet<(String, String, Dir)>,
    /// `$ref` pairs already compared in this operation: a change in a
    /// component is reported once per operation, at its first use, and
    /// components referring to each other many times over (a fan-out of
    /// refs, exponential if walked naively) are walked once.
    in_op: HashSet<(String, String, Dir)>,
    /// What the schema being compared is the schema of: `body`, `parameter`, `header`.
    root_kind: &'static str,
    /// The body being compared is XML or a form: types are loosely held.
    loose: bool,
    /// `paths` or `webhooks`: the section being walked.
    section: &'static str,
}

/// Every change from `old` to `new`, in document order.
pub(super) fn compare(old: &Doc<'_>, new: &Doc<'_>) -> Vec<Change> {
    let mut cx = Cx {
        old,
        new,
        out: vec![],
        op: String::new(),
        stack: vec![],
        clean: HashSet::new(),
        in_op: HashSet::new(),
        root_kind: "body",
        loose: false,
        section: "paths",
    };
    cx.paths();
    cx.out
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

/// Which new path each old path is: the same spelling, else the same
/// template (`/users/{id}` is `/users/{userId}`) among the new paths no old
/// path spells; two old paths of one template pair up in order.
fn match_paths<'v>(
    old: &'v Map<String, Value>,
    new: &'v Map<String, Value>,
) -> BTreeMap<&'v str, &'v str> {
    let mut out = BTreeMap::new();
    let mut free: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for k in new.keys().filter(|k| !old.contains_key(*k)) {
        free.entry(template(k)).or_default().push(k.as_str());
    }
    for k in old.keys() {
        if new.contains_key(k) {
            out.insert(k.as_str(), k.as_str());
        } else if let Some(list) = free.get_mut(&template(k)) {
            if !list.is_empty() {
                out.insert(k.as_str(), list.remove(0));
            }
        }
    }
    out
}

/// `/users/{id}` -> `/users/{}`: path parameter names do not matter.
fn template(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut depth = 0;
    for c in path.chars() {
        match c {
            '{' => {
                depth += 1;
                if depth == 1 {
                    out.push('{');
                }
            }
            '}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push('}');
                }
            }
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

/// The names of `{…}` placeholders in order.
fn placeholders(path: &str) -> Vec<&str> {
    path.split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(n, _)| n))
        .collect()
}

fn show(v: &Value) -> String {
    match v {
        Value::String(s) => format!("`{s}`"),
        other => format!("`{other}`"),
    }
}

impl<'d> Cx<'d> {
    fn push(&mut self, level: Level, rule: &str, at: &At, side: Side, message: String) {
        self.out.push(Change {
            level,
            rule: rule.to_string(),
            operation: self.op.clone(),
            location: at.text.trim_end().to_string(),
            pointer: if side == Side::Old {
                at.old.clone()
            } else {
                at.new.clone()
            },
            message,
        });
    }

    /// The operations of `paths`, then of `webhooks` (OpenAPI 3.1).
    fn paths(&mut self) {
        for section in ["paths", "webhooks"] {
            self.section = section;
            self.section_paths();
        }
    }

    fn section_paths(&mut self) {
        let old_paths = as_map(self.old.root.get(self.section));
        let new_paths = as_map(self.new.root.get(self.section));
        let matches = match_paths(old_paths, new_paths);
        let mut matched_new: HashSet<&str> = HashSet::new();
        for (path, old_item) in old_paths {
            let (old_item, _) = self.old.resolve(old_item);
            let Some(np) = matches.get(path.as_str()).copied() else {
                for method in METHODS {
                    self.removed_op(path, method, old_item);
                }
                continue;
            };
            matched_new.insert(np);
            let (new_item, _) = self.new.resolve(&new_paths[np]);
            for method in METHODS {
                let old_op = old_item.get(method).filter(|o| o.is_object());
                let new_op = new_item.get(method).filter(|o| o.is_object());
                match (old_op, new_op) {
                    (Some(o), Some(n)) => {
                        self.op = self.op_name(method, path);
                        let at = At {
                            text: String::new(),
                            old: format!("/{}/{}/{method}", self.section, escape(path)),
                            new: format!("/{}/{}/{method}", self.section, escape(np)),
                        };
                        self.operation(path, np, old_item, new_item, o, n, &at);
                    }
                    (Some(_), None) => self.removed_op(path, method, old_item),
                    (None, Some(_)) => self.added_op(np, method, new_item),
                    (None, None) => {}
                }
            }
        }
        for (path, new_item) in new_paths {
            if !matched_new.contains(path.as_str()) {
                let (new_item, _) = self.new.resolve(new_item);
                for method in METHODS {
                    self.added_op(path, method, new_item);
                }
            }
        }
    }

    /// `GET /users/{id}`, or `POST webhook newPet`.
    fn op_name(&self, method: &str, path: &str) -> String {
        match self.section {
            "webhooks" => format!("{} webhook {path}", method.to_uppercase()),
            _ => format!("{} {path}", method.to_uppercase()),
        }
    }

    /// `operation-removed` when `item` has `method`.
    fn removed_op(&mut self, path: &str, method: &str, item: &Value) {
        let Some(op) = item.get(method).filter(|o| o.is_object()) else {
            return;
        };
        self.op = self.op_name(method, path);
        let at = At {
            text: String::new(),
            old: format!("/{}/{}/{method}", self.section, escape(path)),
            new: String::new(),
        };
        // A deprecated operation was announced as going away.
        let (lvl, rule) = if op.get("deprecated") == Some(&Value::Bool(true)) {
            (Level::PossiblyBreaking, "deprecated-operation-removed")
        } else {
            (Level::Breaking, "operation-removed")
        };
        self.push(
            lvl,
            rule,
            &at,
            Side::Old,
            "the operation was removed".into(),
        );
    }

    /// `operation-added` when `item` has `method`.
    fn added_op(&mut self, path: &str, method: &str, item: &Value) {
        if !item.get(method).is_some_and(Value::is_object) {
            return;
        }
        self.op = self.op_name(method, path);
        let at = At {
            text: String::new(),
            old: String::new(),
            new: format!("/{}/{}/{method}", self.section, escape(path)),
        };
        self.push(
            Level::Compatible,
            "operation-added",
            &at,
            Side::New,
            "the operation was added".into(),
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn operation(
        &mut self,
        old_path: &str,
        new_path: &str,
        old_item: &Value,
        new_item: &Value,
        o: &Value,
        n: &Value,
        at: &At,
    ) {
        self.in_op.clear();
        if o.get("deprecated") != Some(&Value::Bool(true))
            && n.get("deprecated") == Some(&Value::Bool(true))
        {
            self.push(
                Level::Compatible,
                "operation-deprecated",
                &at.key("", "deprecated"),
                Side::New,
                "the operation is now deprecated".into(),
            );
        }
        if let (Some(oid), Some(nid)) = (o.get("operationId"), n.get("operationId")) {
            if oid != nid {
                self.push(
                    Level::PossiblyBreaking,
                    "operation-id-changed",
                    &at.key("", "operationId"),
                    Side::New,
                    format!("the operationId changed from {} to {} (a generated client's method name changes)", show(oid), show(nid)),
                );
            }
        }
        for key in ["summary", "description"] {
            if o.get(key) != n.get(key) {
                self.push(
                    Level::Compatible,
                    "description-changed",
                    &at.key("", key),
                    Side::New,
                    format!("the operation's {key} changed"),
                );
            }
        }
        self.parameters(old_path, new_path, old_item, new_item, o, n, at);
        self.request_body(o.get("requestBody"), n.get("requestBody"), at);
        self.responses(o.get("responses"), n.get("responses"), at);
        self.security(o, n, at);
    }

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
    fn parameters(
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
        let required = |p: &Value| p.get("required") == Some(&Value::Bool(true));
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
                    let (lvl, rule) = if op.get("deprecated") == Some(&Value::Bool(true)) {
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

    fn request_body(&mut self, o: Option<&Value>, n: Option<&Value>, at: &At) {
        let a = at.key("request body", "requestBody");
        let o = o.map(|v| self.old.resolve(v).0);
        let n = n.map(|v| self.new.resolve(v).0);
        let required = |b: &Value| b.get("required") == Some(&Value::Bool(true));
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

    fn content(&mut self, o: Option<&Value>, n: Option<&Value>, dir: Dir, at: &At) {
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

    fn responses(&mut self, o: Option<&Value>, n: Option<&Value>, at: &At) {
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
        let required = |h: &Value| h.get("required") == Some(&Value::Bool(true));
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

    fn security(&mut self, o: &Value, n: &Value, at: &At) {
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

    /// Compares two schemas read in direction `dir`. `root` is the schema
    /// of a body, parameter or header itself rather than of a property.
    fn schema(&mut self, o: &Value, n: &Value, dir: Dir, at: &At, depth: usize, root: bool) {
        if depth > MAX_DEPTH {
            return;
        }
        let (o, oref) = self.old.resolve(o);
        let (n, nref) = self.new.resolve(n);
        let key = match (oref, nref) {
            (Some(a), Some(b)) => Some((a.to_string(), b.to_string(), dir)),
            _ => None,
        };
        if let Some(k) = &key {
            if self.stack.contains(k) || self.clean.contains(k) || !self.in_op.insert(k.clone()) {
                return;
            }
            self.stack.push(k.clone());
        }
        let before = self.out.len();
        self.all_of_parts(o, n, dir, at);
        let merged_o;
        let merged_n;
        let (o, n) = if o.get("allOf").is_some() || n.get("allOf").is_some() {
            merged_o = flatten(self.old, o, 0);
            merged_n = flatten(self.new, n, 0);
            (&merged_o, &merged_n)
        } else {
            (o, n)
        };
        self.schema_body(o, n, dir, at, depth, root);
        if let Some(k) = key {
            self.stack.pop();
            if self.out.len() == before {
                self.clean.insert(k);
            }
        }
    }

    fn schema_body(&mut self, o: &Value, n: &Value, dir: Dir, at: &At, depth: usize, root: bool) {
        let w = dir.word();
        let what_rule = if root { self.root_kind } else { "property" };
        let what = format!("{w} {what_rule}");
        let Some(om) = o.as_object() else { return };
        let Some(nm) = n.as_object() else {
            if n == &Value::Bool(true) {
                self.push(
                    level(dir, Effect::Widened),
                    &format!("{w}-{what_rule}-type-changed"),
                    at,
                    Side::New,
                    format!("the {what} {} now allows any value", at_name(at)),
                );
            }
            return;
        };
        // Types (with `nullable` as the `null` type).
        let (ot, nt) = (types(om), types(nm));
        match (&ot, &nt) {
            (Some(ot), Some(nt)) if ot != nt => {
                let strip = |s: &BTreeSet<String>| {
                    s.iter()
                        .filter(|t| *t != "null")
                        .cloned()
                        .collect::<BTreeSet<_>>()
                };
                let (os, ns) = (strip(ot), strip(nt));
                if os != ns {
                    // Neither containing the other breaks both ways.
                    let lvl = if self.loose && !os.is_empty() && !ns.is_empty() {
                        Level::Compatible
                    } else if subset_types(&os, &ns) {
                        level(dir, Effect::Widened)
                    } else if subset_types(&ns, &os) {
                        level(dir, Effect::Narrowed)
                    } else {
                        Level::Breaking
                    };
                    self.push(
                        lvl,
                        &format!("{w}-{what_rule}-type-changed"),
                        at,
                        Side::New,
                        format!(
                            "the type of the {what}{} changed from {} to {}",
                            at_name(at),
                            join(&os),
                            join(&ns)
                        ),
                    );
                }
                let (on, nn) = (ot.contains("null"), nt.contains("null"));
                if on != nn {
                    let (rule, effect) = if nn {
                        ("became-nullable", Effect::Widened)
                    } else {
                        ("became-not-nullable", Effect::Narrowed)
                    };
                    self.push(
                        level(dir, effect),
                        &format!("{w}-{what_rule}-{rule}"),
                        at,
                        Side::New,
                        format!(
                            "the {what}{} {}",
                            at_name(at),
                            if nn {
                                "became nullable"
                            } else {
                                "is no longer nullable"
                            }
                        ),
                    );
                }
            }
            (None, Some(nt)) if !nt.is_empty() => {
                self.push(
                    level(dir, Effect::Narrowed),
                    &format!("{w}-{what_rule}-type-changed"),
                    at,
                    Side::New,
                    format!("the {what}{} now has the type {}", at_name(at), join(nt)),
                );
            }
            (Some(ot), None) if !ot.is_empty() && nm.get("$ref").is_none() && has_keywords(nm) => {
                self.push(
                    level(dir, Effect::Widened),
                    &format!("{w}-{what_rule}-type-changed"),
                    at,
                    Side::New,
                    format!(
                        "the {what}{} no longer has a type (was {})",
                        at_name(at),
                        join(ot)
                    ),
                );
            }
            _ => {}
        }
        // Format.
        let (of, nf) = (
            om.get("format").and_then(Value::as_str),
            nm.get("format").and_then(Value::as_str),
        );
        if of != nf && ot == nt {
            let widening = matches!(
                (of, nf),
                (Some("int32"), Some("int64")) | (Some("float"), Some("double")) | (Some(_), None)
            );
            let narrowing = matches!(
                (of, nf),
                (Some("int64"), Some("int32")) | (Some("double"), Some("float")) | (None, Some(_))
            );
            let lvl = if widening {
                level(dir, Effect::Widened)
            } else if narrowing {
                level(dir, Effect::Narrowed)
            } else {
                Level::Breaking
            };
            self.push(
                lvl,
                &format!("{w}-{what_rule}-format-changed"),
                at,
                Side::New,
                format!(
                    "the format of the {what}{} changed from {} to {}",
                    at_name(at),
                    of.unwrap_or("none"),
                    nf.unwrap_or("none")
                ),
            );
        }
        // Enum values.
        if let (Some(oe), Some(ne)) = (
            om.get("enum").and_then(Value::as_array),
            nm.get("enum").and_then(Value::as_array),
        ) {
            for v in oe.iter().filter(|v| !ne.contains(v)) {
                self.push(
                    level(dir, Effect::Narrowed),
                    &format!("{w}-{what_rule}-enum-value-removed"),
                    at,
                    Side::Old,
                    format!(
                        "the enum value {} of the {what}{} was removed",
                        show(v),
                        at_name(at)
                    ),
                );
            }
            for v in ne.iter().filter(|v| !oe.contains(v)) {
                // A client that switches over every value meets one it does not know.
                let lvl = if dir == Dir::Response {
                    Level::PossiblyBreaking
                } else {
                    Level::Compatible
                };
                self.push(
                    lvl,
                    &format!("{w}-{what_rule}-enum-value-added"),
                    at,
                    Side::New,
                    format!(
                        "the enum value {} was added to the {what}{}",
                        show(v),
                        at_name(at)
                    ),
                );
            }
        } else if om.get("enum").is_none() && nm.get("enum").is_some() {
            self.push(
                level(dir, Effect::Narrowed),
                &format!("{w}-{what_rule}-enum-added"),
                at,
                Side::New,
                format!("the {what}{} is now limited to an enum", at_name(at)),
            );
        }
        // Constraints: (keyword, true when it is an upper bound).
        for (kw, upper) in [
            ("maxLength", true),
            ("maxItems", true),
            ("maxContains", true),
            ("minContains", false),
            ("maxProperties", true),
            ("maximum", true),
            ("exclusiveMaximum", true),
            ("minLength", false),
            ("minItems", false),
            ("minProperties", false),
            ("minimum", false),
            ("exclusiveMinimum", false),
        ] {
            let (ov, nv) = (
                om.get(kw).and_then(Value::as_f64),
                nm.get(kw).and_then(Value::as_f64),
            );
            let kebab = kebab(kw);
            let (effect, verb) = match (ov, nv) {
                (Some(a), Some(b)) if a == b => continue,
                (Some(a), Some(b)) => {
                    let tighter = if upper { b < a } else { b > a };
                    (
                        if tighter {
                            Effect::Narrowed
                        } else {
                            Effect::Widened
                        },
                        if b < a { "decreased" } else { "increased" },
                    )
                }
                (None, Some(_)) => (
                    if upper || dir == Dir::Response {
                        Effect::BoundSet
                    } else {
                        Effect::Narrowed
                    },
                    "set",
                ),
                (Some(_), None) => (Effect::Widened, "unset"),
                (None, None) => continue,
            };
            let effect = if !upper && verb == "set" && dir == Dir::Request {
                Effect::BoundSet
            } else {
                effect
            };
            self.push(
                level(dir, effect),
                &format!("{w}-{what_rule}-{kebab}-{verb}"),
                at,
                Side::New,
                format!(
                    "the {kw} of the {what}{} changed from {} to {}",
                    at_name(at),
                    opt(om.get(kw)),
                    opt(nm.get(kw))
                ),
            );
        }
        // Pattern.
        let any = |p: &&Value| !matches!(p.as_str(), Some("" | ".*" | "^.*$"));
        let (op, np) = (om.get("pattern").filter(any), nm.get("pattern").filter(any));
        if op != np {
            let (lvl, verb) = match (op, np) {
                (None, Some(_)) => (
                    if dir == Dir::Request {
                        Level::Breaking
                    } else {
                        Level::Compatible
                    },
                    "added",
                ),
                (Some(_), None) => (Level::Compatible, "removed"),
                _ => (
                    if dir == Dir::Request {
                        Level::PossiblyBreaking
                    } else {
                        Level::Compatible
                    },
                    "changed",
                ),
            };
            self.push(
                lvl,
                &format!("{w}-{what_rule}-pattern-{verb}"),
                at,
                Side::New,
                format!(
                    "the pattern of the {what}{} changed from {} to {}",
                    at_name(at),
                    opt(op),
                    opt(np)
                ),
            );
        }
        if om.get("multipleOf") != nm.get("multipleOf") && nm.get("multipleOf").is_some() {
            self.push(
                level(dir, Effect::Narrowed),
                &format!("{w}-{what_rule}-multiple-of-changed"),
                at,
                Side::New,
                format!(
                    "the multipleOf of the {what}{} changed to {}",
                    at_name(at),
                    opt(nm.get("multipleOf"))
                ),
            );
        }
        if om.get("uniqueItems") != Some(&Value::Bool(true))
            && nm.get("uniqueItems") == Some(&Value::Bool(true))
        {
            self.push(
                level(dir, Effect::Narrowed),
                &format!("{w}-{what_rule}-unique-items-set"),
                at,
                Side::New,
                format!("the items of the {what}{} must now be unique", at_name(at)),
            );
        }
        if !root && om.get("default") != nm.get("default") {
            self.push(
                Level::PossiblyBreaking,
                &format!("{w}-property-default-changed"),
                at,
                Side::New,
                format!(
                    "the default of the {what}{} changed from {} to {}",
                    at_name(at),
                    opt(om.get("default")),
                    opt(nm.get("default"))
                ),
            );
        }
        self.properties(om, nm, dir, at, depth);
        if let (Some(oi), Some(ni)) = (om.get("items"), nm.get("items")) {
            let a = At {
                text: format!("{}[]", at.text),
                old: format!("{}/items", at.old),
                new: format!("{}/items", at.new),
            };
            self.schema(oi, ni, dir, &a, depth + 1, false);
        }
        match (
            om.get("additionalProperties"),
            nm.get("additionalProperties"),
        ) {
            (Some(oa), Some(na)) if oa.is_object() && na.is_object() => {
                let a = At {
                    text: format!("{}.*", at.text),
                    old: format!("{}/additionalProperties", at.old),
                    new: format!("{}/additionalProperties", at.new),
                };
                self.schema(oa, na, dir, &a, depth + 1, false);
            }
            (oa, Some(Value::Bool(false)))
                if oa != Some(&Value::Bool(false))
                    && dir == Dir::Request
                    && (oa.is_some() || om.get("properties").is_none()) =>
            {
                self.push(
                    Level::Breaking,
                    "request-additional-properties-forbidden",
                    at,
                    Side::New,
                    format!(
                        "the {what}{} no longer accepts other properties",
                        at_name(at)
                    ),
                );
            }
            _ => {}
        }
        for kw in ["oneOf", "anyOf"] {
            self.alternatives(om.get(kw), nm.get(kw), kw, dir, at, depth);
        }
        self.keywords(om, nm, dir, at, depth);
    }

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

    /// allOf parts that say more than annotations: one added is one more
    /// constraint on the value.
    fn all_of_parts(&mut self, o: &Value, n: &Value, dir: Dir, at: &At) {
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

    /// JSON Schema keywords that constrain a value (`const`, `not`, `if`,
    /// `contains`, `prefixItems`, `dependentRequired`…): one added narrows
    /// what is allowed, one removed widens it, one changed may do both. The
    /// sub-schemas of those present on both sides are compared in turn.
    fn keywords(
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

    fn properties(
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
                Dir::Request => s.get("readOnly") == Some(&Value::Bool(true)),
                Dir::Response => s.get("writeOnly") == Some(&Value::Bool(true)),
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

    fn alternatives(
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

/// The object `v` holds, or an empty one.
fn as_map(v: Option<&Value>) -> &Map<String, Value> {
    v.and_then(Value::as_object).unwrap_or(empty_map())
}

fn empty_map() -> &'static Map<String, Value> {
    static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    EMPTY.get_or_init(Map::new)
}

fn empty_vec() -> &'static Vec<Value> {
    static EMPTY: Vec<Value> = Vec::new();
    &EMPTY
}

fn kebab(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn opt(v: Option<&Value>) -> String {
    v.map(show).unwrap_or_else(|| "none".into())
}

fn join(s: &BTreeSet<String>) -> String {
    if s.is_empty() {
        "any".into()
    } else {
        s.iter().cloned().collect::<Vec<_>>().join(" | ")
    }
}

/// ` name` of the property a location ends with, or nothing.
fn at_name(at: &At) -> String {
    match at.text.rsplit_once('.') {
        Some((_, n)) if !n.contains(' ') => format!(" {n}"),
        _ => String::new(),
    }
}

/// The types a schema allows, `null` included for `nullable: true`; `None` when it says no type.
fn types(m: &Map<String, Value>) -> Option<BTreeSet<String>> {
    let mut set: BTreeSet<String> = match m.get("type") {
        Some(Value::String(s)) => [s.clone()].into(),
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(Value::as_str)
            .map(String::from)
            .collect(),
        _ => return None,
    };
    if m.get("nullable") == Some(&Value::Bool(true)) {
        set.insert("null".into());
    }
    Some(set)
}

/// Whether every type of `a` is allowed by `b` (an integer is a number).
fn subset_types(a: &BTreeSet<String>, b: &BTreeSet<String>) -> bool {
    a.iter()
        .all(|t| b.contains(t) || (t == "integer" && b.contains("number")))
}

fn has_keywords(m: &Map<String, Value>) -> bool {
    !m.keys().all(|k| {
        matches!(
            k.as_str(),
            "description" | "title" | "example" | "examples" | "deprecated"
        )
    })
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

/// `allOf` merged into one schema: properties, required names and the
/// keywords of each part (the first one that says a keyword wins).
fn flatten(doc: &Doc<'_>, s: &Value, depth: usize) -> Value {
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
