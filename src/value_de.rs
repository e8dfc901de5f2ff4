//! `Value` → `T` with one compiled path per struct instead of two (wasm size).
//!
//! `serde_json::from_value` lets every derived struct be read from a JSON object *or* a JSON array
//! (serde's `visit_seq`), so each struct in the app carried a second, never used, array reader:
//! about 100 KB of code before wasm-opt. JSON written by this crate never has structs as arrays,
//! so this deserializer reads structs from objects only and is otherwise the same as
//! `serde_json`'s (same visits, same `serde_json::Error` messages). Every typed read of a `Value`
//! goes through [`from_value`]: one type read both ways would be compiled twice.

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess,
    SeqAccess, Unexpected, VariantAccess, Visitor,
};
use serde::forward_to_deserialize_any;
use serde_json::{Error, Map, Value};

/// `serde_json::from_value`, with structs read from objects only.
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
    T::deserialize(Strict(value))
}

struct Strict(Value);

fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (None, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

fn visit_array<'de, V: Visitor<'de>>(array: Vec<Value>, visitor: V) -> Result<V::Value, Error> {
    let len = array.len();
    let mut seq = Seq(array.into_iter());
    let value = visitor.visit_seq(&mut seq)?;
    if seq.0.len() == 0 {
        Ok(value)
    } else {
        Err(de::Error::invalid_length(len, &"fewer elements in array"))
    }
}

fn visit_object<'de, V: Visitor<'de>>(
    object: Map<String, Value>,
    visitor: V,
) -> Result<V::Value, Error> {
    let len = object.len();
    let mut map = Entries {
        iter: object.into_iter(),
        value: None,
    };
    let value = visitor.visit_map(&mut map)?;
    if map.iter.len() == 0 {
        Ok(value)
    } else {
        Err(de::Error::invalid_length(len, &"fewer elements in map"))
    }
}

impl<'de> Deserializer<'de> for Strict {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => visitor.visit_u64(u),
                (None, Some(i)) => visitor.visit_i64(i),
                _ => visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => visitor.visit_string(s),
            Value::Array(a) => visit_array(a, visitor),
            Value::Object(o) => visit_object(o, visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            value => visitor.visit_some(Strict(value)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    /// The one difference from `serde_json`: no struct from an array.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Value::Object(o) => visit_object(o, visitor),
            other => Err(de::Error::invalid_type(unexpected(&other), &visitor)),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let (variant, value) = match self.0 {
            Value::Object(o) => {
                let mut iter = o.into_iter();
                let Some((variant, value)) = iter.next() else {
                    return Err(de::Error::invalid_value(
                        Unexpected::Map,
                        &"map with a single key",
                    ));
                };
                if iter.next().is_some() {
                    return Err(de::Error::invalid_value(
                        Unexpected::Map,
                        &"map with a single key",
                    ));
                }
                (variant, Some(value))
            }
            Value::String(variant) => (variant, None),
            other => {
                return Err(de::Error::invalid_type(
                    unexpected(&other),
                    &"string or map",
                ))
            }
        };
        visitor.visit_enum(Variant { variant, value })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct seq tuple tuple_struct map identifier
    }
}

struct Seq(std::vec::IntoIter<Value>);

impl<'de> SeqAccess<'de> for Seq {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0
            .next()
            .map(|v| seed.deserialize(Strict(v)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

struct Entries {
    iter: serde_json::map::IntoIter,
    value: Option<Value>,
}

impl<'de> MapAccess<'de> for Entries {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.iter.next() {
            Some((key, value)) => {
                self.value = Some(value);
                seed.deserialize(IntoDeserializer::<Error>::into_deserializer(key))
                    .map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some(value) => seed.deserialize(Strict(value)),
            None => Err(de::Error::custom("value is missing")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

struct Variant {
    variant: String,
    value: Option<Value>,
}

impl<'de> EnumAccess<'de> for Variant {
    type Error = Error;
    type Variant = Payload;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Payload), Error> {
        let variant =
            seed.deserialize(IntoDeserializer::<Error>::into_deserializer(self.variant))?;
        Ok((variant, Payload(self.value)))
    }
}

struct Payload(Option<Value>);

impl<'de> VariantAccess<'de> for Payload {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self.0 {
            Some(value) => serde::Deserialize::deserialize(Strict(value)),
            None => Ok(()),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        match self.0 {
            Some(value) => seed.deserialize(Strict(value)),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"newtype variant",
            )),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Some(Value::Array(a)) => visit_array(a, visitor),
            Some(other) => Err(de::Error::invalid_type(
                unexpected(&other),
                &"tuple variant",
            )),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"tuple variant",
            )),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Some(Value::Object(o)) => visit_object(o, visitor),
            Some(other) => Err(de::Error::invalid_type(
                unexpected(&other),
                &"struct variant",
            )),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"struct variant",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::from_value;
    use serde::Deserialize;
    use serde_json::json;
    use std::collections::BTreeMap;

    #[derive(Debug, PartialEq, Deserialize)]
    struct Inner {
        n: u8,
        #[serde(default)]
        list: Vec<f64>,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Plain,
        Wrapped(String),
        Pair(u32, i64),
        Shaped { x: i32 },
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(tag = "decision", rename_all = "snake_case")]
    enum Tagged {
        Approve { note: Option<String> },
        Timeout,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(untagged)]
    enum Either {
        Tagged(Tagged),
        Inner(Inner),
    }

    #[derive(Debug, PartialEq, Deserialize)]
    struct Outer {
        inner: Inner,
        maybe: Option<Box<Outer>>,
        kinds: Vec<Kind>,
        map: BTreeMap<String, serde_json::Value>,
        either: Either,
        #[serde(flatten)]
        rest: BTreeMap<String, serde_json::Value>,
    }

    fn same<T: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
        value: serde_json::Value,
    ) {
        let ours = from_value::<T>(value.clone()).map_err(|e| e.to_string());
        let theirs = serde_json::from_value::<T>(value).map_err(|e| e.to_string());
        assert_eq!(ours, theirs);
    }

    #[test]
    fn reads_what_serde_json_reads_with_the_same_errors() {
        let outer = json!({
            "inner": {"n": 3, "list": [1, -2, 2.5]},
            "maybe": {"inner": {"n": 0}, "maybe": null, "kinds": [], "map": {}, "either": {"decision": "timeout"}},
            "kinds": ["plain", {"wrapped": "w"}, {"pair": [1, -1]}, {"shaped": {"x": -4}}],
            "map": {"a": [1, {"b": null}], "c": "d"},
            "either": {"n": 7},
            "extra": true
        });
        same::<Outer>(outer.clone());
        assert!(from_value::<Outer>(outer).is_ok());
        same::<Tagged>(json!({"decision": "approve", "note": "ok"}));
        same::<Inner>(json!({"n": 300}));
        same::<Inner>(json!({"n": "3"}));
        same::<Inner>(json!({"list": []}));
        same::<Kind>(json!({"plain": null}));
        same::<Kind>(json!({"wrapped": "a", "plain": null}));
        same::<Kind>(json!("nope"));
        same::<Option<u64>>(json!(null));
        same::<Vec<String>>(json!(["a", "b"]));
        same::<f64>(json!(3));
        same::<i64>(json!(-3));
    }

    #[test]
    fn reads_a_struct_from_an_object_only() {
        assert!(serde_json::from_value::<Inner>(json!([3, []])).is_ok());
        let error = from_value::<Inner>(json!([3, []])).unwrap_err().to_string();
        assert!(error.contains("invalid type: sequence"), "{error}");
    }
}
