//! The cost of a batch before it starts: tokens from the texts (the limiter's estimate: about four
//! Latin characters or one CJK character per token) for every call the batch makes, times the
//! model's list price. Answers are guessed at fixed sizes (below); the estimate says so.

use serde::{Deserialize, Serialize};

use crate::domain::Language;
use crate::llm::limiter::estimate_tokens;
use crate::llm::pricing::estimate_cost;
use crate::llm::Usage;

use super::shared::hiring_agent;
use crate::workflows::common::agent::shared_system_prompt;

/// Output tokens assumed per answer: a job analysis, a profile, a match, an evaluation.
pub const JD_ANSWER_TOKENS: u64 = 600;
pub const PROFILE_ANSWER_TOKENS: u64 = 900;
pub const MATCH_ANSWER_TOKENS: u64 = 500;
pub const EVALUATION_ANSWER_TOKENS: u64 = 500;

/// Model calls per screened candidate (parse, match, evaluation).
pub const CALLS_PER_CANDIDATE: u32 = 3;

/// What a batch is expected to cost.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CostEstimate {
    pub model: String,
    pub candidates: u32,
    /// The job analysis plus three per candidate.
    pub calls: u32,
    pub input_tokens: u64,
    pub output_tokens: u64,
    /// `None` when the model is not in the price table (the tokens still say the size).
    pub cost_usd: Option<f64>,
}

fn prompt_tokens(node: &str, language: Language) -> u64 {
    let agent = hiring_agent(node);
    estimate_tokens(&shared_system_prompt(language))
        + estimate_tokens(agent.prompt)
        + estimate_tokens(&(agent.schema)().to_string())
}

/// The estimate for `resumes` against `job_description` on `model`. ATS-only batches call no
/// model: zero calls, zero cost.
pub fn estimate(
    job_description: &str,
    resumes: &[&str],
    language: Language,
    model: &str,
    ats_only: bool,
) -> CostEstimate {
    let candidates = resumes.len() as u32;
    if ats_only {
        return CostEstimate {
            model: model.to_string(),
            candidates,
            cost_usd: Some(0.0),
            ..CostEstimate::default()
        };
    }
    let jd = estimate_tokens(job_description);
    let mut input = prompt_tokens("jd_analysis_agent", language) + jd;
    let mut output = JD_ANSWER_TOKENS;
    let parse = prompt_tokens("resume_parser_agent", language);
    let matching = prompt_tokens("matching_agent", language);
    let evaluation = prompt_tokens("evaluation_agent", language);
    for resume in resumes {
        let resume = estimate_tokens(resume);
        // parse: the resume; match: profile, job analysis, job text, resume; evaluation:
        // profile, job analysis, match.
        input += parse + resume;
        input += matching + PROFILE_ANSWER_TOKENS + JD_ANSWER_TOKENS + jd + resume;
        input += evaluation + PROFILE_ANSWER_TOKENS + JD_ANSWER_TOKENS + MATCH_ANSWER_TOKENS;
        output += PROFILE_ANSWER_TOKENS + MATCH_ANSWER_TOKENS + EVALUATION_ANSWER_TOKENS;
    }
    let usage = Usage {
        input_tokens: input,
        output_tokens: output,
        ..Usage::default()
    };
    CostEstimate {
        model: model.to_string(),
        candidates,
        calls: 1 + CALLS_PER_CANDIDATE * candidates,
        input_tokens: input,
        output_tokens: output,
        cost_usd: estimate_cost(model, &usage),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const JD: &str = "Backend Engineer\nRequirements:\n- Rust\n- Kubernetes\n";

    #[test]
    fn one_job_analysis_and_three_calls_per_candidate() {
        let one = estimate(JD, &["Rust dev"], Language::En, "gpt-4o-mini", false);
        let three = estimate(JD, &["Rust dev"; 3], Language::En, "gpt-4o-mini", false);
        assert_eq!((one.calls, three.calls), (4, 10));
        // The job analysis is paid once: the difference is two candidates' worth.
        let per_candidate = three.input_tokens - one.input_tokens;
        assert_eq!(per_candidate % 2, 0);
        let zero = estimate(JD, &[], Language::En, "gpt-4o-mini", false);
        assert_eq!(one.input_tokens - zero.input_tokens, per_candidate / 2);
    }

    #[test]
    fn the_price_is_the_tables_for_the_estimated_tokens() {
        let e = estimate(JD, &["Rust dev", "Go dev"], Language::En, "gpt-4o", false);
        let expected = (e.input_tokens as f64 * 2.5 + e.output_tokens as f64 * 10.0) / 1e6;
        assert!((e.cost_usd.unwrap() - expected).abs() < 1e-12);
        let unknown = estimate(JD, &["Rust dev"], Language::En, "my-local-model", false);
        assert_eq!(unknown.cost_usd, None);
        assert!(unknown.input_tokens > 0);
    }

    #[test]
    fn longer_resumes_cost_more_and_ats_only_costs_nothing() {
        let short = estimate(JD, &["Rust"], Language::En, "gpt-4o", false);
        let long_resume = "Rust ".repeat(2000);
        let long = estimate(JD, &[&long_resume], Language::En, "gpt-4o", false);
        // The resume goes to the parser and the matcher: twice its tokens.
        let grown = long.input_tokens - short.input_tokens;
        assert_eq!(
            grown,
            2 * (estimate_tokens(&long_resume) - estimate_tokens("Rust"))
        );
        let ats = estimate(JD, &["Rust"; 5], Language::En, "gpt-4o", true);
        assert_eq!((ats.calls, ats.cost_usd), (0, Some(0.0)));
    }
}
