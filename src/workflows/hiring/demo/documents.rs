//! Reading a resume and a job description without a model, for the offline demo: Markdown-ish
//! headings and bullets, the ATS skill list, years in dates. Only what the text says is taken;
//! what cannot be read stays empty.

use crate::domain::ats::{self, Importance, TermKind};
use crate::domain::hiring::{CandidateProfile, JdAnalysis, ProfileRole};

/// A line without Markdown heading marks, bullets or emphasis.
fn clean(line: &str) -> String {
    line.trim()
        .trim_start_matches('#')
        .trim_start_matches(['-', '*', '•', ' '])
        .replace("**", "")
        .trim()
        .to_string()
}

fn is_heading(line: &str) -> bool {
    line.trim_start().starts_with('#')
}

fn is_bullet(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("- ") || t.starts_with("* ") || t.starts_with("• ")
}

/// Sections of a document: (heading text lowercased, its lines), top matter under "".
fn sections(text: &str) -> Vec<(String, Vec<&str>)> {
    let mut out: Vec<(String, Vec<&str>)> = vec![(String::new(), Vec::new())];
    for line in text.lines() {
        // Only level-1/2 headings start a section; "### Role" lines stay inside Experience.
        let level = line.trim_start().chars().take_while(|c| *c == '#').count();
        if (1..=2).contains(&level) {
            out.push((clean(line).to_lowercase(), Vec::new()));
        } else if let Some(last) = out.last_mut() {
            last.1.push(line);
        }
    }
    out
}

fn section<'a>(text: &'a str, names: &[&str]) -> Vec<&'a str> {
    sections(text)
        .into_iter()
        .filter(|(heading, _)| names.iter().any(|n| heading.contains(n)))
        .flat_map(|(_, lines)| lines)
        .collect()
}

/// Four-digit years (1950–2099) in a text, in order.
pub fn years(text: &str) -> Vec<u32> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    for i in 0..chars.len().saturating_sub(3) {
        let window: String = chars[i..i + 4].iter().collect();
        let bounded = (i == 0 || !chars[i - 1].is_ascii_digit())
            && chars.get(i + 4).is_none_or(|c| !c.is_ascii_digit());
        if bounded {
            if let Ok(year) = window.parse::<u32>() {
                if (1950..2100).contains(&year) {
                    found.push(year);
                }
            }
        }
    }
    found
}

/// "6 years", "6+ years", "six years" (English number words up to twenty): the first claim of
/// years the resume makes, if any.
pub fn stated_years(text: &str) -> Option<f64> {
    const WORDS: [&str; 20] = [
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '+')
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(2).find_map(|pair| {
        if !pair[1].starts_with("year") {
            return None;
        }
        let number = pair[0].trim_end_matches('+');
        number
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=50).contains(n))
            .or_else(|| {
                WORDS
                    .iter()
                    .position(|w| *w == number)
                    .map(|i| i as u32 + 1)
            })
            .map(f64::from)
    })
}

/// "Title — Organization (2019–2024)" and its common variants.
fn role_heading(line: &str) -> ProfileRole {
    let text = clean(line);
    let (head, period) = match (text.rfind('('), text.rfind(')')) {
        (Some(open), Some(close)) if open < close => (
            text[..open].trim().to_string(),
            text[open + 1..close].trim().to_string(),
        ),
        _ => (text.clone(), String::new()),
    };
    let (title, organization) = [" — ", " – ", " - ", " | ", " at ", "，", " @ "]
        .iter()
        .find_map(|sep| head.split_once(sep))
        .map(|(t, o)| (t.trim().to_string(), o.trim().to_string()))
        .unwrap_or((head.clone(), String::new()));
    ProfileRole {
        title,
        organization,
        period,
        highlights: Vec::new(),
    }
}

/// The candidate profile a careful reader takes from the resume's own text.
pub fn profile(resume: &str) -> CandidateProfile {
    let lines: Vec<&str> = resume.lines().filter(|l| !l.trim().is_empty()).collect();
    let name = lines.first().map(|l| clean(l)).unwrap_or_default();
    let headline = lines
        .iter()
        .skip(1)
        .find(|l| !is_heading(l) && !is_bullet(l))
        .map(|l| clean(l))
        .unwrap_or_default();
    let summary = section(resume, &["summary", "profile", "about", "简介", "概述"])
        .into_iter()
        .map(clean)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let mut experience: Vec<ProfileRole> = Vec::new();
    for line in section(
        resume,
        &["experience", "employment", "work", "经历", "经验"],
    ) {
        if line.trim_start().starts_with("###") {
            experience.push(role_heading(line));
        } else if is_bullet(line) {
            if let Some(role) = experience.last_mut() {
                role.highlights.push(clean(line));
            }
        }
    }
    let education = section(resume, &["education", "教育"])
        .into_iter()
        .map(clean)
        .filter(|l| !l.is_empty())
        .collect();
    let certifications = section(resume, &["certification", "证书"])
        .into_iter()
        .map(clean)
        .filter(|l| !l.is_empty())
        .collect();
    let spans: Vec<u32> = experience.iter().flat_map(|r| years(&r.period)).collect();
    let open_ended = experience.iter().any(|r| {
        let p = r.period.to_lowercase();
        p.contains("present") || p.contains("now") || p.contains("至今")
    });
    let latest = if open_ended {
        years(resume).into_iter().max()
    } else {
        spans.iter().copied().max()
    };
    // What the resume says about itself ("six years of experience") beats arithmetic on dates,
    // which cannot know what "present" is without a clock.
    let years_experience =
        stated_years(resume).unwrap_or_else(|| match (spans.iter().copied().min(), latest) {
            (Some(first), Some(last)) if last >= first => f64::from(last - first),
            _ => 0.0,
        });
    CandidateProfile {
        name,
        headline,
        summary,
        years_experience,
        skills: ats::skill_mentions(resume)
            .into_iter()
            .map(|m| m.skill)
            .collect(),
        experience,
        education,
        certifications,
    }
}

