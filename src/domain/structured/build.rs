//! Resume text → [`StructuredResume`]. The text is what the app holds after any import:
//! Markdown (`#`/`##` sections, `###` entries), PDF and DOCX text (now with Markdown headings),
//! or plain text with capitalised or colon-ended headings. Sections come from heading names,
//! entries from `###`/bold lines or from lines that carry a date range, highlights from bullets.

use super::dates::find_range;
use super::degrees::is_degree;
use super::headings::{is_contact, section_kind};
use super::lines::{
    bare_date_line, bullet, date_only, heading_level, is_phone, is_rule, is_school, keyword_line,
    plain, plain_heading, titled_date_line,
};
use super::model::StructuredResume;
use super::model::{Confidence, Entry, Field, Section, SectionKind};
use super::roles::{is_job, names_organisation};

pub use super::json::from_json_resume;

// The builder's reading, by what a line is part of (each an `impl Builder` block):
mod dated_entries; // jobs, degrees and other dated entries
mod form; // label and value cells: a form header, labelled entries
mod header; // name, headline, place and contact details
mod list_entries; // skills, languages and other lists
mod unnamed_sections; // sections under a heading the reader has no word for

use unnamed_sections::{heading_kinds, headings_unmarked, HeadingKinds};

use Confidence::{High, Low, Medium};

/// Builds the structured resume from resume text. Never fails: what is not understood stays as
/// free text of the nearest entry, or in an `Other` section.
pub fn from_text(text: &str) -> StructuredResume {
    let first = read(text, HeadingKinds::new());
    // A second reading when a section under a heading of unknown words reads as the jobs or
    // degrees the first found none of (`unnamed_sections`).
    if let Some(kinds) = heading_kinds(&first) {
        return read(text, kinds);
    }
    // Found none of either, and no heading marked over them: the lines the text sets apart as
    // headings, marked, may open sections that read so.
    if let Some(marked) = headings_unmarked(text, &first) {
        let again = read(&marked, HeadingKinds::new());
        if let Some(kinds) = heading_kinds(&again) {
            return read(&marked, kinds);
        }
    }
    first
}

