//! Resume text → [`StructuredResume`]. The text is what the app holds after any import:
//! Markdown (`#`/`##` sections, `###` entries), PDF and DOCX text (now with Markdown headings),
//! or plain text with capitalised or colon-ended headings. Sections come from heading names,
//! entries from `###`/bold lines or from lines that carry a date range, highlights from bullets.

use super::dates::find_range;
use super::degrees::{degree_and_area_of, degree_then_area, is_degree};
use super::headings::{is_contact, section_kind};
use super::lines::{
    bare_date_line, bold_line, bullet, capitalised_name, clean_part, heading_level, holds_list,
    icon_letter, is_capitals, is_phone, is_rule, is_school, keyword_line, link, plain,
    plain_heading, profile, split_keywords, split_title, titled_date_line, without_duration,
    without_icon_label,
};
use super::model::StructuredResume;
use super::model::{Confidence, Entry, Field, Location, Section, SectionKind};

pub use super::json::from_json_resume;

use Confidence::{High, Low, Medium};

/// Builds the structured resume from resume text. Never fails: what is not understood stays as
/// free text of the nearest entry, or in an `Other` section.
pub fn from_text(text: &str) -> StructuredResume {
    let lines: Vec<&str> = text.lines().collect();
    // Headings written as Markdown (`## Experience`, as the PDF and DOCX readers mark a line
    // set as a heading): then the text marks all of them.
    let headings_marked = lines.iter().any(|l| {
        let (level, text) = heading_level(l.trim());
        (1..=3).contains(&level) && section_kind(text).is_some()
    });
    let mut b = Builder {
        wrap_width: wrap_width(&lines),
        headings_marked,
        ..Builder::default()
    };
    // YAML front matter (`---` … `---` at the top) is metadata, not resume text.
    let front_matter_end = match lines.iter().position(|l| !l.trim().is_empty()) {
        Some(first) if lines[first].trim() == "---" => lines[first + 1..]
            .iter()
            .position(|l| l.trim() == "---")
            .map_or(0, |close| first + close + 2),
        _ => 0,
    };
    // Front matter may name the person (`name: Ada Quill`): the name, when no heading gives one.
    let front_name = lines[..front_matter_end].iter().find_map(|l| {
        l.strip_prefix("name:")
            .map(|n| n.trim().trim_matches(['"', '\'']).to_string())
            .filter(|n| !n.is_empty())
    });
    for (index, raw) in lines.iter().enumerate().skip(front_matter_end) {
        let number = index + 1;
        let line = raw.trim();
        if line.starts_with("```") {
            // A fence line only; some resumes sit whole inside a ```text block, so the text
            // inside a fence is read like any other.
            continue;
        }
        if line.is_empty() || is_rule(line) {
            continue;
        }
        // A Setext heading: a line underlined with `---` or `===`.
        let underlined = lines.get(index + 1).is_some_and(|next| {
            let next = next.trim();
            next.len() >= 3 && (next.chars().all(|c| c == '-') || next.chars().all(|c| c == '='))
        });
        if underlined && bullet(line).is_none() && heading_level(line).0 == 0 {
            let level = if lines[index + 1].trim().starts_with('=') {
                1
            } else {
                2
            };
            b.line(&format!("{} {line}", "#".repeat(level)), number, false);
            continue;
        }
        let next_has_date = lines[index + 1..]
            .iter()
            .map(|l| l.trim())
            .find(|l| !l.is_empty() && !is_rule(l))
            .is_some_and(|l| bullet(l).is_none() && heading_level(l).0 == 0 && bare_date_line(l));
        // A date within the next few lines: an unknown heading inside a section of dated
        // entries is then an entry's title (themes set job titles large), not a section.
        // The next line is a title with its dates after a tab ("Staff Engineer\tSep 2021 –
        // Present"): a short line over it names the same entry (moderncv's banking style sets
        // the employer and place over the title and dates).
        b.titled_date_next = lines[index + 1..]
            .iter()
            .map(|l| l.trim())
            .find(|l| !l.is_empty() && !is_rule(l))
            .is_some_and(titled_date_line);
        b.date_ahead = lines[index + 1..]
            .iter()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty() && !is_rule(l))
            .take(3)
            .any(|l| heading_level(l).0 == 0 && find_range(l).is_some());
        // The lines up to the next heading are all keywords: a heading over them inside the
        // skills is a group's name. The next line, for a row of group names over their lists.
        let ahead: Vec<&str> = lines[index + 1..]
            .iter()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty() && !is_rule(l))
            .take_while(|l| heading_level(l).0 == 0)
            .take(12)
            .collect();
        b.keywords_ahead = !ahead.is_empty() && ahead.iter().all(|l| keyword_line(l));
        b.next_line = ahead.first().map(|l| l.to_string()).unwrap_or_default();
        b.line(line, number, next_has_date);
    }
    if let (None, Some(name)) = (&b.resume.basics.name, front_name) {
        let line = lines
            .iter()
            .position(|l| l.starts_with("name:"))
            .map(|i| i + 1);
        b.resume.basics.name = Some(Field::new(name, Medium, line));
    }
    b.finish()
}

