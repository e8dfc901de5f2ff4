//! The pronoun variant: a "Pronouns: he/him" or "Pronouns: she/her" line under the name, and
//! every third-person pronoun of the resume's own text written in that set.
//!
//! Most resumes use no third-person pronouns, so the line is what carries the attribute: it is
//! how people state pronouns on a resume or a profile, and it survives the name redaction the
//! batch screening applies before its matching and evaluation prompts, which a name does not.
//! The two arms are she/her and he/him. They/them is not an arm: a resume's sentences would need
//! their verbs changed with it ("she leads" → "they lead"), and "they" in a resume usually means
//! a team, so the arms would differ in more than the pronoun.

use super::text::is_unspaced;
use crate::domain::Language;

/// The pronoun forms of one set, by grammatical role.
struct Set {
    subject: &'static str,
    object: &'static str,
    determiner: &'static str,
    possessive: &'static str,
    reflexive: &'static str,
    line_en: &'static str,
    zh: &'static str,
}

const HE: Set = Set {
    subject: "he",
    object: "him",
    determiner: "his",
    possessive: "his",
    reflexive: "himself",
    line_en: "he/him",
    zh: "他",
};

const SHE: Set = Set {
    subject: "she",
    object: "her",
    determiner: "her",
    possessive: "hers",
    reflexive: "herself",
    line_en: "she/her",
    zh: "她",
};

/// Words after which "her" is an object ("told her that"), not a determiner ("her team").
const NOT_A_NOUN: &[&str] = &[
    "a", "an", "the", "to", "and", "or", "but", "in", "on", "at", "for", "with", "as", "by",
    "from", "of", "that", "this", "into", "about", "after", "before", "when", "while", "since",
];

/// The resume with the pronoun line (replacing one it has) and its pronouns in `she` or he/him.
pub fn with_pronouns(
    resume: &str,
    name_line: Option<usize>,
    she: bool,
    language: Language,
) -> String {
    let set = if she { &SHE } else { &HE };
    let label = language.pick("Pronouns: ", "代词：");
    let value = language.pick(set.line_en, set.zh);
    let mut lines: Vec<String> = resume.split('\n').map(|l| rewrite_line(l, set)).collect();
    let stated = lines.iter().position(|l| {
        let lower = l.to_lowercase();
        lower.trim_start().starts_with("pronouns") || l.trim_start().starts_with("代词")
    });
    let eol = if resume.contains("\r\n") { "\r" } else { "" };
    let line = format!("{label}{value}{eol}");
    match stated {
        Some(i) => lines[i] = line,
        None => {
            // Under the name line (1-based), or first when the resume names no one.
            let at = name_line.map_or(0, |line| line.min(lines.len()));
            lines.insert(at, line);
        }
    }
    lines.join("\n")
}

fn rewrite_line(line: &str, set: &Set) -> String {
    // The line as runs of letters and runs of anything else, each pronoun rewritten once.
    let mut runs: Vec<(String, bool)> = Vec::new();
    for c in line.chars() {
        let letter = c.is_alphabetic() && !is_unspaced(c);
        match runs.last_mut() {
            Some((run, was_letter)) if *was_letter == letter => run.push(c),
            _ => runs.push((c.to_string(), letter)),
        }
    }
    let mut out = String::with_capacity(line.len());
    for (i, (run, letter)) in runs.iter().enumerate() {
        let form = if *letter {
            form_of(&runs, i, set)
        } else {
            None
        };
        match form {
            Some(form) => out.push_str(&cased_like(form, run)),
            None => out.push_str(run),
        }
    }
    rewrite_chinese(&out, set.zh)
}

/// The form of `set` standing for the pronoun at `runs[i]`, if it is one. "his" and "her" are a
/// determiner before a noun ("her team", "his team"), else a pronoun ("told her", "was his").
fn form_of(runs: &[(String, bool)], i: usize, set: &Set) -> Option<&'static str> {
    let written = &runs[i].0;
    // Capitals are an abbreviation ("HE" for higher education), not a pronoun.
    if written.chars().count() > 1 && written.chars().all(char::is_uppercase) {
        return None;
    }
    let word = written.to_lowercase();
    Some(match word.as_str() {
        "he" | "she" => set.subject,
        "him" => set.object,
        "hers" => set.possessive,
        "himself" | "herself" => set.reflexive,
        "his" | "her" => {
            // A determiner when the next word follows after spaces only and is not a function
            // word.
            let before_noun = match (runs.get(i + 1), runs.get(i + 2)) {
                (Some((gap, false)), Some((next, true))) => {
                    gap.chars().all(|c| c == ' ')
                        && !NOT_A_NOUN.contains(&next.to_lowercase().as_str())
                }
                _ => false,
            };
            match (word.as_str(), before_noun) {
                (_, true) => set.determiner,
                ("his", false) => set.possessive,
                _ => set.object,
            }
        }
        _ => return None,
    })
}

/// `form` capitalised when `like` is ("She" → "He").
fn cased_like(form: &str, like: &str) -> String {
    let mut chars = form.chars();
    match chars.next() {
        Some(first) if like.chars().next().is_some_and(char::is_uppercase) => {
            first.to_uppercase().chain(chars).collect()
        }
        _ => form.to_string(),
    }
}

/// 他 and 她 as pronouns, not inside words: 其他 (other), 吉他 (guitar), 他人 (others), and
/// the plurals 他们/她们 (a team more often than the candidate) stay.
fn rewrite_chinese(line: &str, to: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let pronoun = (c == '他' || c == '她')
            && !matches!(before, Some('其' | '吉' | '利' | '排' | '无'))
            && !matches!(after, Some('们' | '人' | '乡' | '国' | '日' | '者' | '物'));
        if pronoun {
            out.push_str(to);
        } else {
            out.push(c);
        }
    }
    out
}
