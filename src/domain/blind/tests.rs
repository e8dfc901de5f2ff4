use super::*;

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|n| n.to_string()).collect()
}

fn count(masked: &Masked, kind: MaskKind) -> u32 {
    masked
        .applied
        .iter()
        .find(|m| m.kind == kind)
        .map_or(0, |m| m.count)
}

const EN: &str = "# Ms. Dana Whitfield
![Dana smiling](photo.jpg)
dana.whitfield@example.org | +1 (555) 010-4477 | 12 Harbour Street, Leeds | linkedin.com/in/danaw
Date of birth: 14 March 1988 | Nationality: Irish | Marital status: Married, two children
Religion: Catholic | Gender: Female | 36 years old

## Summary
Dana is a data engineer. She led her team of six through a migration; her work cut costs 30%.

## Experience
### Data Engineer — Fjordline (Mar 2019 – Jun 2021)
- Built single sign-on for 12 teams and a phone screen process
- Moved the agency's Health records to Postgres in 2020
### Analyst — Corvid Bank (2014 – 2017)
- Cut load time 40%

## Education
### BSc Computer Science — University of Leeds (2010 – 2014)
";

#[test]
fn every_personal_attribute_of_an_english_resume_is_masked() {
    let masked = mask(EN, &names(&["Dana Whitfield"]), &BlindOptions::default());
    let text = &masked.text;
    for gone in [
        "Dana",
        "Whitfield",
        "Ms.",
        "smiling",
        "example.org",
        "4477",
        "Harbour",
        "linkedin",
        "1988",
        "Irish",
        "Married",
        "two children",
        "Catholic",
        "Female",
        "36 years",
        " She ",
        "She led",
        "her team",
        "her work",
        "2010",
        "2014",
        "2017",
        "2019",
        "2021",
    ] {
        assert!(!text.contains(gone), "{gone:?} left in:\n{text}");
    }
    for kind in [
        MaskKind::Name,
        MaskKind::Email,
        MaskKind::Phone,
        MaskKind::Link,
        MaskKind::Address,
        MaskKind::Photo,
        MaskKind::BirthDateOrAge,
        MaskKind::Gender,
        MaskKind::Nationality,
        MaskKind::MaritalStatus,
        MaskKind::Religion,
        MaskKind::GraduationYear,
        MaskKind::CareerDates,
    ] {
        assert!(
            count(&masked, kind) > 0,
            "{kind:?} not counted: {:?}",
            masked.applied
        );
    }
    // What screening needs stays: titles, employers, schools, skills, figures, the lengths.
    for kept in [
        "### Data Engineer — Fjordline ([2 years 4 months])",
        "### Analyst — Corvid Bank ([3 years])",
        "University of Leeds ([year])",
        "single sign-on for 12 teams and a phone screen process",
        "agency's Health records",
        "They led their team of six",
        "cut costs 30%",
        "Cut load time 40%",
        "Nationality: [nationality]",
        "## Education",
    ] {
        assert!(text.contains(kept), "{kept:?} lost:\n{text}");
    }
    assert!(text.starts_with("# [candidate]\n[photo]\n"), "{text}");
}

const ZH: &str = "# 林雨航 女士
性别：女 | 年龄：29岁 | 民族：汉族 | 籍贯：浙江杭州
政治面貌：中共党员 | 婚姻状况：已婚 | 身高：165cm
电话：138 0013 8000 | 邮箱：linyh@example.cn
地址：上海市浦东新区世纪大道100号

## 自我评价
她负责计费系统，其他同事由她带领。

## 工作经历
### 高级工程师 — 星辰科技（2019.03 - 2023.06）
- 林雨航主导了计费系统重构

## 教育背景
### 计算机科学 学士 — 浙江大学（2013 - 2017）
";

#[test]
fn every_personal_attribute_of_a_chinese_resume_is_masked() {
    let masked = mask(ZH, &names(&["林雨航"]), &BlindOptions::default());
    let text = &masked.text;
    for gone in [
        "林雨航",
        "女士",
        "：女",
        "29",
        "汉族",
        "浙江杭州",
        "中共党员",
        "已婚",
        "165",
        "138",
        "example.cn",
        "浦东",
        "她",
        "2013",
        "2017",
        "2019",
        "2023",
    ] {
        assert!(!text.contains(gone), "{gone:?} left in:\n{text}");
    }
    for kind in [
        MaskKind::Name,
        MaskKind::Gender,
        MaskKind::BirthDateOrAge,
        MaskKind::Ethnicity,
        MaskKind::Nationality,
        MaskKind::Politics,
        MaskKind::MaritalStatus,
        MaskKind::Health,
        MaskKind::Phone,
        MaskKind::Email,
        MaskKind::Address,
        MaskKind::GraduationYear,
        MaskKind::CareerDates,
    ] {
        assert!(
            count(&masked, kind) > 0,
            "{kind:?} not counted: {:?}",
            masked.applied
        );
    }
    for kept in [
        "其他同事",
        "TA负责计费系统",
        "高级工程师 — 星辰科技（[4 years 4 months]）",
        "浙江大学（[year]）",
        "[candidate]主导了计费系统重构",
        "性别：[gender]",
    ] {
        assert!(text.contains(kept), "{kept:?} lost:\n{text}");
    }
}

