//! The offline demo reads and answers in Chinese: a Chinese resume (fictional, written for this
//! test) gets sensible scores from Chinese verbs, headings and length; a `zh` run answers in
//! Chinese; an `en` run stays English word for word.

use std::rc::Rc;

use careergraph::domain::han::has_han;
use careergraph::domain::Language;
use careergraph::graph::RunConfig;
use careergraph::workflows::resume_review::demo::{revise_in, score_copywriter, Signals};
use careergraph::workflows::resume_review::{
    self, demo_model, facts, initial_state, report_markdown_in, ReviewInput, ReviewSettings,
    ReviewState,
};
use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use careergraph::workflows::RunSettings;
use futures::executor::block_on;

const ZH_RESUME: &str = "\
# 林晓舟
后端开发工程师 · 杭州 · linxz@example.com

## 个人简介
六年后端开发经验，专注支付与结算系统，熟悉 Rust、Go 和 PostgreSQL，重视可观测性与稳定性。

## 工作经历
### 高级后端工程师 — 云帆科技（2021–至今）
- 主导结算服务从 Go 迁移到 Rust，接口 p99 延迟从 800 ms 降到 120 ms，全年无重大故障。
- 设计对账流水线，每天处理 300 万笔交易，人工核对工作量减少 70%。
- 负责订单系统的日常维护和值班，处理线上告警与客户工单。
- 参与了风控规则引擎的开发，编写规则配置界面和回放测试工具。

### 后端工程师 — 青禾支付（2018–2021）
- 协助完成清算批处理任务的改造，把夜间批处理窗口缩短到原来的一半。
- 搭建基于 Kafka 的事件总线，支撑 12 个业务团队接入，消息延迟稳定在秒级以内。
- 编写 PostgreSQL 慢查询巡检脚本，数据库 CPU 峰值下降 35%。

## 教育背景
浙江大学 计算机科学与技术 学士（2014–2018）

## 专业技能
Rust、Go、PostgreSQL、Kafka、Docker、Kubernetes、Prometheus
";

const ZH_ROLE: &str = "高级 Rust 后端工程师：熟悉 Rust、PostgreSQL、Kubernetes，有分布式系统经验";

fn review(resume: &str, role: &str, language: Language) -> ReviewState {
    let settings = ReviewSettings::default().with_language(language);
    let graph = resume_review::graph(Rc::new(demo_model()), settings.clone())
        .compile()
        .unwrap();
    let input = ReviewInput::new(resume, role);
    block_on(graph.invoke(initial_state(&input, &settings), &RunConfig::default()))
        .unwrap()
        .into_state()
}

/// Every human-readable text of a review's feedback and advice.
fn texts(state: &ReviewState) -> Vec<String> {
    let mut out = Vec::new();
    for feedback in state.feedback_history.iter().flatten() {
        out.extend(feedback.strengths.iter().cloned());
        out.extend(feedback.suggestions.iter().cloned());
        for issue in &feedback.issues {
            out.extend([issue.description.clone(), issue.suggestion.clone()]);
        }
    }
    if let Some(p) = &state.portfolio_advice {
        out.push(p.summary.clone());
        out.extend(p.pieces.iter().map(|piece| piece.title.clone()));
    }
    if let Some(d) = &state.design_advice {
        out.extend(d.layout_issues.iter().chain(&d.recommendations).cloned());
    }
    out.extend(
        state
            .revision_history
            .iter()
            .flat_map(|r| r.changes.iter().cloned()),
    );
    out
}