fn skill_names(jd: &str, importance: Importance) -> Vec<String> {
    ats::extract(jd)
        .terms
        .into_iter()
        .filter(|t| t.kind == TermKind::Skill && t.importance == importance)
        .map(|t| t.term)
        .collect()
}

/// The seniority words a job title or description uses.
fn seniority(jd: &str) -> String {
    let lower = jd.to_lowercase();
    for (needle, level) in [
        ("principal", "principal"),
        ("staff", "staff"),
        ("lead", "lead"),
        ("senior", "senior"),
        ("资深", "senior"),
        ("高级", "senior"),
        ("junior", "junior"),
        ("初级", "junior"),
        ("intern", "intern"),
    ] {
        if lower.contains(needle) {
            return level.to_string();
        }
    }
    "mid".to_string()
}

/// The job analysis from the description's own text and the ATS skill list.
pub fn jd_analysis(jd: &str) -> JdAnalysis {
    let title = jd
        .lines()
        .map(clean)
        .find(|l| !l.is_empty())
        .unwrap_or_default();
    let mut responsibilities: Vec<String> = section(
        jd,
        &[
            "responsib",
            "what you",
            "the role",
            "you will",
            "职责",
            "工作内容",
        ],
    )
    .into_iter()
    .filter(|l| is_bullet(l))
    .map(clean)
    .collect();
    if responsibilities.is_empty() {
        // No responsibilities heading: the description's bullets that name no skill.
        responsibilities = jd
            .lines()
            .filter(|l| is_bullet(l) && ats::skill_mentions(l).is_empty())
            .map(clean)
            .take(5)
            .collect();
    }
    let summary = jd
        .lines()
        .filter(|l| !is_heading(l) && !is_bullet(l))
        .map(clean)
        .filter(|l| l.chars().count() > 30)
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    JdAnalysis {
        title,
        seniority: seniority(jd),
        summary,
        must_have: skill_names(jd, Importance::Required),
        nice_to_have: skill_names(jd, Importance::Preferred),
        responsibilities,
    }
}

/// Achievements with a number in them: the claims worth asking about.
pub fn quantified(profile: &CandidateProfile) -> Vec<String> {
    profile
        .experience
        .iter()
        .flat_map(|r| r.highlights.iter())
        .filter(|h| h.chars().any(|c| c.is_ascii_digit()))
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const RESUME: &str = "# Ann Lee\nBackend engineer\n\n## Summary\nBuilds payment systems.\n\n## Experience\n### Senior Engineer — Acme (2020–present)\n- Cut latency by 40%\n- Led 3 engineers\n### Engineer — Beta (2016–2020)\n- Wrote Go services\n\n## Education\nBSc Computer Science (2012–2016)\n\n## Skills\nRust, Go, Kubernetes\n";

    #[test]
    fn profile_reads_name_roles_years_and_skills() {
        let p = profile(RESUME);
        assert_eq!(p.name, "Ann Lee");
        assert_eq!(p.headline, "Backend engineer");
        assert_eq!(p.summary, "Builds payment systems.");
        assert_eq!(p.experience.len(), 2);
        assert_eq!(p.experience[0].title, "Senior Engineer");
        assert_eq!(p.experience[0].organization, "Acme");
        assert_eq!(p.experience[0].period, "2020–present");
        assert_eq!(
            p.experience[0].highlights,
            ["Cut latency by 40%", "Led 3 engineers"]
        );
        // 2016 to the latest year the resume mentions (2020).
        assert_eq!(p.years_experience, 4.0);
        assert!(p.skills.contains(&"Rust".to_string()));
        assert_eq!(p.education, ["BSc Computer Science (2012–2016)"]);
        assert_eq!(quantified(&p).len(), 2);
    }

    #[test]
    fn jd_analysis_splits_required_and_preferred() {
        let jd = "# Senior Backend Engineer\nWe build the ledger that moves money for small shops.\n\n## Responsibilities\n- Own the payments API\n\n## Requirements\n- Rust\n- PostgreSQL\n\n## Nice to have\n- Kafka\n";
        let a = jd_analysis(jd);
        assert_eq!(a.title, "Senior Backend Engineer");
        assert_eq!(a.seniority, "senior");
        assert_eq!(a.responsibilities, ["Own the payments API"]);
        assert!(a.must_have.contains(&"Rust".to_string()));
        assert_eq!(a.nice_to_have, ["Kafka"]);
        assert!(a.summary.starts_with("We build"));
    }

    #[test]
    fn stated_years_win_over_dates() {
        assert_eq!(
            stated_years("Engineer with six years of experience"),
            Some(6.0)
        );
        assert_eq!(stated_years("8+ years building APIs"), Some(8.0));
        assert_eq!(stated_years("Led 3 engineers in 2020"), None);
        let p = profile(
            "# Ann\n## Summary\nTwelve years in data.\n## Experience\n### Eng — A (2020–2021)\n",
        );
        assert_eq!(p.years_experience, 12.0);
    }

    #[test]
    fn years_are_bounded_four_digit_numbers() {
        assert_eq!(years("2019–2024, 12345, 1800, 40k"), [2019, 2024]);
    }
}
