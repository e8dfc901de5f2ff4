//! Where a shown run stands ([`RunPhase`]), as the controller sets it and pages read it.

use crate::domain::Language;
use crate::ui::i18n::tr;

/// Where a shown run stands. The controller owns it; pages read it.
#[derive(Clone, Debug, PartialEq)]
pub enum RunPhase {
    Running,
    /// Paused until the user answers (the page shows its dialog).
    Waiting,
    Finished,
    /// Stopped by the user.
    Stopped,
    Failed(String),
    /// Another tab drives this run: shown as saved, without answer buttons, until that tab lets
    /// it go.
    Elsewhere,
}

impl RunPhase {
    /// Running or waiting for an answer.
    pub fn is_live(&self) -> bool {
        matches!(self, RunPhase::Running | RunPhase::Waiting)
    }
}

/// "This run is open in another tab", in the page's language.
pub fn elsewhere_text(lang: Language) -> &'static str {
    tr(
        lang,
        "This run is open in another tab. It continues there; this page follows once that tab lets it go.",
        "此运行已在另一个标签页中打开，将在那里继续；那个标签页释放后，本页会接着显示。",
    )
}
