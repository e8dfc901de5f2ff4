//! Strict-mode JSON schemas of every hiring agent's answer (every property required, no extra
//! properties), matching the serde types in `domain::hiring` field for field. The mock provider
//! and the offline demo fill answers from these, so keep descriptions useful.

use serde_json::{json, Value};

use super::routing::{AGENTS, FINISHED};
use crate::domain::hiring::Recommendation;
use crate::workflows::common::schema::{long_text, object, score, strings, strings_up_to, text};

pub fn supervisor() -> Value {
    let mut choices: Vec<&str> = AGENTS.to_vec();
    choices.push(FINISHED);
    object(json!({
        "next_agent": {"type": "string", "enum": choices, "description": "The agent to run next, or finished"},
        "reason": text("One sentence: why this agent now")
    }))
}

pub fn candidate_profile() -> Value {
    object(json!({
        "name": text("The candidate's name as written on the resume"),
        "headline": text("Current role or professional headline"),
        "summary": text("Two or three sentences on who the candidate is professionally"),
        "years_experience": {"type": "number", "minimum": 0, "maximum": 70, "description": "Years of professional experience the resume shows; 0 if unknown"},
        "skills": strings_up_to("Skills the resume shows, most prominent first", 12),
        "experience": {"type": "array", "maxItems": 8, "description": "Positions, most recent first", "items": object(json!({
            "title": text("Job title"),
            "organization": text("Employer"),
            "period": text("Dates as written"),
            "highlights": strings("Achievements as stated, with their numbers")
        }))},
        "education": strings("Degrees and schools"),
        "certifications": strings("Certifications, if any")
    }))
}

pub fn jd_analysis() -> Value {
    object(json!({
        "title": text("The role's title"),
        "seniority": text("Seniority level, e.g. junior, mid, senior, lead"),
        "summary": text("What the role is about, in two sentences"),
        "must_have": strings("Required skills and experience"),
        "nice_to_have": strings("Preferred skills"),
        "responsibilities": strings("Main responsibilities")
    }))
}

pub fn matching_analysis() -> Value {
    object(json!({
        "score": score(100, "Fit from 0 to 100"),
        "summary": text("The fit in two sentences"),
        "matched_skills": strings("Required or preferred skills the candidate shows"),
        "missing_skills": strings("Required skills the resume does not show"),
        "strengths": strings("Where the candidate exceeds the role"),
        "gaps": strings("Risks and gaps to probe")
    }))
}

pub fn research_analysis() -> Value {
    object(json!({
        "web_access": {"type": "boolean", "description": "Always false: you have no web access"},
        "sources": strings("What this is based on: the resume and the job description only"),
        "summary": text("Background as the documents show it"),
        "career_trajectory": text("How the career has progressed, from the dates and titles"),
        "points_to_verify": strings("Claims to verify in interviews or with references"),
        "limitations": text("State that no web search or outside source was used")
    }))
}

pub fn interview_questions() -> Value {
    object(json!({
        "focus": text("What this round assesses"),
        "questions": {"type": "array", "maxItems": 7, "description": "Five to seven questions", "items": object(json!({
            "question": text("The question as the interviewer asks it"),
            "purpose": text("What it assesses"),
            "listen_for": text("What a strong answer contains")
        }))}
    }))
}

pub fn evaluation() -> Value {
    let recommendations: Vec<&str> = Recommendation::ALL.iter().map(|r| r.id()).collect();
    object(json!({
        "recommendation": {"type": "string", "enum": recommendations, "description": "The hiring recommendation"},
        "overall_score": score(100, "Overall fit from 0 to 100"),
        "summary": long_text("The recommendation's reasoning in three sentences", 600),
        "strengths": strings("The strongest reasons to hire"),
        "concerns": strings("Concerns to resolve"),
        "next_steps": strings("What the hiring team should do next")
    }))
}

pub fn email_draft() -> Value {
    object(json!({
        "recipient": text("Who the email is for: the candidate"),
        "subject": text("Subject line"),
        "body": long_text("The email body, ready to send, with a greeting and a sign-off", 3000)
    }))
}