/// One reading of the text, with the kinds of the headings the reader has no words for.
fn read(text: &str, heading_kinds: HeadingKinds) -> StructuredResume {
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
        heading_kinds,
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
            b.previous_line = number;
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
            .any(|l| match heading_level(l) {
                (0, _) => find_range(l).is_some(),
                // Google Docs templates set an entry's dates as a heading of their own
                // ("### SEPTEMBER 2021 - PRESENT" under "## Employer, City — Title").
                (_, text) => date_only(text),
            });
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
        b.own_date_next = ahead.iter().take(2).any(|l| find_range(l).is_some());
        // A period within the next three lines, over names only: entries' headings or short
        // lines, no contact details, no section's heading and no sentence before it.
        b.period_under = lines[index + 1..]
            .iter()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty() && !is_rule(l))
            .take(3)
            .try_for_each(|l| {
                let (level, text) = heading_level(l);
                if find_range(text).is_some_and(|(r, _)| r.end.is_some() || r.present) {
                    return Err(true);
                }
                let names_only = text.split_whitespace().count() <= 6
                    && !is_contact_line(text)
                    && (level == 0 || section_kind(text).is_none());
                if names_only {
                    Ok(())
                } else {
                    Err(false)
                }
            })
            .err()
            .unwrap_or(false);
        b.line(line, number, next_has_date);
        b.previous_line = number;
    }
    if let (None, Some(name)) = (&b.resume.basics.name, front_name) {
        let line = lines
            .iter()
            .position(|l| l.starts_with("name:"))
            .map(|i| i + 1);
        b.resume.basics.name = Some(Field::new(name, Medium, line));
    }
    let mut resume = b.finish();
    super::kept::keep_unplaced_lines(text, front_matter_end + 1, &mut resume);
    resume
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
    /// What each column of the section's table holds, from its row of column labels.
    columns: Option<Vec<form::EntryLabel>>,
    /// The next line is a title with its dates after a tab (set before each line).
    titled_date_next: bool,
    /// The current entry was opened by a line over a titled date line: that line's number, its
    /// name and the place after its tab (`Employer\tPlace`).
    over_titled_date: Option<(usize, String, Option<String>)>,
    /// The section's first entry was `Employer\tPlace` over `Title\tDates`: the others are too.
    employer_over_title: bool,
    /// The section's first entry opened with its date range: a section's entries are written
    /// one way, so every entry opens with its dates.
    dates_lead: bool,
    /// The text marks its section headings (`## Experience`): a bare short line is none.
    headings_marked: bool,
    /// The lines up to the next heading are keywords only (set before each line).
    keywords_ahead: bool,
    /// The next line with text before the next heading (set before each line).
    next_line: String,
    /// A row of skill group names was read: the first group's index in the section and how
    /// many columns, so each cell of the rows under it goes to its column's group.
    skill_grid: Option<(usize, usize)>,
    /// The number of the last line with text read before this one.
    previous_line: usize,
    /// One of the next two lines with text, before any heading, carries a date (set before
    /// each line): a heading over it names an entry of its own.
    own_date_next: bool,
    /// A period follows within three lines, under names only (set before each line).
    period_under: bool,
    /// Headings of unknown words and the kind each opens, from a first reading.
    heading_kinds: HeadingKinds,
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
        if self.contact_section && form::contact_labels(line) {
            // "Email\tPhone" over the values' row: the names of the values, read with them.
            return;
        }
        if (self.in_header || self.contact_section) && self.form_row(line, number) {
            return;
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
        if let Some((kind, confidence)) = self.heading_kinds.get(&number).cloned() {
            return self.open_section(kind, &title, number, confidence);
        }
        // The document's title ("## 个人简历" between two sections) is no entry's name: after a
        // job or a degree, it is kept as that entry's text.
        let among_entries = self.resume.sections.last().is_some_and(|s| {
            matches!(s.kind, SectionKind::Work | SectionKind::Education) && !s.entries.is_empty()
        });
        if super::headings::names_the_document(&title) && among_entries {
            if let Some(entry) = self.entry_mut() {
                entry.text.push(Field::new(title, Low, Some(number)));
                return;
            }
        }
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
        // A date range alone set as a heading (Google Docs templates style an entry's dates as
        // Heading 3): the entry's dates, read as any date line of the section.
        if in_dated_section && level >= 2 && date_only(&title) {
            return self.body(&title, number, false);
        }
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
            // So is an employer in work, named as one ("… Technologies" is not the skills
            // section either), over its dates or its job title.
            let names_an_entry = (in_education && is_school(&title))
                || (self.in_section(SectionKind::Work) && names_organisation(&title));
            section_kind(text).filter(|_| !(names_an_entry && self.entry_ahead()))
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
        // Under a heading of unknown words, a heading naming a school or an employer with a
        // period under it is that section's first entry, not a section of its own
        // ("## ISTRUZIONE" over "## UNIVERSITÀ DI NORDRENO", a degree and its dates).
        // (Right under that heading, or after entries of its own with their dates only.)
        let previous = self.previous_line;
        let in_unnamed_section = self.resume.sections.last().is_some_and(|s| {
            matches!(&s.kind, SectionKind::Other(t) if !t.trim().is_empty())
                && s.entries.iter().all(|e| e.dates.is_some())
                && (!s.entries.is_empty() || s.line == Some(previous))
        });
        if level <= 2
            && in_unnamed_section
            && kind.is_none()
            && self.period_under
            // A name of two words or more: one word ("Schooling") may be a heading's.
            && title.split_whitespace().count() >= 2
            && (is_school(&title) || names_organisation(&title))
        {
            self.new_entry_from_line(text, number, Low);
            self.entry_from_heading = true;
            return;
        }
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
        if level <= 2 && in_dated_section && self.heading_completes_entry(&title, number) {
            return;
        }
        let over_its_title = (self.in_section(SectionKind::Work) && !is_job(&title))
            || (in_education && is_school(&title));
        // A heading that opens with its own date ("2018 · Lakeside University", a date column
        // beside a school set large) is an entry, whatever follows it.
        let dated_heading = find_range(&title).is_some_and(|(_, span)| span.start == 0);
        if level <= 2
            && in_dated_section
            && (self.date_ahead || dated_heading || over_its_title && self.entry_ahead())
        {
            self.new_entry_from_line(text, number, Low);
            self.entry_from_heading = true;
            return;
        }
        if level <= 2 {
            // A heading right under the name is its headline, unless dated lines follow it: then
            // it opens the first section, in words the reader does not know ("## Istruzione").
            if self.in_header
                && self.resume.basics.label.is_none()
                && self.resume.basics.name.is_some()
                && !self.own_date_next
                && !self.period_under
            {
                self.resume.basics.label = Some(Field::new(title, Medium, Some(number)));
                return;
            }
            return self.open_section(SectionKind::Other(title.clone()), &title, number, Medium);
        }
        self.new_entry_from_line(text, number, Medium);
        self.entry_from_heading = true;
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
        self.dates_lead = false;
        self.skill_grid = None;
        self.columns = None;
        self.resume.sections.push(Section {
            kind,
            title: title.to_string(),
            line: Some(number),
            confidence,
            entries: Vec::new(),
        });
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

    fn push_text(&mut self, text: String, number: usize) {
        let entry = match self.entry_mut() {
            Some(entry) => entry,
            None => self.new_entry(number),
        };
        entry.text.push(Field::new(text, Medium, Some(number)));
    }

    /// Whether the section being read is of `kind`.
    /// The next line reads as an entry's own title (set before each line): a job title in work
    /// ("Data Engineer" under "## Tinroof Rail"), a degree in education, or a date is near. An
    /// employer or school set as a heading over it is the next entry even without a date: a
    /// sidebar theme whose dates ran off the page's edge prints none.
    fn entry_ahead(&self) -> bool {
        let next = self.next_line.as_str();
        let title_like = next.split_whitespace().count() <= 6 && find_range(next).is_none();
        self.date_ahead
            || title_like
                && ((self.in_section(SectionKind::Work) && is_job(next))
                    || (self.in_section(SectionKind::Education) && is_degree(next)))
    }

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

    fn finish(mut self) -> StructuredResume {
        place_after_name(&mut self.resume.sections);
        super::roles::order_roles(&mut self.resume.sections);
        degree_out_of_place(&mut self.resume.sections);
        degrees_out_of_work(&mut self.resume.sections);
        school_is_the_institution(&mut self.resume.sections);
        area_after_degree(&mut self.resume.sections);
        // A period left open ("2021-09 —", nothing after the dash) runs on: it is how layouts
        // print a job without an end (flat does, from a JSON Resume without `endDate`), and how
        // JSON Resume and every theme read a period without an end (seen: a re-import read
        // it as running on while the text's structure did not).
        // The sections whose JSON Resume import reads a missing end so (`json::entry_of`).
        let periods = self.resume.sections.iter_mut().filter(|s| {
            matches!(
                s.kind,
                SectionKind::Work
                    | SectionKind::Volunteer
                    | SectionKind::Projects
                    | SectionKind::Education
            )
        });
        for entry in periods.flat_map(|s| &mut s.entries) {
            if let Some(dates) = &mut entry.dates {
                let range = &mut dates.value;
                if range.start.is_some() && range.end.is_none() && !range.present {
                    range.present = range.text.trim_end().ends_with(super::dates::DASHES);
                }
            }
        }
        self.resume
    }
}

