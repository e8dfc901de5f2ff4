//! The pronoun variant, and the attributes as a run saves them.

use super::*;

#[test]
fn pronoun_arms_differ_in_the_stated_pronouns_and_the_texts_own_pronouns() {
    let resume = "# Sam Lee\nsam@example.org\n\n## Summary\nShe led her team of 5; the award was hers. Ask her, or email her.\nOther teams used it.";
    let [he, she] = pair(resume, Attribute::Pronouns, Language::En, 0);
    assert_eq!(he.lines().nth(1), Some("Pronouns: he/him"));
    assert_eq!(she.lines().nth(1), Some("Pronouns: she/her"));
    assert!(
        he.contains("He led his team of 5; the award was his. Ask him, or email him."),
        "{he}"
    );
    assert!(she.contains("She led her team of 5; the award was hers. Ask her, or email her."));
    let diff = changed(&he, &she);
    assert_eq!(diff.len(), 2, "{diff:?}");
    assert!(he.contains("Other teams used it.") && he.contains("# Sam Lee"));
    // From the other set too; capitals are an abbreviation, not a pronoun.
    let resume = "# Sam Lee\nHe taught HE maths; his students thanked him.";
    let [_, she] = pair(resume, Attribute::Pronouns, Language::En, 0);
    assert!(
        she.ends_with("\nShe taught HE maths; her students thanked her."),
        "{she}"
    );
    // A line the resume already has is replaced, not repeated.
    let stated = "# Sam Lee\nPronouns: they/them\nEngineer";
    let [he, _] = pair(stated, Attribute::Pronouns, Language::En, 0);
    assert_eq!(he, "# Sam Lee\nPronouns: he/him\nEngineer");
}

#[test]
fn chinese_pronouns_change_but_not_inside_words() {
    let resume = "# 周若溪\n## 简介\n她负责数据平台，其他成员和她们的项目由她协调。";
    let [he, she] = pair(resume, Attribute::Pronouns, Language::Zh, 0);
    assert_eq!(
        he,
        "# 周若溪\n代词：他\n## 简介\n他负责数据平台，其他成员和她们的项目由他协调。"
    );
    assert_eq!(
        she,
        "# 周若溪\n代词：她\n## 简介\n她负责数据平台，其他成员和她们的项目由她协调。"
    );
}

#[test]
fn attributes_serialise_in_snake_case_with_labels_in_both_languages() {
    assert_eq!(
        serde_json::to_string(&Attribute::GraduationYear).unwrap(),
        "\"graduation_year\""
    );
    assert_eq!(
        serde_json::to_string(&Attribute::ParentalLeaveGap).unwrap(),
        "\"parental_leave_gap\""
    );
    for attribute in Attribute::ALL {
        assert_ne!(attribute.label(Language::En), attribute.label(Language::Zh));
        let [a, b] = attribute.arms();
        assert_ne!(a, b);
    }
}
