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

const LABELS: &[(&str, Label)] = &[
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
    ("電話番号", Label::Contact),
    ("携帯電話", Label::Contact),
    ("メール", Label::Contact),
    ("メールアドレス", Label::Contact),
    ("location", Label::Address),
    ("address", Label::Address),
    ("adresse", Label::Address),
    ("dirección", Label::Address),
    ("地址", Label::Address),
    ("住所", Label::Address),
    ("現住所", Label::Address),
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

/// A label cell as compared: trimmed, lower case, and in a script without spaces the spaces a
/// form sets between characters to align them ("姓  名") left out.
fn label_key(cell: &str) -> String {
    let key = cell
        .trim()
        .trim_end_matches([':', '：'])
        .trim()
        .to_lowercase();
    if key.chars().any(crate::domain::han::is_han) {
        key.chars().filter(|c| !c.is_whitespace()).collect()
    } else {
        key
    }
}

/// What `cell` names in `table` (header labels or entry labels).
fn lookup<K: Copy>(table: &[(&str, K)], cell: &str) -> Option<K> {
    let key = label_key(cell);
    table.iter().find(|(l, _)| *l == key).map(|(_, kind)| *kind)
}

fn label(cell: &str) -> Option<Label> {
    lookup(LABELS, cell)
}

pub(super) fn cells(line: &str) -> Vec<String> {
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
        let mut pairs: Vec<(Label, &str)> = cells
            .windows(2)
            .filter_map(|w| Some((label(&w[0])?, w[1].as_str())))
            .filter(|(_, value)| label(value).is_none())
            .collect();
        // "姓名：李伟", "Name: Aria Lindqvist": a label and its value in one cell (contact
        // details so written are the contact reader's: "GitHub: samreed https://…").
        pairs.extend(cells.iter().filter_map(|cell| {
            let (key, value) = cell.split_once([':', '：'])?;
            let value = value.trim();
            let kind = label(key).filter(|k| *k != Label::Contact)?;
            (!value.is_empty()).then_some((kind, value))
        }));
        if pairs.is_empty() {
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
                Label::Address => {
                    self.resume.basics.location.get_or_insert(Location {
                        text: Some(value.to_string()),
                        ..Location::default()
                    });
                }
                Label::Contact | Label::Personal => {}
            }
        }
        // The row's contact details, each read as the contact reader reads any.
        self.contact(line, number);
        true
    }
}

/// What a label inside an entry names ("公司：星河云", "Position | Engineer").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum EntryLabel {
    Organisation,
    Title,
    Area,
    Place,
    /// "时间", "Period": the dates, read from the line already.
    Dates,
    /// "Grade", "GPA": a column of no field of ours.
    Other,
}

