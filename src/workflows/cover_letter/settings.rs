//! The letter's choices (tone and length) and the run's settings. Settings are not state: the
//! shared controls (model overrides, language, cancel token) belong to the caller; what routing
//! reads is copied into state by [`super::initial_state`].

use serde::{Deserialize, Serialize};

use crate::domain::Language;
use crate::workflows::common::{RunControls, RunSettings};

/// How the letter sounds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum Tone {
    /// Reserved and polite: "Dear …", "Sincerely".
    #[default]
    Formal,
    /// Friendly and personal.
    Warm,
    /// Short sentences, the evidence first.
    Direct,
}

/// How long the letter is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum Length {
    Short,
    #[default]
    Medium,
    Long,
}

impl Tone {
    pub fn id(self) -> &'static str {
        match self {
            Tone::Formal => "formal",
            Tone::Warm => "warm",
            Tone::Direct => "direct",
        }
    }
}

impl Length {
    pub fn id(self) -> &'static str {
        match self {
            Length::Short => "short",
            Length::Medium => "medium",
            Length::Long => "long",
        }
    }

    /// Body paragraphs (between the greeting and the closing) the letter has at most.
    pub fn body_paragraphs(self) -> usize {
        match self {
            Length::Short => 2,
            Length::Medium => 3,
            Length::Long => 4,
        }
    }

    /// Words of the whole letter, about.
    pub fn words(self) -> u32 {
        match self {
            Length::Short => 180,
            Length::Medium => 280,
            Length::Long => 400,
        }
    }

    /// Paragraphs a draft may have: the body, a greeting, an opening, a closing and a sign-off.
    pub fn max_paragraphs(self) -> usize {
        self.body_paragraphs() + 4
    }
}

/// The instructions on tone and length every writer request carries (the `style` block); the
/// offline demo reads the first two lines back.
pub fn style_block(tone: Tone, length: Length, language: Language) -> String {
    let units = language.pick("words", "字（中文按字数计）");
    format!(
        "tone: {}\nlength: {}\nAt most {} body paragraphs, about {} {units} in all.",
        tone.id(),
        length.id(),
        length.body_paragraphs(),
        length.words(),
    )
}

/// How a cover-letter run behaves. `Default`: at most 3 revision rounds.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct CoverSettings {
    /// Revision rounds (review → writer) at most; a further "revise" finalizes with a warning.
    pub max_revisions: u32,
    #[serde(flatten)]
    pub controls: RunControls,
}

impl Default for CoverSettings {
    fn default() -> Self {
        CoverSettings {
            max_revisions: 3,
            controls: RunControls::default(),
        }
    }
}

impl RunSettings for CoverSettings {
    fn controls(&self) -> &RunControls {
        &self.controls
    }
    fn controls_mut(&mut self) -> &mut RunControls {
        &mut self.controls
    }
}

impl CoverSettings {
    /// Supersteps a run needs at most: requirements, the parallel pair, writer, grounding, review,
    /// finalize, and per revision round writer → grounding → review, with room to spare.
    pub fn recursion_limit(&self) -> usize {
        12 + 3 * self.max_revisions as usize
    }
}
