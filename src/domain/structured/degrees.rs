//! Degrees as resumes write them: which word is a degree (`MSc`, `Licenciatura`, `硕士`), and a
//! degree line taken apart into the degree and its area ("MSc in Physics", "PhD Computer
//! Science"), for the education entries [`super::build`] reads.

// The reader's degree words are in the list it shares with the fact finder.
pub(super) use crate::domain::degree_words::is_degree;

/// `PhD Computer Science`, `MSc in Physics`, `HND Business Administration`: a degree written as
/// an abbreviation (a short word with capitals inside, or a known one) followed by its area.
pub(super) fn degree_then_area(title: &str) -> Option<(String, String)> {
    // `硕士，软件工程`, `修士、情報工学`: a degree, a full-width or Japanese comma, its area.
    if let Some((degree, area)) = title
        .split_once(['，', '、'])
        .filter(|(d, a)| is_degree(d) && !a.trim().is_empty())
    {
        return Some((degree.trim().to_string(), area.trim().to_string()));
    }
    if let Some(split) = degree_words_then_area(title) {
        return Some(split);
    }
    let (first, rest) = title.trim().split_once(' ')?;
    let rest = rest.trim();
    // "Bachelor of Science", "Diplôme d'ingénieur" are all degree; "MSc in Physics",
    // "Licenciatura en Bellas Artes" not.
    if ["of ", "d'", "d’", "de ", "du ", "der ", "des "]
        .iter()
        .any(|p| rest.to_lowercase().starts_with(p))
    {
        return None;
    }
    let rest = ["in ", "en ", "im ", "z "]
        .iter()
        .find_map(|p| rest.strip_prefix(p))
        .unwrap_or(rest)
        .trim();
    let letters: Vec<char> = first.chars().filter(|c| c.is_alphabetic()).collect();
    // (A course code such as "MAS.S65" is no degree: no digits.)
    let abbreviation = (2..=5).contains(&letters.len())
        && letters.iter().filter(|c| c.is_uppercase()).count() >= 2
        && !first.chars().any(|c| c.is_ascii_digit());
    let spelled_out = ["bachelor", "master", "doctor", "diploma"]
        .iter()
        .any(|w| first.to_lowercase().starts_with(w));
    let named = is_degree(first) && first.chars().count() >= 2;
    ((abbreviation && !spelled_out || named) && !rest.is_empty() && !rest.contains(','))
        .then(|| (first.to_string(), rest.to_string()))
}

/// Words that lead from a degree to its area ("Master of Science *in* Physics", "Diplôme
/// d'ingénieur *en* Chimie", "Diplom *im* Fach …", "Magister *w* zakresie …").
const AREA_PREPOSITIONS: &[&str] = &[" in ", " en ", " im ", " w ", " z "];

/// `title` cut at its first [`AREA_PREPOSITIONS`]: the words before it and after it, trimmed.
fn split_at_area_preposition(title: &str) -> Option<(&str, &str)> {
    let title = title.trim();
    let (at, preposition) = AREA_PREPOSITIONS
        .iter()
        .filter_map(|p| title.find(p).map(|at| (at, *p)))
        .min_by_key(|(at, _)| *at)?;
    Some((title[..at].trim(), title[at + preposition.len()..].trim()))
}

/// A degree named in a few words, then its area after a preposition: "Master of Science in
/// Marine Biology", "Diplôme d'ingénieur en Chimie des matériaux". The degree's words (at most
/// three after the degree word, no comma) run up to the first preposition.
fn degree_words_then_area(title: &str) -> Option<(String, String)> {
    let (degree, area) = split_at_area_preposition(title)?;
    let words = degree.split_whitespace().count();
    ((2..=4).contains(&words) && is_degree(degree) && !degree.contains(',') && !area.is_empty())
        .then(|| (degree.to_string(), area.to_string()))
}

/// A degree in words the reader may not know, beside its school: its words (one to four, no
/// comma, not a school's) up to the first preposition, then its area ("Grado superiore in
/// Chimica").
pub(super) fn degree_before_preposition(title: &str) -> Option<(String, String)> {
    let (degree, area) = split_at_area_preposition(title)?;
    let words = degree.split_whitespace().count();
    ((1..=4).contains(&words)
        && !degree.contains([',', '，'])
        && !super::lines::is_school(degree)
        && !area.is_empty()
        && !area.contains([',', '，']))
    .then(|| (degree.to_string(), area.to_string()))
}

/// A degree line alone: `MSc in Physics`, `BSc, Mathematics`, `PhD Linguistics`, `硕士，软件工程`
/// (a full-width comma), `修士、情報工学` (a Japanese one) → degree and area; anything else is all
/// degree.
pub(super) fn degree_and_area_of(text: &str) -> (String, Option<String>) {
    if let Some((degree, area)) = text
        .split_once(" in ")
        .or_else(|| text.split_once(", "))
        .or_else(|| text.split_once(['，', '、']))
        .filter(|(d, _)| is_degree(d))
    {
        return (degree.trim().to_string(), Some(area.trim().to_string()));
    }
    match degree_then_area(text) {
        Some((degree, area)) => (degree, Some(area)),
        None => (text.to_string(), None),
    }
}
