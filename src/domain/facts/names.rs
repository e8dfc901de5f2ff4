//! Names: degrees, schools, certifications, organisations and job titles.
//!
//! Organisations and titles come from the lines resumes write them on — `Title — Company
//! (dates)`, `Company | Title | dates`, `Title at Company, 2019`, `在星河科技有限公司担任高级工程师`
//! — from names with a legal suffix anywhere (`Quillfeather GmbH`), and from the entries of the
//! structured resume (which also reads JSON Resume). A capitalised word alone is never a name:
//! skills and ordinary words must not become facts.

use super::fold::{fold, org_key};
use super::{Fact, FactKind};
use crate::domain::degree_words::{InProse, DEGREE_WORDS};
use crate::domain::structured::{self, find_range, SectionKind};

/// CJK ideographs, kana and full-width forms: text without spaces between words.
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF)
}

pub(super) fn find(text: &str) -> Vec<Fact> {
    let mut found = Found::default();
    degrees(text, &mut found);
    certifications(text, &mut found);
    schools(text, &mut found);
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        chinese_roles(line, offset, &mut found);
        dated_line(line, offset, &mut found);
        offset += line.len();
    }
    prose_employers(text, &mut found);
    prose_titles(text, &mut found);
    suffixed_organisations(text, &mut found);
    structured_entries(text, &mut found);
    found.facts
}

/// Facts found so far; a fact is not added where one of the same kind already is.
#[derive(Default)]
struct Found {
    facts: Vec<Fact>,
}

impl Found {
    fn add(&mut self, kind: FactKind, text: &str, start: usize) {
        let written = text.trim();
        let start = start + (text.len() - text.trim_start().len());
        if written.is_empty() || !written.chars().any(char::is_alphabetic) {
            return;
        }
        let end = start + written.len();
        let clash = self.facts.iter().any(|f| {
            let same_family = f.kind == kind
                || (is_name(f.kind) && is_name(kind))
                || matches!(
                    (f.kind, kind),
                    (FactKind::Degree, FactKind::Title) | (FactKind::Title, FactKind::Degree)
                );
            same_family && start < f.end && f.start < end
        });
        if clash {
            return;
        }
        let key = match kind {
            FactKind::Degree => degree_level(written).unwrap_or("degree").to_string(),
            FactKind::Title => fold(written),
            _ => org_key(written),
        };
        if key.is_empty() {
            return;
        }
        self.facts.push(Fact::new(kind, written, key, start));
    }

    fn covers(&self, start: usize, end: usize, kinds: &[FactKind]) -> bool {
        self.facts
            .iter()
            .any(|f| kinds.contains(&f.kind) && start < f.end && f.start < end)
    }
}

/// Organisations, schools and certifications: one name never counts as two of them.
fn is_name(kind: FactKind) -> bool {
    matches!(
        kind,
        FactKind::Organisation | FactKind::School | FactKind::Certification
    )
}

// ---- degrees ----

/// The spellings of the shared degree words the fact finder looks for in this way, in order.
fn prose_words(way: InProse) -> impl Iterator<Item = &'static str> {
    DEGREE_WORDS
        .iter()
        .filter(move |d| d.in_prose == way)
        .map(|d| d.written)
}

fn degree_level(written: &str) -> Option<&'static str> {
    let lower = written.to_lowercase();
    if lower.contains("business administration") || lower.contains("mba") {
        return Some("mba");
    }
    if lower.starts_with("bachelor") {
        return Some("bachelor");
    }
    if lower.starts_with("master") {
        return Some("master");
    }
    if lower.starts_with("doctor") {
        return Some("doctorate");
    }
    if lower.starts_with("associate") {
        return Some("associate");
    }
    DEGREE_WORDS
        .iter()
        .find(|d| d.in_prose != InProse::Never && d.written == written)
        .map(|d| d.level)
}

