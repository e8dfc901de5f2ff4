//! Offline answers for the cover letter's agents, plugged into the llm layer's `DemoModel`.
//! Honest: everything is derived from the request. Evidence is the resume lines that mention a
//! requirement's skill; framing names the posting's requirements; the letter is built from the
//! company and role as typed, the requirement names, the resume's own lines quoted as written,
//! the user's notes and the resume's name: no fact that the resume, notes, company or role do not
//! hold, so grounding flags nothing.
//!
//! Answers are written in the language the system prompt asks for
//! ([`Language::of_system_prompt`]); what they say depends on the text only. A revision note that
//! asks for another tone or length is applied; any other note is answered with the draft
//! unchanged and a change saying so.

use std::rc::Rc;

use crate::domain::ats::{self, Importance, TermKind};
use crate::domain::Language;
use crate::llm::demo::{DemoModel, DemoResponder};
use crate::llm::ChatRequest;
use crate::workflows::common::envelope::block;

use super::agents::{
    EvidenceAnswer, FramingAnswer, LetterAnswer, MatchAnswer, ParagraphAnswer, EVIDENCE, FRAMING,
    WRITER,
};
use super::letter::{tidy, PARAGRAPH_BREAK};
use super::nodes::mentioned_evidence;
use super::settings::{Length, Tone};
use super::state::LetterResumeLine;

fn part(request: &ChatRequest, tag: &str) -> String {
    block(&request.user_text(), tag).unwrap_or("").to_string()
}

fn language(request: &ChatRequest) -> Language {
    Language::of_system_prompt(&request.system)
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// "a, b and c" or "a、b和c".
fn joined(items: &[String], lang: Language) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => match lang {
            Language::En => format!("{} and {last}", rest.join(", ")),
            Language::Zh => format!("{}和{last}", rest.join("、")),
        },
    }
}

/// A requirement of the `requirements` block: id, term, skill names, the posting's sentence.
struct Wanted {
    id: String,
    names: Vec<String>,
    sentence: String,
}

impl Wanted {
    /// The term as the posting writes it ("后端开发" for Backend development, "Rust or Go" for
    /// the group "Rust / Go"): canonical names read oddly in a Chinese letter.
    fn written(&self, lang: Language) -> String {
        written(&self.names, &self.sentence, lang)
    }
}

/// `names` joined by "or"; in Chinese, each as `sentence` spells it when that spelling is a
/// short one (the analysis' canonical names are English).
fn written(names: &[String], sentence: &str, lang: Language) -> String {
    let mentions = ats::skill_mentions(sentence);
    let spelled: Vec<String> = names
        .iter()
        .map(|name| match lang {
            Language::En => name.clone(),
            Language::Zh => mentions
                .iter()
                .find(|m| &m.skill == name && m.written.chars().count() <= 6)
                .map_or_else(|| name.clone(), |m| m.written.clone()),
        })
        .collect();
    spelled.join(lang.pick(" or ", "或"))
}

/// Reads `R1 [required] Go / Rust: sentence` lines back.
fn wanted(block: &str) -> Vec<Wanted> {
    block
        .lines()
        .filter_map(|line| {
            let (id, rest) = line.trim().split_once(' ')?;
            let (_, rest) = rest.split_once("] ")?;
            let (term, sentence) = rest.split_once(": ").unwrap_or((rest, ""));
            let term = term.trim();
            Some(Wanted {
                id: id.to_string(),
                names: term.split(" / ").map(str::to_string).collect(),
                sentence: sentence.trim().to_string(),
            })
        })
        .collect()
}

/// Reads `L1: text` lines back.
fn lines(block: &str) -> Vec<LetterResumeLine> {
    block
        .lines()
        .filter_map(|line| {
            let (id, text) = line.split_once(": ")?;
            Some(LetterResumeLine {
                id: id.trim().to_string(),
                text: text.trim().to_string(),
            })
        })
        .collect()
}

struct EvidenceResponder;