/// A plain resume loses its name and contacts, and nothing that only looks like an attribute.
#[test]
fn words_that_only_look_like_attributes_stay() {
    let resume = "# Sam Ortiz\nsam@example.org\n\n## Experience\n### Engineer — Agency Health Partners (2019 – 2024)\n- Single-handedly rebuilt the HE admissions portal\n- Ran the Stage: Ageing Well programme; married two legacy datasets\n- Industries: Health | Finance\n\n## Skills\nRust, Go, race-condition debugging\n";
    let options = BlindOptions {
        proxies: false,
        today: None,
    };
    let masked = mask(resume, &names(&["Sam Ortiz"]), &options);
    let text = &masked.text;
    for kept in [
        "Agency Health Partners (2019 – 2024)",
        "Single-handedly",
        "HE admissions",
        "Stage: Ageing Well",
        "married two legacy datasets",
        "Industries: Health | Finance",
        "race-condition",
    ] {
        assert!(text.contains(kept), "{kept:?} lost:\n{text}");
    }
    // Without proxies no date moves.
    assert_eq!(count(&masked, MaskKind::CareerDates), 0);
    assert_eq!(count(&masked, MaskKind::Name), 1);
    assert_eq!(count(&masked, MaskKind::Email), 1);
}

#[test]
fn a_period_to_the_present_is_a_length_only_with_todays_date() {
    let resume = "# A B\n\n## Experience\n### Engineer — Acme (Jan 2022 – present)\n";
    let today = Some(PartialDate::new(2024, Some(6)));
    let with = mask(
        resume,
        &[],
        &BlindOptions {
            proxies: true,
            today,
        },
    );
    assert!(
        with.text.contains("Acme ([2 years 6 months, to present])"),
        "{}",
        with.text
    );
    let without = mask(resume, &[], &BlindOptions::default());
    assert!(
        without.text.contains("Acme ([period, to present])"),
        "{}",
        without.text
    );
    assert!(!without.text.contains("2022"));
}

#[test]
fn labelled_fields_in_a_table_are_masked_cell_by_cell() {
    let resume =
        "# Ana Lima\n\n| Gender | Female |\n| Date of birth | 1990-02-03 |\n\n## Skills\nSQL\n";
    let masked = mask(resume, &names(&["Ana Lima"]), &BlindOptions::default());
    assert!(
        masked.text.contains("| Gender | [gender] |"),
        "{}",
        masked.text
    );
    assert!(
        masked.text.contains("| Date of birth | [age] |"),
        "{}",
        masked.text
    );
}

#[test]
fn the_description_lists_kinds_with_their_counts() {
    let applied = [
        MaskCount {
            kind: MaskKind::Name,
            count: 3,
        },
        MaskCount {
            kind: MaskKind::Email,
            count: 1,
        },
    ];
    assert_eq!(describe(&applied, Language::En), "name ×3, e-mail");
    assert_eq!(describe(&applied, Language::Zh), "姓名 ×3、邮箱");
    assert_eq!(describe(&[], Language::En), "");
}

#[test]
fn masking_twice_changes_nothing_more() {
    let once = mask(EN, &names(&["Dana Whitfield"]), &BlindOptions::default());
    let twice = mask(
        &once.text,
        &names(&["Dana Whitfield"]),
        &BlindOptions::default(),
    );
    assert_eq!(once.text, twice.text);
}

/// The eval's planted resumes (`make eval`, "protected attributes in prompts"): nothing planted
/// is left once masked, in either language.
#[test]
fn the_eval_fixtures_planted_attributes_are_all_masked() {
    for lang in ["en", "zh"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/eval")
            .join(lang);
        let resume = std::fs::read_to_string(dir.join("protected.md")).unwrap();
        let planted = std::fs::read_to_string(dir.join("protected.txt")).unwrap();
        let name = resume
            .lines()
            .next()
            .unwrap()
            .trim_start_matches('#')
            .trim()
            .to_string();
        let masked = mask(&resume, &[name], &BlindOptions::default());
        for line in planted
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let (_, text) = line.split_once(": ").unwrap();
            assert!(
                !masked.text.contains(text),
                "{lang}: {line:?} left in:\n{}",
                masked.text
            );
        }
        assert!(masked.text.contains("Kubernetes"));
    }
}