const ENTRY_LABELS: &[(&str, EntryLabel)] = &[
    ("company", EntryLabel::Organisation),
    ("employer", EntryLabel::Organisation),
    ("organisation", EntryLabel::Organisation),
    ("organization", EntryLabel::Organisation),
    ("school", EntryLabel::Organisation),
    ("university", EntryLabel::Organisation),
    ("institution", EntryLabel::Organisation),
    ("entreprise", EntryLabel::Organisation),
    ("empresa", EntryLabel::Organisation),
    ("arbeitgeber", EntryLabel::Organisation),
    ("公司", EntryLabel::Organisation),
    ("公司名称", EntryLabel::Organisation),
    ("单位", EntryLabel::Organisation),
    ("工作单位", EntryLabel::Organisation),
    ("学校", EntryLabel::Organisation),
    ("院校", EntryLabel::Organisation),
    ("毕业院校", EntryLabel::Organisation),
    ("会社名", EntryLabel::Organisation),
    ("学校名称", EntryLabel::Organisation),
    ("毕业学校", EntryLabel::Organisation),
    ("就读学校", EntryLabel::Organisation),
    ("学校名", EntryLabel::Organisation),
    ("position", EntryLabel::Title),
    ("title", EntryLabel::Title),
    ("job title", EntryLabel::Title),
    ("role", EntryLabel::Title),
    ("degree", EntryLabel::Title),
    ("poste", EntryLabel::Title),
    ("puesto", EntryLabel::Title),
    ("职位", EntryLabel::Title),
    ("岗位", EntryLabel::Title),
    ("职务", EntryLabel::Title),
    ("学历", EntryLabel::Title),
    ("学位", EntryLabel::Title),
    ("役職", EntryLabel::Title),
    ("position held", EntryLabel::Title),
    ("担任职务", EntryLabel::Title),
    ("职位名称", EntryLabel::Title),
    ("岗位名称", EntryLabel::Title),
    ("工作岗位", EntryLabel::Title),
    ("所任职位", EntryLabel::Title),
    ("major", EntryLabel::Area),
    ("field of study", EntryLabel::Area),
    ("专业", EntryLabel::Area),
    ("所学专业", EntryLabel::Area),
    ("专业名称", EntryLabel::Area),
    ("専攻", EntryLabel::Area),
    ("studiengang", EntryLabel::Area),
    ("location", EntryLabel::Place),
    ("city", EntryLabel::Place),
    ("地点", EntryLabel::Place),
    ("城市", EntryLabel::Place),
    ("勤務地", EntryLabel::Place),
    ("所在地", EntryLabel::Place),
    ("dates", EntryLabel::Dates),
    ("period", EntryLabel::Dates),
    ("时间", EntryLabel::Dates),
    ("起止时间", EntryLabel::Dates),
    ("时间段", EntryLabel::Dates),
    ("期間", EntryLabel::Dates),
    // The other languages' column labels of table resumes ("Zeitraum | Arbeitgeber | Position").
    ("hochschule", EntryLabel::Organisation),
    ("universität", EntryLabel::Organisation),
    ("schule", EntryLabel::Organisation),
    ("firma", EntryLabel::Organisation),
    ("unternehmen", EntryLabel::Organisation),
    ("centro", EntryLabel::Organisation),
    ("universidad", EntryLabel::Organisation),
    ("employeur", EntryLabel::Organisation),
    ("établissement", EntryLabel::Organisation),
    ("école", EntryLabel::Organisation),
    ("pracodawca", EntryLabel::Organisation),
    ("uczelnia", EntryLabel::Organisation),
    ("szkoła", EntryLabel::Organisation),
    ("abschluss", EntryLabel::Title),
    ("funktion", EntryLabel::Title),
    ("título", EntryLabel::Title),
    ("cargo", EntryLabel::Title),
    ("diplôme", EntryLabel::Title),
    ("fonction", EntryLabel::Title),
    ("stanowisko", EntryLabel::Title),
    ("stopień", EntryLabel::Title),
    ("qualification", EntryLabel::Title),
    ("学部", EntryLabel::Area),
    ("subject", EntryLabel::Area),
    ("field", EntryLabel::Area),
    ("fach", EntryLabel::Area),
    ("studienfach", EntryLabel::Area),
    ("especialidad", EntryLabel::Area),
    ("carrera", EntryLabel::Area),
    ("spécialité", EntryLabel::Area),
    ("filière", EntryLabel::Area),
    ("kierunek", EntryLabel::Area),
    ("place", EntryLabel::Place),
    ("ort", EntryLabel::Place),
    ("ciudad", EntryLabel::Place),
    ("lugar", EntryLabel::Place),
    ("ville", EntryLabel::Place),
    ("lieu", EntryLabel::Place),
    ("miasto", EntryLabel::Place),
    ("date", EntryLabel::Dates),
    ("year", EntryLabel::Dates),
    ("years", EntryLabel::Dates),
    ("from", EntryLabel::Dates),
    ("to", EntryLabel::Dates),
    ("duration", EntryLabel::Dates),
    ("zeitraum", EntryLabel::Dates),
    ("periodo", EntryLabel::Dates),
    ("fechas", EntryLabel::Dates),
    ("période", EntryLabel::Dates),
    ("okres", EntryLabel::Dates),
    ("grade", EntryLabel::Other),
    ("gpa", EntryLabel::Other),
    ("note", EntryLabel::Other),
    ("成绩", EntryLabel::Other),
];

fn entry_label(cell: &str) -> Option<EntryLabel> {
    lookup(ENTRY_LABELS, cell)
}

/// What a table's column label names: the label itself ("Employer"), or a word of it that is
/// one ("Job Title", "Start date"). Only a short cell without digits can be a column's label.
fn column_label(cell: &str) -> Option<EntryLabel> {
    let cell = cell.trim();
    if cell.split_whitespace().count() > 3 || cell.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let key = label_key(cell);
    entry_label(cell)
        // A word of it ("Job Title", "Start date"), but not an organisation's word: "Lakeside
        // University" is a school, not the column of schools.
        .or_else(|| {
            cell.split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .filter_map(entry_label)
                .find(|kind| *kind != EntryLabel::Organisation)
        })
        // A short Han label holding one ("工作时间", "所在公司").
        .or_else(|| {
            (key.chars().count() <= 6 && key.chars().any(crate::domain::han::is_han))
                .then(|| {
                    ENTRY_LABELS
                        .iter()
                        .find(|(l, _)| !l.is_ascii() && key.contains(l))
                        .map(|(_, kind)| *kind)
                })
                .flatten()
        })
}

/// Whether `cell` could be a table's column label ("Degree", "Start date", "学历").
pub(super) fn names_column(cell: &str) -> bool {
    column_label(cell).is_some()
}

