//! Blind screening in the batch: each resume as the models read it. With it on (the default),
//! every call, the parser's included, gets the resume with its name, contact details and personal
//! attributes masked ([`crate::domain::blind`]); the table still shows the name, read from the
//! resume itself without a model. With it off, the parser reads the resume as given and only the
//! later steps' prompts lose the name and contacts ([`super::redact`]).

use crate::domain::blind::{mask, BlindOptions, Masked};
use crate::domain::calendar::CalendarDate;
use crate::domain::structured::{from_any, PartialDate};

/// The name the resume's own structure reads (its name line), empty when it has none.
pub fn own_name(text: &str) -> String {
    from_any(text)
        .basics
        .name
        .map(|name| name.value.trim().to_string())
        .unwrap_or_default()
}

/// The resume as a blind screening sends it.
pub fn masked_resume(text: &str, options: &BlindOptions) -> Masked {
    let name = own_name(text);
    let names: Vec<String> = [name].into_iter().filter(|n| !n.is_empty()).collect();
    mask(text, &names, options)
}

/// Today as a year and month, for the length of a job that runs to the present; none before
/// 2000 (a clock that reads 0 is no clock).
pub fn today(now_ms: f64) -> Option<PartialDate> {
    let date = CalendarDate::from_unix_ms(now_ms);
    (date.year >= 2000).then(|| PartialDate::new(date.year as u16, Some(date.month as u8)))
}
