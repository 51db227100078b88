//! Validation (SPEC E5): a `#[body]` (JSON, form or multipart) or
//! `#[query]` struct that derives [`serde_valid::Validate`] is checked as
//! soon as it is read, before guards' pipes and the handler see it. The
//! rules are JSON Schema's, written on the fields, so tether-build documents
//! the same ones (`minLength`, `maximum`, `pattern`, …):
//!
//! ```
//! use serde::Deserialize;
//! use serde_valid::Validate;
//!
//! #[derive(Deserialize, Validate)]
//! pub struct CreateBook {
//!     #[validate(min_length = 1)]
//!     #[validate(max_length = 200)]
//!     pub title: String,
//!     #[validate(minimum = 1)]
//!     pub pages: u32,
//! }
//! ```
//!
//! A value that breaks rules is a `400` in Nest's `ValidationPipe` shape,
//! one message per broken rule, each naming the field by its wire path:
//! `{"statusCode":400,"message":["title: The length of the value must be
//! `>= 1`.", "labels[2]: …"],"error":"Bad Request"}`.

use crate::HttpError;
use serde_valid::validation::{ArrayErrors, Error, Errors, ObjectErrors};

pub use serde_valid::Validate;

/// The keys the client sent, to name fields by their wire names:
/// `serde_valid` names a field by its Rust name (or its explicit
/// `#[serde(rename)]`), not by a container's `rename_all`.
#[derive(Debug, Default)]
pub enum Sent {
    /// An object's keys and values.
    Object(Vec<(String, Sent)>),
    /// An array's items.
    Array(Vec<Sent>),
    /// A multipart form's part names, by the names validation gives
    /// their fields.
    Parts(&'static [(&'static str, &'static str)]),
    /// A scalar, or nothing known.
    #[default]
    Leaf,
}

/// A key with case, `_` and `-` ignored: `book_title` matches `bookTitle`
/// and `book-title`.
fn fold(key: &str) -> String {
    key.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

impl Sent {
    /// The keys of a query string or a form.
    pub fn form(query: &[u8]) -> Sent {
        let mut keys: Vec<(String, Sent)> = Vec::new();
        for (k, _) in form_urlencoded::parse(query) {
            if !keys.iter().any(|(have, _)| *have == k) {
                keys.push((k.into_owned(), Sent::Leaf));
            }
        }
        Sent::Object(keys)
    }

    /// The structure of a JSON document.
    #[cfg(feature = "json")]
    pub fn json(value: &serde_json::Value) -> Sent {
        match value {
            serde_json::Value::Object(o) => {
                Sent::Object(o.iter().map(|(k, v)| (k.clone(), Sent::json(v))).collect())
            }
            serde_json::Value::Array(a) => Sent::Array(a.iter().map(Sent::json).collect()),
            _ => Sent::Leaf,
        }
    }

    /// The wire name of field `name` and what was sent under it: the key
    /// as sent when one matches it, ignoring case, `_` and `-` (so
    /// `book_title` is `bookTitle` under `rename_all = "camelCase"`),
    /// else `name` itself.
    fn key<'s>(&'s self, name: &str) -> (String, &'s Sent) {
        static NOTHING: Sent = Sent::Leaf;
        if let Sent::Parts(parts) = self {
            let part = parts.iter().find(|(field, _)| *field == name);
            return (part.map_or(name, |p| p.1).to_string(), &NOTHING);
        }
        let Sent::Object(keys) = self else {
            return (name.to_string(), &NOTHING);
        };
        let found = keys
            .iter()
            .find(|(k, _)| k == name)
            .or_else(|| keys.iter().find(|(k, _)| fold(k) == fold(name)));
        match found {
            Some((k, v)) => (k.clone(), v),
            None => (name.to_string(), &NOTHING),
        }
    }

    /// Whether field `name`, whose rules `errors` broke, is a struct that
    /// was not sent under a key of its own: a `#[serde(flatten)]`ed field,
    /// whose fields arrived as keys of this object.
    fn flattened(&self, name: &str, errors: &Errors) -> bool {
        let Sent::Object(keys) = self else {
            return false;
        };
        matches!(errors, Errors::Object(_)) && !keys.iter().any(|(k, _)| fold(k) == fold(name))
    }

    fn item(&self, index: usize) -> &Sent {
        static NOTHING: Sent = Sent::Leaf;
        match self {
            Sent::Array(items) => items.get(index).unwrap_or(&NOTHING),
            _ => &NOTHING,
        }
    }
}

/// One message per broken rule, each prefixed with the field's wire path
/// (`author.email`, `labels[2]`); a rule of the whole value has none.
pub fn messages(errors: &Errors, sent: &Sent) -> Vec<String> {
    let mut out = Vec::new();
    collect(errors, "", sent, &mut out);
    out
}

/// The `400` for `errors`: `message` lists [`messages`].
pub fn bad_request(errors: &Errors, sent: &Sent) -> HttpError {
    HttpError::bad_request_list(messages(errors, sent))
}

fn collect(errors: &Errors, path: &str, sent: &Sent, out: &mut Vec<String>) {
    match errors {
        Errors::Object(o) => object(o, path, sent, out),
        Errors::Array(a) => array(a, path, sent, out),
        Errors::NewType(list) => list.iter().for_each(|e| one(e, path, sent, out)),
    }
}

fn object(o: &ObjectErrors, path: &str, sent: &Sent, out: &mut Vec<String>) {
    o.errors.iter().for_each(|e| one(e, path, sent, out));
    for (key, errors) in &o.properties {
        if sent.flattened(key, errors) {
            // `#[serde(flatten)]`: its fields were sent as this object's.
            collect(errors, path, sent, out);
            continue;
        }
        let (wire, inner) = sent.key(key);
        let child = match path {
            "" => wire,
            _ => format!("{path}.{wire}"),
        };
        collect(errors, &child, inner, out);
    }
}

fn array(a: &ArrayErrors, path: &str, sent: &Sent, out: &mut Vec<String>) {
    a.errors.iter().for_each(|e| one(e, path, sent, out));
    for (index, errors) in &a.items {
        collect(errors, &format!("{path}[{index}]"), sent.item(*index), out);
    }
}

fn one(e: &Error, path: &str, sent: &Sent, out: &mut Vec<String>) {
    match e {
        Error::Items(a) => array(a, path, sent, out),
        Error::Properties(o) => object(o, path, sent, out),
        rule if path.is_empty() => out.push(rule.to_string()),
        rule => out.push(format!("{path}: {rule}")),
    }
}

/// Wraps a value read from the request for the generated validation call:
/// `(&Check(&value)).tether_validate()` runs `serde_valid::Validate` when
/// the type derives it and does nothing otherwise (method resolution picks
/// [`ViaValidate`] first, then [`ViaNothing`] through one more `&`).
#[doc(hidden)]
pub struct Check<'a, T>(pub &'a T);

