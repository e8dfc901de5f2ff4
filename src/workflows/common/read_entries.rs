//! The model reads the resume entries the rules are unsure of (or all of them), as one agent call
//! outside any workflow: one request with the entries as delimited data, a bounded schema, the
//! answer validated and repaired as every agent's is. What is kept of it is the domain's rule
//! (`domain::structured::assisted`): only what the entry itself says, only what reads back sure.

use crate::domain::structured::assisted::{
    accept, entries_block, reading_schema, targets, Outcome, Reading,
};
use crate::llm::{complete_typed, ChatModel, LlmError};

use super::{Agent, Envelope, RunControls};

/// The reader agent: it copies, it does not write.
pub const ENTRY_READER: Agent = Agent {
    node: "entry_reader",
    prompt: "You read resume entries. The resume block holds numbered entries, [E1], [E2], …, each a job or a degree with its lines as written. For each entry give its id and copy from its own lines, exactly as written: the title (job title, or degree), the organisation (employer, or school), the location, the dates (start and end as written, e.g. 'Mar 2020 – Present'), and for a degree the area of study. A field the entry does not state is an empty string: never guess, translate, shorten or add a word. Answer only with the JSON object.",
    schema_name: "entry_reading",
    schema: reading_schema,
};

/// What a reading with the model did, and what it cost.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModelReading {
    pub outcome: Outcome,
    pub input_tokens: u64,
    pub output_tokens: u64,
}

/// Asks `model` to read the unsure jobs and degrees of `text` (every one with `whole`) and keeps
/// what the domain accepts. No entry to ask about: no call, the text unchanged.
pub async fn read_entries(
    model: &dyn ChatModel,
    controls: &RunControls,
    text: &str,
    whole: bool,
) -> Result<ModelReading, LlmError> {
    let asked = targets(text, whole);
    if asked.is_empty() {
        return Ok(ModelReading {
            outcome: accept(text, &asked, &Reading::default()),
            ..ModelReading::default()
        });
    }
    let request = ENTRY_READER.request(
        controls,
        Envelope::new().block("resume", &entries_block(&asked)),
    );
    let typed = complete_typed::<Reading>(model, request).await?;
    Ok(ModelReading {
        outcome: accept(text, &asked, &typed.value),
        input_tokens: typed.response.usage.input_tokens,
        output_tokens: typed.response.usage.output_tokens,
    })
}