/// A table row "dates | School | Area | Degree" gives its third cell the place's slot: a degree
/// there, beside a title that names none, is the degree, and the title its area.
fn degree_out_of_place(sections: &mut [Section]) {
    let degrees = sections
        .iter_mut()
        .filter(|s| s.kind == SectionKind::Education)
        .flat_map(|s| &mut s.entries);
    for entry in degrees.filter(|e| e.detail.is_none()) {
        let misplaced = entry.location.as_ref().is_some_and(|l| is_degree(&l.value))
            && entry.title.as_ref().is_none_or(|t| !is_degree(&t.value));
        if misplaced {
            entry.detail = entry.title.take();
            entry.title = entry.location.take();
        }
    }
}

/// Contact details on a line: an address, a phone number or a link.
fn is_contact_line(text: &str) -> bool {
    text.contains('@')
        || text.contains("http")
        || text.chars().filter(|c| c.is_ascii_digit()).count() >= 7
}

/// A degree read among the jobs while the education heading has no entry under it: a layout
/// whose columns or text boxes the reader took in another order (the heading in a sidebar, the
/// degrees under the last job). A dated entry whose names are a school and a degree goes to
/// the education section, marked to check.
fn degrees_out_of_work(sections: &mut [Section]) {
    let Some(education) = sections
        .iter()
        .position(|s| s.kind == SectionKind::Education && s.entries.is_empty())
    else {
        return;
    };
    let reads_as_degree = |e: &Entry| {
        let (Some(title), Some(org)) = (&e.title, &e.organisation) else {
            return false;
        };
        e.dates.is_some()
            && (is_school(&org.value) && is_degree(&title.value)
                || is_school(&title.value) && is_degree(&org.value))
    };
    let mut moved = Vec::new();
    for section in sections.iter_mut().filter(|s| s.kind == SectionKind::Work) {
        let (degrees, jobs): (Vec<Entry>, Vec<Entry>) =
            section.entries.drain(..).partition(reads_as_degree);
        section.entries = jobs;
        moved.extend(degrees);
    }
    for entry in &mut moved {
        for field in [&mut entry.title, &mut entry.organisation]
            .into_iter()
            .flatten()
        {
            field.confidence = Low;
        }
    }
    sections[education].entries.extend(moved);
}

