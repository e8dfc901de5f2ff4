//! What each step sends, and the redaction that keeps names and contact details out of the
//! prompts of steps that do not need them.
//!
//! | step                  | sends                                                              |
//! |-----------------------|--------------------------------------------------------------------|
//! | `ats_screen`          | nothing (no model)                                                 |
//! | `jd_analysis_agent`   | the job description                                                |
//! | `resume_parser_agent` | the resume as given (reading it is its job)                        |
//! | `matching_agent`      | profile without name, job analysis, job description, the resume   |
//! |                       | with the name, e-mails, phone numbers and links replaced           |
//! | `evaluation_agent`    | profile without name, job analysis, the match (no resume text)     |
//!
//! The parsed name stays in the run (the table shows it); it is never sent on. The names kept out
//! are the parser's AND the one the resume's own structure names: a small model may parse no name
//! or a wrong one (SmolLM2-135M did, and `make eval PROVIDER=local` found every candidate's name in
//! the matcher's and evaluator's prompts).

use crate::domain::hiring::CandidateProfile;
use crate::domain::structured::from_any;

/// Every step and the blocks of its user message, for the page's "what is sent" note and tests.
pub const SENDS: [(&str, &[&str]); 4] = [
    ("jd_analysis_agent", &["job_description"]),
    ("resume_parser_agent", &["resume"]),
    (
        "matching_agent",
        &[
            "candidate_profile",
            "jd_analysis",
            "job_description",
            "resume",
        ],
    ),
    (
        "evaluation_agent",
        &["candidate_profile", "jd_analysis", "matching_analysis"],
    ),
];

use crate::domain::blind::{redact_contacts_in_line, replace_name};
pub use crate::domain::blind::{EMAIL, LINK, NAME, PHONE};

/// `text` with `name` (and each of its words of three letters or more, as whole words), e-mail
/// addresses, phone numbers and links replaced by placeholders. Dates and figures stay: a year
/// range such as 2019-2024 is not a phone number.
pub fn redact_contacts(text: &str, name: &str) -> String {
    // Contacts first: an address such as ann.lee@… holds the name and goes as a whole.
    let redacted: Vec<String> = text.split('\n').map(redact_contacts_in_line).collect();
    replace_name(&redacted.join("\n"), name)
}

/// The names to keep out of later prompts: the parser's and the resume's own (its name line, as
/// the structure reads it), each once.
pub fn candidate_names(parsed: &str, resume: &str) -> Vec<String> {
    let mut names = vec![parsed.trim().to_string()];
    if let Some(name) = from_any(resume).basics.name {
        names.push(name.value.trim().to_string());
    }
    names.retain(|n| !n.is_empty());
    names.dedup();
    names
}

/// [`redact_contacts`] for every one of `names`.
pub fn redact_candidate(text: &str, names: &[String]) -> String {
    let redacted = redact_contacts(text, "");
    names
        .iter()
        .fold(redacted, |text, name| replace_name(&text, name))
}

