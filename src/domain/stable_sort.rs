//! One compiled stable sort for the whole crate (wasm size).
//!
//! `slice::sort_by_key` compiles the standard library's driftsort (several KB) once per element
//! type and key closure. The lists sorted here are short (a resume's skills, a PDF page's items),
//! so [`sort_by`] sorts indices with one non-generic sort behind a `dyn` comparison and then moves
//! the items: the same stable order, one sort in the binary.

use std::cmp::Ordering;

/// Stable, like `slice::sort_by`.
pub fn sort_by<T>(items: &mut Vec<T>, mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = stable_order(items.len(), &mut |a, b| compare(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

/// Stable, like `slice::sort_by_key`.
pub fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The one instance of the standard stable sort: indices `0..len` in `compare`'s stable order.
fn stable_order(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

#[cfg(test)]
mod tests {
    use super::{sort_by, sort_by_key};

    #[test]
    fn sorts_stably_like_the_standard_sort() {
        let items: Vec<(u8, usize)> = [3u8, 1, 2, 1, 3, 0, 2, 1]
            .iter()
            .copied()
            .zip(0..)
            .collect();
        let mut ours = items.clone();
        sort_by_key(&mut ours, |(k, _)| *k);
        let mut theirs = items.clone();
        theirs.sort_by_key(|(k, _)| *k);
        assert_eq!(ours, theirs);
        let mut descending = items.clone();
        sort_by(&mut descending, |a, b| b.0.cmp(&a.0));
        let mut expected = items;
        expected.sort_by_key(|e| std::cmp::Reverse(e.0));
        assert_eq!(descending, expected);
        let mut empty: Vec<String> = Vec::new();
        sort_by_key(&mut empty, |s| s.len());
        assert!(empty.is_empty());
    }
}