/// Of a degree's names, the one that names a school is the institution and the other the
/// degree, whatever order the layout set them in and whether or not the reader knows the
/// degree's words ("Laurea triennale in Matematica, Politecnico di Castelfranco"). Then, beside
/// that school, a degree it has no word for is still the degree: its area follows a preposition
/// ("Kandidatexamen in Biologi"). The names it moves are marked to check.
fn school_is_the_institution(sections: &mut [Section]) {
    let degrees = sections
        .iter_mut()
        .filter(|s| s.kind == SectionKind::Education)
        .flat_map(|s| &mut s.entries);
    for entry in degrees {
        let school = |f: &Option<Field<String>>| f.as_ref().is_some_and(|f| is_school(&f.value));
        let degree = |f: &Option<Field<String>>| f.as_ref().is_some_and(|f| is_degree(&f.value));
        let moved = if school(&entry.title) && !school(&entry.organisation) && !degree(&entry.title)
        {
            std::mem::swap(&mut entry.title, &mut entry.organisation);
            true
        } else if entry.organisation.is_none()
            && school(&entry.detail)
            && !school(&entry.title)
            && !degree(&entry.detail)
        {
            entry.organisation = entry.detail.take();
            true
        } else {
            false
        };
        if moved {
            for field in [&mut entry.title, &mut entry.organisation]
                .into_iter()
                .flatten()
            {
                field.confidence = Low;
            }
        }
        if entry.detail.is_some() || !school(&entry.organisation) {
            continue;
        }
        let Some(title) = entry
            .title
            .as_mut()
            .filter(|t| super::degrees::degree_then_area(&t.value).is_none())
        else {
            continue;
        };
        if let Some((degree, area)) = super::degrees::degree_before_preposition(&title.value) {
            entry.detail = Some(Field::new(area, Low, title.line));
            title.value = degree;
        }
    }
}

