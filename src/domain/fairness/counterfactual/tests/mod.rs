//! The variants' behaviour: each pair differs from itself only where its attribute is.

use super::names::*;
use super::*;

mod dates;
mod pronouns;
mod stats;

const EN: &str = include_str!("../../../../../tests/fixtures/eval/en/resume.md");
const ZH: &str = include_str!("../../../../../tests/fixtures/eval/zh/resume.md");
const LIO: &str = include_str!("../../../../../tests/fixtures/eval/en/batch/lio-brandt.md");

fn pair(resume: &str, attribute: Attribute, language: Language, seed: usize) -> [String; 2] {
    let [a, b] = variants(resume, attribute, language, seed).expect("applicable");
    assert_eq!([a.arm.as_str(), b.arm.as_str()], attribute.arms());
    assert_eq!((a.attribute, b.attribute), (attribute, attribute));
    [a.text, b.text]
}

/// The lines that differ, for texts of as many lines.
fn changed<'a>(a: &'a str, b: &'a str) -> Vec<(&'a str, &'a str)> {
    let (a, b): (Vec<_>, Vec<_>) = (a.split('\n').collect(), b.split('\n').collect());
    assert_eq!(a.len(), b.len(), "line counts differ");
    a.into_iter().zip(b).filter(|(x, y)| x != y).collect()
}

fn given_names(list: &[&[&str]]) -> Vec<String> {
    list.iter()
        .flat_map(|l| l.iter().map(|n| n.to_string()))
        .collect()
}

#[test]
fn a_gender_pair_differs_in_the_given_name_only() {
    let all = given_names(&[&WHITE_FEMALE, &BLACK_FEMALE, &WHITE_MALE, &BLACK_MALE]);
    for (resume, gone) in [
        (EN, ["Marta", "Quell", "marta", "quell"]),
        (LIO, ["Lio", "Brandt", "lio", "brandt"]),
    ] {
        for seed in 0..6 {
            let [male, female] = pair(resume, Attribute::Gender, Language::En, seed);
            let diff = changed(&male, &female);
            assert!(!diff.is_empty());
            let him = all
                .iter()
                .find(|n| male.starts_with(&format!("# {n} ")))
                .expect("a listed name");
            let her = all
                .iter()
                .find(|n| female.starts_with(&format!("# {n} ")))
                .expect("a listed name");
            assert!(WHITE_MALE.contains(&him.as_str()) || BLACK_MALE.contains(&him.as_str()));
            assert!(WHITE_FEMALE.contains(&her.as_str()) || BLACK_FEMALE.contains(&her.as_str()));
            // Every differing line is the same line with the other given name.
            for (m, f) in diff {
                assert_eq!(m.replace(him.as_str(), her), f);
            }
            for text in [&male, &female] {
                assert!(
                    gone.iter().all(|g| !text.contains(g)),
                    "original name left:\n{text}"
                );
            }
        }
    }
}

#[test]
fn a_name_in_the_summary_the_email_and_a_link_are_rewritten_alike_in_both_arms() {
    let [a, b] = pair(LIO, Attribute::Gender, Language::En, 0);
    for text in [&a, &b] {
        assert!(text
            .contains("applicant1@example.com | (555) 014-2237 | https://applicant1.example.dev"));
        assert!(
            text.contains("metering systems. ") && text.contains(" led the move to Terraform.")
        );
    }
    let [a, _] = pair(EN, Attribute::Gender, Language::En, 0);
    assert!(a.contains("linkedin.com/in/applicant1 · Rotterdam"), "{a}");
    // Everything but the name and contact details is as written.
    assert!(a.contains("### Backend Engineer — Tulip Logistics (2016–2020)"));
}

