//! Text length rules count code points, as the document's
//! `minLength`/`maxLength` (JSON Schema) and the client's zod schemas do.
//!
//! serde_valid's `min_length`/`max_length` count grapheme clusters, and one
//! letter followed by any number of combining marks is one cluster, so its
//! own count bounds nothing. Its rule cannot be changed (its `Length` for
//! `String` is fixed), so tether measures the text again: when a string of
//! the request has fewer grapheme clusters than code points (combining
//! marks, emoji sequences, `\r\n`), the body (JSON, form, multipart) or
//! query is read a second time with each such string replaced by as many ASCII letters as it has
//! code points, and the length rules' verdicts are taken from that read
//! (every other rule's from the real one). Same rules, same field paths,
//! same messages (`title: The length of the value must be `<= 200`.`); a
//! request whose strings all have one code point per cluster (ASCII text,
//! most text) is read once, as before.
//!
//! Where a rule should count what a reader sees as one character, write it
//! as a `custom` rule with [`max_graphemes`]/[`min_graphemes`], beside a
//! `max_length` that bounds the size:
//!
//! ```
//! use serde::Deserialize;
//! use serde_valid::Validate;
//!
//! #[derive(Deserialize, Validate)]
//! pub struct NewPost {
//!     #[validate(max_length = 1000)]
//!     #[validate(custom = tether::extract::text_length::max_graphemes(280))]
//!     pub text: String,
//! }
//! ```

use serde::de::DeserializeOwned;
use serde_valid::validation::{ArrayErrors, Error, Errors, ObjectErrors};
use serde_valid::{MaxLengthError, MinLengthError};
use std::borrow::Cow;
use unicode_segmentation::UnicodeSegmentation;

/// What a checked value was read from, to read it again with stand-ins.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub enum Input<'a> {
    /// A JSON body.
    Json(&'a [u8]),
    /// A query string or an urlencoded form body.
    Form(&'a [u8]),
}

impl Input<'_> {
    /// The input with a stand-in for each string whose code points are
    /// not its grapheme clusters; `None` when it has no such string.
    fn with_stand_ins(self) -> Option<Vec<u8>> {
        match self {
            Input::Json(bytes) => json_with_stand_ins(bytes),
            Input::Form(bytes) => form_with_stand_ins(bytes),
        }
    }

    /// `bytes`, written like this input, read as `T`.
    fn read<T: DeserializeOwned>(self, bytes: &[u8]) -> Result<T, String> {
        match self {
            Input::Json(_) => crate::extract::body::read_json(bytes),
            Input::Form(_) => {
                crate::extract::urlencoded::from_bytes(bytes).map_err(|e| e.to_string())
            }
        }
    }
}

/// `check`, with its length rules counted in code points: the check the
/// generated code hands to [`validated`](crate::extract::validate::validated) for a
/// value read from `input`.
#[doc(hidden)]
pub fn counted<'a, T: DeserializeOwned>(
    check: impl Fn(&T) -> Result<(), Errors> + 'a,
    input: Input<'a>,
) -> impl FnOnce(&T) -> Result<(), Errors> + 'a {
    move |value: &T| {
        let reread = |stand_ins: Vec<u8>| input.read::<T>(&stand_ins).map_err(drop);
        checked(value, check, input.with_stand_ins().map(reread))
    }
}

/// [`counted`] for a value whose stand-in reading, if it needed one, is
/// `measured` already (a multipart form's).
#[doc(hidden)]
pub fn measured<T>(
    check: impl Fn(&T) -> Result<(), Errors>,
    measured: Option<Result<T, crate::HttpError>>,
) -> impl FnOnce(&T) -> Result<(), Errors> {
    move |value: &T| checked(value, check, measured.map(|m| m.map_err(drop)))
}

/// `check` of `value`, the length rules' verdicts taken from `measured`,
/// the value read with stand-ins, when it had to be.
fn checked<T>(
    value: &T,
    check: impl Fn(&T) -> Result<(), Errors>,
    measured: Option<Result<T, ()>>,
) -> Result<(), Errors> {
    let real = check(value);
    match measured {
        None => real,
        Some(Ok(measured)) => merged(real, check(&measured)),
        // A type that took combining text but not plain letters (a custom
        // deserializer): the lengths cannot be counted, and an uncounted
        // length is not let through.
        Some(Err(())) => Err(Errors::NewType(vec![Error::Custom(UNCOUNTED.into())])),
    }
}

