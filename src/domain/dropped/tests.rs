//! Fictional resumes, in English and Chinese.

use super::*;

const EN: &str = "# Mara Ellison
mara.ellison@example.com · +44 20 7946 0321 · linkedin.com/in/mara-ellison

## Summary
Backend engineer with eight years of payments experience.

## Experience
### Senior Engineer — Harbourline (Mar 2020 – present)
- Led the settlement service rewrite.
### Engineer — Quillfield (2016–2020)
- Built reconciliation jobs.

## Education
### BSc Computer Science — University of Leeds (2012–2016)

## Skills
Rust, Go, PostgreSQL, Kafka
";

/// Every fact kept, in other words (a coarser date, a spelled-out degree, a renamed heading).
const EN_REWORDED: &str = "# Mara Ellison
mara.ellison@example.com · +44 20 7946 0321 · https://www.linkedin.com/in/mara-ellison

## Summary
Backend engineer with eight years in payments, focused on settlement.

## Experience
### Senior Engineer — Harbourline (2020 – present)
- Rewrote the settlement service, leading a team of four.
### Engineer — Quillfield (2016–2020)
- Built the nightly reconciliation jobs.

## Education
### Bachelor of Science, Computer Science — University of Leeds (2012–2016)

## Technical Skills
Rust, Go, PostgreSQL, Kafka
";

/// A small model's revision: no contact line, no Skills section.
const EN_DROPPED: &str = "# Mara Ellison

## Summary
Backend engineer with eight years in payments, focused on settlement.

## Experience
### Senior Engineer — Harbourline (Mar 2020 – present)
- Rewrote the settlement service.
### Engineer — Quillfield (2016–2020)
- Built the nightly reconciliation jobs.

## Education
### BSc Computer Science — University of Leeds (2012–2016)
";

const ZH: &str = "# 林晓
邮箱：linxiao@example.com | 电话：138 0013 8000

## 工作经历
### 高级工程师 — 星河科技有限公司（2019年3月 – 至今）
- 负责支付结算系统的重构。

## 教育背景
### 硕士 计算机科学 — 星河大学（2014 – 2017）

## 技能
Rust、Go、PostgreSQL
";

const ZH_REWORDED: &str = "# 林晓
邮箱：linxiao@example.com | 电话：138 0013 8000

## 工作经历
### 高级工程师 — 星河科技有限公司（2019年3月 – 至今）
- 主导支付结算系统的重构，提升了稳定性。

## 教育背景
### 硕士 计算机科学 — 星河大学（2014 – 2017）

## 专业技能
Rust、Go、PostgreSQL
";

const ZH_DROPPED: &str = "# 林晓

## 工作经历
### 高级工程师 — 星河科技有限公司（2019年3月 – 至今）
- 主导支付结算系统的重构。

## 教育背景
### 硕士 计算机科学 — 星河大学（2014 – 2017）
";

fn kinds(found: &[DroppedFact]) -> Vec<DroppedKind> {
    found.iter().map(|d| d.kind).collect()
}

#[test]
fn a_rewording_drops_nothing() {
    for (original, revised) in [(EN, EN_REWORDED), (ZH, ZH_REWORDED), (EN, EN), (ZH, ZH)] {
        let found = dropped(original, revised);
        assert!(found.is_empty(), "{found:#?}\n{revised}");
    }
}

#[test]
fn a_lost_contact_line_and_skills_section_are_flagged() {
    for (original, revised) in [(EN, EN_DROPPED), (ZH, ZH_DROPPED)] {
        let found = dropped(original, revised);
        let kinds = kinds(&found);
        assert!(kinds.contains(&DroppedKind::Email), "{found:#?}");
        assert!(kinds.contains(&DroppedKind::Phone), "{found:#?}");
        let section = found
            .iter()
            .find(|d| d.kind == DroppedKind::Section)
            .expect("the skills section");
        assert_eq!(section.key, "section:skills");
        assert!(section.original.contains("PostgreSQL"), "{section:?}");
        // Only those: the section's own facts are not listed again.
        assert_eq!(
            found
                .iter()
                .filter(|d| d.kind == DroppedKind::Section)
                .count(),
            1
        );
    }
    let en = dropped(EN, EN_DROPPED);
    assert!(en.iter().any(|d| d.kind == DroppedKind::Url), "{en:#?}");
}

#[test]
fn dropped_employers_dates_and_degrees_are_flagged() {
    let revised = EN
        .replace("### Engineer — Quillfield (2016–2020)\n", "")
        .replace("(2012–2016)", "(2012–2015)")
        .replace("BSc ", "");
    let found = dropped(EN, &revised);
    let keys: Vec<&str> = found.iter().map(|d| d.key.as_str()).collect();
    assert!(
        keys.iter().any(|k| k.starts_with("organisation:")),
        "{keys:?}"
    );
    assert!(keys.contains(&"date:2016"), "{keys:?}");
    assert!(keys.iter().any(|k| k.starts_with("degree:")), "{keys:?}");
}

#[test]
fn restoring_puts_the_original_lines_back_where_they_were() {
    for (original, revised) in [(EN, EN_DROPPED), (ZH, ZH_DROPPED)] {
        let found = dropped(original, revised);
        let restored = restore(revised, original, &found, &[]);
        let lines: Vec<&str> = restored.lines().collect();
        let contact = original.lines().nth(1).unwrap();
        assert_eq!(lines[1], contact, "{restored}");
        let skills = found
            .iter()
            .find(|d| d.kind == DroppedKind::Section)
            .unwrap();
        assert!(
            restored.ends_with(&format!("{}\n", skills.original)),
            "{restored}"
        );
        assert!(dropped(original, &restored).is_empty(), "{restored}");
        // Kept deletions stay deleted.
        let keys: Vec<String> = found.iter().map(|d| d.key.clone()).collect();
        assert_eq!(restore(revised, original, &found, &keys), revised);
    }
}

#[test]
fn a_restored_line_replaces_its_rewrite() {
    let revised = EN.replace("(2012–2016)", "(2011–2016)");
    let found = dropped(EN, &revised);
    assert_eq!(kinds(&found), [DroppedKind::Date], "{found:#?}");
    let restored = restore(&revised, EN, &found, &[]);
    assert_eq!(restored, EN);
}

#[test]
fn a_section_goes_back_before_the_next_section_it_had() {
    let revised = EN.replace(
        "## Education\n### BSc Computer Science — University of Leeds (2012–2016)\n\n",
        "",
    );
    let found = dropped(EN, &revised);
    assert_eq!(kinds(&found), [DroppedKind::Section], "{found:#?}");
    assert_eq!(restore(&revised, EN, &found, &[]), EN);
}
