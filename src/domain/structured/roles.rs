//! Which of two names is the job and which the employer. Layouts disagree on the order ("Data
//! Engineer at Tinroof Rail", "Tinroof Rail" over "Data Engineer"), and a line's place alone
//! cannot say; the words can, over a whole section: themes print every job the same way, so the
//! evidence of all entries decides the order of all of them at once.

use super::model::{Entry, Section, SectionKind};

/// Words that name a job (English, German, French, Spanish, Polish, Chinese, Japanese).
const JOB_WORDS: &[&str] = &[
    "engineer",
    "developer",
    "scientist",
    "analyst",
    "manager",
    "intern",
    "director",
    "designer",
    "consultant",
    "lead",
    "head",
    "officer",
    "specialist",
    "architect",
    "researcher",
    "assistant",
    "associate",
    "coordinator",
    "administrator",
    "technician",
    "editor",
    "writer",
    "teacher",
    "lecturer",
    "professor",
    "nurse",
    "accountant",
    "founder",
    "co-founder",
    "ceo",
    "cto",
    "cfo",
    "coo",
    "vp",
    "president",
    "student",
    "trainee",
    "apprentice",
    "programmer",
    "tester",
    "operator",
    "advisor",
    "adviser",
    "representative",
    "clerk",
    "agent",
    "planner",
    "strategist",
    "producer",
    "owner",
    "fellow",
    "postdoc",
    "volunteer",
    "tutor",
    "mentor",
    "ingenieur",
    "entwickler",
    "leiter",
    "leiterin",
    "berater",
    "beraterin",
    "werkstudent",
    "praktikant",
    "referent",
    "sachbearbeiter",
    "projektleiter",
    "ingénieur",
    "développeur",
    "developpeur",
    "chef",
    "responsable",
    "stagiaire",
    "directeur",
    "directrice",
    "chargé",
    "chargée",
    "ingeniero",
    "ingeniera",
    "desarrollador",
    "desarrolladora",
    "jefe",
    "jefa",
    "analista",
    "becario",
    "técnico",
    "técnica",
    "programista",
    "kierownik",
    "inżynier",
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

fn has_word(text: &str, words: &[&str]) -> bool {
    let lower = text.to_lowercase();
    let tokens: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '.'))
        .map(|t| t.trim_matches('.'))
        .filter(|t| !t.is_empty())
        .collect();
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
fn swapped_evidence(entry: &Entry) -> i32 {
    let (Some(title), Some(org)) = (&entry.title, &entry.organisation) else {
        return 0;
    };
    let (title, org) = (title.value.as_str(), org.value.as_str());
    i32::from(has_word(org, JOB_WORDS)) - i32::from(has_word(title, JOB_WORDS))
        + i32::from(has_word(title, ORG_WORDS))
        - i32::from(has_word(org, ORG_WORDS))
}

/// Swaps title and organisation in every entry of a work or volunteering section whose entries,
/// taken together, read employer first.
pub(super) fn order_roles(sections: &mut [Section]) {
    for section in sections
        .iter_mut()
        .filter(|s| matches!(s.kind, SectionKind::Work | SectionKind::Volunteer))
    {
        let evidence: i32 = section.entries.iter().map(swapped_evidence).sum();
        if evidence <= 0 {
            continue;
        }
        for entry in &mut section.entries {
            if entry.title.is_some() && entry.organisation.is_some() {
                std::mem::swap(&mut entry.title, &mut entry.organisation);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_say_which_is_the_job() {
        assert!(has_word("Senior ML Scientist", JOB_WORDS));
        assert!(has_word("Quillmark Labs", ORG_WORDS));
        assert!(has_word("北京云帆科技有限公司", ORG_WORDS));
        assert!(!has_word("Leadership Partnerships", JOB_WORDS));
        assert!(!has_word("Cobalt Rail", ORG_WORDS));
    }
}