#[derive(Default)]
struct Builder {
    resume: StructuredResume,
    /// Before the first section: the header with name, headline and contact.
    in_header: bool,
    started: bool,
    contact_section: bool,
    /// The current entry came from a heading or bold line and has only its title so far.
    entry_from_heading: bool,
    /// The current entry came from a dated bullet: the next dated bullet is another entry.
    entry_from_bullet: bool,
    /// The source line the last highlight ended on, so a wrapped bullet's next line joins it.
    highlight_end: Option<usize>,
    /// That line's length in characters.
    highlight_tail: usize,
    /// How long the text's full lines are (a wrapped line fills about this width).
    wrap_width: usize,
    /// One of the next three lines carries a date (set before each line).
    date_ahead: bool,
    /// A table's header row, waiting for the entry of the first row.
    table_header: Option<(String, usize)>,
    /// The next line is a title with its dates after a tab (set before each line).
    titled_date_next: bool,
    /// The current entry was opened by a line over a titled date line: that line's number, its
    /// name and the place after its tab (`Employer\tPlace`).
    over_titled_date: Option<(usize, String, Option<String>)>,
    /// The section's first entry was `Employer\tPlace` over `Title\tDates`: the others are too.
    employer_over_title: bool,
    /// The text marks its section headings (`## Experience`): a bare short line is none.
    headings_marked: bool,
    /// The lines up to the next heading are keywords only (set before each line).
    keywords_ahead: bool,
    /// The next line with text before the next heading (set before each line).
    next_line: String,
    /// A row of skill group names was read: the first group's index in the section and how
    /// many columns, so each cell of the rows under it goes to its column's group.
    skill_grid: Option<(usize, usize)>,
}

impl Builder {
    fn line(&mut self, line: &str, number: usize, next_has_date: bool) {
        if !self.started {
            self.started = true;
            self.in_header = true;
        }
        let (level, heading) = heading_level(line);
        if level > 0 {
            return self.heading(level, heading, number);
        }
        if let Some(kind) =
            plain_heading(line, self.headings_marked).filter(|_| bullet(line).is_none())
        {
            return self.open_section(
                kind,
                &plain(line.trim_end_matches([':', '：'])),
                number,
                Medium,
            );
        }
        if self.in_header && find_range(line).is_some_and(|(r, _)| r.end.is_some() || r.present) {
            // A dated line ends the header even without a heading (text without headings).
            self.in_header = false;
        }
        if self.in_header || self.contact_section {
            match self.contact(line, number) {
                Some(rest) if rest.is_empty() => return,
                // A line with contact details and other parts ("Leeds, UK | +44 …"): the
                // other parts are read on their own.
                Some(rest) if self.in_header => {
                    for part in rest {
                        self.header_text(&part, number);
                    }
                    return;
                }
                _ => {}
            }
            if self.in_header {
                return self.header_text(line, number);
            }
        }
        self.body(line, number, next_has_date);
    }