#[test]
fn a_chinese_resume_is_read_by_its_own_words() {
    let s = Signals::new(ZH_RESUME, ZH_ROLE);
    assert_eq!(
        s.sections,
        ["summary", "experience", "education", "skills"],
        "Chinese headings count as sections"
    );
    assert_eq!(s.bullets, 7);
    // 主导, 设计, 搭建, 编写 open strongly; 负责, 参与, 协助 do not.
    assert_eq!(s.strong_bullets, 4, "{s:?}");
    assert_eq!(s.weak_phrases, ["参与", "负责", "协助"]);
    assert!(s.metrics >= 5, "{s:?}");
    // Counted by characters (two per word), not by the few spaces Chinese has.
    assert!((150..=500).contains(&s.word_count), "{}", s.word_count);
    assert!((8.0..=30.0).contains(&s.avg_bullet_words), "{s:?}");
    for keyword in ["rust", "postgresql", "kubernetes", "后端工程师"] {
        assert!(s.matched_keywords.iter().any(|k| k == keyword), "{s:?}");
    }
    assert_eq!(s.missing_keywords, ["分布式系统"]);
}

#[test]
fn a_zh_review_answers_in_chinese_with_sensible_scores() {
    let state = review(ZH_RESUME, ZH_ROLE, Language::Zh);
    for feedback in &state.feedback_history[0] {
        assert!(
            (5.0..=10.0).contains(&feedback.score),
            "a good resume scores well: {feedback:?}"
        );
    }
    let texts = texts(&state);
    assert!(texts.len() > 8, "{texts:?}");
    for text in &texts {
        assert!(has_han(text), "not Chinese: {text}");
    }
    let recruiter = &state.feedback_history[0][0];
    assert!(
        recruiter
            .issues
            .iter()
            .any(|i| i.description == "缺少职位关键词：分布式系统"),
        "{recruiter:?}"
    );
    let report = report_markdown_in(&state, Language::Zh);
    for heading in [
        "# 简历评审 — ",
        "最终得分：",
        "## 反馈（最后一轮）",
        "### 招聘官",
        "## 最终简历",
    ] {
        assert!(report.contains(heading), "{heading} missing in:\n{report}");
    }
}

#[test]
fn the_demo_revisor_strengthens_chinese_openings_and_keeps_every_fact() {
    let (revised, changes) = revise_in(ZH_RESUME, Language::Zh);
    assert!(revised.contains("- 承担订单系统的日常维护"), "{revised}");
    assert!(
        revised.contains("- 共同参与了风控规则引擎的开发"),
        "{revised}"
    );
    assert!(
        revised.contains("- 支持完成清算批处理任务的改造"),
        "{revised}"
    );
    assert_eq!(
        changes,
        [
            "将“参与”改为“共同参与”（1 处）",
            "将“负责”改为“承担”（1 处）",
            "将“协助”改为“支持”（1 处）"
        ]
    );
    assert!(facts::check(ZH_RESUME, &revised).is_clean());
    let before = score_copywriter(&Signals::new(ZH_RESUME, ZH_ROLE));
    let after = score_copywriter(&Signals::new(&revised, ZH_ROLE));
    assert!(after > before, "{before} → {after}");
    // Mid-sentence and title uses stay: "负责人" is a title, not a weak opening.
    let (kept, _) = revise_in("- 担任项目负责人，负责人员招聘\n- 我们负责", Language::Zh);
    assert_eq!(kept, "- 担任项目负责人，负责人员招聘\n- 我们负责");
}

#[test]
fn an_en_review_stays_english_and_ignores_the_chinese_rules() {
    let state = review(SAMPLE_RESUME, SAMPLE_TARGET_ROLE, Language::En);
    let texts = texts(&state);
    assert!(texts.iter().all(|t| !has_han(t)), "{texts:?}");
    let report = report_markdown_in(&state, Language::En);
    assert!(report.starts_with("# Resume review — "));
    assert_eq!(
        report,
        resume_review::report_markdown(&state),
        "report_markdown is the English report"
    );
    // Chinese text in a zh run is scored exactly as in an en run: the language only words it.
    let zh = review(ZH_RESUME, ZH_ROLE, Language::Zh);
    let en = review(ZH_RESUME, ZH_ROLE, Language::En);
    let scores =
        |s: &ReviewState| -> Vec<f64> { s.feedback_history[0].iter().map(|f| f.score).collect() };
    assert_eq!(scores(&zh), scores(&en));
}