impl DemoResponder for EvidenceResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let wanted = wanted(&part(request, "requirements"));
        let pairs: Vec<(String, Vec<String>)> = wanted
            .iter()
            .map(|w| (w.id.clone(), w.names.clone()))
            .collect();
        let lang = language(request);
        let matches = mentioned_evidence(&pairs, &lines(&part(request, "resume_lines")))
            .into_iter()
            .map(|e| {
                let term = wanted
                    .iter()
                    .find(|w| w.id == e.requirement)
                    .map(|w| w.written(lang))
                    .unwrap_or_default();
                let cited = e.lines.join(lang.pick(", ", "、"));
                MatchAnswer {
                    why: match lang {
                        Language::En => format!("{term}: named in {cited}."),
                        Language::Zh => format!("{term}：见 {cited}。"),
                    },
                    requirement: e.requirement,
                    lines: e.lines,
                }
            })
            .collect();
        json(&EvidenceAnswer { matches })
    }
}

struct FramingResponder;

impl DemoResponder for FramingResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let job = ats::extract(&part(request, "job_description"));
        let lang = language(request);
        let terms = |importance: Importance| -> Vec<String> {
            job.terms
                .iter()
                .filter(|t| t.kind == TermKind::Skill && t.importance == importance)
                .map(|t| {
                    written(
                        &t.names().iter().map(|n| n.to_string()).collect::<Vec<_>>(),
                        &t.sentence,
                        lang,
                    )
                })
                .collect()
        };
        let required = terms(Importance::Required);
        let mut themes = required.clone();
        themes.extend(terms(Importance::Preferred));
        themes.truncate(4);
        let company = part(request, "company");
        let role = part(request, "role");
        let top: Vec<String> = required.iter().take(3).cloned().collect();
        let company_focus = match (lang, company.is_empty(), top.is_empty()) {
            (_, _, true) => String::new(),
            (Language::En, true, false) => {
                format!("The posting centres on {}.", joined(&top, lang))
            }
            (Language::En, false, false) => {
                format!("{company}'s posting centres on {}.", joined(&top, lang))
            }
            (Language::Zh, true, false) => format!("职位描述以{}为重点。", joined(&top, lang)),
            (Language::Zh, false, false) => {
                format!("{company}的职位描述以{}为重点。", joined(&top, lang))
            }
        };
        let role_focus = match (lang, role.is_empty(), required.is_empty()) {
            (_, _, true) => String::new(),
            (Language::En, true, false) => {
                format!("The role asks for {}.", joined(&required, lang))
            }
            (Language::En, false, false) => {
                format!("The {role} role asks for {}.", joined(&required, lang))
            }
            (Language::Zh, true, false) => format!("该职位要求{}。", joined(&required, lang)),
            (Language::Zh, false, false) => {
                format!("{role}职位要求{}。", joined(&required, lang))
            }
        };
        json(&FramingAnswer {
            company_focus,
            role_focus,
            themes,
        })
    }
}

/// The letter's style, read back from the `style` block, adjusted by a revision note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Style {
    tone: Tone,
    body: usize,
}

fn style(request: &ChatRequest) -> Style {
    let block = part(request, "style");
    let field = |key: &str| {
        block
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .map(|v| v.trim().to_string())
            .unwrap_or_default()
    };
    let tone: Tone = serde_json::from_value(serde_json::json!(field("tone:"))).unwrap_or_default();
    let length: Length =
        serde_json::from_value(serde_json::json!(field("length:"))).unwrap_or_default();
    Style {
        tone,
        body: length.body_paragraphs(),
    }
}

/// What a revision note asks that the demo can do: another tone, fewer or more body paragraphs.
/// Whether it asked any of it.
fn apply_note(note: &str, style: &mut Style) -> bool {
    let note = note.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| note.contains(w));
    let mut applied = false;
    for (words, tone) in [
        (&["warm", "friendl", "热情", "亲切"][..], Tone::Warm),
        (&["formal", "正式"][..], Tone::Formal),
        (&["direct", "concise", "直接", "简洁"][..], Tone::Direct),
    ] {
        if has(words) {
            style.tone = tone;
            applied = true;
        }
    }
    if has(&["shorter", "short", "更短", "精简", "缩短"]) {
        style.body = style.body.saturating_sub(1).max(1);
        applied = true;
    } else if has(&["longer", "更长", "展开"]) {
        style.body = (style.body + 1).min(MAX_BODY);
        applied = true;
    }
    applied
}

