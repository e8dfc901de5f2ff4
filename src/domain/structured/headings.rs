//! Section headings in English, French, German, Spanish, Chinese and Japanese → [`SectionKind`].

use super::model::SectionKind;

/// Checked in this order (a leading `*` matches inside a word), so "Volunteer experience" is volunteering and "项目经验" projects
/// before the work words ("experience", "经验") match.
/// Words that name a section, and the kind they name.
type Names = (&'static [&'static str], fn() -> SectionKind);

const KINDS: &[Names] = &[
    (
        &[
            "volunteer",
            "bénévol",
            "benevol",
            "ehrenamt",
            "voluntariado",
            "志愿",
        ],
        || SectionKind::Volunteer,
    ),
    (
        &[
            "project",
            "projet",
            "projekt",
            "proyecto",
            "项目",
            "プロジェクト",
            "portfolio",
        ],
        || SectionKind::Projects,
    ),
    (
        &[
            "education",
            "academic",
            "studies",
            "formation",
            "études",
            "etudes",
            "ausbildung",
            "studium",
            "*bildung",
            "educación",
            "educacion",
            "formación",
            "estudios",
            "教育",
            "学历",
            "学歴",
            "学业",
        ],
        || SectionKind::Education,
    ),
    (
        &[
            "language",
            "langue",
            "sprache",
            "*sprachkenntnis",
            "*fremdsprach",
            "idioma",
            "语言",
            "語学",
            "言語",
        ],
        || SectionKind::Languages,
    ),
    (
        &[
            "skill",
            "technical",
            "competenc",
            "compétence",
            "*kenntnisse",
            "fähigkeit",
            "fahigkeit",
            "habilidad",
            "competencia",
            "aptitud",
            "技能",
            "技术栈",
            "专长",
            "スキル",
            "technolog",
            "expertise",
            "tools",
        ],
        || SectionKind::Skills,
    ),
    (
        &[
            "award",
            "honor",
            "honour",
            "achievement",
            "prix",
            "distinction",
            "*auszeichnung",
            "premio",
            "荣誉",
            "获奖",
            "奖项",
            "受賞",
            "表彰",
        ],
        || SectionKind::Awards,
    ),
    (
        &[
            "certific",
            "license",
            "licence",
            "*zertifi",
            "certificado",
            "证书",
            "资格",
            "資格",
            "認定",
        ],
        || SectionKind::Certificates,
    ),
    (
        &[
            "publication",
            "*veröffentlichung",
            "publicacion",
            "publicación",
            "论文",
            "著作",
            "論文",
        ],
        || SectionKind::Publications,
    ),
    (
        &[
            "reference",
            "référence",
            "referenz",
            "referencia",
            "推荐人",
            "証明人",
        ],
        || SectionKind::References,
    ),
    (
        &[
            "interest",
            "hobbies",
            "hobby",
            "intérêt",
            "loisir",
            "*interessen",
            "hobbys",
            "interes",
            "aficion",
            "兴趣",
            "爱好",
            "趣味",
        ],
        || SectionKind::Interests,
    ),
    (
        &[
            "summary",
            "profile",
            "about",
            "objective",
            "personal statement",
            "profil",
            "à propos",
            "zusammenfassung",
            "über mich",
            "perfil",
            "resumen",
            "sobre mí",
            "acerca",
            "自我",
            "个人简介",
            "简介",
            "个人总结",
            "概要",
            "自己pr",
            "職務要約",
        ],
        || SectionKind::Summary,
    ),
    (
        &[
            "experience",
            "employment",
            "work history",
            "career",
            "professional background",
            "positions",
            "*erfahrung",
            "berufliche",
            "werdegang",
            "expérience",
            "parcours",
            "experiencia",
            "historial laboral",
            "trayectoria",
            "工作",
            "经历",
            "经验",
            "履历",
            "職歴",
            "職務経歴",
            "経歴",
        ],
        || SectionKind::Work,
    ),
];

/// A heading's text as compared: no Markdown marks, no numbering, letter spacing joined,
/// lower case. `S U M M A R Y` → `summary`, `**Experience:**` → `experience`.
pub(super) fn normalise(text: &str) -> String {
    let stripped: String = text
        .chars()
        .filter(|c| !matches!(c, '*' | '_' | '#' | '`' | ':' | '：' | '|' | '•'))
        .collect();
    let stripped = stripped
        .trim()
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ')')
        .trim();
    let words: Vec<&str> = stripped.split_whitespace().collect();
    let spaced = letter_spaced(&words);
    let joined = if spaced {
        words.concat()
    } else {
        words.join(" ")
    };
    joined.to_lowercase()
}

/// Letters set apart one by one (`S U M M A R Y`). A PDF may keep a kerned pair together
/// (`S U M M A RY`, `E D U C AT I O N`): pieces of two letters pass, if most are single.
fn letter_spaced(words: &[&str]) -> bool {
    let singles = words.iter().filter(|w| w.chars().count() == 1).count();
    words.len() > 3
        && words.iter().all(|w| w.chars().count() <= 2)
        && singles * 4 >= words.len() * 3
}

