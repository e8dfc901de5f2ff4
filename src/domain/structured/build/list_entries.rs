//! Lines inside a section of list items (skills, languages, interests, references): an item
//! per line or bullet, `Group: a, b` groups, and skills set in columns or under group headings.

use super::Builder;
use crate::domain::structured::headings::is_contact;
use crate::domain::structured::lines::{bullet, holds_list, is_capitals, plain, split_keywords};
use crate::domain::structured::model::Confidence::Medium;
use crate::domain::structured::model::{Field, SectionKind};

impl Builder {
    /// Skills, languages, interests, references: a line or bullet per item; under a `###`
    /// heading, bullets belong to that heading's entry.
    pub(super) fn list_body(&mut self, line: &str, number: usize) {
        let item = plain(bullet(line).unwrap_or(line));
        let in_skills = self.in_section(SectionKind::Skills);
        if in_skills && self.skill_row(&item, number) {
            return;
        }
        if self.entry_from_heading {
            if let Some(entry) = self.entry_mut() {
                // In the skills a group's line is its keywords ("AWS · Terraform").
                let keywords = if in_skills {
                    split_keywords(&item)
                } else {
                    vec![item.clone()]
                };
                if keywords.len() > 1 {
                    entry.keywords.extend(keywords);
                    return;
                }
                entry.keywords.push(item.clone());
                entry
                    .highlights
                    .push(Field::new(item, Medium, Some(number)));
                return;
            }
        }
        let is_language = self.in_section(SectionKind::Languages);
        let is_references = self.in_section(SectionKind::References);
        let entry = self.new_entry(number);
        if let Some((name, rest)) = item
            .split_once([':', '：'])
            .filter(|(n, _)| n.chars().count() <= 40)
        {
            entry.title = Some(Field::new(name.trim().to_string(), Medium, Some(number)));
            entry.keywords = split_keywords(rest);
        } else if let Some((name, detail)) = item
            .strip_suffix(')')
            .and_then(|s| s.split_once(" ("))
            .filter(|_| is_language)
        {
            entry.title = Some(Field::new(name.trim().to_string(), Medium, Some(number)));
            entry.detail = Some(Field::new(detail.trim().to_string(), Medium, Some(number)));
        } else if let Some((said, name)) = item
            .rsplit_once(" — ")
            .filter(|(_, n)| is_references && n.split_whitespace().count() <= 6)
        {
            // "What they said — Who said it", as the JSON Resume import writes a reference.
            entry.title = Some(Field::new(name.trim().to_string(), Medium, Some(number)));
            entry
                .text
                .push(Field::new(said.trim().to_string(), Medium, Some(number)));
        } else {
            entry.title = Some(Field::new(item, Medium, Some(number)));
        }
    }

    /// A heading inside the skills that names one group of them, not a section: keyword lines
    /// only up to the next heading, a short name, and either no known section's name, or right
    /// under the skills heading itself ("Skills", then "Languages" over "Python · SQL"), or set
    /// unlike the section headings ("Languages" under "SKILLS": a document sets its sections'
    /// names alike).
    pub(super) fn skill_group_heading(&self, kind: Option<&SectionKind>, title: &str) -> bool {
        let Some(section) = self.resume.sections.last() else {
            return false;
        };
        section.kind == SectionKind::Skills
            && self.keywords_ahead
            && title.split_whitespace().count() <= 3
            && !is_contact(title)
            && kind != Some(&SectionKind::Skills)
            && (kind.is_none()
                || section.entries.is_empty()
                || is_capitals(&section.title) && !is_capitals(title))
    }

    /// A row of the skills set in columns (cells parted by tabs): a row of group names over a
    /// row of their keyword lists opens one group per column, and the rows under it give each
    /// column's cell to its group; other rows are an item per cell. False for a line without
    /// tabs, which is read as any list line.
    pub(super) fn skill_row(&mut self, item: &str, number: usize) -> bool {
        let cells: Vec<&str> = item
            .split('\t')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        if cells.len() < 2 {
            self.skill_grid = None;
            return false;
        }
        let section_len = self.resume.sections.last().map_or(0, |s| s.entries.len());
        if let Some((first, _)) = self.skill_grid.filter(|(_, n)| *n == cells.len()) {
            if let Some(section) = self.resume.sections.last_mut() {
                for (entry, cell) in section.entries[first..].iter_mut().zip(&cells) {
                    entry.keywords.extend(split_keywords(cell));
                }
                return true;
            }
        }
        self.skill_grid = None;
        let next_line = plain(&self.next_line);
        let next: Vec<&str> = next_line
            .split('\t')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        let names = cells
            .iter()
            .all(|c| !holds_list(c) && c.split_whitespace().count() <= 3);
        let lists_under = next.len() == cells.len() && next.iter().any(|c| holds_list(c));
        if names && lists_under {
            for cell in &cells {
                self.new_entry(number).title =
                    Some(Field::new(cell.to_string(), Medium, Some(number)));
            }
            self.skill_grid = Some((section_len, cells.len()));
            return true;
        }
        for cell in &cells {
            self.new_entry(number).title = Some(Field::new(cell.to_string(), Medium, Some(number)));
        }
        true
    }
}
