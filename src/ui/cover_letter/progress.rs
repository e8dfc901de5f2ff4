//! The cover letter's graph (drawn by `draft_review::DraftGraph`); the review shows as waiting
//! while it is the user's turn. The revision loop is marked ↺.

use crate::ui::draft_review::GraphRows;

/// Rows of the graph, top to bottom, as (node, English, Chinese): the evidence and the framing
/// run side by side.
pub const ROWS: GraphRows = &[
    &[("requirements", "requirements", "职位要求")],
    &[
        ("evidence", "evidence", "简历证据"),
        ("framing", "company and role", "公司与职位"),
    ],
    &[("writer", "writer ↺", "撰写 ↺")],
    &[("grounding", "fact check", "事实核查")],
    &[("human_review", "your review", "你的审阅")],
    &[("finalize", "final letter", "定稿")],
];