/// Headings that are one short word, matched whole ("Work" is a heading; "Workday" and "Social
/// work" are not).
const WHOLE_NAMES: &[Names] = &[(&["work"], || SectionKind::Work)];

/// The kind a heading names, or `None` when it names no known section. `exact` asks for a
/// short heading (a plain-text line must look like a heading, not a sentence).
pub(super) fn section_kind(heading: &str) -> Option<SectionKind> {
    let name = normalise(heading);
    let cjk = name.chars().any(|c| ('\u{3040}'..='\u{9fff}').contains(&c));
    let short = if cjk {
        name.chars().count() <= 10
    } else {
        name.split_whitespace().count() <= 5 && name.len() <= 48
    };
    if name.is_empty() || !short {
        return None;
    }
    if let Some((_, kind)) = WHOLE_NAMES.iter().find(|(w, _)| w.contains(&name.as_str())) {
        return Some(kind());
    }
    // Letter-spaced capitals lose their word gaps in some PDFs (`W O R K E X P E R I E N C E` →
    // `workexperience`): one long word in capitals is searched for the names inside it.
    let joined_capitals = !name.contains(' ')
        && name.chars().count() >= 10
        && heading
            .chars()
            .filter(|c| c.is_alphabetic())
            .all(|c| !c.is_lowercase());
    KINDS
        .iter()
        .find(|(words, _)| {
            words.iter().any(|w| {
                contains_word(&name, w)
                    || joined_capitals
                        && w.chars().count() >= 5
                        && name.contains(w.trim_start_matches('*'))
            })
        })
        .map(|(_, kind)| kind())
}

/// `word` in `name` at a word start ("formation" is not in "information"); CJK has no spaces,
/// so there any occurrence counts.
fn contains_word(name: &str, word: &str) -> bool {
    // `*word` matches inside a compound too (German: Berufs*erfahrung*, Fremd*sprachen*).
    if let Some(part) = word.strip_prefix('*') {
        return name.contains(part);
    }
    name.match_indices(word).any(|(at, _)| {
        name[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric() || !c.is_ascii() && !c.is_alphabetic())
            || word
                .chars()
                .next()
                .is_some_and(|c| !c.is_ascii() && c as u32 >= 0x3000)
    })
}

/// The document's own title ("Curriculum Vitae", "个人简历", "職務経歴書"), which names no
/// entry (`section_kind` still reads "職務経歴書" as the work section's heading, its word
/// "職務経歴", where a layout sets the title over the jobs).
pub(super) fn names_the_document(heading: &str) -> bool {
    let name = normalise(heading);
    [
        "curriculum vitae",
        "curriculum vitæ",
        "lebenslauf",
        "简历",
        "个人简历",
        "求职简历",
        "履历",
        "履歴書",
        "職務経歴書",
        "职务经历书",
    ]
    .contains(&name.as_str())
}

/// Contact blocks are read into basics, not kept as a section of entries.
pub(super) fn is_contact(heading: &str) -> bool {
    let name = normalise(heading);
    ["contact", "kontakt", "coordonnées", "联系", "連絡"]
        .iter()
        .any(|w| name.contains(w))
        && name.chars().count() <= 24
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_document_title_is_known() {
        assert!(super::names_the_document("## 職務経歴書"));
        assert!(super::names_the_document("CURRICULUM VITAE"));
        assert!(super::names_the_document("个人简历"));
        assert!(!super::names_the_document("Resume highlights"));
    }

    use super::*;

    #[test]
    fn headings_in_six_languages() {
        for (text, kind) in [
            ("Experience", SectionKind::Work),
            ("Work History", SectionKind::Work),
            ("工作经历", SectionKind::Work),
            ("Expérience professionnelle", SectionKind::Work),
            ("Berufserfahrung", SectionKind::Work),
            ("Experiencia", SectionKind::Work),
            ("職務経歴", SectionKind::Work),
            ("E X P E R I E N C E", SectionKind::Work),
            ("S U M M A RY", SectionKind::Summary),
            ("E D U C AT I O N", SectionKind::Education),
            ("WORKEXPERIENCE", SectionKind::Work),
            ("Work", SectionKind::Work),
            ("教育经历", SectionKind::Education),
            ("Ausbildung", SectionKind::Education),
            ("Sprachkenntnisse", SectionKind::Languages),
            ("Fremdsprachen", SectionKind::Languages),
            ("Volunteer Experience", SectionKind::Volunteer),
            ("项目经验", SectionKind::Projects),
            ("Technical Skills", SectionKind::Skills),
            ("**Languages:**", SectionKind::Languages),
            ("个人荣誉", SectionKind::Awards),
            ("兴趣爱好", SectionKind::Interests),
            ("自我描述", SectionKind::Summary),
        ] {
            assert_eq!(section_kind(text), Some(kind), "{text}");
        }
        assert_eq!(section_kind("Open Source Impact"), None);
        assert_eq!(section_kind("Workday"), None);
        assert_eq!(section_kind("Informationsystems"), None);
        assert_eq!(section_kind("Additional Information"), None);
        assert_eq!(
            section_kind("I gained a lot of experience building systems for many years"),
            None
        );
    }
}
