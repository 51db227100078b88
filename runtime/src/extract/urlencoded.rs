//! Query strings, urlencoded form bodies, path captures and headers into
//! serde types: one reading for all of them.
//!
//! `form_urlencoded` splits and decodes the pairs; the values of one key
//! are grouped in the order they came ([`Values`]) and read as the type
//! asks, like `serde_html_form`: a scalar takes the one value, a `Vec<T>`
//! takes every repetition (`?labels=a&labels=b`), an `Option<T>` is `None`
//! when the key is absent, a unit-variant enum takes its name. One
//! difference from serde's readers: an integer takes an integral decimal
//! (`"12.0"`), as JSON Schema counts it an integer, the same as JSON bodies
//! do. Errors name the key the client sent.
//!
//! Kept rather than `serde_urlencoded` (no repeated keys as a `Vec`) or
//! `serde_html_form` (no integral decimals as integers, messages that do
//! not name the key): one reader, with the same rules for query, form,
//! path and header values and a cap on pairs.

use serde::de::value::{CowStrDeserializer, MapDeserializer, SeqDeserializer};
use serde::de::{DeserializeOwned, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;
use std::borrow::Cow;
use std::fmt::{self, Display};
use std::str::FromStr;

/// What went wrong, with the key it concerns when there is one, so the
/// caller can say where it was sent (`query parameter`, `form field`,
/// `header`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Error {
    /// A required key was not sent.
    Missing(String),
    /// The value(s) of `key` could not be read.
    Key {
        /// The key as the client sent it.
        key: String,
        /// The problem.
        message: String,
    },
    /// A problem of the whole input (`deny_unknown_fields`, a flattened
    /// enum, …).
    Other(String),
}

impl Error {
    /// The message of a `400`: `invalid query parameter `page`: …`,
    /// `missing header `x-count``; `place` names where the key was sent.
    pub(crate) fn describe(&self, place: &str) -> String {
        match self {
            Error::Missing(key) => format!("missing {place} `{key}`"),
            Error::Key { key, message } => format!("invalid {place} `{key}`: {message}"),
            Error::Other(message) => format!("invalid {place}s: {message}"),
        }
    }

    /// The `400` of a parameter (`place`: path parameter, query parameter,
    /// header, cookie): `MISSING_PARAMETER` or `INVALID_PARAMETER`.
    pub(crate) fn into_param_error(self, place: &str) -> crate::HttpError {
        use crate::response::error::codes;
        let code = match self {
            Error::Missing(_) => codes::MISSING_PARAMETER,
            _ => codes::INVALID_PARAMETER,
        };
        crate::HttpError::bad_request(self.describe(place)).with_code(code)
    }

    /// The error as found under `key`.
    fn at(self, key: &str) -> Self {
        match self {
            Error::Other(message) => Error::Key {
                key: key.to_string(),
                message,
            },
            other => other,
        }
    }
}

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Missing(key) => write!(f, "missing field `{key}`"),
            Error::Key { key, message } => write!(f, "`{key}`: {message}"),
            Error::Other(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

impl serde::de::Error for Error {
    fn custom<T: Display>(msg: T) -> Self {
        Error::Other(msg.to_string())
    }

    fn missing_field(field: &'static str) -> Self {
        Error::Missing(field.to_string())
    }
}

/// Whether `input` carries more than `limit` pairs: the non-empty pieces
/// between `&`s, as `form_urlencoded` reads them. With fewer `&`s than
/// `limit` (memchr's count, stopped at `limit`), no piece is looked at.
pub(crate) fn more_pairs_than(input: &[u8], limit: usize) -> bool {
    // At most one pair more than there are `&`s.
    if limit > 0 && memchr::memchr_iter(b'&', input).nth(limit - 1).is_none() {
        return false;
    }
    input
        .split(|b| *b == b'&')
        .filter(|pair| !pair.is_empty())
        .nth(limit)
        .is_some()
}

/// Reads `input` (`a=1&b=x&b=y`, percent- and `+`-decoded) into `T`, a
/// struct or a map: each key once, with all its values.
pub(crate) fn from_bytes<T: DeserializeOwned>(input: &[u8]) -> Result<T, Error> {
    let mut pairs: Vec<(Cow<'_, str>, Cow<'_, str>)> = form_urlencoded::parse(input).collect();
    // Stable: the values of a key keep their order. Sorting, not a search
    // per key, so a hostile query of many keys costs n·log n.
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    let groups = pairs.chunk_by(|a, b| a.0 == b.0).map(|group| {
        let key = &*group[0].0;
        let values = group.iter().map(|(_, v)| Cow::Borrowed(&**v));
        (Cow::Borrowed(key), Values::new(key, values))
    });
    T::deserialize(MapDeserializer::new(groups))
}

/// The values one key was given, read as one value, a sequence of them, or
/// an option (absent: `None`).
pub(crate) struct Values<'a, I> {
    key: &'a str,
    values: I,
    /// A list's items are also the comma-separated parts of each value
    /// (a header's: RFC 9110 §5.3, OpenAPI's `simple` style).
    comma_lists: bool,
}