/// The parts of a multipart form with a stand-in for each UTF-8 part
/// that needs one; `None` when none does.
#[doc(hidden)]
pub fn parts_with_stand_ins(
    parts: &[Vec<crate::extract::multipart::UploadedFile>],
) -> Option<Vec<Vec<crate::extract::multipart::UploadedFile>>> {
    let mut changed = false;
    let mut stand_in_part = |part: &crate::extract::multipart::UploadedFile| {
        let letters = std::str::from_utf8(&part.bytes).ok().and_then(stand_in);
        changed |= letters.is_some();
        let bytes = letters.map_or_else(|| part.bytes.clone(), bytes::Bytes::from);
        crate::extract::multipart::UploadedFile {
            bytes,
            ..part.clone()
        }
    };
    let out = parts
        .iter()
        .map(|field| field.iter().map(&mut stand_in_part).collect())
        .collect();
    changed.then_some(out)
}

/// The message of a request whose text lengths could not be counted.
const UNCOUNTED: &str = "The length of the text values could not be counted: a value with combining characters was sent where the type does not read text.";

/// `text` as the check sees it: as many ASCII letters as it has code
/// points, when that is not its number of grapheme clusters.
fn stand_in(text: &str) -> Option<String> {
    let code_points = text.chars().count();
    (text.graphemes(true).count() != code_points).then(|| "x".repeat(code_points))
}

/// A JSON document with each string value (not key) that needs one
/// replaced by its [`stand_in`]; `None` when none does. The document was
/// read already, so it is well-formed.
fn json_with_stand_ins(bytes: &[u8]) -> Option<Vec<u8>> {
    // ASCII strings without escapes have one code point per cluster (a raw
    // CR cannot be in a JSON string).
    if !bytes.iter().any(|&b| b >= 0x80 || b == b'\\') {
        return None;
    }
    let mut out = Vec::new();
    let (mut copied, mut at) = (0, 0);
    while let Some(quote) = memchr::memchr(b'"', &bytes[at..]).map(|i| at + i) {
        let Some(end) = string_end(bytes, quote + 1) else {
            break;
        };
        let literal = &bytes[quote..=end];
        at = end + 1;
        if is_key(&bytes[at..]) || literal.iter().all(|&b| b < 0x80 && b != b'\\') {
            continue;
        }
        let Ok(text) = serde_json::from_slice::<Cow<'_, str>>(literal) else {
            continue;
        };
        if let Some(letters) = stand_in(&text) {
            out.extend_from_slice(&bytes[copied..quote]);
            out.push(b'"');
            out.extend_from_slice(letters.as_bytes());
            out.push(b'"');
            copied = at;
        }
    }
    if copied == 0 {
        return None;
    }
    out.extend_from_slice(&bytes[copied..]);
    Some(out)
}

/// The index of the quote closing the JSON string whose text starts at
/// `from`, if it is closed.
fn string_end(bytes: &[u8], mut from: usize) -> Option<usize> {
    loop {
        let i = from + memchr::memchr2(b'"', b'\\', bytes.get(from..)?)?;
        match bytes[i] {
            b'\\' => from = i + 2,
            _ => return Some(i),
        }
    }
}

/// Whether what follows a JSON string makes it an object's key.
fn is_key(after: &[u8]) -> bool {
    after.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b':')
}

/// A query string or form with each value (not key) that needs one
/// replaced by its [`stand_in`]; `None` when none does.
fn form_with_stand_ins(bytes: &[u8]) -> Option<Vec<u8>> {
    if !bytes.iter().any(|&b| b >= 0x80 || b == b'%') {
        return None;
    }
    let mut changed = false;
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (key, value) in form_urlencoded::parse(bytes) {
        match stand_in(&value) {
            Some(letters) => {
                changed = true;
                out.append_pair(&key, &letters)
            }
            None => out.append_pair(&key, &value),
        };
    }
    changed.then(|| out.finish().into_bytes())
}

