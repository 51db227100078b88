//! Operations matched by method and path template across versions:
//! added, removed, deprecated, renamed, then each one walked.

use super::{as_map, flag, show, At, Cx, Side};
use crate::diff::resolve::escape;
use crate::diff::Level;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashSet};

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

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
pub(super) fn placeholders(path: &str) -> Vec<&str> {
    path.split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(n, _)| n))
        .collect()
}

impl<'d> Cx<'d> {
    /// The operations of `paths`, then of `webhooks` (OpenAPI 3.1).
    pub(super) fn paths(&mut self) {
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
        let (lvl, rule) = if flag(op, "deprecated") {
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
        if !flag(o, "deprecated") && flag(n, "deprecated") {
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
}