impl<'a, I> Values<'a, I>
where
    I: Iterator<Item = Cow<'a, str>> + Clone,
{
    /// The values `values` of `key`.
    pub(crate) fn new(key: &'a str, values: I) -> Self {
        Values {
            key,
            values,
            comma_lists: false,
        }
    }

    /// The values of header `key`: read as a list, each is split at its
    /// commas (`X-Tag: a, b` and two `X-Tag` lines are the same list).
    pub(crate) fn header(key: &'a str, values: I) -> Self {
        Values {
            comma_lists: true,
            ..Values::new(key, values)
        }
    }

    /// Reads them as `T`; errors name `key`.
    pub(crate) fn read<T: DeserializeOwned>(self) -> Result<T, Error> {
        T::deserialize(self)
    }

    /// The one value a scalar takes.
    fn one(&self) -> Result<Value<'a>, Error> {
        let mut values = self.values.clone();
        match (values.next(), values.next()) {
            (None, _) => Err(Error::Missing(self.key.to_string())),
            (Some(v), None) => Ok(Value(v)),
            (Some(_), Some(_)) => Err(Error::Key {
                key: self.key.to_string(),
                message: format!(
                    "sent {} times, expected one value",
                    self.values.clone().count()
                ),
            }),
        }
    }
}

impl<'de, 'a, I> IntoDeserializer<'de, Error> for Values<'a, I>
where
    I: Iterator<Item = Cow<'a, str>> + Clone,
{
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

macro_rules! one_value {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Error> {
            self.one()?.$method($($arg,)* visitor).map_err(|e| e.at(self.key))
        }
    )*};
}

impl<'de, 'a, I> serde::Deserializer<'de> for Values<'a, I>
where
    I: Iterator<Item = Cow<'a, str>> + Clone,
{
    type Error = Error;

    /// Read with no type to go by (a `#[serde(flatten)]`ed or untagged
    /// field): one value is a string, several a sequence of strings.
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.values.clone().nth(1).is_some() {
            return self.deserialize_seq(visitor);
        }
        self.one()?.deserialize_any(visitor)
    }

    /// Every value of the key; an absent key is missing, as serde has it
    /// for a struct's `Vec` field (write `Option<Vec<T>>` when it may be).
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.values.clone().next().is_none() {
            return Err(Error::Missing(self.key.to_string()));
        }
        match self.comma_lists {
            true => visit_items(self.key, self.values.flat_map(comma_separated), visitor),
            false => visit_items(self.key, self.values, visitor),
        }
    }

    /// A present key is `Some`; `None` only when it was not sent.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.values.clone().next().is_none() {
            return visitor.visit_none();
        }
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    one_value! {
        deserialize_bool(); deserialize_i8(); deserialize_i16(); deserialize_i32();
        deserialize_i64(); deserialize_i128(); deserialize_u8(); deserialize_u16();
        deserialize_u32(); deserialize_u64(); deserialize_u128(); deserialize_f32();
        deserialize_f64(); deserialize_char(); deserialize_str(); deserialize_string();
        deserialize_bytes(); deserialize_byte_buf(); deserialize_unit();
        deserialize_identifier();
        deserialize_unit_struct(name: &'static str);
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
        deserialize_tuple_struct(name: &'static str, len: usize);
        deserialize_struct(name: &'static str, fields: &'static [&'static str]);
    }

    /// A key the type does not name: skipped, however often it was sent
    /// (a form's schema does not forbid other keys, so neither does this).
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.one()?
            .deserialize_map(visitor)
            .map_err(|e| e.at(self.key))
    }
}

/// `items`, the values of `key`, read as a sequence by `visitor`.
fn visit_items<'de, 'a, V: Visitor<'de>>(
    key: &str,
    items: impl Iterator<Item = Cow<'a, str>>,
    visitor: V,
) -> Result<V::Value, Error> {
    let mut seq = SeqDeserializer::new(items.map(Value));
    let value = visitor.visit_seq(&mut seq).map_err(|e| e.at(key))?;
    seq.end().map_err(|e| e.at(key))?;
    Ok(value)
}

/// The items of a comma-separated list, without the spaces around them;
/// empty items are dropped (RFC 9110 §5.6.1).
fn comma_separated(value: Cow<'_, str>) -> Vec<Cow<'_, str>> {
    fn items(s: &str) -> impl Iterator<Item = &str> {
        s.split(',')
            .map(|item| item.trim_matches([' ', '\t']))
            .filter(|item| !item.is_empty())
    }
    match value {
        Cow::Borrowed(s) => items(s).map(Cow::Borrowed).collect(),
        Cow::Owned(s) => items(&s).map(|item| Cow::Owned(item.to_string())).collect(),
    }
}

/// One decoded value, read as whatever type the field has.
struct Value<'a>(Cow<'a, str>);

impl Value<'_> {
    fn parse<T>(&self) -> Result<T, Error>
    where
        T: FromStr,
        T::Err: Display,
    {
        let text = &*self.0;
        parse_integral_decimal::<T>(text).map_err(|e| {
            Error::Other(format!(
                "cannot read {text:?} as {}: {e}",
                short_type_name::<T>()
            ))
        })
    }
}

