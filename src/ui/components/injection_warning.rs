//! The warning a run shows when its input holds lines that look like prompt injection: text
//! addressing the AI, chat role markers, hidden characters, copies of the tags user text is
//! wrapped in. It names each line so the user can check it; the run proceeds either way (the
//! agents are told to treat the text as data, and the user decides what the result is worth).

use leptos::prelude::*;

use crate::domain::{InjectionFinding, Language};
use crate::ui::i18n::{tr, use_language};

/// Nothing when `findings` is empty.
#[component]
pub fn InjectionWarning(#[prop(into)] findings: Signal<Vec<InjectionFinding>>) -> impl IntoView {
    let lang = use_language();
    move || {
        let findings = findings.get();
        (!findings.is_empty()).then(|| warning(findings, lang.get()))
    }
}

fn warning(findings: Vec<InjectionFinding>, lang: Language) -> impl IntoView {
    let t = move |en, zh| tr(lang, en, zh);
    view! {
        <div class="notice notice--warn injection-warning" role="alert" data-testid="injection-warning">
            <p class="injection-warning__title">
                <strong>{t("Possible prompt injection. ", "疑似提示词注入。")}</strong>
                {t(
                    "These lines try to instruct the AI or hide text. The agents were told to treat them as data; check them before trusting scores or verdicts.",
                    "以下内容试图向 AI 下达指令或隐藏文字。已要求智能体仅将其视为数据；在采信评分或结论之前请先核实。",
                )}
            </p>
            <ul class="injection-warning__list">
                {findings.into_iter().map(|f| {
                    let place = match lang {
                        Language::Zh => format!("{} 第 {} 行", source_label(&f.source, lang), f.line),
                        _ => format!("{}, line {}", source_label(&f.source, lang), f.line),
                    };
                    let kind = kind_id(&f);
                    view! {
                        <li data-testid="injection-finding" data-kind=kind>
                            <span class="injection-warning__where">{place}</span>
                            " · "
                            <span class="injection-warning__kind">{f.kind.label(lang)}</span>
                            ": "
                            <code class="injection-warning__excerpt">{f.excerpt}</code>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </div>
    }
}

fn kind_id(finding: &InjectionFinding) -> &'static str {
    use crate::domain::InjectionKind::*;
    match finding.kind {
        Instruction => "instruction",
        RoleMarker => "role_marker",
        HiddenText => "hidden_text",
        Delimiter => "delimiter",
    }
}

/// The input a finding is in, as the forms name it.
fn source_label(source: &str, lang: Language) -> String {
    let (en, zh) = match source {
        "resume" => ("Resume", "简历"),
        "job_description" => ("Job description", "职位描述"),
        "target_role" => ("Target role", "目标职位"),
        "master_resume" => ("Master resume", "主简历"),
        "task" => ("Task", "任务"),
        "goal" => ("Career goal", "职业目标"),
        other => return other.to_string(),
    };
    tr(lang, en, zh).to_string()
}
