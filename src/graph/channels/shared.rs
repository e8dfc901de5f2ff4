//! The value of an append channel, shared between copies of the state.
//!
//! A superstep hands every task a copy of the committed state, a snapshot for each conditional
//! edge, and the run loop keeps one: with plain `Vec` histories each copy cost as much as the
//! history, so a long run's engine cost grew with the square of its length. An append field
//! declared with [`state!`](crate::state) is a `Shared<T>` instead: copies share one value
//! (`Arc`, so states stay `Send` for the UI's signals), and writing to it (`DerefMut`) copies it only while another copy still holds it —
//! the engine appends to the committed state after the step's tasks have dropped theirs, so in
//! place. Reading is unchanged (`Deref` to `T`), and it serialises exactly like `T`.

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A `T` shared between copies, copied on write while shared.
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Self {
        Shared(Arc::new(value))
    }

    /// Whether both copies share one value (no copy was made).
    pub fn ptr_eq(a: &Self, b: &Self) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }

    /// The plain value: moved out when this is the only copy, else cloned.
    pub fn into_inner(self) -> T
    where
        T: Clone,
    {
        Arc::try_unwrap(self.0).unwrap_or_else(|shared| (*shared).clone())
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Arc::clone(&self.0))
    }
}

impl<T: Default> Default for Shared<T> {
    fn default() -> Self {
        Shared::new(T::default())
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T> AsRef<T> for Shared<T> {
    fn as_ref(&self) -> &T {
        &self.0
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Self {
        Shared::new(value)
    }
}

/// `Update::default().log(state.log.clone())`: a shared list as an update's plain one.
impl<T: Clone> From<Shared<Vec<T>>> for Vec<T> {
    fn from(shared: Shared<Vec<T>>) -> Self {
        shared.into_inner()
    }
}

impl<T: FromIterator<A>, A> FromIterator<A> for Shared<T> {
    fn from_iter<I: IntoIterator<Item = A>>(items: I) -> Self {
        Shared::new(items.into_iter().collect())
    }
}

impl<T: fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Compares with anything `T` compares with (`state.log == vec!["a"]`).
impl<T: PartialEq<U>, U> PartialEq<U> for Shared<T> {
    fn eq(&self, other: &U) -> bool {
        *self.0 == *other
    }
}

/// `vec![..] == state.log`, and `Shared<Vec<_>> == Shared<Vec<_>>` through the impl above.
impl<T: PartialEq<U>, U> PartialEq<Shared<Vec<U>>> for Vec<T> {
    fn eq(&self, other: &Shared<Vec<U>>) -> bool {
        *self == **other
    }
}

impl<K: PartialEq, V: PartialEq> PartialEq<Shared<std::collections::BTreeMap<K, V>>>
    for std::collections::BTreeMap<K, V>
{
    fn eq(&self, other: &Shared<std::collections::BTreeMap<K, V>>) -> bool {
        *self == **other
    }
}

impl<'a, T> IntoIterator for &'a Shared<T>
where
    &'a T: IntoIterator,
{
    type Item = <&'a T as IntoIterator>::Item;
    type IntoIter = <&'a T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        (&*self.0).into_iter()
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(Shared::new)
    }
}
