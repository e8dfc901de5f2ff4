//! Blind screening: a resume with what says who the person is taken out before any model reads
//! it, so a score cannot move on a name, a pronoun, an age or a marriage.
//!
//! [`mask`] replaces, in English and Chinese (and the labels of the European languages the reader
//! knows):
//! - the name (every name given, and each of its words), e-mail addresses, phone numbers and links
//!   (a name inside an address or a link goes with it);
//! - a postal address in the resume's header, and any line labelled as one;
//! - photos (a Markdown or HTML image, a "Photo" label);
//! - date of birth and age, gender (its label, a title such as "Ms.", third-person pronouns),
//!   nationality and place of origin, ethnicity, marital status and children, religion, political
//!   affiliation, health and body (height, weight: common in Chinese resumes);
//! - with [`BlindOptions::proxies`], what stands for age or a career break: every year of the
//!   education sections, and the work sections' periods turned into their lengths
//!   ("2016 – 2019" → "[3 years]"), so no gap between them can be read.
//!
//! Each replacement is a bracketed placeholder naming what was there ("[candidate]", "[age]"),
//! so a model reads a well-formed resume and knows something was withheld; [`Masked::applied`]
//! counts them by kind for the page's "what was masked" line and the audit log. The candidate's
//! own resume, its exports and the person's view keep everything: this is only what is sent.

mod contacts;
mod names;
mod personal;
mod proxies;

use serde::{Deserialize, Serialize};

use crate::domain::structured::{from_any, from_text, PartialDate, StructuredResume};
use crate::domain::Language;

pub use contacts::{is_email, redact_contacts_in_line, EMAIL, LINK, PHONE};
pub use names::{is_unspaced, replace_name, replace_whole_words, NAME};

/// What a placeholder stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum MaskKind {
    Name,
    Email,
    Phone,
    Link,
    Address,
    Photo,
    BirthDateOrAge,
    Gender,
    Nationality,
    Ethnicity,
    MaritalStatus,
    Religion,
    Politics,
    Health,
    GraduationYear,
    CareerDates,
}

impl MaskKind {
    /// What the page calls it.
    pub fn label(self, language: Language) -> &'static str {
        use MaskKind::*;
        let (en, zh) = match self {
            Name => ("name", "姓名"),
            Email => ("e-mail", "邮箱"),
            Phone => ("phone", "电话"),
            Link => ("link", "链接"),
            Address => ("address", "地址"),
            Photo => ("photo", "照片"),
            BirthDateOrAge => ("birth date or age", "出生日期或年龄"),
            Gender => ("gender", "性别"),
            Nationality => ("nationality or origin", "国籍或籍贯"),
            Ethnicity => ("ethnicity", "民族"),
            MaritalStatus => ("marital status", "婚姻状况"),
            Religion => ("religion", "宗教信仰"),
            Politics => ("political affiliation", "政治面貌"),
            Health => ("health or body", "健康或身体状况"),
            GraduationYear => ("graduation years", "毕业年份"),
            CareerDates => ("job dates (as lengths)", "工作起止日期（改为时长）"),
        };
        language.pick(en, zh)
    }

    /// The placeholder written in its place (the name's is [`NAME`]).
    pub fn placeholder(self) -> &'static str {
        use MaskKind::*;
        match self {
            Name => NAME,
            Email => EMAIL,
            Phone => PHONE,
            Link => LINK,
            Address => "[address]",
            Photo => "[photo]",
            BirthDateOrAge => "[age]",
            Gender => "[gender]",
            Nationality => "[nationality]",
            Ethnicity => "[ethnicity]",
            MaritalStatus => "[marital status]",
            Religion => "[religion]",
            Politics => "[politics]",
            Health => "[health]",
            GraduationYear => "[year]",
            CareerDates => "[period]",
        }
    }

    /// Masked only with [`BlindOptions::proxies`]: not who the person is, but what stands for age
    /// or a break.
    pub fn is_proxy(self) -> bool {
        matches!(self, MaskKind::GraduationYear | MaskKind::CareerDates)
    }
}

/// How many of one kind were masked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct MaskCount {
    pub kind: MaskKind,
    pub count: u32,
}

/// A resume as a model may read it, and what was taken out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Masked {
    pub text: String,
    /// By kind, in [`MaskKind`] order; kinds with nothing masked are left out.
    pub applied: Vec<MaskCount>,
}

