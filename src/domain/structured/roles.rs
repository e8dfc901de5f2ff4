//! Which of two names is the job and which the employer. Layouts disagree on the order ("Data
//! Engineer at Tinroof Rail", "Tinroof Rail" over "Data Engineer"), and a line's place alone
//! cannot say; the words can, over a whole section: themes print every job the same way, so the
//! evidence of all entries decides the order of all of them at once.

use super::model::{Confidence, Entry, Section, SectionKind};

/// How job names start, in the languages of the sources (a word starting so is a job word:
/// "Diseñadora", "Entwickler", "Developer", "Ingénieure"); at least five letters, so a stem does
/// not start an employer's name by chance.
const JOB_STEMS: &[&str] = &[
    "engineer",
    "ingenieur",
    "ingénieur",
    "ingenier",
    "inżynier",
    "develop",
    "développ",
    "desarroll",
    "entwickl",
    "programm",
    "programist",
    "designer",
    "diseñad",
    "graphist",
    "concepteur",
    "analyst",
    "analist",
    "manager",
    "gerent",
    "director",
    "directeur",
    "directri",
    "direktor",
    "consult",
    "berater",
    "coordinat",
    "coordinad",
    "koordinat",
    "specialist",
    "spécialist",
    "especialist",
    "architect",
    "architekt",
    "arquitect",
    "research",
    "chercheu",
    "investigad",
    "scientist",
    "assistant",
    "asistent",
    "intern",
    "praktikant",
    "stagiair",
    "becari",
    "leiter",
    "technician",
    "technicien",
    "técnic",
    "administrat",
    "teacher",
    "lehrer",
    "profes",
    "lecturer",
    "accountant",
    "founder",
    "président",
    "president",
    "student",
    "werkstudent",
    "trainee",
    "apprenti",
    "tester",
    "operator",
    "advisor",
    "adviser",
    "representative",
    "strategist",
    "volunteer",
    "bénévol",
    "editor",
    "redakteur",
    "rédact",
    "writer",
    "responsable",
    "referent",
    "sachbearbeit",
    "kierownik",
    "officer",
    "planner",
];

/// Short job words, matched whole ("Lead", "CTO", "Jefa").
const JOB_WORDS: &[&str] = &[
    "lead",
    "head",
    "chef",
    "jefe",
    "jefa",
    "ceo",
    "cto",
    "cfo",
    "coo",
    "vp",
    "owner",
    "fellow",
    "postdoc",
    "tutor",
    "mentor",
    "nurse",
    "clerk",
    "agent",
    "chargé",
    "chargée",
    // Seniority says a job whatever the trade ("Senior Surveyor"), and trades of their own.
    "senior",
    "junior",
    "principal",
    "chief",
    "officer",
    "surveyor",
    "teacher",
    "lecturer",
    "accountant",
    "editor",
    "writer",
];

/// Job words of scripts without spaces, found anywhere in the name.
const JOB_PARTS: &[&str] = &[
    "工程师",
    "经理",
    "总监",
    "实习",
    "主管",
    "研究员",
    "开发",
    "设计师",
    "专员",
    "负责人",
    "エンジニア",
    "マネージャー",
];

/// Words that name an organisation.
const ORG_WORDS: &[&str] = &[
    "inc",
    "ltd",
    "llc",
    "gmbh",
    "ag",
    "sa",
    "sas",
    "sarl",
    "sl",
    "bv",
    "plc",
    "corp",
    "corporation",
    "company",
    "co",
    "group",
    "labs",
    "lab",
    "software",
    "systems",
    "solutions",
    "technologies",
    "consulting",
    "logistics",
    "analytics",
    "bank",
    "university",
    "institute",
    "hospital",
    "agency",
    "studio",
    "studios",
    "trust",
    "foundation",
    "market",
    "traders",
    "partners",
    "holdings",
    "ventures",
    "media",
    "services",
    "industries",
    "council",
    "ministry",
    "school",
    "college",
    "universität",
    "université",
    "universidad",
    "sp. z o.o.",
    "s.a.",
    "有限公司",
    "公司",
    "集团",
    "科技",
    "大学",
    "株式会社",
];

pub(super) fn is_job(text: &str) -> bool {
    let lower = text.to_lowercase();
    let tokens = tokens(&lower);
    // "Co-Founder", "Vice-President": each part of a hyphenated word too.
    tokens
        .iter()
        .flat_map(|t| std::iter::once(*t).chain(t.split('-')))
        .any(|t| JOB_WORDS.contains(&t) || JOB_STEMS.iter().any(|s| t.starts_with(s)))
        || JOB_PARTS.iter().any(|p| lower.contains(p))
}

/// The name has a word that names an organisation ("Tinroof Technologies", "Acme Labs").
pub(super) fn names_organisation(text: &str) -> bool {
    has_word(text, ORG_WORDS)
}

