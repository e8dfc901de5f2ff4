//! A header written as a form: label cells beside their values ("姓名 | 李伟 | 性别 | 男",
//! "Name | Aria Lindqvist | Phone | +46 …"), as the table templates of Chinese resumes and many
//! Word forms set it. The label says what the value is; read by place alone, the labels were
//! taken for the name ("Phone") and the name for a headline.

use super::Builder;
use crate::domain::structured::lines::plain;
use crate::domain::structured::model::{Confidence, Field, Location};

/// What a label cell names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    Name,
    Contact,
    Address,
    /// Personal details a resume form asks for (gender, birth, nationality…): no field of ours.
    Personal,
}

const LABELS: [(&str, Label); 50] = [
    ("name", Label::Name),
    ("full name", Label::Name),
    ("nom", Label::Name),
    ("nombre", Label::Name),
    ("imię i nazwisko", Label::Name),
    ("姓名", Label::Name),
    ("氏名", Label::Name),
    ("email", Label::Contact),
    ("e-mail", Label::Contact),
    ("mail", Label::Contact),
    ("phone", Label::Contact),
    ("tel", Label::Contact),
    ("tel.", Label::Contact),
    ("telephone", Label::Contact),
    ("mobile", Label::Contact),
    ("website", Label::Contact),
    ("web", Label::Contact),
    ("url", Label::Contact),
    ("linkedin", Label::Contact),
    ("github", Label::Contact),
    ("courriel", Label::Contact),
    ("téléphone", Label::Contact),
    ("correo", Label::Contact),
    ("teléfono", Label::Contact),
    ("telefon", Label::Contact),
    ("邮箱", Label::Contact),
    ("电子邮箱", Label::Contact),
    ("电话", Label::Contact),
    ("手机", Label::Contact),
    ("联系电话", Label::Contact),
    ("電話", Label::Contact),
    ("location", Label::Address),
    ("address", Label::Address),
    ("adresse", Label::Address),
    ("dirección", Label::Address),
    ("地址", Label::Address),
    ("住所", Label::Address),
    ("现居地", Label::Address),
    ("gender", Label::Personal),
    ("sex", Label::Personal),
    ("born", Label::Personal),
    ("date of birth", Label::Personal),
    ("nationality", Label::Personal),
    ("性别", Label::Personal),
    ("出生年月", Label::Personal),
    ("年龄", Label::Personal),
    ("民族", Label::Personal),
    ("籍贯", Label::Personal),
    ("政治面貌", Label::Personal),
    ("生年月日", Label::Personal),
];

fn label(cell: &str) -> Option<Label> {
    let key = cell
        .trim()
        .trim_end_matches([':', '：'])
        .trim()
        .to_lowercase();
    LABELS
        .iter()
        .find(|(l, _)| *l == key)
        .map(|(_, kind)| *kind)
}

fn cells(line: &str) -> Vec<String> {
    plain(line)
        .split(['\t', '|', '｜', '·'])
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// A row naming contact details, not giving them ("Email\tPhone", "Téléphone | Adresse"): every
/// part a label, as a contact block sets over its row of values.
pub(super) fn contact_labels(line: &str) -> bool {
    let parts = cells(line);
    !parts.is_empty() && parts.iter().all(|p| label(p).is_some())
}

impl Builder {
    /// A row of label and value cells in the header: each value read as its label says. False
    /// when the line is no such row (no label followed by a value that is no label).
    pub(super) fn form_row(&mut self, line: &str, number: usize) -> bool {
        let cells = cells(line);
        let pairs: Vec<(Label, &str)> = cells
            .windows(2)
            .filter_map(|w| Some((label(&w[0])?, w[1].as_str())))
            .filter(|(_, value)| label(value).is_none())
            .collect();
        if pairs.is_empty() || cells.len() < 2 {
            return false;
        }
        for (kind, value) in pairs {
            match kind {
                Label::Name => {
                    let surer = self
                        .resume
                        .basics
                        .name
                        .as_ref()
                        .is_none_or(|n| n.confidence == Confidence::Low);
                    if surer {
                        self.resume.basics.name = Some(Field::new(
                            value.to_string(),
                            Confidence::High,
                            Some(number),
                        ));
                    }
                }
                Label::Contact => {
                    self.contact(value, number);
                }
                Label::Address => {
                    self.resume.basics.location.get_or_insert(Location {
                        text: Some(value.to_string()),
                        ..Location::default()
                    });
                }
                Label::Personal => {}
            }
        }
        true
    }
}
