//! The state trait and the `state!` macro that declares a workflow's state like a TypedDict.

use serde::de::DeserializeOwned;
use serde::Serialize;

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
        $(#[$meta])*
        #[derive(Clone, Debug, Default, $crate::graph::__private::serde::Serialize, $crate::graph::__private::serde::Deserialize)]
        #[serde(default)]
        $vis struct $name {
            $( $(#[$fmeta])* $fvis $field: $ty, )*
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
                $update { $( $field: Some(state.$field), )* }
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
                $(
                    if $crate::__state_reducer!($($reducer $(($func))?)?)
                        .update(stringify!($field), &mut self.$field, $field)?
                    {
                        changed.push(stringify!($field));
                    }
                )*
                Ok(changed)
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