/// Whether `e` is the verdict of a length rule.
fn is_length(e: &Error) -> bool {
    matches!(e, Error::MinLength(_) | Error::MaxLength(_))
}

/// The errors of the real value but its length rules', with the length
/// rules' errors of the `measured` one.
fn merged(real: Result<(), Errors>, measured: Result<(), Errors>) -> Result<(), Errors> {
    let others = real.err().and_then(|e| only(e, &|e| !is_length(e)));
    let lengths = measured.err().and_then(|e| only(e, &is_length));
    match (others, lengths) {
        (None, None) => Ok(()),
        (Some(one), None) | (None, Some(one)) => Err(one),
        (Some(a), Some(b)) => Err(merge(a, b)),
    }
}

/// `errors` with the rule errors `keep` takes; `None` when none is left.
fn only(errors: Errors, keep: &impl Fn(&Error) -> bool) -> Option<Errors> {
    match errors {
        Errors::Object(o) => only_object(o, keep).map(Errors::Object),
        Errors::Array(a) => only_array(a, keep).map(Errors::Array),
        Errors::NewType(list) => Some(only_list(list, keep))
            .filter(|l| !l.is_empty())
            .map(Errors::NewType),
    }
}

fn only_list(list: Vec<Error>, keep: &impl Fn(&Error) -> bool) -> Vec<Error> {
    let kept = list.into_iter().filter_map(|e| match e {
        Error::Items(a) => only_array(a, keep).map(Error::Items),
        Error::Properties(o) => only_object(o, keep).map(Error::Properties),
        rule => keep(&rule).then_some(rule),
    });
    kept.collect()
}

fn only_object(o: ObjectErrors, keep: &impl Fn(&Error) -> bool) -> Option<ObjectErrors> {
    let (errors, properties) = (only_list(o.errors, keep), only_entries(o.properties, keep));
    (!errors.is_empty() || !properties.is_empty()).then_some(ObjectErrors { errors, properties })
}

fn only_array(a: ArrayErrors, keep: &impl Fn(&Error) -> bool) -> Option<ArrayErrors> {
    let (errors, items) = (only_list(a.errors, keep), only_entries(a.items, keep));
    (!errors.is_empty() || !items.is_empty()).then_some(ArrayErrors { errors, items })
}

/// A map of errors by field or index, with what `keep` takes.
fn only_entries<K, M>(map: M, keep: &impl Fn(&Error) -> bool) -> M
where
    M: IntoIterator<Item = (K, Errors)> + FromIterator<(K, Errors)>,
{
    map.into_iter()
        .filter_map(|(key, e)| only(e, keep).map(|e| (key, e)))
        .collect()
}

/// The errors of `a` and `b` in one tree, `a`'s first at each place.
fn merge(a: Errors, b: Errors) -> Errors {
    /// `from`'s entries added to the map `into`, merged where both have one.
    macro_rules! merge_entries {
        ($into:expr, $from:expr) => {
            for (key, e) in $from {
                match $into.get_mut(&key) {
                    Some(have) => *have = merge(std::mem::replace(have, empty()), e),
                    None => drop($into.insert(key, e)),
                }
            }
        };
    }
    match (a, b) {
        (Errors::Object(mut a), Errors::Object(b)) => {
            a.errors.extend(b.errors);
            merge_entries!(a.properties, b.properties);
            Errors::Object(a)
        }
        (Errors::Array(mut a), Errors::Array(b)) => {
            a.errors.extend(b.errors);
            merge_entries!(a.items, b.items);
            Errors::Array(a)
        }
        (a, b) => {
            let mut list = as_list(a);
            list.extend(as_list(b));
            Errors::NewType(list)
        }
    }
}

fn empty() -> Errors {
    Errors::NewType(Vec::new())
}

/// `errors` as a list of errors at the same place.
fn as_list(errors: Errors) -> Vec<Error> {
    match errors {
        Errors::Object(o) => vec![Error::Properties(o)],
        Errors::Array(a) => vec![Error::Items(a)],
        Errors::NewType(list) => list,
    }
}