    fn heading(&mut self, level: usize, text: &str, number: usize) {
        let title = plain(text);
        if level == 1 && self.resume.basics.name.is_none() && self.resume.sections.is_empty() {
            // "Ada Quill | Staff Engineer": a name and its headline on one title line.
            let (name, headline) = match title.split_once(" | ") {
                Some((name, rest))
                    if name.split_whitespace().count() <= 4
                        && !name.chars().any(|c| c.is_ascii_digit()) =>
                {
                    (name.trim().to_string(), Some(rest.trim().to_string()))
                }
                _ => (title, None),
            };
            self.resume.basics.name = Some(Field::new(name, High, Some(number)));
            if let Some(headline) = headline.filter(|h| !h.is_empty()) {
                self.resume.basics.label = Some(Field::new(headline, Medium, Some(number)));
            }
            return;
        }
        // A two-column layout may put the headline before the name: a `#` heading in the header
        // is the name, and the line guessed as the name is the headline.
        if level == 1 && self.in_header && self.resume.sections.is_empty() && self.name_is_guess() {
            self.promote_name(title, High, number);
            return;
        }
        let in_dated_section = self.resume.sections.last().is_some_and(|s| {
            s.kind.has_dated_entries() && !matches!(s.kind, SectionKind::Other(_))
        });
        if in_dated_section && sub_label(&title).is_some() {
            if let Some(entry) = self.entry_mut() {
                // "Highlights" over a job's bullets: a label inside the entry, kept as its text.
                entry.text.push(Field::new(title, Low, Some(number)));
                return;
            }
        }
        let in_education = self.in_section(SectionKind::Education);
        let kind = if level <= 2 {
            // A school set as a heading in education ("… Institute of Technology" is not the
            // skills section) is the next degree.
            section_kind(text).filter(|_| !(in_education && self.date_ahead && is_school(&title)))
        } else {
            // A deep heading is an entry unless it is exactly a section name.
            section_kind(text).filter(|_| {
                title.split_whitespace().count() <= 2
                    && self
                        .resume
                        .sections
                        .last()
                        .is_none_or(|s| matches!(s.kind, SectionKind::Other(_)))
            })
        };
        if level <= 2 && self.skill_group_heading(kind.as_ref(), &title) {
            // A skills group set as a heading ("## Cloud" over "AWS · Terraform").
            self.new_entry(number).title = Some(Field::new(title, Medium, Some(number)));
            self.entry_from_heading = true;
            return;
        }
        if let Some(kind) = kind {
            return self.open_section(kind, &title, number, High);
        }
        if is_contact(text) {
            self.contact_section = true;
            self.in_header = false;
            return;
        }
        if level <= 2 && in_dated_section && self.date_ahead {
            self.new_entry_from_line(text, number, Low);
            self.entry_from_heading = true;
            return;
        }
        if level <= 2 {
            if self.in_header
                && self.resume.basics.label.is_none()
                && self.resume.basics.name.is_some()
            {
                self.resume.basics.label = Some(Field::new(title, Medium, Some(number)));
                return;
            }
            return self.open_section(SectionKind::Other(title.clone()), &title, number, Medium);
        }
        self.new_entry_from_line(text, number, Medium);
        self.entry_from_heading = true;
    }

