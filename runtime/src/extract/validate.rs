//! Validation: a `#[body]` (JSON, form or multipart) or
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
//! `>= 1`.", "labels[2]: …"],"error":"Bad Request","code":"VALIDATION_FAILED"}`.

use crate::extract::request::Request;
use crate::HttpError;
use serde_valid::validation::{ArrayErrors, Error, Errors, ObjectErrors};
use std::borrow::Cow;

pub use serde_valid::Validate;

pub use crate::extract::request::DEFAULT_MAX_MESSAGES;

/// What the client sent, to name fields by their wire names:
/// `serde_valid` names a field by its Rust name (or its explicit
/// `#[serde(rename)]`), not by a container's `rename_all`. Nothing is
/// indexed up front: only the fields the messages name are looked up, each
/// in one pass over the keys sent, so a failing request costs about what a
/// passing one does however many keys it carries.
#[derive(Debug, Default, Clone, Copy)]
pub enum Sent<'a> {
    /// A query string or an urlencoded form, as sent.
    Form(&'a [u8]),
    /// A JSON value, as sent: read again only along the paths of the
    /// fields the messages name.
    Json(&'a serde_json::value::RawValue),
    /// A multipart form's part names, by the names validation gives
    /// their fields.
    Parts(&'static [(&'static str, &'static str)]),
    /// A scalar, or nothing known.
    #[default]
    Leaf,
}

/// The keys of one object or form that was sent, read once for all the
/// fields a message names in it.
enum Keys<'a> {
    /// A form's pairs, decoded as they are looked at.
    Form(&'a [u8]),
    /// A JSON object's entries, keys and the text of their values.
    Json(Vec<(Cow<'a, str>, &'a serde_json::value::RawValue)>),
    /// A multipart form's part names.
    Parts(&'static [(&'static str, &'static str)]),
    /// What was sent has no keys.
    None,
}

/// Where a field was sent.
enum Found<'a> {
    /// Under this key, with this value.
    At(Cow<'a, str>, Sent<'a>),
    /// Not among the keys of the object or form that was sent.
    Absent,
    /// What was sent has no keys to look at.
    Unknown,
}

impl<'a> Sent<'a> {
    /// A query string or a form body.
    pub fn form(query: &'a [u8]) -> Sent<'a> {
        Sent::Form(query)
    }

    /// A JSON value, as sent.
    pub fn json(value: &'a serde_json::value::RawValue) -> Sent<'a> {
        Sent::Json(value)
    }

    /// Its keys, to find the fields the messages name in it.
    fn keys(self) -> Keys<'a> {
        match self {
            Sent::Form(form) => Keys::Form(form),
            Sent::Json(raw) => json_entries(raw).map_or(Keys::None, Keys::Json),
            Sent::Parts(parts) => Keys::Parts(parts),
            Sent::Leaf => Keys::None,
        }
    }

    /// Its items, when it is a JSON array (one pass, no item copied).
    fn items(self) -> Vec<Sent<'a>> {
        if let Sent::Json(raw) = self {
            let items = serde_json::from_str::<Vec<&serde_json::value::RawValue>>(raw.get());
            return items.map_or_else(|_| Vec::new(), |v| v.into_iter().map(Sent::Json).collect());
        }
        Vec::new()
    }
}

impl<'a> Keys<'a> {
    /// Where field `name` was sent: under the key that equals it, else
    /// the first that matches it ignoring case, `_` and `-` (so
    /// `book_title` is `bookTitle` under `rename_all = "camelCase"`).
    fn find(&self, name: &str) -> Found<'a> {
        let found = match self {
            Keys::Parts(parts) => {
                return match parts.iter().find(|(field, _)| *field == name) {
                    Some((_, part)) => Found::At(Cow::Borrowed(part), Sent::Leaf),
                    None => Found::Unknown,
                }
            }
            Keys::Form(form) => pick(form_keys(form).map(|k| (k, Sent::Leaf)), name),
            Keys::Json(entries) => pick(entries.iter().map(|(k, v)| (k, Sent::Json(v))), name)
                .map(|(k, v)| (k.clone(), v)),
            Keys::None => return Found::Unknown,
        };
        match found {
            Some((key, value)) => Found::At(key, value),
            None => Found::Absent,
        }
    }
}

/// The keys of `form`'s pairs, as `form_urlencoded` decodes them; a key
/// with no escape (`%`, `+`) is its own decoding, borrowed without a pass
/// of the decoder.
fn form_keys(form: &[u8]) -> impl Iterator<Item = Cow<'_, str>> {
    let mut start = 0;
    let ends = memchr::memchr_iter(b'&', form).chain(std::iter::once(form.len()));
    let pairs = ends.map(move |end| {
        let pair = &form[start..end];
        start = end + 1;
        pair
    });
    pairs.filter(|pair| !pair.is_empty()).map(|pair| {
        let key = memchr::memchr(b'=', pair).map_or(pair, |i| &pair[..i]);
        match std::str::from_utf8(key) {
            Ok(plain) if memchr::memchr2(b'%', b'+', key).is_none() => Cow::Borrowed(plain),
            _ => form_urlencoded::parse(pair)
                .next()
                .map_or(Cow::Borrowed(""), |(k, _)| k),
        }
    })
}