/// Text whose length the rules of a single value (`#[query("q")]
/// #[validate(max_length = 20)]`) count in code points, in place of
/// serde_valid's `ValidateMinLength`/`ValidateMaxLength` (with their
/// messages): `String`, `str`, `Cow<str>`. Implement
/// [`code_points`](Self::code_points) for a type of your own that holds
/// text.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no length in code points for `min_length`/`max_length`",
    label = "a length rule on a value that is not text",
    note = "the length rules count the code points of text: make the argument a `String`, or implement `tether::extract::text_length::CodePointLength` for `{Self}`"
)]
pub trait CodePointLength {
    /// The number of code points.
    fn code_points(&self) -> usize;

    /// `min_length`: at least `min` code points.
    fn validate_min_length(&self, min: usize) -> Result<(), MinLengthError> {
        match self.code_points() >= min {
            true => Ok(()),
            false => Err(MinLengthError { min_length: min }),
        }
    }

    /// `max_length`: at most `max` code points.
    fn validate_max_length(&self, max: usize) -> Result<(), MaxLengthError> {
        match self.code_points() <= max {
            true => Ok(()),
            false => Err(MaxLengthError { max_length: max }),
        }
    }
}

impl CodePointLength for str {
    fn code_points(&self) -> usize {
        self.chars().count()
    }
}

impl CodePointLength for String {
    fn code_points(&self) -> usize {
        self.as_str().code_points()
    }
}

impl CodePointLength for Cow<'_, str> {
    fn code_points(&self) -> usize {
        self.as_ref().code_points()
    }
}

/// Text whose grapheme clusters [`max_graphemes`] and [`min_graphemes`]
/// count: `String`, `str`, and an `Option` of one (`None` passes).
pub trait GraphemeText {
    /// The number of grapheme clusters (extended), `None` for no value.
    fn grapheme_count(&self) -> Option<usize>;
}

impl GraphemeText for str {
    fn grapheme_count(&self) -> Option<usize> {
        Some(UnicodeSegmentation::graphemes(self, true).count())
    }
}

impl GraphemeText for String {
    fn grapheme_count(&self) -> Option<usize> {
        self.as_str().grapheme_count()
    }
}

impl<T: GraphemeText> GraphemeText for Option<T> {
    fn grapheme_count(&self) -> Option<usize> {
        self.as_ref().and_then(T::grapheme_count)
    }
}

/// A serde_valid `custom` rule: at most `max` grapheme clusters (what a
/// reader sees as one character: `"e\u{301}"` and `"👨‍👩‍👧"` count 1).
/// One cluster can hold any number of code points, so this bounds no size:
/// keep a `max_length` (code points) beside it. Checked by the server only;
/// the document and the client know `max_length`.
///
/// `#[validate(custom = tether::extract::text_length::max_graphemes(280))]`
pub fn max_graphemes<T: GraphemeText + ?Sized>(max: usize) -> impl FnOnce(&T) -> Result<(), Error> {
    move |text: &T| match text.grapheme_count() {
        Some(n) if n > max => Err(Error::Custom(format!(
            "The length of the value must be `<= {max}` characters (grapheme clusters)."
        ))),
        _ => Ok(()),
    }
}