/// The candidate's name: a `# Name` first line, or a short first line without digits or `@`.
fn name(resume: &str) -> Option<String> {
    let first = resume.lines().map(str::trim).find(|l| !l.is_empty())?;
    let first = first.trim_start_matches('#').trim();
    let plain = first.chars().count() <= 40
        && !first
            .chars()
            .any(|c| c.is_ascii_digit() || c == '@' || c == '|' || c == '·');
    (plain && !first.is_empty()).then(|| first.to_string())
}

/// Whether a resume line is a list of skills ("Rust, Go, PostgreSQL"), not a sentence.
fn is_list(text: &str) -> bool {
    let separators = text.matches([',', '、', '，']).count();
    !text.starts_with(['-', '*', '•']) && separators >= 3 && !text.ends_with(['.', '。'])
}

/// A resume line as a sentence of the letter: without its list marker, ending in a full stop.
fn sentence(text: &str, lang: Language) -> String {
    let text = text.trim_start_matches(['-', '*', '•']).trim();
    let ends = ['.', '!', '?', '。', '！', '？'];
    if text.ends_with(ends) {
        text.to_string()
    } else {
        format!("{text}{}", lang.pick(".", "。"))
    }
}

fn paragraph(
    text: String,
    requirements: Vec<String>,
    resume_lines: Vec<String>,
) -> ParagraphAnswer {
    ParagraphAnswer {
        text,
        requirements,
        resume_lines,
    }
}

struct WriterResponder;

/// Body paragraphs the demo writes at most (the longest length, and one more on request).
const MAX_BODY: usize = 6;

/// The paragraphs as the writer node joins them (see `letter::draft_text`).
fn draft_text(paragraphs: &[ParagraphAnswer]) -> String {
    paragraphs
        .iter()
        .map(|p| tidy(&p.text))
        .collect::<Vec<_>>()
        .join(PARAGRAPH_BREAK)
}

