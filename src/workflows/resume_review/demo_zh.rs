//! What the offline demo needs to read a Chinese resume as fairly as an English one: action verbs
//! that open a bullet, section headings, and role keywords cut out of unsegmented Chinese text.
//! Chinese has no spaces, so these match substrings (always on `char` boundaries), not words.

use crate::domain::han;

/// Verbs that open a strong Chinese bullet ("主导支付系统迁移…"). Includes the demo revisor's
/// replacements (共同参与, 承担, 支持, 协同), so a revision scores higher, as in English.
pub const STRONG_VERBS_ZH: &[&str] = &[
    "主导",
    "牵头",
    "带领",
    "领导",
    "设计",
    "开发",
    "实现",
    "搭建",
    "构建",
    "建立",
    "推动",
    "推出",
    "上线",
    "交付",
    "落地",
    "优化",
    "改进",
    "提升",
    "提高",
    "降低",
    "减少",
    "缩短",
    "节省",
    "重构",
    "迁移",
    "编写",
    "创建",
    "引入",
    "制定",
    "完成",
    "共同完成",
    "共同参与",
    "承担",
    "管理",
    "指导",
    "培养",
    "支持",
    "协同",
    "撰写",
    "发布",
    "增长",
];

/// Chinese section headings per standard section (the English ids of `SECTIONS` in demo.rs).
const SECTION_NAMES_ZH: &[(&str, &[&str])] = &[
    (
        "summary",
        &[
            "个人简介",
            "个人总结",
            "自我评价",
            "自我描述",
            "个人优势",
            "简介",
            "概述",
        ],
    ),
    (
        "experience",
        &["工作经历", "工作经验", "项目经历", "项目经验", "实习经历"],
    ),
    ("education", &["教育背景", "教育经历", "学历"]),
    ("skills", &["专业技能", "技能", "技术栈"]),
];

/// How a section is called in a Chinese report.
pub fn section_name_zh(id: &str) -> &str {
    match id {
        "summary" => "个人简介",
        "experience" => "工作经历",
        "education" => "教育背景",
        "skills" => "专业技能",
        other => other,
    }
}

/// Whether the resume has a Chinese heading for section `id`.
pub fn has_section_zh(resume: &str, id: &str) -> bool {
    SECTION_NAMES_ZH
        .iter()
        .find(|(section, _)| *section == id)
        .is_some_and(|(_, names)| names.iter().any(|name| resume.contains(name)))
}

/// Whether a bullet opens with a strong verb, after an optional "我" or "本人" ("I").
pub fn opens_with_strong_verb_zh(bullet: &str) -> bool {
    let bullet = bullet.trim_start();
    let bullet = bullet
        .strip_prefix("本人")
        .or_else(|| bullet.strip_prefix('我'))
        .unwrap_or(bullet);
    STRONG_VERBS_ZH.iter().any(|verb| bullet.starts_with(verb))
}

/// Job-ad words that say nothing about the job; they cut a Chinese run into keyword pieces.
const ROLE_STOP_ZH: &[&str] = &[
    "熟练掌握",
    "熟悉",
    "精通",
    "掌握",
    "了解",
    "具备",
    "具有",
    "拥有",
    "以上",
    "优先",
    "相关",
    "经验",
    "能力",
    "工作",
    "要求",
    "岗位",
    "职位",
    "职责",
    "我们",
    "负责",
    "良好",
    "优秀",
    "高级",
    "资深",
    "初级",
    "中级",
    "年",
    "的",
    "和",
    "与",
    "及",
    "或",
    "等",
    "有",
    "在",
    "对",
    "并",
    "者",
];

/// Keywords of one Chinese run of a target role ("有分布式系统经验" → "分布式系统"): the run cut at
/// stop words, pieces of 2 to 8 characters kept.
pub fn role_terms_zh(run: &str) -> Vec<String> {
    let mut text = run.to_string();
    for stop in ROLE_STOP_ZH {
        text = text.replace(stop, "|");
    }
    text.split('|')
        .map(str::trim)
        .filter(|piece| (2..=8).contains(&piece.chars().count()) && han::has_han(piece))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn role_runs_lose_their_boilerplate() {
        assert_eq!(role_terms_zh("有分布式系统经验"), ["分布式系统"]);
        assert_eq!(role_terms_zh("后端工程师"), ["后端工程师"]);
        assert!(role_terms_zh("高级").is_empty());
    }

    #[test]
    fn strong_openings_and_sections() {
        assert!(opens_with_strong_verb_zh("主导支付系统迁移"));
        assert!(opens_with_strong_verb_zh("我设计了缓存层"));
        assert!(!opens_with_strong_verb_zh("参与支付系统迁移"));
        assert!(has_section_zh("## 工作经历\n…", "experience"));
        assert!(!has_section_zh("## 工作经历\n…", "education"));
    }
}