fn degrees(text: &str, found: &mut Found) {
    // `Bachelor of Science`, `Master of Engineering`, `Doctor of Philosophy`, `Associate of Arts`.
    for lead in ["Bachelor of ", "Master of ", "Doctor of ", "Associate of "] {
        for (at, _) in text.match_indices(lead) {
            if !word_start(text, at) {
                continue;
            }
            let end = capitalised_run(text, at + lead.len(), 4, false);
            if end > at + lead.len() {
                found.add(FactKind::Degree, &text[at..end], at);
            }
        }
    }
    for word in prose_words(InProse::Word) {
        for (at, _) in text.match_indices(word) {
            if word_start(text, at) && word_end(text, at + word.len(), word) {
                found.add(FactKind::Degree, word, at);
            }
        }
    }
    for word in prose_words(InProse::BeforeArea) {
        for (at, _) in text.match_indices(word) {
            let after = &text[at + word.len()..];
            if word_start(text, at)
                && (after.starts_with(" in ") || after.starts_with(" of "))
                && after[4..].starts_with(|c: char| c.is_uppercase())
            {
                found.add(FactKind::Degree, word, at);
            }
        }
    }
    for word in prose_words(InProse::Inside) {
        for (at, _) in text.match_indices(word) {
            found.add(FactKind::Degree, word, at);
        }
    }
}

// ---- certifications ----

/// Certification acronyms (case-sensitive, whole words).
const CERT_ACRONYMS: &[&str] = &[
    "PMP",
    "CAPM",
    "CFA",
    "CPA",
    "CMA",
    "ACCA",
    "CIMA",
    "FRM",
    "CKA",
    "CKAD",
    "CKS",
    "CISSP",
    "CISA",
    "CISM",
    "CCNA",
    "CCNP",
    "CCIE",
    "PRINCE2",
    "ITIL",
    "CSM",
    "CSPO",
    "PSM",
    "OSCP",
    "CEH",
    "RHCE",
    "RHCSA",
    "TOGAF",
    "PHR",
    "SPHR",
    "SHRM-CP",
    "SHRM-SCP",
    "Security+",
    "Network+",
    "CCSP",
    "GIAC",
    "CFP",
    "CIPP",
    "LEED",
];

const CJK_CERTS: &[&str] = &[
    "注册会计师",
    "注册金融分析师",
    "信息系统项目管理师",
    "系统架构设计师",
    "软件设计师",
    "法律职业资格",
    "教师资格证",
];

/// Level words that end a certification's name after a dash (`… – Associate`).
const CERT_LEVELS: &[&str] = &[
    "Associate",
    "Professional",
    "Specialty",
    "Expert",
    "Fundamentals",
    "Foundational",
    "Practitioner",
];

fn certifications(text: &str, found: &mut Found) {
    for (at, _) in text.match_indices("Certified") {
        if !word_start(text, at) || !word_end(text, at + "Certified".len(), "Certified") {
            continue;
        }
        // Up to two capitalised words before it name the vendor (`AWS`, `Google Cloud`).
        let mut start = at;
        for _ in 0..2 {
            let before = text[..start].trim_end_matches(' ');
            if before.len() + 1 != start {
                break;
            }
            let word_at = before
                .rfind(|c: char| !(c.is_alphanumeric() || c == '-'))
                .map_or(0, |i| {
                    i + before[i..].chars().next().map_or(1, char::len_utf8)
                });
            let word = &before[word_at..];
            if word.starts_with(|c: char| c.is_ascii_uppercase()) && word != "Certifications" {
                start = word_at;
            } else {
                break;
            }
        }
        let mut end = capitalised_run(text, at + "Certified".len() + 1, 6, true);
        if end <= at + "Certified".len() + 1 {
            continue;
        }
        // `– Associate`, `- Professional`.
        let rest = &text[end..];
        for dash in [" – ", " - ", " — ", "–", "-"] {
            if let Some(level) = rest.strip_prefix(dash) {
                if let Some(word) = CERT_LEVELS.iter().find(|w| level.starts_with(*w)) {
                    end += dash.len() + word.len();
                    break;
                }
            }
        }
        found.add(FactKind::Certification, &text[start..end], start);
    }
    // `SiteCore ASP.NET Developer Certification`, `Google Analytics Certificate`.
    for word in ["Certification", "Certificate"] {
        for (at, _) in text.match_indices(word) {
            if !word_start(text, at) || !word_end(text, at + word.len(), word) {
                continue;
            }
            let start = capitalised_before(text, at, 5);
            if start < at {
                found.add(
                    FactKind::Certification,
                    &text[start..at + word.len()],
                    start,
                );
            }
        }
    }
    for word in CERT_ACRONYMS {
        for (at, _) in text.match_indices(word) {
            if word_start(text, at) && word_end(text, at + word.len(), word) {
                found.add(FactKind::Certification, word, at);
            }
        }
    }
    for word in CJK_CERTS {
        for (at, _) in text.match_indices(word) {
            found.add(FactKind::Certification, word, at);
        }
    }
}