/// The entry of `entries` that names field `name` (see [`Keys::find`]), in
/// one pass.
fn pick<K: AsRef<str>, V>(entries: impl Iterator<Item = (K, V)>, name: &str) -> Option<(K, V)> {
    let mut folded = None;
    for (key, value) in entries {
        looked_at();
        if key.as_ref() == name {
            return Some((key, value));
        }
        if folded.is_none() && same_folded(key.as_ref(), name) {
            folded = Some((key, value));
        }
    }
    folded
}

/// The entries of `raw` when it is a JSON object: its keys (borrowed when
/// they have no escape) and the text of its values, in one pass.
fn json_entries(
    raw: &serde_json::value::RawValue,
) -> Option<Vec<(Cow<'_, str>, &serde_json::value::RawValue)>> {
    use serde::de::{Deserializer as _, MapAccess, Visitor};
    struct Entries;
    impl<'de> Visitor<'de> for Entries {
        type Value = Vec<(Cow<'de, str>, &'de serde_json::value::RawValue)>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
            let mut entries = Vec::new();
            while let Some(Key(key)) = map.next_key()? {
                entries.push((key, map.next_value()?));
            }
            Ok(entries)
        }
    }
    /// An object's key, borrowed from the document when it can be.
    struct Key<'de>(Cow<'de, str>);
    impl<'de> serde::Deserialize<'de> for Key<'de> {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct Text;
            impl<'de> Visitor<'de> for Text {
                type Value = Key<'de>;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("a key")
                }
                fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Key<'de>, E> {
                    Ok(Key(Cow::Borrowed(v)))
                }
                fn visit_str<E>(self, v: &str) -> Result<Key<'de>, E> {
                    Ok(Key(Cow::Owned(v.to_owned())))
                }
            }
            d.deserialize_str(Text)
        }
    }
    let mut de = serde_json::Deserializer::from_str(raw.get());
    de.deserialize_map(Entries).ok()
}

/// Whether `a` and `b` are one key with case, `_` and `-` ignored:
/// `book_title` matches `bookTitle` and `book-title`. Allocates nothing.
fn same_folded(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        fn folded(key: &str) -> impl Iterator<Item = u8> + '_ {
            key.bytes()
                .filter(|c| *c != b'_' && *c != b'-')
                .map(|c| c.to_ascii_lowercase())
        }
        return folded(a).eq(folded(b));
    }
    fn folded(key: &str) -> impl Iterator<Item = char> + '_ {
        key.chars()
            .filter(|c| *c != '_' && *c != '-')
            .flat_map(char::to_lowercase)
    }
    folded(a).eq(folded(b))
}

#[cfg(test)]
thread_local! {
    /// The keys this thread's lookups looked at: the tests count them.
    static LOOKED_AT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One key looked at by a lookup (counted in tests only).
#[inline(always)]
fn looked_at() {
    #[cfg(test)]
    LOOKED_AT.with(|n| n.set(n.get() + 1));
}

/// The messages of one `400`: at most `limit`, then one saying how many
/// more there were, counted without being written.
pub(crate) struct Messages {
    list: Vec<String>,
    limit: usize,
    more: usize,
}

impl Messages {
    /// No message yet; at most `limit` will be written.
    pub(crate) fn new(limit: usize) -> Self {
        Messages {
            list: Vec::new(),
            limit,
            more: 0,
        }
    }

    /// Whether the list is full: what follows is only counted.
    pub(crate) fn full(&self) -> bool {
        self.list.len() >= self.limit
    }

    /// Adds `message`, written only while the list is not full.
    pub(crate) fn push(&mut self, message: impl FnOnce() -> String) {
        match self.full() {
            true => self.more += 1,
            false => self.list.push(message()),
        }
    }

    /// Counts `n` messages past the list, not written.
    fn skip(&mut self, n: usize) {
        self.more += n;
    }

    /// Whether no message was added.
    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty() && self.more == 0
    }

    /// The messages written so far (without the count of the others).
    pub(crate) fn written(&self) -> &[String] {
        &self.list
    }

    /// The list, ending with `and N more` when some were not written.
    pub(crate) fn finish(mut self) -> Vec<String> {
        if self.more > 0 {
            self.list.push(format!("and {} more", self.more));
        }
        self.list
    }
}

