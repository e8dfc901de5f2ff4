//! The tailoring graph (drawn by `draft_review::DraftGraph`); a node paused on the user (the
//! questions, the review) shows as waiting. Loops are marked ↺.

use crate::ui::draft_review::GraphRows;

/// Rows of the pipeline, top to bottom, as (node, English, Chinese).
pub const ROWS: GraphRows = &[
    &[("file_loader", "load", "载入")],
    &[("job_analyzer", "job analyzer", "职位分析")],
    &[("resume_screener", "screener", "简历筛查")],
    &[
        ("resume_tailorer", "tailorer", "定制"),
        ("info_collection", "questions ↺", "提问 ↺"),
    ],
    &[("ats_optimizer", "ATS optimizer", "ATS 优化")],
    &[
        ("human_review", "your review", "你的审阅"),
        ("reflexion_agent", "revision ↺", "修改 ↺"),
    ],
    &[("finalization_agent", "finalize", "定稿")],
];