#[test]
fn an_ethnicity_pair_differs_in_the_name_only_and_keeps_the_gender() {
    for seed in 0..4 {
        let [white, black] = pair(EN, Attribute::Ethnicity, Language::En, seed);
        let name = |text: &str| {
            text.lines()
                .next()
                .unwrap()
                .trim_start_matches("# ")
                .to_string()
        };
        let (w, b) = (name(&white), name(&black));
        let (wg, wf) = w.split_once(' ').unwrap();
        let (bg, bf) = b.split_once(' ').unwrap();
        assert!(WHITE_SURNAMES.contains(&wf) && BLACK_SURNAMES.contains(&bf));
        let female = seed.is_multiple_of(2);
        let (wl, bl): (&[&str], &[&str]) = if female {
            (&WHITE_FEMALE, &BLACK_FEMALE)
        } else {
            (&WHITE_MALE, &BLACK_MALE)
        };
        assert!(wl.contains(&wg) && bl.contains(&bg), "{w} / {b}");
        for (x, y) in changed(&white, &black) {
            assert_eq!(x.replace(wg, bg).replace(wf, bf), y);
        }
        assert!(!white.contains("Quell") && !black.contains("Quell"));
    }
}

#[test]
fn a_chinese_gender_pair_swaps_the_whole_name_and_the_romanised_handles() {
    let [male, female] = pair(ZH, Attribute::Gender, Language::Zh, 2);
    let first = |text: &str| {
        text.lines()
            .next()
            .unwrap()
            .trim_start_matches("# ")
            .to_string()
    };
    let (m, f) = (first(&male), first(&female));
    assert!(ZH_MALE.iter().any(|g| m.ends_with(g)) && ZH_FEMALE.iter().any(|g| f.ends_with(g)));
    assert_eq!(m.chars().next(), f.chars().next(), "one family name");
    for (x, y) in changed(&male, &female) {
        assert_eq!(x.replace(&m, &f), y);
    }
    for text in [&male, &female] {
        for gone in ["周若溪", "zhou", "ruoxi"] {
            assert!(!text.contains(gone), "{gone} left:\n{text}");
        }
        assert!(text.contains("github.com/applicant3 · 成都"));
    }
    assert!(variants(ZH, Attribute::Ethnicity, Language::Zh, 0).is_none());
}

#[test]
fn a_name_on_the_lists_is_written_back_in_neither_arm() {
    let resume =
        "# Emily Walsh\nemily@example.org\n\n## Summary\nEmily Walsh wrote the Annual report.";
    for seed in 0..10 {
        for attribute in [Attribute::Gender, Attribute::Ethnicity] {
            for text in pair(resume, attribute, Language::En, seed) {
                assert!(!text.contains("Emily") && !text.contains("Walsh"), "{text}");
                assert!(text.contains(" wrote the Annual report."));
            }
        }
    }
    // A bare domain holding the name is neutral too.
    let [a, _] = pair(
        "# Marta Quell\nmartaquell.dev · Rotterdam",
        Attribute::Gender,
        Language::En,
        0,
    );
    assert!(a.ends_with("\napplicant1.dev · Rotterdam"), "{a}");
    // Whole words only: "Ann" goes, "Annual" stays.
    let [a, _] = pair(
        "# Ann Leeds\n\nAnn wrote the Annual report.",
        Attribute::Gender,
        Language::En,
        0,
    );
    assert!(!a.contains("Ann ") && a.contains("Annual"), "{a}");
}

#[test]
fn variants_are_deterministic_and_the_seed_picks_the_names() {
    for attribute in Attribute::ALL {
        assert_eq!(
            variants(EN, attribute, Language::En, 7),
            variants(EN, attribute, Language::En, 7)
        );
    }
    let names: std::collections::HashSet<String> = (0..6)
        .map(|seed| {
            pair(EN, Attribute::Gender, Language::En, seed)[0]
                .lines()
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(names.len() > 3, "{names:?}");
}

#[test]
fn a_resume_without_a_name_has_no_name_swap() {
    let resume = "## Experience\n### Engineer — Acme (2019–2021)\n- Built things";
    assert!(variants(resume, Attribute::Gender, Language::En, 0).is_none());
    assert!(variants(resume, Attribute::Ethnicity, Language::En, 0).is_none());
}