/// The profile as the later steps see it: no name, contact details and `names` (see
/// [`candidate_names`]) redacted everywhere else.
pub fn anonymous_profile(profile: &CandidateProfile, names: &[String]) -> CandidateProfile {
    let r = |text: &str| redact_candidate(text, names);
    let mut out = profile.clone();
    out.name = String::new();
    out.headline = r(&out.headline);
    out.summary = r(&out.summary);
    // Every text field: a small model puts a name anywhere, an employer's or a skill's included.
    for role in &mut out.experience {
        role.highlights = role.highlights.iter().map(|h| r(h)).collect();
        role.title = r(&role.title);
        role.organization = r(&role.organization);
        role.period = r(&role.period);
    }
    out.skills = out.skills.iter().map(|s| r(s)).collect();
    out.education = out.education.iter().map(|e| r(e)).collect();
    out.certifications = out.certifications.iter().map(|c| r(c)).collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::hiring::ProfileRole;

    const RESUME: &str = "# Mira Okonkwo-Tan\nmira.tan@example.org | +1 (555) 010-4477 | linkedin.com/in/miratan\nhttps://mira.example.dev\n## Experience\n### Data Engineer — Fjordline (2019-2024)\n- Cut load time 40% for 12 teams; Mira led the rollout\n- Phone screen process owner\n";

    #[test]
    fn names_emails_phones_and_links_are_replaced() {
        let out = redact_contacts(RESUME, "Mira Okonkwo-Tan");
        for gone in [
            "Mira",
            "Okonkwo",
            "example.org",
            "555",
            "4477",
            "linkedin",
            "mira.example.dev",
        ] {
            assert!(!out.contains(gone), "{gone} left in:\n{out}");
        }
        assert!(out.starts_with("# [candidate]\n[email] | [phone] | [link]\n[link]\n"));
        // What evaluation needs stays: skills, history, dates, figures.
        for kept in [
            "Data Engineer — Fjordline (2019-2024)",
            "40% for 12 teams",
            "Phone screen",
        ] {
            assert!(out.contains(kept), "{kept} lost:\n{out}");
        }
        assert!(out.ends_with('\n'));
    }

    #[test]
    fn a_name_inside_another_word_stays() {
        assert_eq!(
            redact_contacts("Ann wrote the Annual report", "Ann Lee"),
            "[candidate] wrote the Annual report"
        );
        assert_eq!(redact_contacts("no name", ""), "no name");
    }

    #[test]
    fn a_chinese_name_followed_by_text_is_replaced() {
        assert_eq!(
            redact_contacts("# 林雨航\n林雨航负责计费系统，由林雨航主导", "林雨航"),
            "# [candidate]\n[candidate]负责计费系统，由[candidate]主导"
        );
        // A Latin name keeps its word boundaries next to Chinese text too.
        assert_eq!(redact_contacts("Ann负责 Annual", "Ann"), "Ann负责 Annual");
    }

    #[test]
    fn year_ranges_and_short_numbers_are_not_phones() {
        for text in [
            "2015 - 2019",
            "2019-2024, 2024-2025",
            "grew revenue 1,200,000",
            "ISO 27001",
        ] {
            assert_eq!(redact_contacts(text, ""), text);
        }
        assert_eq!(redact_contacts("call 138 0013 8000.", ""), "call [phone].");
        assert_eq!(redact_contacts("tel +44 20 7946 0958", ""), "tel [phone]");
    }

    #[test]
    fn the_anonymous_profile_has_no_name_or_contacts() {
        let profile = CandidateProfile {
            name: "Mira Okonkwo-Tan".into(),
            headline: "Mira, data engineer, mira@example.org".into(),
            experience: vec![ProfileRole {
                title: "Engineer".into(),
                highlights: vec!["Mira shipped it; call 555 010 4477".into()],
                ..ProfileRole::default()
            }],
            skills: vec!["Rust".into()],
            ..CandidateProfile::default()
        };
        let anon = anonymous_profile(&profile, &candidate_names(&profile.name, ""));
        let json = serde_json::to_string(&anon).unwrap();
        assert!(anon.name.is_empty());
        assert!(!json.contains("Mira") && !json.contains("example.org") && !json.contains("4477"));
        assert_eq!(anon.skills, ["Rust"]);
    }

    /// A small model parsed the wrong name (or none): the resume's own name line still goes.
    #[test]
    fn a_name_the_parser_missed_is_redacted_from_the_resumes_own_name_line() {
        let resume =
            "# Noor Hadley\nBackend engineer\n\n## Experience\n- Noor led the billing rewrite";
        for parsed in ["", "John Doe"] {
            let names = candidate_names(parsed, resume);
            let text = redact_candidate(resume, &names);
            assert!(
                !text.contains("Noor") && !text.contains("Hadley"),
                "{parsed}: {text}"
            );
            let profile = CandidateProfile {
                name: parsed.into(),
                summary: "Noor Hadley, backend engineer".into(),
                skills: vec!["Noor Hadley".into(), "Rust".into()],
                experience: vec![ProfileRole {
                    organization: "Hadley Consulting".into(),
                    period: "2019 - 2024".into(),
                    ..ProfileRole::default()
                }],
                ..CandidateProfile::default()
            };
            let anon = anonymous_profile(&profile, &names);
            let json = serde_json::to_string(&anon).unwrap();
            assert!(
                !json.contains("Noor") && !json.contains("Hadley"),
                "{parsed}: {json}"
            );
            // Dates and other skills stay.
            assert_eq!(anon.experience[0].period, "2019 - 2024");
            assert!(anon.skills.contains(&"Rust".to_string()));
        }
    }

    #[test]
    fn evaluation_is_never_sent_the_resume() {
        let (_, blocks) = SENDS
            .iter()
            .find(|(step, _)| *step == "evaluation_agent")
            .unwrap();
        assert!(!blocks.contains(&"resume"));
    }
}
