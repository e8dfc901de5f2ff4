//! The header, before the first section: the name (a guessed one replaced by a surer one), the
//! headline, the place, and the contact details of any line (e-mail, phone, profiles, site).

use super::Builder;
use crate::domain::structured::dates::find_range;
use crate::domain::structured::lines::{
    bold_line, icon_letter, is_phone, labelled_profile, link, plain, profile, without_icon_label,
};
use crate::domain::structured::model::{Confidence, Field, Location};
use Confidence::{High, Low, Medium};

impl Builder {
    /// Reads e-mail, phone, links from a header or contact line: `None` when the line has none,
    /// else the parts of it that were something else (empty when it was only contact details).
    pub(super) fn contact(&mut self, line: &str, number: usize) -> Option<Vec<String>> {
        let basics = &mut self.resume.basics;
        let mut rest = Vec::new();
        if find_range(line).is_some() {
            return None;
        }
        let text = plain(line);
        let mut found_any = false;
        for part in text
            .split(['|', '·', '•', '\t', '，', '｜'])
            .flat_map(|p| p.split("  "))
            .flat_map(around_email)
        {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let value = part
                .split_once([':', '：'])
                .filter(|(k, _)| k.chars().count() <= 12 && !k.contains("http"))
                .map_or(part, |(_, v)| v.trim());
            // A '/' is a web address's ("https://social.example/@ada"), never an e-mail's.
            if value.contains('@')
                && value.contains('.')
                && !value.contains(' ')
                && !value.starts_with('@')
                && !value.contains('/')
            {
                found_any = true;
                basics.email.get_or_insert(Field::new(
                    value.trim_start_matches("mailto:").to_string(),
                    High,
                    Some(number),
                ));
            } else if let Some(phone) = [value, without_icon_label(value)]
                .into_iter()
                .find(|v| is_phone(v))
            {
                // "M +46 70 555 01 23", "Tel. 0113 496 0000": a short label before the number
                // (moderncv writes letters where its icons would be).
                found_any = true;
                basics
                    .phone
                    .get_or_insert(Field::new(phone.to_string(), Medium, Some(number)));
            } else if icon_letter(part) {
                // A label letter left beside an address ("E" of "E ada@example.com").
                continue;
            } else if let Some(profile) = labelled_profile(part, number) {
                found_any = true;
                basics.profiles.push(profile);
            } else if let Some(profile) = profile(value, number) {
                found_any = true;
                if profile.network.is_some() {
                    basics.profiles.push(profile);
                } else if basics.url.is_none() {
                    basics.url = profile.url.map(|u| Field::new(u, Medium, Some(number)));
                }
            } else if value != part && is_domain(value) && basics.url.is_none() {
                // "Web: ada-quill.dev"
                found_any = true;
                basics.url = Some(Field::new(value.to_string(), Medium, Some(number)));
            } else {
                rest.push(part.to_string());
            }
        }
        if let Some(url) = link(line).filter(|_| !found_any) {
            if let Some(p) = profile(&url, number) {
                basics.profiles.push(p);
            }
        }
        if !found_any {
            return None;
        }
        // A bare domain beside contact details ("ada-quill.dev") is the person's site.
        rest.retain(|part| {
            if is_domain(part) && basics.url.is_none() {
                basics.url = Some(Field::new(part.clone(), Low, Some(number)));
                false
            } else {
                true
            }
        });
        Some(rest)
    }

    /// True when the name was guessed from a line's place alone (not a heading or bold line).
    pub(super) fn name_is_guess(&self) -> bool {
        self.resume
            .basics
            .name
            .as_ref()
            .is_some_and(|n| n.confidence == Low)
    }

    /// A surer name replaces a guessed one, which becomes the headline when there is none.
    pub(super) fn promote_name(&mut self, name: String, confidence: Confidence, number: usize) {
        let basics = &mut self.resume.basics;
        let guessed = basics.name.take();
        if basics.label.is_none() {
            basics.label = guessed;
        }
        basics.name = Some(Field::new(name, confidence, Some(number)));
    }