// ---- schools ----

const SCHOOL_WORDS: &[&str] = &[
    "University",
    "College",
    "Institute",
    "Polytechnic",
    "Academy",
    "School",
    "Universität",
    "Université",
    "Universidad",
    "Hochschule",
];

fn schools(text: &str, found: &mut Found) {
    for word in SCHOOL_WORDS {
        for (at, _) in text.match_indices(word) {
            if !word_start(text, at) || !word_end(text, at + word.len(), word) {
                continue;
            }
            let start = capitalised_before(text, at, 5);
            let mut end = at + word.len();
            // `University of Porto`, `Institute of Technology`, `Universidad de Chile`.
            for of in [" of ", " de ", " für ", " du "] {
                if text[end..].starts_with(of) {
                    let after = capitalised_run(text, end + of.len(), 4, false);
                    if after > end + of.len() {
                        end = after;
                    }
                }
            }
            // A school word with nothing naming it (`School`, `college students`) is no school.
            if start == at && end == at + word.len() {
                continue;
            }
            if *word == "School" && start == at {
                continue;
            }
            found.add(FactKind::School, &text[start..end], start);
        }
    }
    for word in ["大学", "学院", "大學", "學院"] {
        for (at, _) in text.match_indices(word) {
            let start = cjk_name_start(text, at, 12);
            if start == at {
                continue;
            }
            let mut end = at + word.len();
            // `星河大学计算机学院`: the faculty belongs to the school.
            if word.starts_with('大') {
                let tail: String = text[end..].chars().take(8).collect();
                if let Some(faculty) = tail.find("学院").or_else(|| tail.find("學院")) {
                    let between = &tail[..faculty];
                    if between
                        .chars()
                        .all(|c| is_cjk(c) && !CJK_STOPS.contains(&c))
                    {
                        end += faculty + "学院".len();
                    }
                }
            }
            found.add(FactKind::School, &text[start..end], start);
        }
    }
}

// ---- organisations and titles ----

/// Words that make a phrase a job title (lower case).
const TITLE_WORDS: &[&str] = &[
    "engineer",
    "developer",
    "manager",
    "director",
    "analyst",
    "designer",
    "scientist",
    "consultant",
    "lead",
    "intern",
    "architect",
    "specialist",
    "officer",
    "head",
    "vp",
    "president",
    "founder",
    "co-founder",
    "cofounder",
    "ceo",
    "cto",
    "cfo",
    "coo",
    "cio",
    "administrator",
    "coordinator",
    "associate",
    "assistant",
    "researcher",
    "professor",
    "lecturer",
    "teacher",
    "tutor",
    "nurse",
    "accountant",
    "editor",
    "writer",
    "owner",
    "programmer",
    "strategist",
    "advisor",
    "adviser",
    "partner",
    "principal",
    "technician",
    "representative",
    "executive",
    "supervisor",
    "trainee",
    "fellow",
    "instructor",
    "marketer",
    "recruiter",
    "attorney",
    "lawyer",
    "paralegal",
    "physician",
    "pharmacist",
    "auditor",
    "producer",
    "sre",
    "chief",
    "staff",
    "senior",
    "junior",
    "contractor",
    "freelancer",
    "volunteer",
    "ambassador",
    "mentor",
    "evangelist",
    "advocate",
    "maintainer",
    "leader",
    "clerk",
    "agent",
    "operator",
    "driver",
    "chef",
    "cook",
    "cashier",
    "postdoc",
    "postdoctoral",
    "investigator",
    "se",
    "swe",
    "sde",
    "dev",
];

/// Chinese title endings.
const CJK_TITLE_ENDS: &[&str] = &[
    "工程师",
    "经理",
    "总监",
    "主管",
    "专员",
    "实习生",
    "设计师",
    "分析师",
    "架构师",
    "研究员",
    "负责人",
    "顾问",
    "助理",
    "总裁",
    "创始人",
    "合伙人",
    "主任",
    "组长",
    "专家",
    "讲师",
    "教师",
    "会计",
    "开发",
    "运营",
    "科学家",
    "技术员",
    "总经理",
    "董事",
    "秘书",
    "编辑",
    "实习",
];

/// Chinese organisation endings.
const CJK_ORG_ENDS: &[&str] = &[
    "有限公司",
    "公司",
    "集团",
    "银行",
    "工作室",
    "研究院",
    "研究所",
    "事务所",
    "实验室",
    "医院",
    "株式会社",
];