/// One message per broken rule, each prefixed with the field's wire path
/// (`author.email`, `labels[2]`); a rule of the whole value has none. At
/// most `limit` are written, then `and N more`.
pub fn messages(errors: &Errors, sent: &Sent, limit: usize) -> Vec<String> {
    let mut out = Messages::new(limit);
    collect(errors, "", *sent, &mut out);
    out.finish()
}

/// The `400` for `errors`: `message` lists [`messages`].
pub fn bad_request(errors: &Errors, sent: &Sent, limit: usize) -> HttpError {
    HttpError::bad_request_list(messages(errors, sent, limit))
}

fn collect(errors: &Errors, path: &str, sent: Sent<'_>, out: &mut Messages) {
    match errors {
        Errors::Object(o) => object(o, path, sent, out),
        Errors::Array(a) => array(a, path, sent, out),
        Errors::NewType(list) => list.iter().for_each(|e| one(e, path, sent, out)),
    }
}

fn object(o: &ObjectErrors, path: &str, sent: Sent<'_>, out: &mut Messages) {
    o.errors.iter().for_each(|e| one(e, path, sent, out));
    if o.properties.is_empty() {
        return;
    }
    let keys = sent.keys();
    for (key, errors) in &o.properties {
        if out.full() {
            out.skip(broken(errors));
            continue;
        }
        match keys.find(key) {
            // `#[serde(flatten)]`: its fields were sent as this object's.
            Found::Absent if matches!(errors, Errors::Object(_)) => {
                collect(errors, path, sent, out)
            }
            Found::At(wire, inner) => collect(errors, &child(path, &wire), inner, out),
            Found::Absent | Found::Unknown => collect(errors, &child(path, key), Sent::Leaf, out),
        }
    }
}

/// The path of field `key` inside `path`.
fn child(path: &str, key: &str) -> String {
    match path {
        "" => key.to_string(),
        _ => format!("{path}.{key}"),
    }
}

fn array(a: &ArrayErrors, path: &str, sent: Sent<'_>, out: &mut Messages) {
    a.errors.iter().for_each(|e| one(e, path, sent, out));
    if a.items.is_empty() {
        return;
    }
    let items = sent.items();
    for (index, errors) in &a.items {
        if out.full() {
            out.skip(broken(errors));
            continue;
        }
        let item = items.get(*index).copied().unwrap_or_default();
        collect(errors, &format!("{path}[{index}]"), item, out);
    }
}

fn one(e: &Error, path: &str, sent: Sent<'_>, out: &mut Messages) {
    match e {
        Error::Items(a) => array(a, path, sent, out),
        Error::Properties(o) => object(o, path, sent, out),
        rule if path.is_empty() => out.push(|| rule.to_string()),
        rule => out.push(|| format!("{path}: {rule}")),
    }
}

/// How many rules `errors` says were broken: the messages it would make.
fn broken(errors: &Errors) -> usize {
    match errors {
        Errors::Object(o) => broken_in_object(o),
        Errors::Array(a) => broken_in_array(a),
        Errors::NewType(list) => list.iter().map(broken_rules).sum(),
    }
}

fn broken_in_object(o: &ObjectErrors) -> usize {
    o.errors.iter().map(broken_rules).sum::<usize>()
        + o.properties.values().map(broken).sum::<usize>()
}

fn broken_in_array(a: &ArrayErrors) -> usize {
    a.errors.iter().map(broken_rules).sum::<usize>() + a.items.values().map(broken).sum::<usize>()
}