    pub(super) fn header_text(&mut self, line: &str, number: usize) {
        let text = plain(line);
        let same = |a: &str, b: &str| {
            let key = |s: &str| -> String {
                s.chars()
                    .filter(|c| c.is_alphanumeric())
                    .flat_map(char::to_lowercase)
                    .collect()
            };
            key(a) == key(b)
        };
        // "Resume" / "CV" over the name is the document's title; the name written twice, once.
        let document_title = [
            "resume",
            "résumé",
            "cv",
            "curriculum vitae",
            "lebenslauf",
            "curriculum",
            "currículum",
            "currículum vitae",
            "hoja de vida",
            "życiorys",
            "简历",
            "个人简历",
            "個人簡歷",
            "履歴書",
            "職務経歴書",
            "职务经历书",
        ]
        .iter()
        .any(|t| same(&text, t));
        let repeated = self
            .resume
            .basics
            .name
            .as_ref()
            .is_some_and(|n| same(&n.value, &text));
        if document_title || repeated {
            return;
        }
        let nothing_else =
            self.resume.basics.label.is_none() && self.resume.basics.location.is_none();
        if let Some(bold) = bold_line(line).filter(|_| self.name_is_guess() && nothing_else) {
            // A bold line right after a guessed name (a headline over the name in a two-column
            // layout): the bold one is the name.
            let words = bold.split_whitespace().count();
            if words <= 5 && !bold.chars().any(|c| c.is_ascii_digit()) {
                return self.promote_name(plain(bold), Medium, number);
            }
        }
        let basics = &mut self.resume.basics;
        let words = text.split_whitespace().count();
        if basics.name.is_none() && words <= 5 && !text.chars().any(|c| c.is_ascii_digit()) {
            let confidence = if bold_line(line).is_some() {
                Medium
            } else {
                Low
            };
            basics.name = Some(Field::new(text, confidence, Some(number)));
        } else if basics.location.is_none() && is_place(&text) {
            basics.location = Some(Location {
                text: Some(text),
                ..Location::default()
            });
        } else if basics.label.is_none() && words <= 12 && basics.summary.is_none() {
            basics.label = Some(Field::new(text, Low, Some(number)));
        } else if words > 12 || basics.summary.is_some() {
            match &mut basics.summary {
                Some(summary) => {
                    summary.value.push('\n');
                    summary.value.push_str(&text);
                }
                None => basics.summary = Some(Field::new(text, Low, Some(number))),
            }
        } else {
            // Further short header lines are the rest of an address block: kept with the place.
            let place = basics.location.get_or_insert_with(Location::default);
            match &mut place.text {
                Some(kept) => {
                    kept.push_str(", ");
                    kept.push_str(&text);
                }
                None => place.text = Some(text),
            }
        }
    }
}

/// A part of a contact line with an e-mail address among other words, spaces only between them
/// (`ada@example.org +44 113 555 0100`): the words before, the address, the words after.
pub(super) fn around_email(part: &str) -> Vec<&str> {
    let trimmed = part.trim();
    let Some(address) = trimmed
        .split_whitespace()
        .find(|w| w.contains('@') && w.contains('.') && !w.starts_with('@') && !w.contains('/'))
        .filter(|_| trimmed.contains(char::is_whitespace))
    else {
        return vec![part];
    };
    let at = trimmed
        .find(address)
        .expect("the address is a word of the part");
    vec![&trimmed[..at], address, &trimmed[at + address.len()..]]
}

/// `ada-quill.dev`, `www.example.org`: a bare web address.
pub(super) fn is_domain(part: &str) -> bool {
    let part = part.trim().trim_end_matches('/');
    !part.contains(' ')
        && !part.contains('@')
        && part.rsplit_once('.').is_some_and(|(host, tld)| {
            !host.is_empty()
                && (2..=6).contains(&tld.len())
                && tld.chars().all(|c| c.is_ascii_alphabetic())
        })
}

/// "Leeds, UK", "Sunderland, MA, 01375": a short place with a comma, read from a header.
pub(super) fn is_place(text: &str) -> bool {
    let words = text.split_whitespace().count();
    text.contains(',')
        && words <= 6
        && text
            .split(',')
            .all(|part| part.split_whitespace().count() <= 3 && !part.trim().ends_with('.'))
        && !text.contains('@')
        && text.chars().next().is_some_and(char::is_uppercase)
        && text.chars().filter(|c| c.is_ascii_digit()).count() <= 6
}
