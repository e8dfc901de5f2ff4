//! The state trait and the `state!` macro that declares a workflow's state like a TypedDict.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::graph::error::GraphError;

/// A graph's shared state. Implemented by [`state!`](crate::state); implement it by hand only
/// for unusual needs.
pub trait State: Clone + Default + Serialize + DeserializeOwned + 'static {
    /// A partial update: one `Option` per field, `None` meaning "not written".
    type Update: Clone + Default + Serialize + DeserializeOwned + 'static;

    /// Field names, in declaration order.
    const KEYS: &'static [&'static str];

    /// Applies the updates of one superstep (already in task order) through each field's reducer;
    /// returns the names of the fields that changed.
    fn apply_updates(
        &mut self,
        updates: Vec<Self::Update>,
    ) -> Result<Vec<&'static str>, GraphError>;

    /// Whether field `key`'s reducer is `append`: a checkpoint then stores only what a step
    /// appended to it, not its whole value.
    fn is_append(_key: &str) -> bool {
        false
    }

    /// The fields named in `keys`, serialised (what a delta checkpoint stores of them).
    fn channel_values(&self, keys: &[&str]) -> Result<Map<String, Value>, GraphError> {
        let mut all = match serde_json::to_value(self)? {
            Value::Object(all) => all,
            _ => Map::new(),
        };
        all.retain(|key, _| keys.contains(&key.as_str()));
        Ok(all)
    }

    /// What `updates` (one step's, in task order) append to each append field, serialised:
    /// applied to the field's stored value, it gives the field's value after the step.
    fn appended(_updates: &[Self::Update]) -> Result<Map<String, Value>, GraphError> {
        Ok(Map::new())
    }
}

/// Declares a state struct, its partial-update struct and per-field reducers.
///
/// ```
/// use careergraph::state;
///
/// fn add(a: u32, b: u32) -> u32 { a + b }
///
/// state! {
///     /// The review workflow's state.
///     pub struct Review updates ReviewUpdate {
///         pub resume: String,                           // overwrite (one write per step)
///         pub feedback: Vec<String> => append,          // concatenate concurrent writes
///         pub rounds: u32 => reduce(add),               // fold with a function
///     }
/// }
///
/// let update = ReviewUpdate::default().feedback(vec!["tighten the intro".to_string()]);
/// assert!(update.resume.is_none());
/// ```
///
/// The caller's crate must depend on `serde` (the derives expand to `serde::` paths).
///
/// Reducers: none or `last_value` (overwrite), `append`, `reduce(fn(T, T) -> T)`,
/// `custom(fn(&mut T, Vec<T>) -> bool)`. Generated: the struct (Clone, Debug, Default, serde),
/// the update struct with `Option<T>` fields and a chainable setter per field,
/// `From<State> for Update` (every field set) and `From<Update> for Command<State>` so nodes can
/// return updates directly.
#[macro_export]
macro_rules! state {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident updates $update:ident {
            $(
                $(#[$fmeta:meta])*
                $fvis:vis $field:ident : $ty:ty $(=> $reducer:ident $(($func:expr))?)?
            ),* $(,)?
        }
    ) => {
        // The struct's field types are written out (no type macro) and it carries no
        // `serde(default)`: a derive the caller adds in `$meta` reads each field's real type, and
        // sees every field as present, which it is once the state is read (`Deserialize` below
        // fills missing fields with their defaults).
        $crate::__state_struct! {
            [
                $(#[$meta])*
                #[derive(Clone, Debug, Default, $crate::graph::__private::serde::Serialize)]
                $vis struct $name
            ]
            {}
            $( $(#[$fmeta])* $fvis $field : $ty $(=> $reducer $(($func))?)? , )*
        }

        impl<'de> $crate::graph::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>
            where
                D: $crate::graph::__private::serde::Deserializer<'de>,
            {
                // A missing field (a checkpoint from before it existed) takes its default.
                #[derive(Default, $crate::graph::__private::serde::Deserialize)]
                #[serde(default)]
                struct Stored {
                    $( $(#[$fmeta])* $field: $crate::__state_field!($ty $(, $reducer)?), )*
                }
                let stored = <Stored as $crate::graph::__private::serde::Deserialize>::deserialize(deserializer)?;
                Ok($name { $( $field: stored.$field, )* })
            }
        }

        #[doc = concat!("Partial update of [`", stringify!($name), "`]: `None` fields are not written.")]
        #[derive(Clone, Debug, Default, PartialEq, $crate::graph::__private::serde::Serialize, $crate::graph::__private::serde::Deserialize)]
        #[serde(default)]
        $vis struct $update {
            $(
                #[serde(skip_serializing_if = "Option::is_none")]
                $fvis $field: Option<$ty>,
            )*
        }

        #[allow(dead_code)]
        impl $update {
            $(
                #[doc = concat!("Sets `", stringify!($field), "`.")]
                pub fn $field(mut self, value: impl Into<$ty>) -> Self {
                    self.$field = Some(value.into());
                    self
                }
            )*
        }

        impl From<$name> for $update {
            fn from(state: $name) -> Self {
                $update { $( $field: Some($crate::__state_plain!(state.$field $(, $reducer)?)), )* }
            }
        }

        impl From<$update> for $crate::graph::Command<$name> {
            fn from(update: $update) -> Self {
                $crate::graph::Command::update(update)
            }
        }

        impl $crate::graph::State for $name {
            type Update = $update;
            const KEYS: &'static [&'static str] = &[$(stringify!($field)),*];

            fn apply_updates(
                &mut self,
                updates: Vec<$update>,
            ) -> Result<Vec<&'static str>, $crate::graph::GraphError> {
                #[allow(unused_imports)]
                use $crate::graph::channels::Reducer as _;
                // Gather each field's writes in task order, then hand them to its reducer at once.
                $( let mut $field: Vec<$ty> = Vec::new(); )*
                for update in updates {
                    $( if let Some(value) = update.$field { $field.push(value); } )*
                }
                #[allow(unused_mut)]
                let mut changed = Vec::new();
                // A field nobody wrote is not touched: taking `&mut` of a shared append
                // channel would copy it (a router's view shares the committed lists).
                $(
                    if !$field.is_empty()
                        && $crate::__state_reducer!($($reducer $(($func))?)?)
                            .update(stringify!($field), $crate::__state_slot!(self.$field $(, $reducer)?), $field)?
                    {
                        changed.push(stringify!($field));
                    }
                )*
                Ok(changed)
            }

            fn is_append(key: &str) -> bool {
                $( if key == stringify!($field) {
                    return $crate::__state_is_append!($($reducer)?);
                } )*
                false
            }

            fn channel_values(
                &self,
                keys: &[&str],
            ) -> Result<$crate::graph::__private::serde_json::Map<String, $crate::graph::__private::serde_json::Value>, $crate::graph::GraphError> {
                #[allow(unused_mut)]
                let mut values = $crate::graph::__private::serde_json::Map::new();
                $( if keys.contains(&stringify!($field)) {
                    values.insert(
                        stringify!($field).to_string(),
                        $crate::graph::__private::serde_json::to_value(&self.$field)?,
                    );
                } )*
                Ok(values)
            }

            fn appended(
                updates: &[$update],
            ) -> Result<$crate::graph::__private::serde_json::Map<String, $crate::graph::__private::serde_json::Value>, $crate::graph::GraphError> {
                // A state without an `append` field reads none of the updates.
                let _ = updates;
                #[allow(unused_mut)]
                let mut values = $crate::graph::__private::serde_json::Map::new();
                $( $crate::__state_appended!(values, updates, $field, $ty $(, $reducer)?); )*
                Ok(values)
            }
        }
    };
}

/// Maps a reducer name in `state!` to its channel type. Not public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __state_reducer {
    () => {
        $crate::graph::channels::LastValue
    };
    (last_value) => {
        $crate::graph::channels::LastValue
    };
    (append) => {
        $crate::graph::channels::Append
    };
    (reduce($func:expr)) => {
        $crate::graph::channels::BinOp($func)
    };
    (custom($func:expr)) => {
        $crate::graph::channels::Custom($func)
    };
}

/// The type of a state field: an append channel's is shared between copies of the state
/// ([`Shared`](crate::graph::channels::Shared)). Not public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __state_field {
    ($ty:ty, append) => {
        $crate::graph::channels::Shared<$ty>
    };
    ($ty:ty $(, $reducer:ident)?) => {
        $ty
    };
}