/// Characters that end a Chinese name when reading leftwards from its last word.
const CJK_STOPS: &[char] = &[
    '在', '于', '從', '从', '自', '和', '与', '與', '及', '、', '，', '。', '；', '：', '（', '）',
    '年', '月', '获', '入', '读', '至', '今', '任', '职', '加', '的', '是', '为', '了', '到',
];

fn is_title(segment: &str) -> bool {
    let lower = segment.to_lowercase();
    if lower.contains("degree") || lower.contains("diploma") {
        return false;
    }
    lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .any(|w| TITLE_WORDS.contains(&w))
        || CJK_TITLE_ENDS.iter().any(|e| segment.ends_with(e))
}

/// Separators between the parts of a position line.
const SEPARATORS: &[&str] = &[
    " — ", " – ", " - ", " | ", "|", " at ", " @ ", ", ", " · ", " • ", "(", ")", "（", "）", "，",
    "\t", "   ", "  ", "*", "_", "/", "：", ": ",
];

/// A line holding a date (or a Markdown heading): its parts are a title and an organisation.
fn dated_line(line: &str, offset: usize, found: &mut Found) {
    let trimmed = line.trim();
    let heading = trimmed.starts_with('#');
    if trimmed.is_empty() || trimmed.chars().count() > 160 {
        return;
    }
    if !heading && find_range(line).is_none() {
        return;
    }
    // Prose with a date ("In 2019 I moved to …") is no position line.
    if trimmed.ends_with(['.', '。'])
        && (trimmed.split_whitespace().count() > 8 || trimmed.chars().count() > 30)
    {
        return;
    }
    // A line whose role was read from its Chinese wording (`在…担任…`) is done.
    if found.covers(
        offset,
        offset + line.len(),
        &[FactKind::Title, FactKind::Organisation],
    ) {
        return;
    }
    let mut parts = split_parts(line);
    parts.retain(|(at, part)| {
        let (s, e) = (offset + at, offset + at + part.len());
        find_range(part).is_none()
            && !found.covers(
                s,
                e,
                &[FactKind::Degree, FactKind::School, FactKind::Certification],
            )
            && plausible_name(part)
    });
    if parts.is_empty() {
        return;
    }
    let has_degree = found.covers(
        offset,
        offset + line.len(),
        &[FactKind::Degree, FactKind::School],
    );
    let title_at = parts.iter().position(|(_, p)| is_title(p));
    let Some(title_at) = title_at else {
        return;
    };
    if !has_degree {
        let (at, title) = parts[title_at];
        found.add(FactKind::Title, title, offset + at);
    }
    // The organisation: the part before the title when there is one ("Company | Title",
    // "COMPANY, Title ---- City"), else the one after it ("Title — Company", "Title at Company").
    let org = match title_at {
        0 => parts.get(1),
        i => parts.get(i - 1),
    };
    if let Some((at, org)) = org {
        if !is_title(org) && !is_location(org) {
            found.add(FactKind::Organisation, org, offset + at);
        }
    }
}