/// The check of a type that derives `serde_valid::Validate`.
#[doc(hidden)]
pub trait ViaValidate {
    /// What is broken, if anything.
    fn tether_validate(&self) -> Result<(), Errors>;
}

impl<T: Validate> ViaValidate for Check<'_, T> {
    fn tether_validate(&self) -> Result<(), Errors> {
        self.0.validate()
    }
}

/// The check of any other type: nothing to check.
#[doc(hidden)]
pub trait ViaNothing {
    /// Always `Ok`.
    fn tether_validate(&self) -> Result<(), Errors> {
        Ok(())
    }
}

impl<T> ViaNothing for &Check<'_, T> {}

/// `extracted`, checked by `check`; a broken rule is the `400`, its fields
/// named by what `sent` (asked for only then) says was sent.
#[doc(hidden)]
#[inline]
pub fn validated<T>(
    extracted: Result<T, HttpError>,
    check: impl FnOnce(&T) -> Result<(), Errors>,
    sent: impl FnOnce() -> Sent,
) -> Result<T, HttpError> {
    let value = extracted?;
    match check(&value) {
        Ok(()) => Ok(value),
        Err(errors) => Err(bad_request(&errors, &sent())),
    }
}

#[cfg(test)]
// `&Check(..)` as the generated code writes it, so the dispatch is tested.
#[allow(clippy::needless_borrow)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Validate)]
    struct Author {
        #[validate(pattern = r"^[^@]+@[^@]+$")]
        email: String,
    }

    #[derive(Deserialize, Validate)]
    #[serde(rename_all = "camelCase")]
    struct Book {
        #[validate(min_length = 1)]
        #[validate(max_length = 5)]
        book_title: String,
        #[validate]
        author: Author,
        #[validate(max_items = 3)]
        #[validate(unique_items)]
        labels: Vec<String>,
        #[validate(minimum = 1)]
        pages: Option<u32>,
    }

    #[test]
    fn e5_every_broken_rule_named_by_its_wire_path() {
        let book: Book = serde_json::from_str(
            r#"{"bookTitle":"","author":{"email":"nope"},"labels":["a","a","b","c"],"pages":0}"#,
        )
        .unwrap();
        let sent: serde_json::Value = serde_json::from_str(
            r#"{"bookTitle":"","author":{"email":"nope"},"labels":["a","a","b","c"],"pages":0}"#,
        )
        .unwrap();
        let errors = (&Check(&book)).tether_validate().unwrap_err();
        let e = bad_request(&errors, &Sent::json(&sent));
        assert_eq!(e.status().as_u16(), 400);
        let body: serde_json::Value = serde_json::from_str(&e.to_json()).unwrap();
        let list: Vec<&str> = body["message"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(list.len(), 5, "{list:?}");
        assert!(list[0].starts_with("bookTitle: "), "{list:?}");
        // Without what was sent, the Rust names are all there is.
        let bare = messages(&errors, &Sent::Leaf);
        assert!(bare[0].starts_with("book_title: "), "{bare:?}");
        assert!(
            list.iter().any(|m| m.starts_with("author.email: ")),
            "{list:?}"
        );
        assert_eq!(
            list.iter().filter(|m| m.starts_with("labels: ")).count(),
            2,
            "{list:?}"
        );
        assert!(list.iter().any(|m| m.starts_with("pages: ")), "{list:?}");
        assert_eq!(body["error"], "Bad Request");
    }

    #[test]
    fn e5_paths_into_arrays_and_form_keys() {
        #[derive(Deserialize, Validate)]
        struct Tag {
            #[validate(max_length = 3)]
            tag_name: String,
        }
        #[derive(Deserialize, Validate)]
        struct Tags {
            #[validate]
            tags: Vec<Tag>,
        }
        let raw = r#"{"tags":[{"TagName":"ok"},{"TagName":"toolong"}]}"#;
        let sent: serde_json::Value = serde_json::from_str(raw).unwrap();
        let tags = Tags {
            tags: vec![
                Tag {
                    tag_name: "ok".into(),
                },
                Tag {
                    tag_name: "toolong".into(),
                },
            ],
        };
        let errors = (&Check(&tags)).tether_validate().unwrap_err();
        let list = messages(&errors, &Sent::json(&sent));
        assert_eq!(list.len(), 1, "{list:?}");
        assert!(list[0].starts_with("tags[1].TagName: "), "{list:?}");
        let form = Sent::form(b"tag-name=a&tag-name=b&x=1");
        assert_eq!(form.key("tag_name").0, "tag-name");
        assert_eq!(form.key("other").0, "other");
    }

    /// A flattened struct's fields are named as the client sent them, at
    /// the level they were sent (not under the Rust field's name).
    #[test]
    fn e5_fields_of_a_flattened_struct_are_named_where_they_were_sent() {
        #[derive(Deserialize, Validate)]
        struct Meta {
            #[validate(max_length = 5)]
            source: String,
        }
        #[derive(Deserialize, Validate)]
        #[serde(rename_all = "camelCase")]
        struct Prefs {
            #[validate(max_length = 3)]
            nick_name: String,
            #[serde(flatten)]
            #[validate]
            meta: Meta,
            #[validate]
            inner: Inner,
        }
        #[derive(Deserialize, Validate)]
        struct Inner {
            #[serde(flatten)]
            #[validate]
            meta: Meta,
        }
        let raw = r#"{"nickName":"toolong","source":"website","inner":{"source":"website"}}"#;
        let prefs: Prefs = serde_json::from_str(raw).unwrap();
        let sent: serde_json::Value = serde_json::from_str(raw).unwrap();
        let errors = (&Check(&prefs)).tether_validate().unwrap_err();
        let mut list = messages(&errors, &Sent::json(&sent));
        list.sort();
        assert_eq!(list.len(), 3, "{list:?}");
        assert!(list[0].starts_with("inner.source: "), "{list:?}");
        assert!(list[1].starts_with("nickName: "), "{list:?}");
        assert!(list[2].starts_with("source: "), "{list:?}");
    }

    #[test]
    fn e5_a_type_without_rules_is_not_checked() {
        #[derive(Deserialize)]
        struct Plain {
            #[allow(dead_code)]
            any: String,
        }
        let plain = Plain { any: String::new() };
        assert!((&Check(&plain)).tether_validate().is_ok());
        let ok: Book = serde_json::from_str(
            r#"{"bookTitle":"Dune","author":{"email":"a@b"},"labels":["x"],"pages":null}"#,
        )
        .unwrap();
        assert!((&Check(&ok)).tether_validate().is_ok());
    }
}
