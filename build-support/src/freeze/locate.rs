//! From a change between a released version's lock and its document now to
//! the source line that made it: the pointer of the change is walked in
//! its document, `$ref`s followed, noting the last component entered, the
//! property, the parameter and the body on the way; the deepest of them
//! that the sources still have is the place.

use crate::analysis::controllers::FoundController;
use crate::diff::Change;
use crate::extensions as ext;
use crate::openapi::sites::{Site, Sites};
use crate::openapi::{controller_key, method_key};
use serde_json::Value;

/// What a pointer passes through.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Trail {
    /// The last component entered (`#/components/schemas/Book`).
    pub component: Option<String>,
    /// The last property stepped into, with the component holding it.
    pub property: Option<(String, String)>,
    /// Whether a component was entered after [`Trail::property`].
    pub deeper: bool,
    /// The parameter stepped into: `(in, name)`.
    pub parameter: Option<(String, String)>,
    /// Whether the pointer goes through the request body.
    pub body: bool,
}

/// Walks `pointer` in `doc`.
pub(super) fn trail(doc: &Value, pointer: &str) -> Trail {
    let mut t = Trail::default();
    let mut cur = follow(doc, doc, &mut t);
    let mut prev: Option<String> = None;
    for token in pointer.split('/').skip(1) {
        let token = token.replace("~1", "/").replace("~0", "~");
        match prev.as_deref() {
            Some("properties") => {
                if let Some(c) = &t.component {
                    t.property = Some((c.clone(), token.clone()));
                    t.deeper = false;
                }
            }
            Some("parameters") => {
                let p = cur.get(token.parse::<usize>().unwrap_or(usize::MAX));
                if let Some(p) = p.map(|p| follow(doc, p, &mut Trail::default())) {
                    let field =
                        |k: &str| p.get(k).and_then(Value::as_str).unwrap_or("").to_string();
                    t.parameter = Some((field("in"), field("name")));
                }
            }
            _ => {}
        }
        if token == "requestBody" {
            t.body = true;
        }
        let next = match cur {
            Value::Object(m) => m.get(&token),
            Value::Array(a) => token.parse::<usize>().ok().and_then(|i| a.get(i)),
            _ => None,
        };
        let Some(next) = next else { break };
        cur = follow(doc, next, &mut t);
        prev = Some(token);
    }
    t
}

/// `value` with its `$ref`s followed (a bounded chain), noting each
/// component entered.
fn follow<'a>(doc: &'a Value, mut value: &'a Value, t: &mut Trail) -> &'a Value {
    for _ in 0..32 {
        let Some(r) = value.get("$ref").and_then(Value::as_str) else {
            break;
        };
        let Some(target) = r.strip_prefix('#').and_then(|p| doc.pointer(p)) else {
            break;
        };
        if let Some(name) = r.strip_prefix("#/components/schemas/") {
            t.component = Some(name.replace("~1", "/").replace("~0", "~"));
            t.deeper = t.property.is_some();
        }
        value = target;
    }
    value
}

/// Where in the sources `change` (from `lock` to `current`) was made.
pub(super) fn site_of(
    change: &Change,
    lock: &Value,
    current: &Value,
    sites: &Sites,
) -> Option<Site> {
    let doc = if change.in_new { current } else { lock };
    let t = trail(doc, &change.pointer);
    let component = t
        .component
        .as_deref()
        .and_then(|c| sites.schemas.of_component(c));
    if t.deeper || t.property.is_none() {
        if let Some(site) = component {
            return Some(site);
        }
    }
    if let Some((c, p)) = &t.property {
        if let Some(site) = sites
            .schemas
            .of_field(c, p)
            .or_else(|| sites.schemas.of_component(c))
        {
            return Some(site);
        }
    }
    let (method, path) = change.operation.split_once(' ')?;
    let op = sites.operation(method, path)?;
    if let Some((place, name)) = &t.parameter {
        let arg = op
            .params
            .iter()
            .find(|(p, n, _)| p == place && n.eq_ignore_ascii_case(name))
            .map(|(_, _, s)| *s);
        let arg = arg.or(op.query_all.filter(|_| place == "query"));
        if let Some(site) = arg {
            return Some(site);
        }
    }
    if t.body {
        if let Some(site) = op.body {
            return Some(site);
        }
    }
    Some(op.route)
}

/// The handler an operation of the lock was made from, when the version no
/// longer serves it (its route removed from the version, or moved to
/// another): found by the controller and method the lock names
/// (`x-tether-controller`, `x-tether-method`).
pub(super) fn former_handler(
    change: &Change,
    lock: &Value,
    version: &str,
    controllers: &[FoundController],
) -> Option<Site> {
    if change.in_new {
        return None;
    }
    let op = lock.pointer(&change.pointer)?;
    let controller = op.get(ext::CONTROLLER)?.as_str()?;
    let method = op.get(ext::METHOD)?.as_str()?;
    controllers
        .iter()
        .filter(|c| controller_key(&c.model.type_name) == controller)
        .flat_map(|c| c.model.routes.iter().map(move |r| (c, r)))
        .find(|(_, r)| {
            method_key(&r.fn_ident, Some(version)) == method
                || method_key(&r.fn_ident, None) == method
        })
        .map(|(c, r)| Site {
            module: c.module,
            span: r.span,
        })
}