impl WriterResponder {
    fn letter(request: &ChatRequest, style: &Style) -> Vec<ParagraphAnswer> {
        let lang = language(request);
        let zh = lang == Language::Zh;
        let company = part(request, "company");
        let role = part(request, "role");
        let wanted = wanted(&part(request, "requirements"));
        let resume_lines = lines(&part(request, "resume_lines"));
        let notes = part(request, "notes");
        let themes: Vec<String> = part(request, "framing")
            .lines()
            .filter_map(|l| l.strip_prefix("- ").map(str::to_string))
            .collect();
        // `R2 (Kafka): L4, L7: why` → (R2, [L4, L7]).
        let evidence: Vec<(String, Vec<String>)> = part(request, "evidence")
            .lines()
            .filter_map(|l| {
                let (id, rest) = l.split_once(" (")?;
                let (_, rest) = rest.split_once("): ")?;
                let ids = rest.split_once(": ").map_or(rest, |(ids, _)| ids);
                Some((
                    id.to_string(),
                    ids.split(", ").map(|s| s.trim().to_string()).collect(),
                ))
            })
            .collect();

        let mut out = Vec::new();
        let greeting = match (lang, style.tone, company.is_empty()) {
            (Language::En, Tone::Formal, false) => format!("Dear {company} hiring team,"),
            (Language::En, Tone::Formal, true) => "Dear hiring team,".to_string(),
            (Language::En, Tone::Warm, false) => format!("Hello {company} team,"),
            (Language::En, Tone::Warm, true) => "Hello,".to_string(),
            (Language::En, Tone::Direct, false) => format!("To the {company} hiring team,"),
            (Language::En, Tone::Direct, true) => "To the hiring team,".to_string(),
            (Language::Zh, Tone::Warm, false) => format!("{company}团队的各位好："),
            (Language::Zh, Tone::Warm, true) => "您好：".to_string(),
            (Language::Zh, _, false) => format!("尊敬的{company}招聘团队："),
            (Language::Zh, _, true) => "尊敬的招聘负责人：".to_string(),
        };
        out.push(paragraph(greeting, vec![], vec![]));

        let position = match (zh, role.is_empty(), company.is_empty()) {
            (false, false, false) => format!("the {role} position at {company}"),
            (false, false, true) => format!("the {role} position"),
            (false, true, false) => format!("the open position at {company}"),
            (false, true, true) => "this position".to_string(),
            (true, false, false) => format!("{company}的{role}职位"),
            (true, false, true) => format!("{role}职位"),
            (true, true, false) => format!("{company}的这个职位"),
            (true, true, true) => "这个职位".to_string(),
        };
        let mut opening = match (lang, style.tone) {
            (Language::En, Tone::Formal) => format!("I am writing to apply for {position}."),
            (Language::En, Tone::Warm) => format!("I was glad to see your opening for {position}."),
            (Language::En, Tone::Direct) => format!("I am applying for {position}."),
            (Language::Zh, Tone::Warm) => format!("看到{position}的招聘信息，我非常高兴。"),
            (Language::Zh, _) => format!("我希望应聘{position}。"),
        };
        if !themes.is_empty() {
            opening.push_str(&match lang {
                Language::En => format!(
                    " The posting's focus on {} matches the work my resume describes.",
                    joined(&themes, lang)
                ),
                Language::Zh => format!(
                    "职位对{}的重视，与我简历中的工作经历相契合。",
                    joined(&themes, lang)
                ),
            });
        }
        out.push(paragraph(opening, vec![], vec![]));

        // Body: the evidenced requirements, two a paragraph; each quotes the resume lines that
        // show them, a line quoted once in the letter.
        let mut used: Vec<String> = Vec::new();
        let mut groups: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        for (id, ids) in evidence {
            if groups.last().is_none_or(|(reqs, _)| reqs.len() == 2) {
                if groups.len() == style.body {
                    break;
                }
                groups.push((Vec::new(), Vec::new()));
            }
            let Some((reqs, cited)) = groups.last_mut() else {
                break;
            };
            let pick = ids
                .iter()
                .find(|l| cited.contains(l))
                .or_else(|| ids.iter().find(|l| !used.contains(l)));
            let Some(pick) = pick else {
                continue;
            };
            reqs.push(id);
            if !cited.contains(pick) {
                cited.push(pick.clone());
                used.push(pick.clone());
            }
        }
        groups.retain(|(reqs, _)| !reqs.is_empty());
        let mut body = Vec::new();
        for (reqs, cited) in groups {
            let terms: Vec<String> = reqs
                .iter()
                .filter_map(|id| wanted.iter().find(|w| &w.id == id))
                .map(|w| w.written(lang))
                .collect();
            let terms = joined(&terms, lang);
            let quoted: Vec<&LetterResumeLine> = cited
                .iter()
                .filter_map(|id| resume_lines.iter().find(|l| &l.id == id))
                .collect();
            // A skills list is named as one, not quoted as a sentence.
            let (lists, lines): (Vec<&LetterResumeLine>, Vec<&LetterResumeLine>) =
                quoted.into_iter().partition(|l| is_list(&l.text));
            let mut text = match lang {
                Language::En => format!("You ask for {terms}."),
                Language::Zh => format!("职位要求{terms}。"),
            };
            if !lines.is_empty() {
                let said: Vec<String> = lines.iter().map(|l| sentence(&l.text, lang)).collect();
                text.push_str(&match lang {
                    Language::En => format!(" From my resume: {}", said.join(" ")),
                    Language::Zh => format!(
                        "我的简历中写道：{}",
                        said.iter().map(|q| format!("“{q}”")).collect::<String>()
                    ),
                });
            }
            if !lists.is_empty() {
                text.push_str(match (lang, reqs.len()) {
                    (Language::En, 1) => " My resume lists it among my skills.",
                    (Language::En, _) => " My resume lists them among my skills.",
                    (Language::Zh, _) => "我简历的技能部分也列出了这些。",
                });
            }
            body.push(paragraph(text, reqs, cited));
        }
        body.truncate(style.body);
        out.extend(body);

        if !notes.trim().is_empty() {
            out.push(paragraph(
                match lang {
                    Language::En => format!("In addition: {}", notes.trim()),
                    Language::Zh => format!("此外：{}", notes.trim()),
                },
                vec![],
                vec![],
            ));
        }

        let closing = match (lang, style.tone) {
            (Language::En, Tone::Direct) => {
                "I would welcome a conversation about the role.".to_string()
            }
            (Language::En, _) => {
                "Thank you for your time and consideration. I would welcome the chance to discuss how my experience fits the role.".to_string()
            }
            (Language::Zh, _) => "感谢您抽出时间阅读我的申请，期待有机会进一步交流。".to_string(),
        };
        out.push(paragraph(closing, vec![], vec![]));
        let sign = match (lang, style.tone) {
            (Language::En, Tone::Formal) => "Sincerely,",
            (Language::En, Tone::Warm) => "Warm regards,",
            (Language::En, Tone::Direct) => "Best,",
            (Language::Zh, _) => "此致\n敬礼",
        };
        let sign_off = match name(&part(request, "resume")) {
            Some(name) => format!("{sign}\n{name}"),
            None => sign.to_string(),
        };
        out.push(paragraph(sign_off, vec![], vec![]));
        out
    }
}