fn tokens(lower: &str) -> Vec<&str> {
    lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '.'))
        .map(|t| t.trim_matches('.'))
        .filter(|t| !t.is_empty())
        .collect()
}

fn has_word(text: &str, words: &[&str]) -> bool {
    let lower = text.to_lowercase();
    let tokens = tokens(&lower);
    words.iter().any(|w| {
        if w.chars().any(|c| c as u32 >= 0x3000) || w.contains(' ') {
            lower.contains(w)
        } else {
            tokens.contains(w)
        }
    })
}

/// How much an entry says its title is the employer and its organisation the job: +1 for each
/// sign (the organisation has a job word, the title an organisation word), −1 for each sign of
/// the other way round.
pub(super) fn swapped_evidence(entry: &Entry) -> i32 {
    let (Some(title), Some(org)) = (&entry.title, &entry.organisation) else {
        return 0;
    };
    let (title, org) = (title.value.as_str(), org.value.as_str());
    i32::from(is_job(org)) - i32::from(is_job(title)) + i32::from(has_word(title, ORG_WORDS))
        - i32::from(has_word(org, ORG_WORDS))
}

/// Whether the entry's title and organisation sit on lines of their own, and which comes first.
fn title_first(entry: &Entry) -> Option<bool> {
    let (title, org) = (
        entry.title.as_ref()?.line?,
        entry.organisation.as_ref()?.line?,
    );
    (title != org).then_some(title < org)
}

/// A section repeats one entry pattern: where the job and the employer sit on lines of their own,
/// the words of all such entries decide which line holds the job (the first or the second), and
/// every such entry is read by that pattern, whichever field its own reading put where
/// ("**Skärgård Software**" read as a title because it is bold, over "Backend Developer\tDates").
/// Returns whether the section had such entries (then their order is settled).
fn order_roles_by_line(section: &mut Section) -> bool {
    // Votes for "the job is on the first line".
    let mut job_first: i32 = 0;
    let mut placed = 0;
    for entry in &section.entries {
        let Some(first) = title_first(entry) else {
            continue;
        };
        placed += 1;
        let swapped = swapped_evidence(entry);
        // swapped > 0: the words say the organisation field holds the job.
        let job_on_first = if swapped > 0 { !first } else { first };
        if swapped != 0 {
            job_first += if job_on_first { 1 } else { -1 };
        }
    }
    // A margin of two entries at least: one entry's words (a lexicon's guess) do not turn a
    // whole section.
    if placed < 2 || job_first.abs() < 2 {
        return false;
    }
    for entry in &mut section.entries {
        let Some(first) = title_first(entry) else {
            continue;
        };
        if first != (job_first > 0) {
            std::mem::swap(&mut entry.title, &mut entry.organisation);
        }
    }
    true
}

/// Swaps title and organisation in every entry of a work or volunteering section whose entries,
/// taken together, read employer first.
pub(super) fn order_roles(sections: &mut [Section]) {
    for section in sections
        .iter_mut()
        .filter(|s| matches!(s.kind, SectionKind::Work | SectionKind::Volunteer))
    {
        // Entries whose job and employer sit on lines of their own may be settled by the
        // section's line pattern; the others follow the words below.
        let settled = order_roles_by_line(section);
        // Title and employer read by their labels ("Position | Employer" columns) are settled.
        let by_words = |e: &Entry| (!settled || title_first(e).is_none()) && !e.read_by_labels;
        let evidence: i32 = section
            .entries
            .iter()
            .filter(|e| by_words(e))
            .map(swapped_evidence)
            .sum();
        let swap = evidence > 0;
        for entry in section.entries.iter_mut().filter(|e| by_words(e)) {
            if entry.title.is_none() || entry.organisation.is_none() {
                continue;
            }
            let own = swapped_evidence(entry);
            if swap {
                std::mem::swap(&mut entry.title, &mut entry.organisation);
            }
            // An entry whose own words say nothing, or say the other order, follows the section;
            // the outline then marks its title and employer as guessed, to check.
            if own == 0 || (own > 0) != swap {
                for field in [&mut entry.title, &mut entry.organisation]
                    .into_iter()
                    .flatten()
                {
                    field.confidence = Confidence::Low;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_say_which_is_the_job() {
        assert!(is_job("Senior ML Scientist"));
        assert!(is_job("Diseñadora UX"));
        assert!(is_job("高级后端工程师"));
        assert!(has_word("Quillmark Labs", ORG_WORDS));
        assert!(has_word("北京云帆科技有限公司", ORG_WORDS));
        assert!(!is_job("Leadership Partnerships"));
        assert!(!is_job("Azahar Digital"));
        assert!(!has_word("Cobalt Rail", ORG_WORDS));
        // A seniority word makes a title of any trade.
        assert!(is_job("Senior Surveyor"));
        assert!(!is_job("Brackwater Maps"));
    }
}
