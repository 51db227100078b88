//! Query strings and urlencoded form bodies into serde types:
//! `form_urlencoded` splits and decodes the pairs, serde's
//! `MapDeserializer` feeds them to the type, and each value is read as the
//! type asks, like `serde_urlencoded`, with one difference: an integer
//! takes an integral decimal (`"12.0"`), as JSON Schema counts it an
//! integer, the same as path parameters, single query values and JSON
//! bodies do.

use serde::de::value::{CowStrDeserializer, Error, MapDeserializer};
use serde::de::{DeserializeOwned, Error as _, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;
use std::borrow::Cow;
use std::fmt::Display;
use std::str::FromStr;

/// Reads `input` (`a=1&b=x`, percent- and `+`-decoded) into `T`.
pub(crate) fn from_bytes<T: DeserializeOwned>(input: &[u8]) -> Result<T, Error> {
    let pairs = form_urlencoded::parse(input).map(|(k, v)| (k, Value(v)));
    T::deserialize(MapDeserializer::new(pairs))
}

/// One decoded value, read as whatever type the field has.
struct Value<'a>(Cow<'a, str>);

impl Value<'_> {
    fn parse<T>(&self, what: &str) -> Result<T, Error>
    where
        T: FromStr,
        T::Err: Display,
    {
        let text = &*self.0;
        crate::extract::parse_integral_decimal::<T>(text)
            .map_err(|e| Error::custom(format_args!("cannot read {text:?} as {what}: {e}")))
    }
}

impl<'de, 'a> IntoDeserializer<'de, Error> for Value<'a> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

macro_rules! parsed {
    ($($method:ident => $visit:ident: $ty:ty, $what:literal;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.$visit(self.parse::<$ty>($what)?)
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
        deserialize_bool => visit_bool: bool, "a boolean";
        deserialize_i8 => visit_i8: i8, "an integer";
        deserialize_i16 => visit_i16: i16, "an integer";
        deserialize_i32 => visit_i32: i32, "an integer";
        deserialize_i64 => visit_i64: i64, "an integer";
        deserialize_i128 => visit_i128: i128, "an integer";
        deserialize_u8 => visit_u8: u8, "an integer";
        deserialize_u16 => visit_u16: u16, "an integer";
        deserialize_u32 => visit_u32: u32, "an integer";
        deserialize_u64 => visit_u64: u64, "an integer";
        deserialize_u128 => visit_u128: u128, "an integer";
        deserialize_f32 => visit_f32: f32, "a number";
        deserialize_f64 => visit_f64: f64, "a number";
        deserialize_char => visit_char: char, "a character";
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

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
        from_bytes(q.as_bytes()).map_err(|e| e.to_string())
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
    fn errors_name_the_value_and_the_problem() {
        assert_eq!(
            filter("limit=1.5").unwrap_err(),
            "cannot read \"1.5\" as an integer: invalid digit found in string"
        );
        assert_eq!(filter("").unwrap_err(), "missing field `limit`");
        assert_eq!(
            filter("limit=1&limit=2").unwrap_err(),
            "duplicate field `limit`"
        );
        assert!(filter("limit=1&sort=up")
            .unwrap_err()
            .contains("unknown variant `up`"));
        assert!(filter("limit=-1")
            .unwrap_err()
            .contains("cannot read \"-1\" as an integer"));
    }
}