/// A table's row of column labels ("Period | Employer | Position | City", "起止时间 | 学校 |
/// 学历 | 专业"): what each column of the rows under it holds. `None` unless every cell is a
/// label and one names the organisation or the title.
pub(super) fn column_labels(line: &str) -> Option<Vec<EntryLabel>> {
    let cells = cells(line);
    let labels: Vec<EntryLabel> = cells
        .iter()
        .map(|c| column_label(c))
        .collect::<Option<_>>()?;
    (labels.len() >= 2
        && labels
            .iter()
            .any(|l| matches!(l, EntryLabel::Organisation | EntryLabel::Title)))
    .then_some(labels)
}

/// An entry's names given by labels: title, organisation, place, area.
#[derive(Debug, Default, PartialEq)]
pub(super) struct LabelledEntry {
    pub title: Option<String>,
    pub organisation: Option<String>,
    pub place: Option<String>,
    pub area: Option<String>,
}

/// The names of an entry written with labels, in cells ("公司 | 星河云 | 职位 | 工程师") or in one
/// ("公司：星河云 | 职位：工程师"); `None` unless a label names the organisation or the title.
pub(super) fn labelled_entry(text: &str) -> Option<LabelledEntry> {
    let cells = cells(text);
    let mut pairs = Vec::new();
    let mut i = 0;
    while i < cells.len() {
        let cell = &cells[i];
        if let Some(kind) = entry_label(cell) {
            // A label cell: its value is the next cell, unless that is a label too.
            if let Some(value) = cells.get(i + 1).filter(|v| entry_label(v).is_none()) {
                pairs.push((kind, value.as_str()));
                i += 2;
                continue;
            }
        } else if let Some((key, value)) = cell.split_once([':', '：']) {
            if let Some(kind) = entry_label(key) {
                pairs.push((kind, value));
            }
        }
        i += 1;
    }
    named(pairs)
}

/// A row under a row of column labels, read by its columns: each cell is what its column's
/// label names. The text has no empty cells, so only a row of one cell per column, or one
/// fewer where the last column (a place, an area) was left empty, says which cell is which.
/// `None` for other rows (a description, a row the table merged, an employer left empty), or
/// when no cell names an organisation or a title.
pub(super) fn entry_by_columns(columns: &[EntryLabel], line: &str) -> Option<LabelledEntry> {
    let cells = cells(line);
    let last_left_empty = cells.len() + 1 == columns.len()
        && matches!(
            columns.last(),
            Some(EntryLabel::Place | EntryLabel::Area | EntryLabel::Other)
        );
    if cells.len() < 2 || !(cells.len() == columns.len() || last_left_empty) {
        return None;
    }
    named(
        columns
            .iter()
            .copied()
            .zip(cells.iter().map(String::as_str))
            .collect(),
    )
}

/// An entry from what each value was labelled (the first value of a kind wins); `None` unless
/// one names the organisation or the title.
fn named(pairs: Vec<(EntryLabel, &str)>) -> Option<LabelledEntry> {
    let mut found = LabelledEntry::default();
    let mut named = false;
    for (kind, value) in pairs {
        let value = value.trim();
        let slot = match kind {
            _ if value.is_empty() => continue,
            EntryLabel::Organisation => &mut found.organisation,
            EntryLabel::Title => &mut found.title,
            EntryLabel::Area => &mut found.area,
            EntryLabel::Place => &mut found.place,
            EntryLabel::Dates | EntryLabel::Other => continue,
        };
        named |= matches!(kind, EntryLabel::Organisation | EntryLabel::Title);
        slot.get_or_insert_with(|| value.to_string());
    }
    named.then_some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_written_with_labels_is_read_by_them() {
        let both = LabelledEntry {
            title: Some("高级后端工程师".into()),
            organisation: Some("星河云科技有限公司".into()),
            ..LabelledEntry::default()
        };
        assert_eq!(
            labelled_entry("公司：星河云科技有限公司 | 职位：高级后端工程师"),
            Some(both)
        );
        let cells = labelled_entry(
            "Company | Fjordline Logistics | Position | Staff Engineer | City | Gothenburg",
        )
        .unwrap();
        assert_eq!(cells.organisation.as_deref(), Some("Fjordline Logistics"));
        assert_eq!(cells.title.as_deref(), Some("Staff Engineer"));
        assert_eq!(cells.place.as_deref(), Some("Gothenburg"));
        // No label: not a labelled entry; a label of the dates alone names nothing.
        assert_eq!(labelled_entry("Fjordline Logistics | Staff Engineer"), None);
        assert_eq!(labelled_entry("时间 | 2020.07"), None);
    }
}