/// The parts of a line between separators, with their byte offsets, trimmed of Markdown.
fn split_parts(line: &str) -> Vec<(usize, &str)> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < line.len() {
        let rule = rule_len(&line[i..]);
        if rule > 0 {
            // `Company ---------- City`: a rule of dashes or dots between parts.
            parts.push((start, &line[start..i]));
            i += rule;
            start = i;
        } else if let Some(sep) = SEPARATORS.iter().find(|s| line[i..].starts_with(**s)) {
            parts.push((start, &line[start..i]));
            i += sep.len();
            start = i;
        } else {
            i += line[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    parts.push((start, &line[start..]));
    parts
        .into_iter()
        .flat_map(|(at, part)| {
            // Chinese lines separate their parts with single spaces.
            if part.chars().any(is_cjk) {
                // … but `高级 Android 开发工程师` is one part: split only between two
                // Chinese words.
                let mut pieces = Vec::new();
                let mut from = 0;
                for (i, _) in part.match_indices(' ') {
                    let left = part[..i].chars().next_back();
                    let right = part[i + 1..].chars().next();
                    if left.is_some_and(is_cjk) && right.is_some_and(is_cjk) {
                        pieces.push((at + from, &part[from..i]));
                        from = i + 1;
                    }
                }
                pieces.push((at + from, &part[from..]));
                pieces
            } else {
                vec![(at, part)]
            }
        })
        .filter_map(|(at, part)| {
            let lead = part.len() - part.trim_start_matches(MARKUP).len();
            let mut inner = part.trim_matches(MARKUP);
            // `Parcelwise Inc.`: the dot of an abbreviated legal form stays.
            let end = lead + inner.len();
            if part[end..].starts_with('.')
                && LEGAL_FORMS.contains(&format!("{}.", last_word(inner)).as_str())
            {
                inner = &part[lead..end + 1];
            }
            (!inner.is_empty()).then_some((at + lead, inner))
        })
        .collect()
}

const MARKUP: &[char] = &[
    ' ', '#', '*', '_', '-', '•', '·', '\n', '\r', '>', '`', '[', ']', '.', ',', ';', '\u{a0}',
];

/// The byte length of a rule (three or more of `-`, `—`, `–`, `.`, `_`, `=`) opening `text`.
fn rule_len(text: &str) -> usize {
    let run: Vec<char> = text.chars().take_while(|c| "-—–._=".contains(*c)).collect();
    if run.len() >= 3 {
        run.iter().map(|c| c.len_utf8()).sum()
    } else {
        0
    }
}

fn last_word(text: &str) -> &str {
    text.rsplit(' ').next().unwrap_or(text)
}

/// Chinese verbs that make a part a sentence, not a name.
const CJK_VERBS: &[&str] = &[
    "负责", "主导", "参与", "担任", "完成", "提升", "优化", "实现", "带领", "管理", "推动", "至今",
    "现在", "目前",
];

/// A part that may be a title or an organisation: 1–7 words (Chinese: 2–16 characters and no
/// verb), starting with a capital or a CJK character, not a sentence.
fn plausible_name(part: &str) -> bool {
    let words = part.split_whitespace().count();
    let first = part.chars().next();
    if part.chars().any(is_cjk) && first.is_some_and(|c| is_cjk(c) || c.is_alphanumeric()) {
        let chars = part.chars().count();
        return (2..=16).contains(&chars) && !CJK_VERBS.iter().any(|v| part.contains(v));
    }
    (1..=7).contains(&words)
        && first.is_some_and(|c| c.is_uppercase() || is_cjk(c))
        && !part.ends_with(':')
        && !part.contains("http")
        && !part.contains('@')
}

/// Places that sit on position lines (`Berlin`, `Remote`, `London, UK`): best effort.
fn is_location(part: &str) -> bool {
    let lower = part.to_lowercase();
    let last = part.rsplit([' ', ',']).next().unwrap_or(part);
    let words = part.split_whitespace().count();
    matches!(lower.as_str(), "remote" | "hybrid" | "onsite" | "on-site" | "远程")
        // `MA`, `Boston MA`, `London, UK`: a place ending in a state or country code.
        || (words <= 3 && last.len() == 2 && last.chars().all(|c| c.is_ascii_uppercase()))
}

/// `在星河科技有限公司担任高级工程师`, `于云帆网络任技术总监`, `加入星河科技`.
fn chinese_roles(line: &str, offset: usize, found: &mut Found) {
    for verb in ["担任", "任职", "出任"] {
        for (at, _) in line.match_indices(verb) {
            let before = &line[..at];
            // The organisation: after the last 在/于 before the verb.
            if let Some(open) = before.rfind(['在', '于']) {
                let org_at = open + '在'.len_utf8();
                let org = &line[org_at..at];
                let chars = org.chars().count();
                if (2..=24).contains(&chars)
                    && org.chars().all(|c| !"，。；、,;".contains(c))
                    && !org.trim().is_empty()
                    && !is_reference(without_org_end(org))
                {
                    found.add(FactKind::Organisation, org, offset + org_at);
                }
            }
            let after_at = at + verb.len();
            let after = &line[after_at..];
            let len: usize = after
                .char_indices()
                .take_while(|(_, c)| !"，。；、,;.（(\n ".contains(*c))
                .take(12)
                .map(|(_, c)| c.len_utf8())
                .sum();
            let mut title = &after[..len];
            for tail in ["一职", "职位", "岗位", "职务"] {
                title = title.strip_suffix(tail).unwrap_or(title);
            }
            if title.chars().count() >= 2 && verb != "任职" {
                found.add(FactKind::Title, title, offset + after_at);
            }
        }
    }
    for (at, _) in line.match_indices("加入") {
        let org_at = at + "加入".len();
        if let Some(end) = cjk_org_end(line, org_at) {
            let org = &line[org_at..end];
            if !is_reference(without_org_end(org)) {
                found.add(FactKind::Organisation, org, offset + org_at);
            }
        }
    }
}

/// Where a CJK organisation name starting at `at` ends: after its organisation ending.
fn cjk_org_end(line: &str, at: usize) -> Option<usize> {
    let run: usize = line[at..]
        .chars()
        .take_while(|c| is_cjk(*c) || c.is_ascii_alphanumeric())
        .take(20)
        .map(char::len_utf8)
        .sum();
    let run_text = &line[at..at + run];
    CJK_ORG_ENDS
        .iter()
        .filter_map(|e| run_text.find(e).map(|i| at + i + e.len()))
        .max()
}

/// `engineer at Parcelwise`, `worked at Tillbrook`, `joined Quillfeather GmbH`: the capitalised
/// words after `at` (only after a title word or a verb of employment) or after `joined`.
fn prose_employers(text: &str, found: &mut Found) {
    for lead in [" at ", " joined ", " Joined ", " for "] {
        for (at, _) in text.match_indices(lead) {
            let before = text[..at].trim_end_matches(['*', '_']);
            let word: String = before
                .chars()
                .rev()
                .take_while(|c| c.is_alphanumeric() || *c == '-')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let lower = word.to_lowercase();
            let employed = matches!(
                lower.as_str(),
                "worked" | "working" | "interned" | "employed" | "work" | "works" | "consulted"
            ) || TITLE_WORDS.contains(&lower.as_str());
            let ok = match lead.trim() {
                "at" => employed,
                "for" => matches!(lower.as_str(), "worked" | "working" | "works"),
                _ => true,
            };
            if !ok {
                continue;
            }
            let start = at + lead.len();
            let start =
                start + (text[start..].len() - text[start..].trim_start_matches(['*', '_']).len());
            let end = capitalised_run(text, start, 4, false);
            if end > start {
                let name = &text[start..end];
                if !is_title(name) && !is_location(name) {
                    found.add(FactKind::Organisation, name, start);
                }
            }
        }
    }
}

/// `as Data Science Engineer`, `I was a senior data engineer at …`, `promoted to Staff Engineer`:
/// a title claimed in prose, as a letter or a summary writes it (issue 42: a letter's invented
/// "data science engineer" went unflagged, since titles were read only from position lines).
/// The title runs from after the article to its last title word, two to five words, and stops at
/// a word that cannot be in a title ("as well as", "such as" never start one).
fn prose_titles(text: &str, found: &mut Found) {
    const NOT_IN_TITLE: &[&str] = &[
        "and", "or", "of", "to", "in", "on", "for", "with", "at", "my", "our", "your", "their",
        "his", "her", "i", "we", "it", "is", "was", "well", "as", "soon", "part", "much", "long",
    ];
    for lead in [
        " as ",
        " As ",
        " promoted to ",
        " role of ",
        " position of ",
        " was a ",
        " was an ",
        " am a ",
        " am an ",
        " became ",
    ] {
        for (at, _) in text.match_indices(lead) {
            let before = text[..at].to_lowercase();
            if before.ends_with("such") || before.ends_with(" well") || before.ends_with(" same") {
                continue;
            }
            let mut i = at + lead.len();
            for article in ["a ", "an ", "the ", "A ", "An ", "The "] {
                if text[i..].starts_with(article) {
                    i += article.len();
                    break;
                }
            }
            let start = i;
            let mut end = None;
            for _ in 0..5 {
                let rest = &text[i..];
                let len: usize = rest
                    .chars()
                    .take_while(|c| c.is_alphabetic() || *c == '-')
                    .map(char::len_utf8)
                    .sum();
                let lower = rest[..len].to_lowercase();
                if len == 0 || NOT_IN_TITLE.contains(&lower.as_str()) {
                    break;
                }
                i += len;
                if TITLE_WORDS.contains(&lower.as_str()) {
                    end = Some(i);
                }
                if !text[i..].starts_with(' ') || text[i..].starts_with("  ") {
                    break;
                }
                i += 1;
            }
            // One word ("as an engineer", "was a consultant") is a kind of work, not a title
            // anyone holds: two words or more name one ("as a data engineer").
            if let Some(end) = end.filter(|&end| text[start..end].contains(' ')) {
                found.add(FactKind::Title, &text[start..end], start);
            }
        }
    }
}

const LEGAL_FORMS: &[&str] = &[
    "Inc.", "Inc", "LLC", "Ltd.", "Ltd", "GmbH", "AG", "Corp.", "Corp", "PLC", "plc", "S.A.",
    "Co.", "Pty", "LLP", "B.V.", "SAS",
];

/// `Quillfeather GmbH`, `Parcelwise, Inc.`, `星河科技有限公司` anywhere in the text.
fn suffixed_organisations(text: &str, found: &mut Found) {
    for form in LEGAL_FORMS {
        for (at, _) in text.match_indices(form) {
            if !word_start(text, at) || !word_end(text, at + form.len(), form.trim_end_matches('.'))
            {
                continue;
            }
            let mut name_end = at;
            let before = text[..at].trim_end_matches(' ');
            let before = before.strip_suffix(',').unwrap_or(before);
            if before.len() == at {
                continue;
            }
            name_end = name_end.min(before.len());
            let start = capitalised_before(text, name_end, 4);
            if start < name_end {
                let end = at + form.len();
                let name = &text[start..end];
                if !is_title(&text[start..name_end]) {
                    found.add(FactKind::Organisation, name, start);
                }
            }
        }
    }
    // Chinese organisations: a run of CJK characters ending in 公司, 集团, 银行, ….
    for ending in CJK_ORG_ENDS {
        for (at, _) in text.match_indices(ending) {
            let start = cjk_name_start(text, at, 16);
            if start < at && !is_reference(&text[start..at]) {
                let mut end = at + ending.len();
                if text[end..].starts_with("有限公司") {
                    end += "有限公司".len();
                }
                found.add(FactKind::Organisation, &text[start..end], start);
            }
        }
    }
}

/// Whether the words before an organisation ending refer to one instead of naming it: a single
/// character (贵公司 "your company", 本公司, 该公司, 子公司, 总行 …) or a determiner with its measure
/// word (这家公司, 我们公司, 其他公司, 各大银行). A cover letter says 贵公司 in every other line.
fn is_reference(before: &str) -> bool {
    let chars: Vec<char> = before.chars().collect();
    match chars.as_slice() {
        [_] => true,
        [first, second] => {
            "这那该每各某其我你他她".contains(*first) && "家们大他些个间所".contains(*second)
        }
        _ => false,
    }
}

/// `org` without its organisation ending (`贵公司` → `贵`), or as it is.
fn without_org_end(org: &str) -> &str {
    CJK_ORG_ENDS
        .iter()
        .find_map(|end| org.strip_suffix(end))
        .unwrap_or(org)
}

/// Titles and organisations of the structured resume's entries (JSON Resume included), where
/// the text holds them.
/// Only JSON Resume: there the fields are the file's own; in text the builder's guesses (an
/// education entry's second line as its school) are less sure than the line patterns above.
fn structured_entries(text: &str, found: &mut Found) {
    if !text.trim_start().starts_with('{') {
        return;
    }
    let resume = structured::from_any(text);
    // The headline (`basics.label`: "Programmer") is a title.
    if let Some(label) = &resume.basics.label {
        let value = label.value.trim();
        if is_title(value) && plausible_name(value) {
            if let Some(at) = text.find(&format!("\"{value}\"")) {
                found.add(FactKind::Title, value, at + 1);
            }
        }
    }
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    for section in &resume.sections {
        let (title_kind, org_kind) = match section.kind {
            SectionKind::Work | SectionKind::Volunteer => {
                (Some(FactKind::Title), Some(FactKind::Organisation))
            }
            SectionKind::Education => (None, Some(FactKind::School)),
            SectionKind::Certificates => (Some(FactKind::Certification), None),
            _ => continue,
        };
        for entry in &section.entries {
            for (field, kind) in [(&entry.title, title_kind), (&entry.organisation, org_kind)] {
                let (Some(field), Some(kind)) = (field, kind) else {
                    continue;
                };
                let value = field.value.trim();
                let words = value.split_whitespace().count();
                if value.is_empty()
                    || words > 8
                    || find_range(value).is_some()
                    || !plausible_name(value)
                    || (kind == FactKind::Title && !is_title(value))
                {
                    continue;
                }
                // On its line when the builder knows it, else its first occurrence (JSON).
                let at = field
                    .line
                    .and_then(|l| line_starts.get(l - 1))
                    .and_then(|&s| {
                        let line_end = text[s..].find('\n').map_or(text.len(), |e| s + e);
                        text[s..line_end].find(value).map(|i| s + i)
                    })
                    .or_else(|| text.find(value));
                if let Some(at) = at {
                    found.add(kind, value, at);
                }
            }
        }
    }
}

// ---- text helpers ----

/// Start of a word: at the text's start or after a character that is not a letter or digit.
fn word_start(text: &str, at: usize) -> bool {
    text[..at]
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_alphanumeric() || is_cjk(c))
}

/// End of a word; a word ending in `.` or `+` ends there.
fn word_end(text: &str, at: usize, word: &str) -> bool {
    if word.ends_with(['.', '+']) {
        return true;
    }
    text[at..]
        .chars()
        .next()
        .is_none_or(|c| !(c.is_alphanumeric() || c == '\'') || is_cjk(c))
}

/// Capitalised words that end a name (`Airbus From 2005`, `Parcelwise Since 2020`).
const RUN_STOPS: &[&str] = &[
    "From", "To", "Since", "Until", "Present", "Today", "In", "On", "As", "With", "Where",
    "Remote", "And", "For", "The", "Using", "Via",
];

/// Small words allowed inside a name between capitalised words.
const JOINERS: &[&str] = &["of", "&", "for", "de", "the", "für", "du", "la"];

/// Where a run of up to `max` capitalised words starting at `at` ends (joiners allowed inside;
/// `Inc.`-style dots kept). `with_colon` lets `Microsoft Certified: Azure …` through.
fn capitalised_run(text: &str, at: usize, max: usize, with_colon: bool) -> usize {
    let mut end = at;
    let mut i = at;
    let mut words = 0;
    while words < max && i < text.len() {
        let rest = &text[i..];
        let len: usize = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '\'' | '&' | '.' | '+'))
            .map(char::len_utf8)
            .sum();
        if len == 0 {
            break;
        }
        let word = rest[..len].trim_end_matches('.');
        let keep_dot = LEGAL_FORMS.contains(&&rest[..len]);
        if RUN_STOPS.contains(&word) {
            break;
        }
        let capital = word.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())
            && !word.chars().any(is_cjk);
        if capital {
            end = i + if keep_dot { len } else { word.len() };
            words += 1;
        } else if !(JOINERS.contains(&word) && end > at) {
            break;
        }
        // A full stop after a word (not a legal form, not an initial or `U.S.`) ends the
        // sentence: "at Hooli. At Tillpoint" names Hooli alone.
        let sentence_end = rest[..len].ends_with('.')
            && !keep_dot
            && word.chars().count() >= 3
            && !word.contains('.');
        if sentence_end {
            break;
        }
        i += len;
        // One space (or `: ` when allowed) between words.
        let next = &text[i..];
        if next.starts_with(' ') && !next.starts_with("  ") {
            i += 1;
        } else if with_colon && next.starts_with(": ") {
            i += 2;
        } else {
            break;
        }
    }
    end
}