fn broken_rules(e: &Error) -> usize {
    match e {
        Error::Items(a) => broken_in_array(a),
        Error::Properties(o) => broken_in_object(o),
        _ => 1,
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
/// named by what `sent` (asked for only then) says was sent, listing at
/// most the app's message limit (`App::max_validation_messages`).
#[doc(hidden)]
#[inline]
pub fn validated<'s, T>(
    extracted: Result<T, HttpError>,
    check: impl FnOnce(&T) -> Result<(), Errors>,
    req: &Request,
    sent: impl FnOnce() -> Sent<'s>,
) -> Result<T, HttpError> {
    checked(extracted?, check, req.message_limit as usize, sent)
}

/// `value`, checked by `check` (see [`validated`]): the `400` lists at most
/// `limit` messages.
#[inline]
pub(crate) fn checked<'s, T>(
    value: T,
    check: impl FnOnce(&T) -> Result<(), Errors>,
    limit: usize,
    sent: impl FnOnce() -> Sent<'s>,
) -> Result<T, HttpError> {
    match check(&value) {
        Ok(()) => Ok(value),
        Err(errors) => Err(bad_request(&errors, &sent(), limit)),
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
        let sent: &serde_json::value::RawValue = serde_json::from_str(
            r#"{"bookTitle":"","author":{"email":"nope"},"labels":["a","a","b","c"],"pages":0}"#,
        )
        .unwrap();
        let errors = (&Check(&book)).tether_validate().unwrap_err();
        let e = bad_request(&errors, &Sent::json(sent), DEFAULT_MAX_MESSAGES);
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
        let bare = messages(&errors, &Sent::Leaf, DEFAULT_MAX_MESSAGES);
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
        let sent: &serde_json::value::RawValue = serde_json::from_str(raw).unwrap();
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
        let list = messages(&errors, &Sent::json(sent), DEFAULT_MAX_MESSAGES);
        assert_eq!(list.len(), 1, "{list:?}");
        assert!(list[0].starts_with("tags[1].TagName: "), "{list:?}");
        let form = Sent::form(b"tag-name=a&tag-name=b&x=1&tag_name=c");
        assert!(matches!(form.keys().find("tag_name"), Found::At(k, _) if k == "tag_name"));
        assert!(matches!(form.keys().find("tagName"), Found::At(k, _) if k == "tag-name"));
        assert!(matches!(form.keys().find("other"), Found::Absent));
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
        let sent: &serde_json::value::RawValue = serde_json::from_str(raw).unwrap();
        let errors = (&Check(&prefs)).tether_validate().unwrap_err();
        let mut list = messages(&errors, &Sent::json(sent), DEFAULT_MAX_MESSAGES);
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

    #[derive(Deserialize, Validate)]
    #[serde(rename_all = "kebab-case")]
    struct Paging {
        #[validate(maximum = 50)]
        page_size: u32,
        #[validate(min_length = 1)]
        sort_by: String,
    }

    /// The messages of the `400` for `value`, as the extractors make it
    /// ([`checked`], asking `sent` for what was sent), and the keys the
    /// error path looked at.
    fn keys_looked_at<'s, T: Validate>(
        value: T,
        sent: impl FnOnce() -> Sent<'s>,
    ) -> (Vec<String>, usize) {
        LOOKED_AT.with(|n| n.set(0));
        let check = |v: &T| (&Check(v)).tether_validate();
        let e = checked(value, check, DEFAULT_MAX_MESSAGES, sent)
            .err()
            .unwrap();
        let list = e.messages().unwrap().to_vec();
        (list, LOOKED_AT.with(|n| n.get()))
    }

    /// Case, `_` and `-` are ignored alike in ASCII and beyond it.
    #[test]
    fn keys_match_with_case_underscores_and_dashes_ignored() {
        assert!(same_folded("book_title", "bookTitle"));
        assert!(same_folded("Book-Title", "book_title"));
        assert!(same_folded("\u{c9}mile_x", "\u{e9}mileX"));
        assert!(!same_folded("book_title", "bookTitles"));
        assert!(!same_folded("\u{e9}t\u{e9}", "ete"));
    }

    /// The keys a lookup reads are those `form_urlencoded` decodes.
    #[test]
    fn form_keys_are_decoded_as_form_urlencoded_does() {
        let form = "a=1&&b+c=2&%41%42&d%=x&=y&\u{e9}t\u{e9}=&%FF=1&last".as_bytes();
        let ours: Vec<Cow<str>> = form_keys(form).collect();
        let theirs: Vec<Cow<str>> = form_urlencoded::parse(form).map(|(k, _)| k).collect();
        assert_eq!(ours, theirs);
        assert_eq!(ours[1], "b c");
    }

    /// Issue 31 item 1: a failing form or query of n distinct keys costs
    /// one pass over its keys per field a message names, not one per key
    /// sent: the keys looked at are counted (it was n²/2 comparisons, by a
    /// search per key among the keys kept so far).
    #[test]
    fn issue31_1_the_error_path_looks_at_each_key_once_per_field_it_names() {
        let n = 50_000;
        let mut form = String::new();
        for i in 0..n {
            form.push_str(&format!("unknown{i}=x&"));
        }
        form.push_str("page-size=51&sort-by=");
        let paging: Paging = crate::extract::urlencoded::from_bytes(form.as_bytes()).unwrap();
        let (list, looked_at) = keys_looked_at(paging, || Sent::form(form.as_bytes()));
        assert_eq!(
            list,
            [
                "page-size: The number must be `<= 50`.",
                "sort-by: The length of the value must be `>= 1`.",
            ]
        );
        // Two fields named, each found in one pass over the n + 2 keys.
        assert!(looked_at <= 2 * (n + 2), "{looked_at} keys looked at");
    }

    /// Issue 31 item 1: a failing JSON body is read again only along the
    /// paths the messages name: the keys of the objects on them, once for
    /// all their fields, and an item of a long array by its index.
    #[test]
    fn issue31_1_json_fields_are_looked_up_only_along_the_paths_named() {
        #[derive(Deserialize, Validate)]
        struct Items {
            #[validate]
            items: Vec<Paging>,
        }
        let n = 20_000;
        let mut items: Vec<serde_json::Value> =
            vec![serde_json::json!({"page-size": 1, "sort-by": "a"}); n];
        items[n - 1] = serde_json::json!({"page-size": 99, "sort-by": "a"});
        // Written by hand: a `serde_json::Value` orders its keys by
        // serde_json's `preserve_order` feature, which other crates of a
        // workspace may turn on.
        let unknown: String = (0..n).map(|i| format!("\"a{i}\":null,")).collect();
        let text = format!(r#"{{{unknown}"items":{}}}"#, serde_json::Value::from(items));
        let parsed: Items = serde_json::from_str(&text).unwrap();
        let (list, looked_at) =
            keys_looked_at(parsed, || Sent::json(serde_json::from_str(&text).unwrap()));
        let expected = format!("items[{}].page-size: The number must be `<= 50`.", n - 1);
        assert_eq!(list, [expected]);
        // `items` after the n keys before it, then `page_size` (sent as `page-size`) among its item's
        // two keys; none of the other items' keys.
        assert_eq!(looked_at, n + 1 + 2);
    }

    /// Issue 31 item 8: at most the limit of messages is written, then one
    /// saying how many more rules were broken; the rest are counted, and
    /// the fields they name are not looked up.
    #[test]
    fn issue31_8_messages_stop_at_the_limit_then_say_how_many_more() {
        #[derive(Deserialize, Validate)]
        struct Many {
            #[validate]
            items: Vec<Paging>,
        }
        let broken = || Paging {
            page_size: 51,
            sort_by: String::new(),
        };
        let many = Many {
            items: (0..1000).map(|_| broken()).collect(),
        };
        let errors = (&Check(&many)).tether_validate().unwrap_err();
        let list = messages(&errors, &Sent::Leaf, 100);
        assert_eq!(list.len(), 101);
        assert_eq!(list[0], "items[0].page_size: The number must be `<= 50`.");
        assert_eq!(
            list[99],
            "items[49].sort_by: The length of the value must be `>= 1`."
        );
        assert_eq!(list[100], "and 1900 more");
        assert_eq!(messages(&errors, &Sent::Leaf, 2000).len(), 2000);
        assert_eq!(messages(&errors, &Sent::Leaf, 0), ["and 2000 more"]);
        // Past the limit no key is looked up.
        let mut form = String::from("page-size=51&sort-by=");
        for i in 0..1000 {
            form.push_str(&format!("&k{i}=x"));
        }
        let paging: Paging = crate::extract::urlencoded::from_bytes(form.as_bytes()).unwrap();
        let errors = (&Check(&paging)).tether_validate().unwrap_err();
        LOOKED_AT.with(|n| n.set(0));
        let list = messages(&errors, &Sent::form(form.as_bytes()), 1);
        assert_eq!(
            list,
            ["page-size: The number must be `<= 50`.", "and 1 more"]
        );
        // One pass over the 1,002 keys for `page_size` (a key equal to the
        // name would win over `page-size`), none for `sort_by`.
        assert_eq!(LOOKED_AT.with(|n| n.get()), 1002);
    }
}
