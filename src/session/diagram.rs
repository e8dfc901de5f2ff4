//! A workflow's Mermaid diagram without starting a run, so a page can draw it before the user
//! has typed anything.

use std::rc::Rc;

use super::error::{ErrorCode, SessionError};
use crate::workflows::career_navigator;
use crate::workflows::resume_review::{self, ReviewSettings};

/// The diagram of `workflow_id`. The graph's shape does not depend on the model or the settings,
/// so it is built on the offline demo model and never run.
pub fn mermaid(workflow_id: &str) -> Result<String, SessionError> {
    match workflow_id {
        "resume_review" => resume_review::build(
            Rc::new(resume_review::demo_model()),
            ReviewSettings::default(),
        )
        .map(|graph| graph.to_mermaid())
        .map_err(|e| SessionError::from_graph(&e)),
        "career_navigator" => career_navigator::build(
            Rc::new(career_navigator::demo_model()),
            career_navigator::NavigatorSettings::default(),
        )
        .map(|graph| graph.to_mermaid())
        .map_err(|e| SessionError::from_graph(&e)),
        other => Err(SessionError::new(
            ErrorCode::UnknownWorkflow,
            format!("There is no workflow called “{other}”."),
        )),
    }
}
