//! JSON answers never carry a number JSON cannot: serde_json writes a NaN
//! or infinite `f32`/`f64` as `null`, where the document (and the client's
//! type) promise a number. [`Finite`] serialises a value through
//! [`FiniteSerializer`], which refuses such a float; the answer is then a
//! `500` naming the field (the way a header value no header can carry is).

use serde::ser::{self, Serialize, Serializer};
use std::fmt::Display;

/// `value`, serialised with every float checked to be finite.
pub(crate) struct Finite<'a, T: ?Sized>(pub(crate) &'a T);

impl<T: Serialize + ?Sized> Serialize for Finite<'_, T> {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(FiniteSerializer(serializer))
    }
}

/// The text of the error for a non-finite float.
fn not_finite<E: ser::Error>(value: impl Display) -> E {
    E::custom(format_args!(
        "the number {value} cannot be written in JSON (serde_json would send null)"
    ))
}

/// `S`, refusing NaN and infinite floats; everything else as `S` does it.
pub(crate) struct FiniteSerializer<S>(S);

/// A compound value of `S` whose parts are serialised through [`Finite`].
pub(crate) struct Parts<C>(C);

macro_rules! forward {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {
        $(
            #[inline]
            fn $method(self, $($arg: $ty),*) -> Result<S::Ok, S::Error> {
                self.0.$method($($arg),*)
            }
        )*
    };
}

impl<S: Serializer> Serializer for FiniteSerializer<S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Parts<S::SerializeSeq>;
    type SerializeTuple = Parts<S::SerializeTuple>;
    type SerializeTupleStruct = Parts<S::SerializeTupleStruct>;
    type SerializeTupleVariant = Parts<S::SerializeTupleVariant>;
    type SerializeMap = Parts<S::SerializeMap>;
    type SerializeStruct = Parts<S::SerializeStruct>;
    type SerializeStructVariant = Parts<S::SerializeStructVariant>;

    forward! {
        serialize_bool(v: bool);
        serialize_i8(v: i8);
        serialize_i16(v: i16);
        serialize_i32(v: i32);
        serialize_i64(v: i64);
        serialize_i128(v: i128);
        serialize_u8(v: u8);
        serialize_u16(v: u16);
        serialize_u32(v: u32);
        serialize_u64(v: u64);
        serialize_u128(v: u128);
        serialize_char(v: char);
        serialize_str(v: &str);
        serialize_bytes(v: &[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(name: &'static str);
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str);
    }

    #[inline]
    fn serialize_f32(self, v: f32) -> Result<S::Ok, S::Error> {
        if !v.is_finite() {
            return Err(not_finite(v));
        }
        self.0.serialize_f32(v)
    }

    #[inline]
    fn serialize_f64(self, v: f64) -> Result<S::Ok, S::Error> {
        if !v.is_finite() {
            return Err(not_finite(v));
        }
        self.0.serialize_f64(v)
    }

    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<S::Ok, S::Error> {
        self.0.serialize_some(&Finite(value))
    }

    #[inline]
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        self.0.serialize_newtype_struct(name, &Finite(value))
    }

    #[inline]
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        self.0
            .serialize_newtype_variant(name, index, variant, &Finite(value))
    }

    #[inline]
    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        self.0.serialize_seq(len).map(Parts)
    }

    #[inline]
    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, S::Error> {
        self.0.serialize_tuple(len).map(Parts)
    }

    #[inline]
    fn serialize_tuple_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct, S::Error> {
        self.0.serialize_tuple_struct(name, len).map(Parts)
    }

    #[inline]
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        self.0
            .serialize_tuple_variant(name, index, variant, len)
            .map(Parts)
    }

    #[inline]
    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        self.0.serialize_map(len).map(Parts)
    }

    #[inline]
    fn serialize_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        self.0.serialize_struct(name, len).map(Parts)
    }

    #[inline]
    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        self.0
            .serialize_struct_variant(name, index, variant, len)
            .map(Parts)
    }

    fn collect_str<T: Display + ?Sized>(self, value: &T) -> Result<S::Ok, S::Error> {
        self.0.collect_str(value)
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// The compound traits, each part wrapped in [`Finite`].
macro_rules! parts {
    ($($trait:ident { $($method:ident($($key:ident: $kty:ty),*);)* })*) => {
        $(
            impl<C: ser::$trait> ser::$trait for Parts<C> {
                type Ok = C::Ok;
                type Error = C::Error;

                $(
                    #[inline]
                    fn $method<T: Serialize + ?Sized>(
                        &mut self,
                        $($key: $kty,)*
                        value: &T,
                    ) -> Result<(), C::Error> {
                        self.0.$method($($key,)* &Finite(value))
                    }
                )*

                #[inline]
                fn end(self) -> Result<C::Ok, C::Error> {
                    self.0.end()
                }
            }
        )*
    };
}

parts! {
    SerializeSeq { serialize_element(); }
    SerializeTuple { serialize_element(); }
    SerializeTupleStruct { serialize_field(); }
    SerializeTupleVariant { serialize_field(); }
    SerializeMap { serialize_key(); serialize_value(); }
    SerializeStruct { serialize_field(key: &'static str); }
    SerializeStructVariant { serialize_field(key: &'static str); }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn json<T: Serialize>(value: &T) -> Result<String, String> {
        serde_json::to_string(&Finite(value)).map_err(|e| e.to_string())
    }

    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Stats {
        total: u32,
        avg_priority: f64,
        by_day: Vec<Option<f32>>,
        tagged: Tagged,
    }

    #[derive(serde::Serialize)]
    enum Tagged {
        Point { x: f64 },
    }

    fn stats(avg: f64, day: f32, x: f64) -> Stats {
        Stats {
            total: 2,
            avg_priority: avg,
            by_day: vec![Some(1.5), Some(day), None],
            tagged: Tagged::Point { x },
        }
    }

    /// Finite values are written as serde_json writes them, byte for byte.
    #[test]
    fn a3_finite_values_are_written_unchanged() {
        let value = stats(2.5, 0.25, -1e300);
        assert_eq!(
            json(&value).unwrap(),
            serde_json::to_string(&value).unwrap()
        );
        let map: BTreeMap<&str, (u8, Option<f64>, &str)> = [("a", (1, None, "é"))].into();
        assert_eq!(json(&map).unwrap(), serde_json::to_string(&map).unwrap());
    }

    /// A NaN or an infinity anywhere is refused, not written as `null`.
    #[test]
    fn a3_non_finite_floats_are_refused_wherever_they_are() {
        for value in [
            stats(f64::NAN, 1.0, 1.0),
            stats(1.0, f32::INFINITY, 1.0),
            stats(1.0, 1.0, f64::NEG_INFINITY),
        ] {
            let error = json(&value).unwrap_err();
            assert!(error.contains("cannot be written in JSON"), "{error}");
        }
        assert!(json(&vec![(1u8, f64::NAN)]).is_err());
    }
}
