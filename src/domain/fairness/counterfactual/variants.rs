//! The two versions of one resume that a counterfactual pair is scored on: the same text but for
//! one attribute.

use serde::{Deserialize, Serialize};

use super::names::{ethnicity_pair, gender_pair, PersonName};
use super::text::{handles_of, is_email, is_unspaced, neutral_contacts, replace_words};
use super::{dates, pronouns, Attribute};
use crate::domain::structured::from_any;
use crate::domain::Language;

/// How many years the graduation-year variant moves education dates back.
pub const YEARS_EARLIER: i32 = 20;

/// One version of a resume: arm A or arm B of `attribute` (see [`Attribute::arms`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct Variant {
    pub attribute: Attribute,
    /// The arm's id, e.g. "male" or "female" ([`Attribute::arms`]).
    pub arm: String,
    pub text: String,
}

/// Arms A and B of `attribute` for `resume`, in the order of [`Attribute::arms`], or `None` when
/// the attribute cannot be varied in this resume (the caller reports it "not applicable"):
///
/// - name swaps (`Gender`, `Ethnicity`) need a name the resume's structure reads (its name
///   line); `Ethnicity` has no Chinese list, so it is `None` in Chinese;
/// - `GraduationYear` needs a dated education entry;
/// - `ParentalLeaveGap` needs a dated job;
/// - `Pronouns` always applies.
///
/// Both arms of a name swap are rewritten: the original name is in neither, since it could carry
/// a signal of its own. The date variants keep the resume as written for arm A: its dates are the
/// baseline the change is measured from. The same `seed` (say, the candidate's index) gives the
/// same names, so a run can be repeated.
pub fn variants(
    resume: &str,
    attribute: Attribute,
    language: Language,
    seed: usize,
) -> Option<[Variant; 2]> {
    let texts = match attribute {
        Attribute::Gender | Attribute::Ethnicity => name_swap(resume, attribute, language, seed)?,
        Attribute::Pronouns => {
            let line = from_any(resume).basics.name.and_then(|n| n.line);
            [false, true].map(|she| pronouns::with_pronouns(resume, line, she, language))
        }
        Attribute::GraduationYear => [
            resume.to_string(),
            dates::education_moved(resume, -YEARS_EARLIER)?,
        ],
        Attribute::ParentalLeaveGap => [
            resume.to_string(),
            dates::with_parental_leave(resume, language)?,
        ],
    };
    let [a, b] = attribute.arms();
    let [text_a, text_b] = texts;
    Some([
        Variant {
            attribute,
            arm: a.to_string(),
            text: text_a,
        },
        Variant {
            attribute,
            arm: b.to_string(),
            text: text_b,
        },
    ])
}

/// Both arms' texts: contact details neutral in both, the name replaced by the arm's name.
fn name_swap(
    resume: &str,
    attribute: Attribute,
    language: Language,
    seed: usize,
) -> Option<[String; 2]> {
    let name = from_any(resume).basics.name?.value;
    let name = core_name(&name);
    if name.is_empty() {
        return None;
    }
    let parts: Vec<String> = name.split_whitespace().map(str::to_string).collect();
    let mut avoid = parts.clone();
    avoid.push(name.to_string());
    let pair: [PersonName; 2] = match attribute {
        Attribute::Ethnicity => ethnicity_pair(language, seed, &avoid)?,
        _ => gender_pair(language, seed, &avoid),
    };
    // What could stand for the person in a link: the name's words, and the words of every
    // e-mail's local part (zhou.ruoxi@ holds a Chinese name's romanisation).
    let mut handles = handles_of(name);
    for token in resume.split_whitespace() {
        let token = token.trim_matches(|c: char| "<>()[],;:\"'|·".contains(c));
        if is_email(token) {
            handles.extend(handles_of(token.split('@').next().unwrap_or_default()));
        }
    }
    let neutral = neutral_contacts(resume, &handles, seed);
    Some(pair.map(|person| rename(&neutral, name, &parts, &person)))
}

/// The name as a name: without what a name line may add after it ("Marta Quell, MBA",
/// "Marta Quell | Platform engineer", "Marta Quell — Engineer") or a Markdown heading's marks.
fn core_name(value: &str) -> &str {
    let value = value.trim().trim_start_matches('#').trim();
    let end = value
        .find([',', '(', '（', '|', '·', '/', '—', '–'])
        .unwrap_or(value.len());
    value[..end].trim()
}

/// `text` with the full name, then its first and last words (as whole words), replaced by the
/// person's. A name in a script without spaces (Chinese) is replaced whole only: one character of
/// it (周) is also an ordinary word. A one-word name becomes the full new name wherever it stands.
fn rename(text: &str, name: &str, parts: &[String], person: &PersonName) -> String {
    let mut out = replace_words(text, name, &person.full());
    if name.chars().any(is_unspaced) || parts.len() < 2 {
        return out;
    }
    let (first, last) = (&parts[0], &parts[parts.len() - 1]);
    // Short words ("Li", "Ng") are left: as whole words they are rarely the name elsewhere.
    if first.chars().filter(|c| c.is_alphabetic()).count() >= 3 {
        out = replace_words(&out, first, person.given);
    }
    if last.chars().filter(|c| c.is_alphabetic()).count() >= 3 {
        out = replace_words(&out, last, person.family);
    }
    out
}
