//! The eval's driver: arguments, the provider's rows, the mock's scripted rows, the report.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use careergraph::session::{build_model, scrub_secrets, ProviderConfig, Runtime};
use serde_json::json;

use crate::bias::{bias_rows, markdown as bias_markdown, mock_scorers, BiasRow};
use crate::cases::{evaluate, mock_cases, Script, Target};
use crate::curl::CurlTransport;
use crate::prompts::{PromptLog, Recording};
use crate::table::{markdown, Row};
use crate::workflows::{Fixture, BATCH, WORKFLOWS};

struct Args {
    provider: String,
    model: Option<String>,
    base_url: Option<String>,
    mock_url: Option<String>,
    fixtures: PathBuf,
    out: PathBuf,
    /// Fixture languages to run (`--langs en`): a real model on a CPU takes minutes per run.
    langs: Vec<String>,
    /// Settings → "Longest answer" (`--answer-tokens 300`): a CPU's budget for a local model.
    answer_tokens: Option<u32>,
    /// Candidates the bias check samples (`--bias-sample 2`; 0 skips it).
    bias_sample: usize,
    /// Workflows whose rows run (`--workflows batch_screening`; default all): a real model on a
    /// CPU takes most of an hour per language for all of them.
    workflows: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        provider: "demo".into(),
        model: None,
        base_url: None,
        mock_url: None,
        fixtures: PathBuf::from("tests/fixtures/eval"),
        out: PathBuf::from("target/eval"),
        langs: vec!["en".into(), "zh".into()],
        answer_tokens: None,
        bias_sample: 4,
        workflows: WORKFLOWS.iter().map(|w| w.to_string()).collect(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--provider" => args.provider = value()?,
            "--model" => args.model = Some(value()?).filter(|m| !m.is_empty()),
            "--base-url" => args.base_url = Some(value()?).filter(|u| !u.is_empty()),
            "--mock-url" => args.mock_url = Some(value()?).filter(|u| !u.is_empty()),
            "--fixtures" => args.fixtures = value()?.into(),
            "--out" => args.out = value()?.into(),
            "--langs" => args.langs = value()?.split(',').map(str::to_string).collect(),
            "--workflows" => {
                args.workflows = value()?.split(',').map(str::to_string).collect();
            }
            "--bias-sample" => {
                let n = value()?;
                args.bias_sample = n
                    .parse()
                    .map_err(|_| format!("--bias-sample {n}: not a number"))?;
            }
            "--answer-tokens" => {
                let tokens = value()?;
                args.answer_tokens = Some(
                    tokens
                        .parse()
                        .map_err(|_| format!("--answer-tokens {tokens}: not a number"))?,
                );
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(args)
}

/// The environment variable holding a real provider's key (never a file, never an argument).
fn key_variable(provider: &str) -> Option<&'static str> {
    match provider {
        "openai" => Some("OPENAI_API_KEY"),
        "anthropic" => Some("ANTHROPIC_API_KEY"),
        "gemini" => Some("GEMINI_API_KEY"),
        "openai_compatible" => Some("OPENAI_COMPATIBLE_API_KEY"),
        _ => None,
    }
}

fn provider_config(config: serde_json::Value, key: &str) -> Result<ProviderConfig, String> {
    let config: ProviderConfig = serde_json::from_value(config).map_err(|e| e.to_string())?;
    Ok(config.with_api_key(key))
}

fn transport(scratch: &Path) -> Rc<CurlTransport> {
    Rc::new(CurlTransport {
        scratch: scratch.to_path_buf(),
    })
}

fn runtime(config: serde_json::Value, key: &str, scratch: &Path) -> Result<Runtime, String> {
    let config = provider_config(config, key)?;
    Runtime::for_provider(&config, transport(scratch)).map_err(|e| e.message)
}

/// The same provider, its model wrapped to record every prompt in `log` (the demo's model then
/// answers for every workflow, as in the JS API: the split-app detail of [`Runtime`] does not
/// matter natively).
fn recording_runtime(
    config: serde_json::Value,
    key: &str,
    scratch: &Path,
    log: &PromptLog,
) -> Result<Runtime, String> {
    let config = provider_config(config, key)?;
    let inner = build_model(&config, transport(scratch)).map_err(|e| e.message)?;
    let model = Recording {
        inner,
        log: log.clone(),
    };
    Ok(Runtime::new(Rc::new(model)))
}

pub fn main() {
    if let Err(error) = real_main() {
        eprintln!("eval: {error}");
        std::process::exit(2);
    }
}

fn real_main() -> Result<(), String> {
    let args = parse_args()?;
    let scratch = args.out.join("scratch");
    std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    let fixtures: Vec<Fixture> = [("en", "en"), ("zh", "zh")]
        .iter()
        .filter(|(dir, _)| args.langs.iter().any(|lang| lang == dir))
        .map(|(dir, lang)| Fixture::load(&args.fixtures.join(dir), lang))
        .collect::<Result<_, _>>()?;

    let mut rows: Vec<Row> = Vec::new();
    let mut key = String::new();
    // The provider's rows: every workflow over every fixture.
    let (label, config) = match args.provider.as_str() {
        "demo" => ("demo".to_string(), json!({"provider": "demo"})),
        provider => {
            let variable = key_variable(provider).ok_or(format!(
                "unknown provider {provider} (demo, openai, anthropic, gemini, openai_compatible)"
            ))?;
            key = std::env::var(variable).unwrap_or_default();
            if key.trim().is_empty() && provider != "openai_compatible" {
                return Err(format!("set {variable} to run the eval on {provider}"));
            }
            let model = args.model.clone().unwrap_or_default();
            let mut label = if model.is_empty() {
                provider.to_string()
            } else {
                format!("{provider} {model}")
            };
            if let Some(tokens) = args.answer_tokens {
                label.push_str(&format!(", answers ≤ {tokens} tokens"));
            }
            (
                label,
                json!({"provider": provider, "model": args.model, "baseUrl": args.base_url,
                    "maxAnswerTokens": args.answer_tokens}),
            )
        }
    };
    let provider_runtime = runtime(config.clone(), &key, &scratch)?;
    let log = PromptLog::default();
    let batch_runtime = recording_runtime(config, &key, &scratch, &log)?;
    let target = Target {
        label,
        runtime: &provider_runtime,
        mock_url: None,
        recording: Some((&batch_runtime, log)),
    };
    for workflow in WORKFLOWS
        .iter()
        .filter(|w| args.workflows.iter().any(|a| a == *w))
    {
        for fixture in &fixtures {
            let case = fixture.name.clone();
            rows.push(evaluate(
                &target,
                workflow,
                fixture,
                &case,
                &Script::default(),
                vec![],
            ));
        }
    }

    // The bias check of the provider's batch, per fixture.
    let mut bias: Vec<BiasRow> = Vec::new();
    if args.bias_sample > 0 && args.workflows.iter().any(|w| w == BATCH) {
        for fixture in &fixtures {
            bias.extend(bias_rows(
                &target,
                fixture,
                &fixture.name,
                &[],
                args.bias_sample,
                None,
            ));
        }
    }

    // The mock's rows: the checks proven on scripted answers (offline runs only).
    let mut failed_checks = Vec::new();
    match (&args.mock_url, args.provider.as_str()) {
        (Some(url), "demo") => {
            let host = url.trim_start_matches("http://").trim_end_matches('/');
            let mock_runtime = runtime(
                json!({"provider": "openai", "baseUrl": format!("{url}/v1"), "confirmedHost": host}),
                "sk-test-eval",
                &scratch,
            )?;
            let target = Target {
                label: "mock".into(),
                runtime: &mock_runtime,
                mock_url: Some(url),
                recording: None,
            };
            // The batch alone: the scripted parser answers one candidate's name.
            let resume_only = fixtures[0].resume_only();
            for (workflow, case, script, expect) in mock_cases(&fixtures[0].resume) {
                let fixture = if workflow == BATCH {
                    &resume_only
                } else {
                    &fixtures[0]
                };
                let row = evaluate(&target, workflow, fixture, case, &script, expect);
                failed_checks.extend(row.check());
                rows.push(row);
            }
            for (case, rules, expect) in mock_scorers() {
                let found = bias_rows(&target, &fixtures[0], case, &rules, 3, Some(expect));
                failed_checks.extend(found.iter().filter_map(BiasRow::check));
                failed_checks.extend(found.iter().filter_map(|r| r.error.clone()));
                bias.extend(found);
            }
        }
        (None, "demo") => eprintln!("eval: no --mock-url: the scripted checks were not run"),
        _ => {}
    }

    let table = markdown(&rows) + &bias_markdown(&bias);
    let report = format!(
        "# Answer quality (`make eval`)\n\nProvider: {}. Fixtures: {} (English, Chinese; each with a \
         hostile variant). Every row is three runs: the clean input twice, the hostile input once.\n\n{table}",
        target.label,
        args.fixtures.display(),
    );
    let json = serde_json::to_string_pretty(&json!({
        "provider": target.label,
        "rows": rows,
        "bias": bias,
        "failed_checks": failed_checks,
    }))
    .map_err(|e| e.to_string())?;
    // A key never lands in a report: scrubbed like a bug report, then checked.
    let (report, json) = (scrub_secrets(&report), scrub_secrets(&json));
    let key = key.trim();
    if !key.is_empty() && (report.contains(key) || json.contains(key)) {
        return Err("the report would contain the API key; nothing was written".into());
    }
    std::fs::write(args.out.join("report.md"), &report).map_err(|e| e.to_string())?;
    std::fs::write(args.out.join("report.json"), json).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_dir(&scratch);
    println!("{table}");
    println!(
        "written: {} and {}",
        args.out.join("report.md").display(),
        args.out.join("report.json").display()
    );
    if !failed_checks.is_empty() {
        return Err(format!(
            "scripted checks did not catch what they should:\n{}",
            failed_checks.join("\n")
        ));
    }
    Ok(())
}