/// The state struct of [`state!`](crate::state), its field types written out (an append field's
/// as [`Shared`](crate::graph::channels::Shared)): one field at a time into `{ … }`, then the
/// struct. Not public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __state_struct {
    ([$($head:tt)*] { $($done:tt)* }) => {
        $($head)* { $($done)* }
    };
    (
        [$($head:tt)*] { $($done:tt)* }
        $(#[$fmeta:meta])* $fvis:vis $field:ident : $ty:ty => append , $($rest:tt)*
    ) => {
        $crate::__state_struct! {
            [$($head)*]
            { $($done)* $(#[$fmeta])* $fvis $field: $crate::graph::channels::Shared<$ty>, }
            $($rest)*
        }
    };
    (
        [$($head:tt)*] { $($done:tt)* }
        $(#[$fmeta:meta])* $fvis:vis $field:ident : $ty:ty $(=> $reducer:ident $(($func:expr))?)? , $($rest:tt)*
    ) => {
        $crate::__state_struct! {
            [$($head)*]
            { $($done)* $(#[$fmeta])* $fvis $field: $ty, }
            $($rest)*
        }
    };
}

/// A state field's value as its update type. Not public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __state_plain {
    ($value:expr, append) => {
        $value.into_inner()
    };
    ($value:expr $(, $reducer:ident)?) => {
        $value
    };
}

/// The `&mut` a reducer writes through (an append channel's copied first if shared). Not public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __state_slot {
    ($value:expr, append) => {
        &mut *$value
    };
    ($value:expr $(, $reducer:ident)?) => {
        &mut $value
    };
}

/// Whether a reducer is `append`. Not public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __state_is_append {
    (append) => {
        true
    };
    ($($reducer:ident)?) => {
        false
    };
}

/// Adds to `$values` what `$updates` append to an append field (nothing for other reducers).
/// Not public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __state_appended {
    ($values:ident, $updates:ident, $field:ident, $ty:ty, append) => {
        let mut written = $updates
            .iter()
            .filter_map(|update| update.$field.as_ref())
            .peekable();
        if written.peek().is_some() {
            let mut delta = <$ty as ::core::default::Default>::default();
            for write in written {
                ::core::iter::Extend::extend(&mut delta, ::core::clone::Clone::clone(write));
            }
            $values.insert(
                stringify!($field).to_string(),
                $crate::graph::__private::serde_json::to_value(&delta)?,
            );
        }
    };
    ($values:ident, $updates:ident, $field:ident, $ty:ty $(, $reducer:ident)?) => {};
}