    /// A heading inside the skills that names one group of them, not a section: keyword lines
    /// only up to the next heading, a short name, and either no known section's name, or right
    /// under the skills heading itself ("Skills", then "Languages" over "Python · SQL"), or set
    /// unlike the section headings ("Languages" under "SKILLS": a document sets its sections'
    /// names alike).
    fn skill_group_heading(&self, kind: Option<&SectionKind>, title: &str) -> bool {
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

    fn open_section(
        &mut self,
        kind: SectionKind,
        title: &str,
        number: usize,
        confidence: Confidence,
    ) {
        self.in_header = false;
        self.contact_section = false;
        self.entry_from_heading = false;
        self.employer_over_title = false;
        self.skill_grid = None;
        self.resume.sections.push(Section {
            kind,
            title: title.to_string(),
            line: Some(number),
            confidence,
            entries: Vec::new(),
        });
    }

    /// Reads e-mail, phone, links from a header or contact line: `None` when the line has none,
    /// else the parts of it that were something else (empty when it was only contact details).
    fn contact(&mut self, line: &str, number: usize) -> Option<Vec<String>> {
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
            if value.contains('@')
                && value.contains('.')
                && !value.contains(' ')
                && !value.starts_with('@')
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
    fn name_is_guess(&self) -> bool {
        self.resume
            .basics
            .name
            .as_ref()
            .is_some_and(|n| n.confidence == Low)
    }

    /// A surer name replaces a guessed one, which becomes the headline when there is none.
    fn promote_name(&mut self, name: String, confidence: Confidence, number: usize) {
        let basics = &mut self.resume.basics;
        let guessed = basics.name.take();
        if basics.label.is_none() {
            basics.label = guessed;
        }
        basics.name = Some(Field::new(name, confidence, Some(number)));
    }

    fn header_text(&mut self, line: &str, number: usize) {
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
            "简历",
            "履歴書",
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

    fn body(&mut self, line: &str, number: usize, next_has_date: bool) {
        // A sidebar's contact lines may sit under another heading ("About"): an address or a
        // phone alone on its line is the person's, while basics has none.
        let alone = plain(line);
        let basics = &mut self.resume.basics;
        if basics.email.is_none()
            && !alone.contains(char::is_whitespace)
            && alone.contains('@')
            && alone.contains('.')
            && !alone.starts_with('@')
        {
            basics.email = Some(Field::new(alone, Medium, Some(number)));
            return;
        }
        if basics.phone.is_none() && is_phone(&alone) && alone.starts_with('+') {
            basics.phone = Some(Field::new(alone, Medium, Some(number)));
            return;
        }
        if self.resume.sections.is_empty() {
            self.open_section(SectionKind::Other(String::new()), "", number, Low);
        }
        let kind = self
            .resume
            .sections
            .last()
            .map(|s| s.kind.clone())
            .unwrap_or(SectionKind::Summary);
        if kind == SectionKind::Summary {
            let text = plain(bullet(line).unwrap_or(line));
            let basics = &mut self.resume.basics;
            match &mut basics.summary {
                Some(summary) if summary.confidence != Low => {
                    summary.value.push('\n');
                    summary.value.push_str(&text);
                }
                _ => basics.summary = Some(Field::new(text.clone(), Medium, Some(number))),
            }
            return self.push_text(text, number);
        }
        if kind.has_dated_entries() {
            return self.dated_body(line, number, next_has_date);
        }
        self.list_body(line, number);
    }

    fn dated_body(&mut self, line: &str, number: usize, next_has_date: bool) {
        if is_table_header(line) && self.date_ahead {
            // "Degree | Institution | Dates" over rows of degrees: the column names, no entry.
            // Kept as the first row's text, so the export still carries every word.
            self.table_header = Some((plain(line), number));
            return;
        }
        if let Some(item) = bullet(line) {
            // A bullet list of dated positions ("2 years as X at Y from 2014 to today").
            let full_range = find_range(item).is_some_and(|(r, _)| r.end.is_some() || r.present);
            // Awards, certificates, publications as a bullet list: one entry per bullet.
            let listed = matches!(
                self.resume.sections.last().map(|s| &s.kind),
                Some(SectionKind::Awards | SectionKind::Certificates | SectionKind::Publications)
            ) && !self.entry_from_heading
                && (self.entry_from_bullet || !self.entry_came_from_line());
            if listed || full_range && (self.entry_from_bullet || self.entry_mut().is_none()) {
                self.new_entry_from_line(item, number, Low);
                self.entry_from_bullet = true;
                return;
            }
            let item = plain(item);
            match self.entry_mut() {
                Some(entry) => entry
                    .highlights
                    .push(Field::new(item, Medium, Some(number))),
                None => {
                    let entry = self.new_entry(number);
                    entry.highlights.push(Field::new(item, Low, Some(number)));
                }
            };
            self.highlight_end = Some(number);
            self.highlight_tail = line.chars().count();
            return;
        }
        if self.continues_highlight(line, number, next_has_date) {
            return;
        }
        let complete = self
            .entry_mut()
            .is_none_or(|e| e.dates.is_some() || !e.highlights.is_empty());
        // A lone year in a long sentence ("cited over 2000 times") is no entry's date, except in
        // publications, where a long line with a year is one publication.
        let publications = self.in_section(SectionKind::Publications);
        let dated = find_range(line).filter(|(r, span)| {
            // "2012. Guest Lecturer, …": a year that opens the line, set off by a mark.
            let leads = span.start == 0
                && line[span.end..]
                    .trim_start()
                    .starts_with(['.', ':', ',', '|', '\t']);
            publications
                || leads
                || r.end.is_some()
                || r.present
                || r.start.is_some_and(|d| d.month.is_some())
                || line.split_whitespace().count() <= 12
        });
        if let Some((range, span)) = dated {
            let waiting = self
                .entry_mut()
                .is_some_and(|e| e.dates.is_none() && e.highlights.is_empty());
            let over = self.over_titled_date.take();
            if let Some((n, name, place)) = over.filter(|_| waiting && titled_date_line(line)) {
                if n + 1 == number {
                    return self.title_under_employer(line, span, range, number, (name, place));
                }
            }
            if waiting {
                let after = without_duration(&line[span.end..]);
                let rest = format!("{} {after}", &line[..span.start]);
                let rest = clean_part(&plain(&rest));
                let entry = self.entry_mut().expect("waiting implies an entry");
                entry.dates = Some(Field::new(range, Medium, Some(number)));
                if !rest.is_empty() {
                    if entry.title.is_none() {
                        let (title, org, place) = split_title(&rest);
                        entry.title = title.map(|t| Field::new(t, Low, Some(number)));
                        entry.organisation = entry
                            .organisation
                            .take()
                            .or(org.map(|o| Field::new(o, Low, Some(number))));
                        entry.location = place.map(|p| Field::new(p, Low, Some(number)));
                    } else if entry.location.is_none() && rest.split_whitespace().count() <= 4 {
                        entry.location = Some(Field::new(rest, Low, Some(number)));
                    } else {
                        entry.text.push(Field::new(rest, Low, Some(number)));
                    }
                }
                self.entry_from_heading = false;
                return;
            }
            self.new_entry_from_line(line, number, Medium);
            self.entry_from_heading = false;
            return;
        }
        if let Some(bold) = bold_line(line) {
            let only_title = self.entry_from_heading
                && self
                    .entry_mut()
                    .is_some_and(|e| e.organisation.is_none() && e.text.is_empty());
            if only_title {
                let entry = self.entry_mut().expect("only_title implies an entry");
                entry.organisation = Some(Field::new(plain(bold), Low, Some(number)));
                return;
            }
            self.new_entry_from_line(line, number, Medium);
            self.entry_from_heading = true;
            return;
        }
        // Undated degrees, each with its bullets: a plain line after the bullets is the next
        // degree (a wrapped bullet was joined above; "GPA: 4.0" lines stay with their degree).
        let in_education = self.in_section(SectionKind::Education);
        let after_bullets = self.entry_mut().is_some_and(|e| !e.highlights.is_empty());
        let labelled = line.split_once(':').is_some_and(|(key, _)| {
            key.split_whitespace().count() <= 2 && key.chars().count() <= 24
        });
        if in_education && after_bullets && !labelled && line.split_whitespace().count() <= 16 {
            self.new_entry_from_line(line, number, Low);
            return;
        }
        if complete && next_has_date {
            self.new_entry_from_line(line, number, Low);
            return;
        }
        // `Employer\tPlace` over `Title\tDates`: a short line that is no sentence, no label
        // and no bullet, with a place after a tab, written as a name (its longer words
        // capitalised) or naming a school, opens the entry the next line dates. A highlight in sentence case, or
        // one in a script without case and no tab, stays the last entry's text.
        let short_name = line.split_whitespace().count() <= 8
            && !line.trim_end().ends_with(['.', ':', ';', '。', '：'])
            && !line.contains(": ")
            && find_range(line).is_none()
            && (line.contains('\t')
                || capitalised_name(line)
                || self.in_section(SectionKind::Education) && is_school(line)
                // In a section already read so, a name in a script without case ("远帆软件").
                || self.employer_over_title && !line.chars().any(|c| c.is_lowercase() || c.is_uppercase()));
        // Only where the section's first entry was written so: other layouts put the last
        // entry's short lines (its title, a degree's area) over the next `Employer\tDates`.
        let first_in_section = self
            .resume
            .sections
            .last()
            .is_some_and(|s| s.entries.is_empty());
        if complete
            && self.titled_date_next
            && short_name
            && (first_in_section || self.employer_over_title)
        {
            self.new_entry_from_line(line, number, Low);
            let (name, place) = match plain(line).split_once('\t') {
                Some((name, place)) => (clean_part(name), Some(clean_part(place))),
                None => (clean_part(&plain(line)), None),
            };
            self.over_titled_date = Some((number, name, place));
            return;
        }
        let text = plain(line);
        let from_heading = self.entry_from_heading;
        let is_education = self.in_section(SectionKind::Education);
        if text.contains("---") {
            // `Title ------ Place` leader lines: one entry each.
            return self.new_entry_from_line(line, number, Low);
        }
        match self.entry_mut() {
            Some(entry)
                if from_heading
                    && entry.organisation.is_none()
                    && entry.title.is_some()
                    && entry.dates.is_none()
                    && entry.text.is_empty()
                    && text.split_whitespace().count() <= 6 =>
            {
                let title_is_school = entry.title.as_ref().is_some_and(|t| is_school(&t.value));
                if is_education && title_is_school && !is_school(&text) {
                    // A school set as the heading, the degree under it ("MSc in Physics").
                    let (degree, area) = degree_and_area_of(&text);
                    entry.organisation = entry.title.take();
                    entry.title = Some(Field::new(degree, Low, Some(number)));
                    entry.detail = area.map(|a| Field::new(a, Low, Some(number)));
                } else {
                    entry.organisation = Some(Field::new(text, Low, Some(number)));
                }
            }
            // A school heading read as the organisation already: the degree under it.
            Some(entry)
                if from_heading
                    && is_education
                    && entry.title.is_none()
                    && entry.organisation.is_some()
                    && entry.dates.is_none()
                    && entry.text.is_empty()
                    && text.split_whitespace().count() <= 8 =>
            {
                let (degree, area) = degree_and_area_of(&text);
                entry.title = Some(Field::new(degree, Low, Some(number)));
                entry.detail = area.map(|a| Field::new(a, Low, Some(number)));
            }
            // The line right under `Title  Dates`: the organisation (and place).
            Some(entry)
                if entry.line == Some(number - 1)
                    && entry.dates.is_some()
                    && entry.highlights.is_empty()
                    && entry.text.is_empty()
                    && text.split_whitespace().count() <= 14 =>
            {
                let org_is_school = entry
                    .organisation
                    .as_ref()
                    .is_some_and(|o| is_school(&o.value));
                if entry.organisation.is_none() {
                    entry.organisation = Some(Field::new(text, Low, Some(number)));
                } else if is_education && org_is_school && entry.title.is_none() {
                    // `School  Dates` over `MSc Computer Science`: the degree and its area.
                    let (degree, area) = degree_and_area_of(&text);
                    entry.title = Some(Field::new(degree, Low, Some(number)));
                    entry.detail = area.map(|a| Field::new(a, Low, Some(number)));
                } else if is_education && is_school(&text) && !org_is_school {
                    entry.detail = entry.organisation.take();
                    entry.organisation = Some(Field::new(text, Low, Some(number)));
                } else if entry.location.is_none() && is_place(&text) {
                    entry.location = Some(Field::new(text, Low, Some(number)));
                } else {
                    entry.text.push(Field::new(text, Medium, Some(number)));
                }
            }
            // `School  Dates` / `Computer Science` / `MSc`: the area came first, the degree under.
            Some(entry)
                if is_education
                    && is_degree(&text)
                    && text.split_whitespace().count() <= 3
                    && entry.detail.is_none()
                    && entry.highlights.is_empty()
                    && entry.title.as_ref().is_some_and(|t| !is_degree(&t.value)) =>
            {
                entry.detail = entry.title.take();
                entry.title = Some(Field::new(text, Low, Some(number)));
            }
            Some(entry) => entry.text.push(Field::new(text, Medium, Some(number))),
            None => {
                let entry = self.new_entry(number);
                entry.title = Some(Field::new(text, Low, Some(number)));
            }
        }
    }

    /// `Title\tDates` under the line that opened the entry (`Employer\tPlace`, or a school): the
    /// line above names the organisation (and after its tab the place), this one the title, or
    /// in education the degree and its area. Which of the two is the job is decided for the
    /// whole section afterwards (roles.rs), as for any entry.
    fn title_under_employer(
        &mut self,
        line: &str,
        span: std::ops::Range<usize>,
        range: super::dates::DateRange,
        number: usize,
        (name, place): (String, Option<String>),
    ) {
        let is_education = self.in_section(SectionKind::Education);
        let title = clean_part(&plain(&line[..span.start]));
        let entry = self.entry_mut().expect("waiting implies an entry");
        let opened = entry.line;
        entry.organisation = Some(Field::new(name, Low, opened));
        entry.location = place
            .filter(|p| !p.is_empty())
            .map(|p| Field::new(p, Low, opened));
        if is_education {
            let (degree, area) = degree_and_area_of(&title);
            entry.title = Some(Field::new(degree, Low, Some(number)));
            entry.detail = area.map(|a| Field::new(a, Low, Some(number)));
        } else {
            entry.title = Some(Field::new(title, Low, Some(number)));
        }
        entry.dates = Some(Field::new(range, Medium, Some(number)));
        self.entry_from_heading = false;
        if self
            .resume
            .sections
            .last()
            .is_some_and(|s| s.entries.len() == 1)
        {
            self.employer_over_title = true;
        }
    }

    /// A line that carries on the bullet above it across a wrap (PDF and DOCX text keep the
    /// wraps): it joins that highlight. A wrap starts in lower case, or follows a long bullet
    /// that has not ended its sentence; a dated, tabbed or bold line is never one.
    fn continues_highlight(&mut self, line: &str, number: usize, next_has_date: bool) -> bool {
        let labelled = line.split_once(':').is_some_and(|(key, _)| {
            key.split_whitespace().count() <= 2 && key.chars().count() <= 24
        });
        // Over a `Title\tDates` line in a section of `Employer` over `Title\tDates`, a line
        // is the next employer, however long the bullet before it.
        let names_next = self.titled_date_next && self.employer_over_title;
        if self.highlight_end != Some(number.saturating_sub(1))
            || labelled
            || line.contains('\t')
            || next_has_date
            || names_next
            || bold_line(line).is_some()
            || find_range(line).is_some_and(|(r, _)| r.end.is_some() || r.present)
        {
            return false;
        }
        let text = plain(line);
        // In education, a line naming a school opens the next degree, however long the last
        // bullet was.
        let in_education = self.in_section(SectionKind::Education);
        let long_tail = self.highlight_tail >= 50.max(self.wrap_width * 8 / 10);
        let Some(last) = self.entry_mut().and_then(|e| e.highlights.last_mut()) else {
            return false;
        };
        let previous = last.value.trim_end();
        let lower = text.chars().next().is_some_and(char::is_lowercase);
        let unfinished =
            long_tail && !previous.ends_with(['.', '!', '?', ':', ';', '。', '！', '？', '：']);
        if !(lower || unfinished) || (!lower && in_education && is_school(&text)) {
            return false;
        }
        let hyphenated = previous.ends_with('-')
            && previous
                .chars()
                .rev()
                .nth(1)
                .is_some_and(char::is_lowercase)
            && lower;
        let mut joined = previous.to_string();
        if hyphenated {
            joined.pop();
        } else {
            joined.push(' ');
        }
        joined.push_str(text.trim());
        last.value = joined;
        self.highlight_end = Some(number);
        self.highlight_tail = line.chars().count();
        true
    }

    /// Skills, languages, interests, references: a line or bullet per item; under a `###`
    /// heading, bullets belong to that heading's entry.
    fn list_body(&mut self, line: &str, number: usize) {
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

    /// A row of the skills set in columns (cells parted by tabs): a row of group names over a
    /// row of their keyword lists opens one group per column, and the rows under it give each
    /// column's cell to its group; other rows are an item per cell. False for a line without
    /// tabs, which is read as any list line.
    fn skill_row(&mut self, item: &str, number: usize) -> bool {
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

    /// True when the current entry was started by a line of its own (a dated line), so bullets
    /// under it are its highlights.
    fn entry_came_from_line(&mut self) -> bool {
        self.entry_mut()
            .is_some_and(|e| e.title.is_some() && e.highlights.iter().all(|h| h.line != e.line))
    }

    fn push_text(&mut self, text: String, number: usize) {
        let entry = match self.entry_mut() {
            Some(entry) => entry,
            None => self.new_entry(number),
        };
        entry.text.push(Field::new(text, Medium, Some(number)));
    }

    /// Whether the section being read is of `kind`.
    fn in_section(&self, kind: SectionKind) -> bool {
        self.resume.sections.last().is_some_and(|s| s.kind == kind)
    }

    fn entry_mut(&mut self) -> Option<&mut Entry> {
        self.resume.sections.last_mut()?.entries.last_mut()
    }

    fn new_entry(&mut self, number: usize) -> &mut Entry {
        self.entry_from_heading = false;
        self.entry_from_bullet = false;
        if self.resume.sections.is_empty() {
            self.open_section(SectionKind::Other(String::new()), "", number, Low);
        }
        let section = self
            .resume
            .sections
            .last_mut()
            .expect("a section was just ensured");
        let header = self
            .table_header
            .take()
            .map(|(text, line)| Field::new(text, Low, Some(line)));
        section.entries.push(Entry {
            line: Some(number),
            text: header.into_iter().collect(),
            ..Entry::default()
        });
        section.entries.last_mut().expect("just pushed")
    }

    /// An entry from a heading, bold or dated line: dates out, then title / organisation / place.
    fn new_entry_from_line(&mut self, line: &str, number: usize, confidence: Confidence) {
        let is_education = self.in_section(SectionKind::Education);
        // "Title — By (2014-11): what it was for": the words after the date's colon are text.
        let mut said = None;
        let (dates, rest) = match find_range(line) {
            Some((range, span)) => {
                let after = line[span.end..].trim_start_matches(')').trim_start();
                match after
                    .strip_prefix(':')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                {
                    Some(text) if span.start > 0 => {
                        said = Some(plain(text));
                        (Some(range), line[..span.start].to_string())
                    }
                    _ => (
                        Some(range),
                        format!("{} {}", &line[..span.start], &line[span.end..]),
                    ),
                }
            }
            None => (None, line.to_string()),
        };
        let url = link(&rest);
        // `**Title** [Org](url)`: the bold part is the title, the rest the organisation.
        let (title, org, place) = match rest
            .trim()
            .strip_prefix("**")
            .and_then(|s| s.split_once("**"))
        {
            Some((bold, after)) if !clean_part(&plain(after)).is_empty() => (
                Some(clean_part(bold)),
                Some(clean_part(&plain(after))),
                None,
            ),
            _ => split_title(&clean_part(&plain(&rest))),
        };
        let (title, org) = if is_education
            && title.as_deref().is_some_and(is_school)
            && !org.as_deref().is_some_and(is_school)
        {
            (org, title)
        } else {
            (title, org)
        };
        // "BSc, Computer Science — State University": degree, area, then the school.
        let (org, place, area) = if is_education
            && place.as_deref().is_some_and(is_school)
            && !org.as_deref().is_some_and(is_school)
        {
            (place, None, org)
        } else {
            (org, place, None)
        };
        // "Computer Science, MSc, Chalmers": the area was written before the degree.
        let (title, area) = match (title, area) {
            (Some(t), Some(a)) if is_education && is_degree(&a) && !is_degree(&t) => {
                (Some(a), Some(t))
            }
            // "PhD Computer Science": an abbreviated degree, then its area.
            (Some(t), None) if is_education => match degree_then_area(&t) {
                Some((degree, area)) => (Some(degree), Some(area)),
                None => (Some(t), None),
            },
            (t, a) => (t, a),
        };
        let entry = self.new_entry(number);
        let low = if confidence == Low { Low } else { Medium };
        entry.title = title
            .filter(|t| !t.is_empty())
            .map(|t| Field::new(t, confidence, Some(number)));
        entry.organisation = org
            .filter(|o| !o.is_empty())
            .map(|o| Field::new(o, low, Some(number)));
        entry.location = place
            .filter(|p| !p.is_empty())
            .map(|p| Field::new(p, Low, Some(number)));
        entry.detail = area
            .filter(|a| !a.is_empty())
            .map(|a| Field::new(a, Low, Some(number)));
        entry.dates = dates.map(|d| Field::new(d, Medium, Some(number)));
        entry.url = url.map(|u| Field::new(u, Medium, Some(number)));
        entry
            .text
            .extend(said.map(|t| Field::new(t, Medium, Some(number))));
    }

    fn finish(mut self) -> StructuredResume {
        super::roles::order_roles(&mut self.resume.sections);
        self.resume
    }
}

/// A table's header row as the DOCX reader writes it: cells parted by ` | `, each a word or two
/// without digits ("Degree | Institution | Dates").
fn is_table_header(line: &str) -> bool {
    let cells: Vec<&str> = line.split(" | ").map(str::trim).collect();
    cells.len() >= 2
        && cells.iter().all(|c| {
            !c.is_empty()
                && c.split_whitespace().count() <= 2
                && !c.chars().any(|ch| ch.is_ascii_digit())
        })
}

/// Headings a layout sets inside one entry, over its bullets ("Highlights", "Responsibilities"):
/// labels of the entry's parts, never sections of their own.
fn sub_label(title: &str) -> Option<&'static str> {
    let name = title.trim().trim_end_matches([':', '：']).to_lowercase();
    [
        "highlights",
        "responsibilities",
        "key responsibilities",
        "main responsibilities",
        "duties",
        "tasks",
        "accomplishments",
        "key achievements",
        "key accomplishments",
        "réalisations",
        "missions",
        "aufgaben",
        "tätigkeiten",
        "logros",
        "responsabilidades",
        "funciones",
    ]
    .into_iter()
    .find(|label| *label == name)
}

/// A part of a contact line with an e-mail address among other words, spaces only between them
/// (`ada@example.org +44 113 555 0100`): the words before, the address, the words after.
fn around_email(part: &str) -> Vec<&str> {
    let trimmed = part.trim();
    let Some(address) = trimmed
        .split_whitespace()
        .find(|w| w.contains('@') && w.contains('.') && !w.starts_with('@'))
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
fn is_domain(part: &str) -> bool {
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
fn is_place(text: &str) -> bool {
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

/// The width the text's lines wrap at: the length (in characters) that a tenth of its lines
/// reach. Text without wraps (a line per paragraph) gives a large width, so only a line that
/// starts in lower case counts as a wrap there.
fn wrap_width(lines: &[&str]) -> usize {
    let mut lengths: Vec<usize> = lines
        .iter()
        .map(|l| l.trim().chars().count())
        .filter(|n| *n > 0)
        .collect();
    lengths.sort_unstable();
    lengths
        .get(lengths.len().saturating_sub(1 + lengths.len() / 10))
        .copied()
        .unwrap_or(0)
}