/// What [`mask`] takes out beyond who the person is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default, rename_all = "camelCase")]
pub struct BlindOptions {
    /// Graduation years and job dates (as lengths): proxies of age and of a career break.
    pub proxies: bool,
    /// Today, for the length of a period that runs to the present. Without it such a period
    /// keeps no dates at all ("[period] – present").
    #[cfg_attr(js_api, tsify(optional))]
    pub today: Option<PartialDate>,
}

impl Default for BlindOptions {
    fn default() -> Self {
        BlindOptions {
            proxies: true,
            today: None,
        }
    }
}

/// Counts of masks by kind, as they are made.
#[derive(Debug, Default)]
pub(crate) struct Tally(std::collections::BTreeMap<MaskKind, u32>);

impl Tally {
    pub(crate) fn add(&mut self, kind: MaskKind, count: usize) {
        if count > 0 {
            *self.0.entry(kind).or_default() += count as u32;
        }
    }

    fn into_counts(self) -> Vec<MaskCount> {
        self.0
            .into_iter()
            .map(|(kind, count)| MaskCount { kind, count })
            .collect()
    }
}

/// `text` with every name of `names`, contact detail and personal attribute replaced (see the
/// module's list), and with `options.proxies` graduation years and job dates too.
pub fn mask(text: &str, names: &[String], options: &BlindOptions) -> Masked {
    mask_read(text, &from_text(text), names, options)
}

/// [`mask`] with the resume's structure already read (once: the proxies' sections and the
/// header's end both come from it; no mask adds or removes a line, so its line numbers hold
/// for every pass).
fn mask_read(
    text: &str,
    structure: &StructuredResume,
    names: &[String],
    options: &BlindOptions,
) -> Masked {
    let mut tally = Tally::default();
    // Proxies first: they read the resume's sections, whose headings the other masks keep but
    // whose dates a masked birth date ("Born 1990") must not be mistaken for.
    let text = if options.proxies {
        proxies::mask_proxies(text, structure, options.today, &mut tally)
    } else {
        text.to_string()
    };
    // Contacts before names: an address such as ann.lee@… holds the name and goes as a whole.
    let text = contacts::mask_contacts(&text, &mut tally);
    let text = personal::mask_personal(&text, personal::header_lines(structure), &mut tally);
    let mut text = text;
    for name in names {
        let (masked, count) = names::replace_name_counted(&text, name);
        tally.add(MaskKind::Name, count);
        text = masked;
    }
    // Titles and honorifics read next to the masked name ("Ms. [candidate]", "[candidate]女士").
    let text = personal::mask_titles(&text, &mut tally);
    Masked {
        text,
        applied: tally.into_counts(),
    }
}

/// The name a resume's own structure reads (its name line), empty when it has none.
pub fn resume_name(text: &str) -> String {
    name_of(&from_any(text))
}

fn name_of(structure: &StructuredResume) -> String {
    structure
        .basics
        .name
        .as_ref()
        .map(|name| name.value.trim().to_string())
        .unwrap_or_default()
}

/// A resume as a blind step sends it: [`mask`] with the name its own structure reads (the
/// structure read once for the name and the masks).
pub fn mask_resume(text: &str, options: &BlindOptions) -> Masked {
    let structure = from_any(text);
    let names: Vec<String> = Some(name_of(&structure))
        .filter(|n| !n.is_empty())
        .into_iter()
        .collect();
    mask_read(text, &structure, &names, options)
}

impl BlindOptions {
    /// `proxies` as given, today from a clock in Unix milliseconds (none before 2000: a clock
    /// that reads 0 is no clock).
    pub fn at(proxies: bool, now_ms: f64) -> Self {
        let date = crate::domain::calendar::CalendarDate::from_unix_ms(now_ms);
        BlindOptions {
            proxies,
            today: (date.year >= 2000)
                .then(|| PartialDate::new(date.year as u16, Some(date.month as u8))),
        }
    }
}

/// One line for the page: "name ×3, e-mail, graduation years ×2".
pub fn describe(applied: &[MaskCount], language: Language) -> String {
    let parts: Vec<String> = applied
        .iter()
        .map(|m| match m.count {
            1 => m.kind.label(language).to_string(),
            n => format!("{} ×{n}", m.kind.label(language)),
        })
        .collect();
    parts.join(language.pick(", ", "、"))
}

#[cfg(test)]
mod tests;
