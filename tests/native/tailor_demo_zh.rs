//! A `zh` tailoring run on the offline demo: a Chinese job ad and resume (fictional) are read for
//! their skills, the questions and the agents' answers come in Chinese; an `en` run stays English.

use crate::native_transport;
use crate::run_support::any_run;

use std::rc::Rc;

use careergraph::domain::han::has_han;
use careergraph::graph::EventSink;
use careergraph::session::{build_model, ProviderConfig, Runtime};
use futures::executor::block_on;
use native_transport::ReqwestTransport;
use serde_json::{json, Value};

const JD: &str = "\
高级后端工程师
任职要求：
- 熟悉Rust和PostgreSQL，有Redis缓存设计经验
- 了解Docker
";

const RESUME: &str = "\
# 林晓舟
## 工作经历
- 主导结算服务从 Go 迁移到 Rust，接口延迟降低 60%。
- 编写 PostgreSQL 慢查询巡检脚本，并用 Docker 打包部署。
专业技能：Go、Docker、PostgreSQL、Rust
";

/// Runs tailoring to its end: answers the question about `answer_for` and approves the draft.
/// Returns the first question's payload and the final state.
fn tailor(language: &str) -> (Value, Value) {
    let provider: ProviderConfig = serde_json::from_value(json!({"provider": "demo"})).unwrap();
    let model = build_model(&provider, Rc::new(ReqwestTransport::default())).unwrap();
    let input = json!({"resume": RESUME, "jobDescription": JD, "language": language});
    let run = any_run("resume_tailoring", input, &Runtime::new(model)).unwrap();
    let step = block_on(run.start(EventSink::new(|_| {}))).unwrap();
    assert_eq!(step["status"], "interrupted");
    let question = step["interrupts"][0]["payload"].clone();
    let mut step = block_on(
        run.resume(
            json!({"action": "answer", "answer": "在青禾支付用 Redis 做会话缓存"}),
            EventSink::new(|_| {}),
        )
        .unwrap(),
    )
    .unwrap();
    while step["status"] == "interrupted" {
        step = block_on(
            run.resume(json!({"decision": "approve"}), EventSink::new(|_| {}))
                .unwrap(),
        )
        .unwrap();
    }
    assert_eq!(step["status"], "done", "{step}");
    (question, step["state"].clone())
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_zh_tailoring_reads_chinese_and_answers_in_chinese() {
    let (question, state) = tailor("zh");
    assert_eq!(question["type"], "question");
    assert_eq!(question["missing_item"], "Redis");
    let text = question["question"].as_str().unwrap();
    assert!(text.starts_with("职位要求 Redis。你用过吗？"), "{text}");
    // The Latin skills inside Chinese text were found: Rust, PostgreSQL are shown, Redis was asked.
    assert_eq!(
        strings(&state["key_requirements"])[..3],
        ["Rust", "PostgreSQL", "Redis"]
    );
    for field in ["job_strategy", "recruiter_feedback"] {
        let text = state[field].as_str().unwrap();
        assert!(has_han(text), "{field} is not Chinese: {text}");
    }
    assert!(state["recruiter_feedback"]
        .as_str()
        .unwrap()
        .starts_with("ATS 匹配度 "));
    // The confirmed skill joined the Chinese skills line, in its own separator style.
    let tailored = state["tailored_resume"].as_str().unwrap();
    assert!(
        tailored.contains("专业技能：Rust、PostgreSQL、Docker、Go、Redis"),
        "{tailored}"
    );
    assert!(strings(&state["warnings"]).iter().all(|w| !w.is_empty()));
}

#[test]
fn an_en_tailoring_stays_english() {
    let (question, state) = tailor("en");
    let text = question["question"].as_str().unwrap();
    assert!(
        text.starts_with("The posting asks for Redis. Have you used it?"),
        "{text}"
    );
    for field in ["job_strategy", "recruiter_feedback"] {
        let text = state[field].as_str().unwrap();
        assert!(!has_han(text), "{field}: {text}");
    }
}
