//! The one list of degree words (`BSc`, `Master's`, `Licenciatura`, `硕士`) and their level,
//! shared by the two places that recognise degrees: the resume reader ([`is_degree`], used by
//! `structured`) and the fact finder (`facts`, through [`DEGREE_WORDS`]). They read degrees in
//! different places, so each word says how each of them takes it: the reader looks at the first
//! word of an education line, in any case and with dots aside, where `MS` can only be a degree;
//! the fact finder looks through running prose, where `MS Office` and `Boston, MA` are not
//! degrees, so it matches exact spellings and only the words safe there.

use crate::domain::han::is_han;

/// How the fact finder may find a degree word in running text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InProse {
    /// Not looked for: too ambiguous or too rare in prose (`BE`, `Grado`, `Diploma`).
    Never,
    /// As written (case and dots), a whole word: `B.Sc.`, `PhD`.
    Word,
    /// A whole word followed by ` in ` or ` of ` and a capital (`MS in Physics`): two-letter
    /// degrees that are also ordinary words (`MS Office`, `Boston, MA`).
    BeforeArea,
    /// Anywhere, even inside a run of text: Chinese has no spaces between words.
    Inside,
}

/// Whether the resume reader takes the word as opening a degree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reader {
    /// A line whose first word is this one (any case, dots aside) names a degree.
    Reads,
    /// Left to the fact finder: the reader's tuned behaviour never counted it (`B.Tech`, `大专`).
    Ignores,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DegreeWord {
    /// The usual spelling; the fact finder matches exactly this.
    pub written: &'static str,
    /// `bachelor`, `master`, `doctorate`, `mba`, `associate`, or `degree` when it varies.
    pub level: &'static str,
    pub in_prose: InProse,
    pub reader: Reader,
}

const fn degree(
    written: &'static str,
    level: &'static str,
    in_prose: InProse,
    reader: Reader,
) -> DegreeWord {
    DegreeWord {
        written,
        level,
        in_prose,
        reader,
    }
}

use InProse::{BeforeArea, Inside, Never, Word};
use Reader::{Ignores, Reads};

/// Every degree word. Order matters to the fact finder: a longer spelling comes before its
/// prefix (`B.Sc.` before `B.Sc`, `Bachelor's` before `Bachelor`), so the longer one is found.
pub(crate) const DEGREE_WORDS: &[DegreeWord] = &[
    degree("BSc", "bachelor", Word, Reads),
    degree("B.Sc.", "bachelor", Word, Reads),
    degree("B.Sc", "bachelor", Word, Reads),
    degree("BEng", "bachelor", Word, Reads),
    degree("B.Eng.", "bachelor", Word, Reads),
    degree("BBA", "bachelor", Word, Reads),
    degree("B.A.", "bachelor", Word, Reads),
    degree("B.S.", "bachelor", Word, Reads),
    degree("B.Tech", "bachelor", Word, Ignores),
    degree("BTech", "bachelor", Word, Ignores),
    degree("BSCS", "bachelor", Word, Ignores),
    degree("BSEE", "bachelor", Word, Ignores),
    degree("BSE", "bachelor", Word, Ignores),
    degree("MSCS", "master", Word, Ignores),
    degree("Bachelor's", "bachelor", Word, Reads),
    degree("Bachelors", "bachelor", Word, Reads),
    degree("Bachelor", "bachelor", Word, Reads),
    degree("MSc", "master", Word, Reads),
    degree("M.Sc.", "master", Word, Reads),
    degree("M.Sc", "master", Word, Reads),
    degree("MEng", "master", Word, Reads),
    degree("M.Eng.", "master", Word, Reads),
    degree("MPhil", "master", Word, Reads),
    degree("M.A.", "master", Word, Reads),
    degree("M.S.", "master", Word, Reads),
    degree("M.Tech", "master", Word, Ignores),
    degree("Master's", "master", Word, Reads),
    degree("Masters", "master", Word, Reads),
    degree("PhD", "doctorate", Word, Reads),
    degree("Ph.D.", "doctorate", Word, Reads),
    degree("Ph.D", "doctorate", Word, Reads),
    degree("DPhil", "doctorate", Word, Reads),
    degree("Doctorate", "doctorate", Word, Reads),
    degree("EMBA", "mba", Word, Ignores),
    degree("MBA", "mba", Word, Reads),
    degree("Associate's", "associate", Word, Ignores),
    degree("BS", "bachelor", BeforeArea, Reads),
    degree("BA", "bachelor", BeforeArea, Reads),
    degree("MS", "master", BeforeArea, Reads),
    degree("MA", "master", BeforeArea, Reads),
    degree("学士", "bachelor", Inside, Reads),
    degree("本科", "bachelor", Inside, Reads),
    degree("硕士", "master", Inside, Reads),
    degree("研究生", "master", Inside, Ignores),
    degree("博士", "doctorate", Inside, Reads),
    degree("大专", "associate", Inside, Ignores),
    degree("专科", "associate", Inside, Ignores),
    degree("HND", "associate", Never, Reads),
    degree("HNC", "associate", Never, Reads),
    degree("MRes", "master", Never, Reads),
    degree("MSci", "master", Never, Reads),
    degree("BE", "bachelor", Never, Reads),
    degree("ME", "master", Never, Reads),
    degree("LLB", "bachelor", Never, Reads),
    degree("LLM", "master", Never, Reads),
    degree("MD", "doctorate", Never, Reads),
    degree("Master", "master", Never, Reads),
    degree("Doctor", "doctorate", Never, Reads),
    degree("Diploma", "degree", Never, Reads),
    degree("Diplom", "degree", Never, Reads),
    degree("Diplôme", "degree", Never, Reads),
    degree("Diplome", "degree", Never, Reads),
    degree("Doctorat", "doctorate", Never, Reads),
    degree("Associate", "associate", Never, Reads),
    degree("Licence", "degree", Never, Reads),
    degree("Licenciatura", "degree", Never, Reads),
    degree("Licenciado", "degree", Never, Reads),
    degree("Grado", "bachelor", Never, Reads),
    degree("Máster", "master", Never, Reads),
    degree("Magister", "master", Never, Reads),
    degree("Licencjat", "bachelor", Never, Reads),
    degree("Inżynier", "degree", Never, Reads),
    degree("Inzynier", "degree", Never, Reads),
    degree("Abitur", "degree", Never, Reads),
    degree("Baccalauréat", "degree", Never, Reads),
    degree("Bac", "degree", Never, Reads),
    degree("Ingeniero", "degree", Never, Reads),
    degree("Ingénieur", "degree", Never, Reads),
    degree("修士", "master", Never, Reads),
];