/// A degree read with its area still in it ("Licenciatura en Bellas Artes", "MSc Physics",
/// "硕士，软件工程") in an entry that has no area: whichever line or layout gave the degree, its
/// words say where the degree ends and the area begins (`degree_then_area`), the same reading
/// a degree alone on its line gets.
fn area_after_degree(sections: &mut [Section]) {
    let degrees = sections
        .iter_mut()
        .filter(|s| s.kind == SectionKind::Education)
        .flat_map(|s| &mut s.entries);
    for entry in degrees.filter(|e| e.detail.is_none()) {
        let Some(title) = &mut entry.title else {
            continue;
        };
        if let Some((degree, area)) = super::degrees::degree_then_area(&title.value) {
            entry.detail = Some(Field::new(area, Low, title.line));
            title.value = degree;
        }
    }
}

/// An entry's place written after its employer's name, in an entry that has no place yet.
/// "Fjordline Logistics\tGothenburg": a name with a short part set flush right after it, in an
/// entry that has no place yet, is the name and its place (Jake's, Awesome-CV and basic Typst
/// set the place flush right on the employer's line, as the dates on the title's).
fn place_after_name(sections: &mut [Section]) {
    let dated = sections.iter_mut().filter(|s| {
        matches!(
            s.kind,
            SectionKind::Work | SectionKind::Education | SectionKind::Volunteer
        )
    });
    for entry in dated.flat_map(|s| &mut s.entries) {
        if entry.location.is_some() {
            continue;
        }
        for field in [&mut entry.organisation, &mut entry.title]
            .into_iter()
            .flatten()
        {
            let Some((name, tail)) = field.value.rsplit_once('\t') else {
                continue;
            };
            let (name, tail) = (name.trim(), tail.trim());
            let place_like = !name.is_empty()
                && !tail.is_empty()
                && tail.split_whitespace().count() <= 4
                && find_range(tail).is_none()
                && !tail.contains("://")
                && !tail.contains('@')
                && !tail.ends_with(['.', ':']);
            if place_like {
                entry.location = Some(Field::new(tail.to_string(), Low, field.line));
                field.value = name.to_string();
                break;
            }
        }
        // "Fjordline Logistics, Gothenburg": an employer on a line of its own with its place
        // after a comma (every part after it a short capitalised name, no company form such as
        // "Inc" or "GmbH"): the employer and its place.
        let Some(org) = entry.organisation.as_mut() else {
            continue;
        };
        if entry.location.is_some() || entry.title.as_ref().is_some_and(|t| t.line == org.line) {
            continue;
        }
        if let Some((name, place)) = org.value.split_once(", ") {
            let place_parts = place.split(", ").all(|part| {
                let words: Vec<&str> = part.split_whitespace().collect();
                (1..=3).contains(&words.len())
                    && words
                        .iter()
                        .all(|w| w.chars().next().is_some_and(char::is_uppercase))
                    && !super::roles::names_organisation(part)
                    && !part.ends_with('.')
            });
            if place_parts && !name.trim().is_empty() && find_range(place).is_none() {
                entry.location = Some(Field::new(place.to_string(), Low, org.line));
                org.value = name.trim().to_string();
            }
        } else if let Some((name, place)) = org.value.rsplit_once('，') {
            // "星河云科技有限公司，杭州": a city after the full-width comma is two to four Han
            // characters and names no organisation or school.
            let place = place.trim();
            let han = place.chars().count();
            let city = (2..=4).contains(&han)
                && place.chars().all(crate::domain::han::is_han)
                && !super::roles::names_organisation(place)
                && !is_school(place);
            if city && !name.trim().is_empty() {
                entry.location = Some(Field::new(place.to_string(), Low, org.line));
                org.value = name.trim().to_string();
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::from_text;
    use crate::domain::structured::model::{Section, StructuredResume};
    use crate::domain::structured::SectionKind;

    /// The section of `kind` the reader made of `resume` (a test that finds none fails here).
    pub(in crate::domain::structured::build) fn section(
        resume: &StructuredResume,
        kind: SectionKind,
    ) -> &Section {
        resume
            .sections
            .iter()
            .find(|s| s.kind == kind)
            .unwrap_or_else(|| panic!("no {kind:?} section"))
    }

    /// (institution, degree, area) of each degree.
    fn degrees(text: &str) -> Vec<(String, String, String)> {
        let value = |f: &Option<crate::domain::structured::Field<String>>| {
            f.as_ref().map(|f| f.value.clone()).unwrap_or_default()
        };
        from_text(text)
            .sections
            .iter()
            .filter(|s| s.kind == SectionKind::Education)
            .flat_map(|s| &s.entries)
            .map(|e| (value(&e.organisation), value(&e.title), value(&e.detail)))
            .collect()
    }

    #[test]
    fn the_name_of_a_school_is_the_institution_and_the_other_name_the_degree() {
        // Degree words the reader does not know, the degree first on the entry's line.
        let text = "# Ada Quill\n\n## Education\n\n\
            Kandidatexamen in Biologi, Vesterhavn Universitet\t2014 – 2017\n\
            Grado superiore in Chimica, Politecnico di Valmora\t2010 – 2014\n";
        assert_eq!(
            degrees(text),
            [
                (
                    "Vesterhavn Universitet".into(),
                    "Kandidatexamen".into(),
                    "Biologi".into()
                ),
                (
                    "Politecnico di Valmora".into(),
                    "Grado superiore".into(),
                    "Chimica".into()
                ),
            ]
        );
    }

    #[test]
    fn an_end_date_wrapped_under_a_start_left_open_at_its_cell_end_closes_the_period() {
        let text = "# Ada Quill\n\n## Experience\n\
            10/2017 –\tLumenfold\tEngineer\tLeeds\n03/2021\nBuilt the data platform\n\
            04/2021 – 09/2023\tKestrel Rail\tLead Engineer\tYork\n";
        let resume = from_text(text);
        let work = section(&resume, SectionKind::Work);
        assert_eq!(work.entries.len(), 2);
        let dates = &work.entries[0].dates.as_ref().expect("dates").value;
        assert_eq!(
            (
                dates.start.map(|d| (d.year, d.month)),
                dates.end.map(|d| (d.year, d.month))
            ),
            (Some((2017, Some(10))), Some((2021, Some(3))))
        );
    }

    #[test]
    fn a_degree_among_the_jobs_goes_under_an_empty_education_heading() {
        let text = "# Ada Quill\n\n## Education\n\n## Experience\n\
            Engineer, Lumenfold\nApril 2016 – October 2021\n\n\
            Analyst, Kestrel Rail\nJanuary 2013 – March 2016\n\n\
            BSc in Physics, Lakeside University\nSeptember 2009 – June 2012\n";
        assert_eq!(
            degrees(text),
            [("Lakeside University".into(), "BSc".into(), "Physics".into())]
        );
        let resume = from_text(text);
        let work = section(&resume, SectionKind::Work);
        assert_eq!(work.entries.len(), 2);
        // With degrees under its heading, the education section takes nothing from the jobs.
        let placed = "# Ada Quill\n\n## Education\nBSc in Physics, Lakeside University\n\
            September 2009 – June 2012\n\n## Experience\n\
            Teaching Fellow, Lakeside University\nApril 2016 – October 2021\n";
        assert_eq!(degrees(placed).len(), 1);
    }

    #[test]
    fn the_document_title_between_sections_is_no_name() {
        let text =
            "# 林 晓\n\n## 教育背景\n硕士，软件工程，东临大学\n2014 年 9 月 – 2017 年 6 月\n\n\
            ## 个人简历\n\n## 工作经历\n高级工程师，星河云科技有限公司\n2017 年 7 月 – 至今\n";
        let found = degrees(text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, "东临大学");
    }

    #[test]
    fn a_known_order_is_kept() {
        let text = "# Ada Quill\n\n## Education\n\n\
            Lakeside University\tLeeds\nBSc in Physics\t2015 – 2018\n\
            School of Design\tLeeds\nHigh School Diploma\t2011 – 2015\n";
        assert_eq!(
            degrees(text),
            [
                ("Lakeside University".into(), "BSc".into(), "Physics".into()),
                (
                    "School of Design".into(),
                    "High School Diploma".into(),
                    "".into()
                ),
            ]
        );
    }
}