/// A serde_valid `custom` rule: at least `min` grapheme clusters (see
/// [`max_graphemes`]). Checked by the server only.
///
/// `#[validate(custom = tether::extract::text_length::min_graphemes(2))]`
pub fn min_graphemes<T: GraphemeText + ?Sized>(min: usize) -> impl FnOnce(&T) -> Result<(), Error> {
    move |text: &T| match text.grapheme_count() {
        Some(n) if n < min => Err(Error::Custom(format!(
            "The length of the value must be `>= {min}` characters (grapheme clusters)."
        ))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_valid::Validate;

    #[test]
    fn e5_only_text_with_fewer_clusters_than_code_points_gets_a_stand_in() {
        assert_eq!(stand_in("plain ascii"), None);
        assert_eq!(stand_in("café 😀"), None);
        assert_eq!(stand_in("e\u{301}").as_deref(), Some("xx"));
        assert_eq!(stand_in("a\r\nb").as_deref(), Some("xxxx"));
        assert_eq!(stand_in("👨‍👩‍👧").as_deref(), Some("xxxxx"));
    }

    #[test]
    fn e5_json_stand_ins_replace_values_not_keys_escaped_or_not() {
        assert_eq!(json_with_stand_ins(br#"{"a":"plain","b":[1,2.5]}"#), None);
        assert_eq!(json_with_stand_ins("{\"é\":\"café\"}".as_bytes()), None);
        let body = "{\"e\u{301}\" : \"e\u{301}\", \"n\":[\"\\\"q\\\\\", \"e\\u0301\\u0301\", 7.0]}";
        let out = json_with_stand_ins(body.as_bytes()).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"e\u{301}\" : \"xx\", \"n\":[\"\\\"q\\\\\", \"xxx\", 7.0]}"
        );
        let crlf = br#"{"t":"a\r\nb"}"#;
        assert_eq!(json_with_stand_ins(crlf).unwrap(), br#"{"t":"xxxx"}"#);
    }

    #[test]
    fn e5_form_stand_ins_replace_values_not_keys() {
        assert_eq!(form_with_stand_ins(b"a=1&b=caf%C3%A9"), None);
        let out = form_with_stand_ins("e%CC%81=e%CC%81&q=a+b&t=e\u{301}".as_bytes()).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "e%CC%81=xx&q=a+b&t=xx");
    }

    #[derive(Deserialize, Validate)]
    struct Note {
        #[validate(max_length = 3)]
        #[validate(pattern = "^[a-z\u{301}]*$")]
        title: String,
        #[validate(min_length = 2)]
        code: String,
        #[allow(dead_code)]
        mood: Option<Mood>,
    }

    #[derive(Deserialize)]
    enum Mood {
        #[serde(rename = "e\u{301}")]
        Accented,
    }

    fn check(note: &Note) -> Result<(), Errors> {
        note.validate()
    }

    fn messages(body: &str) -> Vec<String> {
        let note: Note = crate::extract::body::read_json(body.as_bytes()).unwrap();
        let sent = crate::extract::validate::Sent::Leaf;
        match counted(check, Input::Json(body.as_bytes()))(&note) {
            Ok(()) => Vec::new(),
            Err(e) => crate::extract::validate::messages(
                &e,
                &sent,
                crate::extract::validate::DEFAULT_MAX_MESSAGES,
            ),
        }
    }

    #[test]
    fn e5_length_verdicts_come_from_the_code_points_others_from_the_text() {
        let long = format!("a{}", "\u{301}".repeat(3));
        let body = serde_json::json!({ "title": long, "code": "e\u{301}" }).to_string();
        assert_eq!(
            messages(&body),
            ["title: The length of the value must be `<= 3`."]
        );
        let body = serde_json::json!({ "title": "A\u{301}", "code": "e" }).to_string();
        assert_eq!(
            messages(&body),
            [
                "title: The value must match the pattern of \"^[a-z\u{301}]*$\".",
                "code: The length of the value must be `>= 2`."
            ]
        );
        assert!(messages(r#"{"title":"abc","code":"ab"}"#).is_empty());
    }

    /// A type that reads combining text but not the letters standing in
    /// for it: the lengths cannot be counted, and the value is refused.
    #[test]
    fn e5_text_that_cannot_be_counted_is_refused() {
        let body = "{\"title\":\"ab\",\"code\":\"ab\",\"mood\":\"e\u{301}\"}";
        assert_eq!(messages(body), [UNCOUNTED]);
    }

    #[test]
    fn e5_single_values_and_grapheme_rules() {
        let accented = "e\u{301}".repeat(3);
        assert!(accented.validate_max_length(5).is_err());
        assert!(accented.validate_max_length(6).is_ok());
        assert!("😀".validate_min_length(2).is_err());
        assert!(max_graphemes::<String>(3)(&accented).is_ok());
        assert!(max_graphemes::<String>(2)(&accented).is_err());
        assert!(min_graphemes::<Option<String>>(4)(&Some(accented)).is_err());
        assert!(min_graphemes::<Option<String>>(4)(&None).is_ok());
    }
}
