//! Advice given after the review loop: what to build for a portfolio, how to lay the resume out.

use serde::{Deserialize, Serialize};

/// Portfolio pieces that would back the resume up for the target role.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct PortfolioAdvice {
    pub summary: String,
    pub pieces: Vec<PortfolioPiece>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct PortfolioPiece {
    pub title: String,
    /// What to build or write up.
    pub description: String,
    /// Which requirement of the role it demonstrates.
    pub demonstrates: String,
}

/// Layout and readability review.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct DesignAdvice {
    /// 0–10.
    pub readability_score: f64,
    pub layout_issues: Vec<String>,
    pub recommendations: Vec<String>,
}

impl PortfolioAdvice {
    /// Everything the advice says, one sentence a line: what the result check reads.
    pub fn text(&self) -> String {
        let mut lines = vec![self.summary.clone()];
        for piece in &self.pieces {
            lines.extend([
                piece.title.clone(),
                piece.description.clone(),
                piece.demonstrates.clone(),
            ]);
        }
        lines.join("\n")
    }
}

impl DesignAdvice {
    /// Everything the advice says, one item a line: what the result check reads.
    pub fn text(&self) -> String {
        self.layout_issues
            .iter()
            .chain(&self.recommendations)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    }
}
