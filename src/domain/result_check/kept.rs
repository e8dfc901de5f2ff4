//! The name, which [`crate::domain::dropped`] has no kind for: a rewrite whose first line became
//! the model's prose lost the candidate's name and nothing said so.

use crate::domain::facts::{contains_words, fold};
use crate::domain::structured::from_text;

/// The input resume's name when `result` no longer writes it (folded: case, accents and spacing
/// aside); `None` when it does, or when the resume names no one the reader can find.
pub fn name_dropped(resume: &str, result: &str) -> Option<String> {
    let name = from_text(resume).basics.name?.value;
    let key = fold(&name);
    // Words of an e-mail address or a link are not the name written: "marta.quell@…" keeps no
    // "Marta Quell" a reader sees.
    let written: Vec<&str> = result
        .split_whitespace()
        .filter(|w| !w.contains('@') && !w.contains('/') && !w.contains("www."))
        .collect();
    if key.trim().is_empty() || contains_words(&fold(&written.join(" ")), key.trim()) {
        return None;
    }
    Some(name)
}