impl DemoResponder for WriterResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let lang = language(request);
        let mut style = style(request);
        // A revision starts from the style that wrote the previous draft (earlier notes may have
        // changed it): the one whose letter is that draft.
        let previous = part(request, "previous_draft");
        if !previous.is_empty() {
            let tones = [Tone::Formal, Tone::Warm, Tone::Direct];
            let styles = tones
                .into_iter()
                .flat_map(|tone| (1..=MAX_BODY).map(move |body| Style { tone, body }));
            if let Some(found) = styles
                .into_iter()
                .find(|s| draft_text(&Self::letter(request, s)) == previous)
            {
                style = found;
            }
        }
        let note = part(request, "feedback");
        let mut changes = Vec::new();
        if !note.trim().is_empty() {
            if apply_note(&note, &mut style) {
                changes.push(match lang {
                    Language::En => format!("Applied “{}” to the tone and length.", note.trim()),
                    Language::Zh => format!("已按“{}”调整语气和篇幅。", note.trim()),
                });
            } else {
                changes.push(match lang {
                    Language::En => format!(
                        "The offline demo can change only tone and length, not “{}”; the letter is unchanged. Use a real model for free-form revisions.",
                        note.trim()
                    ),
                    Language::Zh => format!(
                        "离线演示只能调整语气和篇幅，无法执行“{}”，求职信未作改动。自由修改请使用真实模型。",
                        note.trim()
                    ),
                });
            }
        }
        json(&LetterAnswer {
            paragraphs: Self::letter(request, &style),
            changes,
        })
    }
}

/// Registers the cover letter's responders on `model` (by agent and schema name: other workflows
/// may have a `writer` too).
pub fn with_cover_letter_responders(model: DemoModel) -> DemoModel {
    model
        .with_responder_for_schema(
            EVIDENCE.node,
            EVIDENCE.schema_name,
            Rc::new(EvidenceResponder),
        )
        .with_responder_for_schema(FRAMING.node, FRAMING.schema_name, Rc::new(FramingResponder))
        .with_responder_for_schema(WRITER.node, WRITER.schema_name, Rc::new(WriterResponder))
}

/// The offline model with every cover-letter agent answered from the input.
pub fn demo_model() -> DemoModel {
    with_cover_letter_responders(DemoModel::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_read_back() {
        let w = wanted("R1 [required] Go / Rust: Rust or Go services\nR2 [preferred] Kafka: Kafka");
        assert_eq!(w[0].names, ["Go", "Rust"]);
        assert_eq!(
            (w[1].id.as_str(), w[1].written(Language::En)),
            ("R2", "Kafka".into())
        );
        assert_eq!(w[0].written(Language::En), "Go or Rust");
        let l = lines("L1: # Ann\nL2: - Built: things");
        assert_eq!(l[1].text, "- Built: things");
        assert_eq!(name("# Ann Lee\nx"), Some("Ann Lee".into()));
        assert_eq!(name("Ann · ann@example.com"), None);
    }

    #[test]
    fn notes_change_tone_and_length_only() {
        let mut style = Style {
            tone: Tone::Formal,
            body: 3,
        };
        assert!(apply_note("Warmer and shorter please", &mut style));
        assert_eq!((style.tone, style.body), (Tone::Warm, 2));
        assert!(!apply_note("mention my award", &mut style));
        assert!(apply_note("更简洁一些", &mut style));
        assert_eq!(style.tone, Tone::Direct);
    }
}