/// A degree's name as the resume reader sees it (`MSc`, `B.A.`, `Bachelor of Arts`, `Licence`,
/// `硕士`): its first word, in any case and with dots aside, is a degree word the reader takes;
/// a Chinese or Japanese one may also run straight into the area (`硕士软件工程`).
pub(crate) fn is_degree(text: &str) -> bool {
    let lower = text.trim().to_lowercase();
    let first: String = lower
        .split([' ', ',', '('])
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| *c != '.')
        .collect();
    DEGREE_WORDS
        .iter()
        .filter(|d| d.reader == Reader::Reads)
        .any(|d| {
            same_word(d.written, &first)
                || (d.written.chars().all(is_han) && lower.starts_with(d.written))
        })
}

/// `written` lower-cased and without dots is `first` (already so), without allocating: the
/// reader asks this for every line.
fn same_word(written: &str, first: &str) -> bool {
    written
        .chars()
        .filter(|c| *c != '.')
        .flat_map(char::to_lowercase)
        .eq(first.chars())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reader_takes_any_case_and_ignores_dots() {
        for text in [
            "MSc in Physics",
            "m.sc.",
            "Ph.D, Linguistics",
            "LICENCIATURA",
            "硕士软件工程",
        ] {
            assert!(is_degree(text), "{text}");
        }
        for text in [
            "B.Tech Computer Science",
            "研究生",
            "Senior Engineer",
            "",
            "Masterclass",
        ] {
            assert!(!is_degree(text), "{text}");
        }
    }

    #[test]
    fn each_spelling_is_listed_once() {
        for (i, d) in DEGREE_WORDS.iter().enumerate() {
            assert!(
                DEGREE_WORDS[..i].iter().all(|e| e.written != d.written),
                "{} twice",
                d.written
            );
        }
    }

    #[test]
    fn longer_prose_spellings_come_before_their_prefixes() {
        let prose: Vec<&str> = DEGREE_WORDS
            .iter()
            .filter(|d| d.in_prose == InProse::Word)
            .map(|d| d.written)
            .collect();
        for (i, short) in prose.iter().enumerate() {
            assert!(
                prose[i + 1..].iter().all(|long| !long.starts_with(short)),
                "{short} comes before a longer spelling"
            );
        }
    }
}