impl<'de, 'a> IntoDeserializer<'de, Error> for Value<'a> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

macro_rules! parsed {
    ($($method:ident => $visit:ident: $ty:ty;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.$visit(self.parse::<$ty>()?)
        }
    )*};
}

impl<'de> serde::Deserializer<'de> for Value<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Cow::Borrowed(s) => visitor.visit_str(s),
            Cow::Owned(s) => visitor.visit_string(s),
        }
    }

    parsed! {
        deserialize_bool => visit_bool: bool;
        deserialize_i8 => visit_i8: i8;
        deserialize_i16 => visit_i16: i16;
        deserialize_i32 => visit_i32: i32;
        deserialize_i64 => visit_i64: i64;
        deserialize_i128 => visit_i128: i128;
        deserialize_u8 => visit_u8: u8;
        deserialize_u16 => visit_u16: u16;
        deserialize_u32 => visit_u32: u32;
        deserialize_u64 => visit_u64: u64;
        deserialize_u128 => visit_u128: u128;
        deserialize_f32 => visit_f32: f32;
        deserialize_f64 => visit_f64: f64;
        deserialize_char => visit_char: char;
    }

    /// A present value is `Some`; an absent one never reaches here.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    /// Unit variants by name, as `serde_urlencoded` reads them.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let name: CowStrDeserializer<'_, Error> = self.0.into_deserializer();
        visitor.visit_enum(name)
    }

    forward_to_deserialize_any! {
        str string bytes byte_buf unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

/// The short name of a type for messages: `u64`, `Uuid`, `Vec<String>`.
pub(crate) fn short_type_name<T>() -> String {
    let full = std::any::type_name::<T>();
    let mut out = String::with_capacity(full.len());
    for part in full.split_inclusive(['<', '>', ',', ' ']) {
        let (word, sep) = match part.char_indices().last() {
            Some((i, c)) if "<>, ".contains(c) => (&part[..i], &part[i..]),
            _ => (part, ""),
        };
        out.push_str(word.rsplit("::").next().unwrap_or(word));
        out.push_str(sep);
    }
    out
}

/// `text.parse()`, retried without a zero fraction when that fails
/// (`"12.0"` reads as `12`): JSON Schema counts integral decimals as
/// integers. The retry runs on the error path only.
pub(crate) fn parse_integral_decimal<T: FromStr>(text: &str) -> Result<T, T::Err> {
    text.parse()
        .or_else(|e| integral_decimal(text).and_then(|i| i.parse().ok()).ok_or(e))
}

/// `"12.0"` → `"12"`, `"-3.00"` → `"-3"`; `None` for anything else.
fn integral_decimal(text: &str) -> Option<&str> {
    let (int, frac) = text.split_once('.')?;
    let digits = int.strip_prefix('-').unwrap_or(int);
    (!digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !frac.is_empty()
        && frac.bytes().all(|b| b == b'0'))
    .then_some(int)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    /// Issue 31 item 1: pairs are counted as `form_urlencoded` reads them,
    /// empty pieces (`&&`, a trailing `&`) not counted.
    #[test]
    fn pairs_are_counted_as_they_are_read() {
        for (input, pairs) in [
            (&b""[..], 0),
            (b"a", 1),
            (b"a=1&&b=2&", 2),
            (b"&&&", 0),
            (b"a&b&c", 3),
            (b"=&=&x=", 3),
        ] {
            assert_eq!(form_urlencoded::parse(input).count(), pairs);
            for limit in 0..5 {
                assert_eq!(
                    more_pairs_than(input, limit),
                    pairs > limit,
                    "{input:?} {limit}"
                );
            }
        }
    }

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    struct Filter {
        author_id: Option<u64>,
        limit: u32,
        name: Option<String>,
        ratio: Option<f64>,
        flag: Option<bool>,
        sort: Option<Sort>,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Sort {
        Asc,
        Desc,
    }

    fn filter(q: &str) -> Result<Filter, String> {
        from_bytes(q.as_bytes()).map_err(|e| e.describe("query parameter"))
    }

    /// Issue 12 (schemathesis): a key the struct does not name is skipped
    /// even when repeated; it was a 400 "sent 3 times, expected one value".
    #[test]
    fn e1_unknown_keys_are_skipped_however_often_sent() {
        let f = filter("limit=5&extra=a&extra=b&extra=c&x=").unwrap();
        assert_eq!(f.limit, 5);
        assert_eq!(
            filter("limit=5&limit=6&extra=a&extra=b").unwrap_err(),
            "invalid query parameter `limit`: sent 2 times, expected one value"
        );
    }

    #[test]
    fn reads_typed_values_like_serde_urlencoded() {
        assert_eq!(
            filter("authorId=7&limit=20&name=a+b%21&ratio=0.5&flag=true&sort=desc&other=x"),
            Ok(Filter {
                author_id: Some(7),
                limit: 20,
                name: Some("a b!".into()),
                ratio: Some(0.5),
                flag: Some(true),
                sort: Some(Sort::Desc),
            })
        );
        assert_eq!(filter("limit=1").unwrap().author_id, None);
    }

    #[test]
    fn a2_integral_decimals_are_integers_and_strings_stay_as_written() {
        let f = filter("authorId=3203.0&limit=20.00&name=1.0").unwrap();
        assert_eq!((f.author_id, f.limit), (Some(3203), 20));
        assert_eq!(f.name.as_deref(), Some("1.0"));
    }

    #[test]
    fn a2_errors_name_the_key_the_value_and_the_problem() {
        assert_eq!(
            filter("limit=1.5").unwrap_err(),
            "invalid query parameter `limit`: cannot read \"1.5\" as u32: invalid digit found in string"
        );
        assert_eq!(filter("").unwrap_err(), "missing query parameter `limit`");
        assert_eq!(
            filter("limit=1&limit=2").unwrap_err(),
            "invalid query parameter `limit`: sent 2 times, expected one value"
        );
        let e = filter("limit=1&sort=up").unwrap_err();
        assert!(
            e.starts_with("invalid query parameter `sort`: unknown variant `up`"),
            "{e}"
        );
        assert!(filter("limit=-1")
            .unwrap_err()
            .contains("cannot read \"-1\" as u32"));
    }

    #[derive(Deserialize, Debug, PartialEq)]
    struct Lists {
        labels: Vec<String>,
        ids: Option<Vec<u32>>,
        sorts: Option<Vec<Sort>>,
    }

    fn lists(q: &str) -> Result<Lists, String> {
        from_bytes(q.as_bytes()).map_err(|e| e.describe("query parameter"))
    }

    #[test]
    fn e1_repeated_keys_are_sequences() {
        assert_eq!(
            lists("labels=bug&ids=2&labels=perf&ids=1.0&sorts=asc"),
            Ok(Lists {
                labels: vec!["bug".into(), "perf".into()],
                ids: Some(vec![2, 1]),
                sorts: Some(vec![Sort::Asc]),
            })
        );
        assert_eq!(
            lists("labels=one"),
            Ok(Lists {
                labels: vec!["one".into()],
                ids: None,
                sorts: None,
            })
        );
        assert_eq!(lists("").unwrap_err(), "missing query parameter `labels`");
        assert_eq!(
            lists("labels=a&ids=1&ids=x").unwrap_err(),
            "invalid query parameter `ids`: cannot read \"x\" as u32: invalid digit found in string"
        );
    }

    #[test]
    fn e1_one_key_read_as_any_type() {
        let q = "tag=a&tag=b&v=desc&n=3";
        let values = |key: &'static str| {
            Values::new(
                key,
                form_urlencoded::parse(q.as_bytes())
                    .filter(move |(k, _)| k == key)
                    .map(|(_, v)| v),
            )
        };
        assert_eq!(
            values("tag").read::<Vec<String>>(),
            Ok(vec!["a".into(), "b".into()])
        );
        assert_eq!(values("v").read::<Option<Sort>>(), Ok(Some(Sort::Desc)));
        assert_eq!(values("none").read::<Option<Sort>>(), Ok(None));
        assert_eq!(values("none").read::<Option<Vec<u8>>>(), Ok(None));
        assert_eq!(values("n").read::<Vec<u8>>(), Ok(vec![3]));
        assert_eq!(values("n").read::<u8>(), Ok(3));
        assert_eq!(
            values("none").read::<u8>(),
            Err(Error::Missing("none".into()))
        );
        assert_eq!(
            values("tag")
                .read::<String>()
                .unwrap_err()
                .describe("query parameter"),
            "invalid query parameter `tag`: sent 2 times, expected one value"
        );
    }
}