/// Where a run of up to `max` capitalised words ending right before `at` starts (`at` when
/// none); the word before `at` must be separated by one space.
fn capitalised_before(text: &str, at: usize, max: usize) -> usize {
    let mut start = at;
    let mut i = at;
    let mut words = 0;
    while words < max {
        let before = &text[..i];
        let Some(spaced) = before.strip_suffix(' ') else {
            break;
        };
        let word_len: usize = spaced
            .chars()
            .rev()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '\'' | '&' | '.'))
            .map(char::len_utf8)
            .sum();
        if word_len == 0 {
            break;
        }
        let word = &spaced[spaced.len() - word_len..];
        let capital = word.starts_with(|c: char| c.is_uppercase()) && !word.chars().any(is_cjk);
        if capital && !TITLE_WORDS.contains(&word.to_lowercase().as_str()) {
            start = spaced.len() - word_len;
            words += 1;
        } else if !(JOINERS.contains(&word) && words > 0) {
            break;
        }
        i = spaced.len() - word_len;
    }
    start
}

/// Where a CJK name ending right before `at` starts: CJK characters up to `max`, stopping at a
/// stop character (`在`, `于`, punctuation, …).
fn cjk_name_start(text: &str, at: usize, max: usize) -> usize {
    let mut start = at;
    for (count, c) in text[..at].chars().rev().enumerate() {
        if count >= max || !(is_cjk(c) || c.is_ascii_alphanumeric()) || CJK_STOPS.contains(&c) {
            break;
        }
        start -= c.len_utf8();
    }
    start
}
