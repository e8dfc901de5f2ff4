//! Lines inside a section of dated entries (work, education, projects, awards…): which line
//! opens an entry, which carries its dates, which names its organisation or degree, and which
//! carries on a wrapped bullet.

use super::header::is_place;
use super::Builder;
use crate::domain::structured::dates::{find_range, is_present_word, DASHES};
use crate::domain::structured::degrees::{degree_and_area_of, degree_then_area, is_degree};
use crate::domain::structured::lines::{
    bold_line, bullet, capitalised_name, clean_part, is_school, link, plain, split_title,
    titled_date_line, without_duration,
};
use crate::domain::structured::model::{Confidence, Field, SectionKind};
use Confidence::{Low, Medium};

impl Builder {
    pub(super) fn dated_body(&mut self, line: &str, number: usize, next_has_date: bool) {
        // Right under the section's heading, a row of three or more short cells without digits
        // over a dated row of as many cells: the table's column labels, in any words.
        let first_row = self.resume.sections.last().is_some_and(|s| {
            s.entries.is_empty() && s.line == Some(self.previous_line) && s.line.is_some()
        });
        let labels_row = first_row && unknown_labels_over_row(line, &self.next_line);
        if labels_row || is_table_header(line) && self.date_ahead {
            // "Degree | Institution | Dates" over rows of degrees: the column names, no entry.
            // Kept as the first row's text, so the export still carries every word.
            self.table_header = Some((plain(line), number));
            // Its labels name the cells of the rows under it ("Period | School | Degree |
            // Major"): each row is read by them, not by its cells' order.
            self.columns = super::form::column_labels(line);
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
        if is_present_word(&plain(line)) && self.runs_on_under_start() {
            return;
        }
        if let Some((range, span)) = dated {
            if self.end_year_under_start(line, &range, span.clone()) {
                return;
            }
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
                // A bare date line under an entry's heading: the line after it may still be the
                // entry's other name ("## Tinroof Rail", "05/2017 - Present", "Analyst").
                let bare = rest.is_empty();
                let from_heading = self.entry_from_heading;
                let is_education = self.in_section(SectionKind::Education);
                let entry = self.entry_mut().expect("waiting implies an entry");
                entry.dates = Some(Field::new(range, Medium, Some(number)));
                if !rest.is_empty() {
                    if entry.title.is_none() {
                        let (title, org, place) = split_title(&rest);
                        entry.title = title.map(|t| Field::new(t, Low, Some(number)));
                        let org = org.map(|o| Field::new(o, Low, Some(number)));
                        match (&entry.organisation, org) {
                            (None, org) => entry.organisation = org,
                            // Under its school's heading, "硕士，计算机科学与技术\tDates": the
                            // degree's second part is its area, not another school.
                            (Some(_), Some(area)) if is_education && entry.detail.is_none() => {
                                entry.detail = Some(area)
                            }
                            (Some(_), Some(other)) => entry.text.push(other),
                            (Some(_), None) => {}
                        }
                        entry.location = place.map(|p| Field::new(p, Low, Some(number)));
                    } else if entry.organisation.is_none() && from_heading {
                        // "**Employer**" over "Title\tDates": the line's words are the entry's
                        // other name (which is the job, the section's words decide).
                        entry.organisation = Some(Field::new(rest, Low, Some(number)));
                    } else if entry.location.is_none() && rest.split_whitespace().count() <= 4 {
                        entry.location = Some(Field::new(rest, Low, Some(number)));
                    } else {
                        entry.text.push(Field::new(rest, Low, Some(number)));
                    }
                }
                self.entry_from_heading &= bare;
                return;
            }
            if self
                .entry_mut()
                .is_some_and(|e| restates(e, line, &range, span.clone()))
            {
                // The entry's own period again, under its heading, with nothing but its names
                // and a duration besides: the same entry written a second time (our JSON Resume
                // import shows a line kept as written, "Engineer at Acme\tSep 2021 - Present",
                // under the heading it renders, "### Engineer — Acme (2021-09 – Present)"), not
                // another one.
                let entry = self.entry_mut().expect("restates implies an entry");
                entry.text.push(Field::new(plain(line), Low, Some(number)));
                return;
            }
            // The section opens with a dated line: its entries open with their dates, and a line
            // over the next dated line is this entry's (its school, its employer), not the next.
            let previous = self.previous_line;
            let first_in_section = self
                .resume
                .sections
                .last()
                .is_some_and(|s| s.entries.is_empty() && s.line == Some(previous));
            if first_in_section {
                self.dates_lead = span.start == 0;
            }
            self.new_entry_from_line(line, number, Medium);
            self.entry_from_heading = false;
            return;
        }
        // "**Key achievements:**", "**项目描述：**": a label inside the entry, not another entry.
        if let Some(label) = bold_line(line).filter(|b| plain(b).trim_end().ends_with([':', '：']))
        {
            if let Some(entry) = self.entry_mut() {
                entry.text.push(Field::new(plain(label), Low, Some(number)));
                return;
            }
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
            // Dates over the names (a table's left column of dates, Word's "dates, then
            // **Title**, then Employer"): the bare dated entry the date line opened is this one.
            let bare = self
                .entry_mut()
                .filter(|e| {
                    e.dates.is_some()
                        && e.title.is_none()
                        && e.organisation.is_none()
                        && e.highlights.is_empty()
                        && e.text.is_empty()
                })
                .map(|e| (e.dates.take(), e.line));
            if bare.is_some() {
                if let Some(section) = self.resume.sections.last_mut() {
                    section.entries.pop();
                }
            }
            self.new_entry_from_line(line, number, Medium);
            if let (Some((dates, start)), Some(entry)) = (bare, self.entry_mut()) {
                if entry.dates.is_none() {
                    entry.dates = dates;
                    entry.line = start;
                }
            }
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
        // Under a table's column labels every entry is a row with its dates: a line over the
        // next row is the last entry's description, not the next one's name.
        if complete && next_has_date && !self.dates_lead && self.columns.is_none() {
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
        let previous = self.previous_line;
        if text.contains("---") {
            // `Title ------ Place` leader lines: one entry each.
            return self.new_entry_from_line(line, number, Low);
        }
        match self.entry_mut() {
            Some(entry)
                if from_heading
                    && entry.organisation.is_none()
                    && entry.title.is_some()
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
            // A school heading read as the organisation already: the degree under it (under
            // the school's dates too, when the line names a degree).
            Some(entry)
                if from_heading
                    && is_education
                    && entry.title.is_none()
                    && entry.organisation.is_some()
                    && (entry.dates.is_none() || is_degree(&text))
                    && entry.text.is_empty()
                    && entry.highlights.is_empty()
                    && text.split_whitespace().count() <= 8 =>
            {
                let (degree, area) = degree_and_area_of(&text);
                entry.title = Some(Field::new(degree, Low, Some(number)));
                entry.detail = area.map(|a| Field::new(a, Low, Some(number)));
            }
            // Right under a degree read alone ("MSc") below its school heading: a short name
            // is the degree's area, set on a line of its own.
            Some(entry)
                if from_heading
                    && is_education
                    && entry.organisation.is_some()
                    && entry.detail.is_none()
                    && entry.text.is_empty()
                    && entry.highlights.is_empty()
                    && entry.title.as_ref().is_some_and(|t| {
                        t.line == Some(previous) && t.line != entry.line && is_degree(&t.value)
                    })
                    && area_like(&text) =>
            {
                entry.detail = Some(Field::new(text, Low, Some(number)));
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

    /// A lone year right under the entry's lone start year, nothing else on its line: a date
    /// column printing the start over the end ("2009" over "2012" beside the school) gives one
    /// period, not a second entry dated by its end.
    fn end_year_under_start(
        &mut self,
        line: &str,
        range: &crate::domain::structured::dates::DateRange,
        span: std::ops::Range<usize>,
    ) -> bool {
        let bare = clean_part(&plain(&format!(
            "{} {}",
            &line[..span.start],
            &line[span.end..]
        )))
        .is_empty();
        let Some(end) = range.start.filter(|_| range.is_single_date()) else {
            return false;
        };
        if !bare {
            return false;
        }
        let Some(own) = self.lone_date_above() else {
            return false;
        };
        // Or a start left open at a cell's end ("2017 年 10 月 –"), its end wrapped onto the
        // next line ("2021 年 3 月"): the same period, month or not.
        let left_open = own.text.trim_end().ends_with(DASHES);
        let later = own.start.is_some_and(|s| {
            (left_open || s.month.is_none() && end.month.is_none())
                && s <= end
                && end.year - s.year <= 12
        });
        if !later {
            return false;
        }
        own.end = Some(end);
        own.end_text = Some(plain(line));
        let start = own.text.trim().trim_end_matches(DASHES).trim_end();
        own.text = format!("{start} – {}", plain(line));
        true
    }

    /// "Present" alone right under the entry's lone start year (a date column printing the
    /// start over the end, for a degree under way): the period runs on.
    fn runs_on_under_start(&mut self) -> bool {
        let Some(own) = self.lone_date_above() else {
            return false;
        };
        if own.start.is_some_and(|s| s.month.is_some()) {
            return false;
        }
        own.present = true;
        own.text = format!("{} – Present", own.text.trim());
        true
    }

    /// The current entry's date when it is a single date read on the line just above this one
    /// and nothing of the entry came after it: what a date column printing the start over the end
    /// continues on this line.
    fn lone_date_above(&mut self) -> Option<&mut crate::domain::structured::dates::DateRange> {
        let previous = self.previous_line;
        let entry = self.entry_mut()?;
        if !entry.highlights.is_empty() || !entry.text.is_empty() {
            return None;
        }
        let dates = entry.dates.as_mut().filter(|d| d.line == Some(previous))?;
        // A single date, or a start left open ("2017 年 10 月 –") whose end is on the next line.
        Some(&mut dates.value).filter(|own| {
            own.is_single_date()
                || own.start.is_some()
                    && own.end.is_none()
                    && !own.present
                    && own.text.trim_end().ends_with(DASHES)
        })
    }

    /// A heading right under the current entry's period (not a lone date), when no date follows
    /// in the heading's next two lines (a title over its employer and dates is the next entry):
    /// the entry's other name. A theme may set the employer (and its place after a
    /// tab) over the dates and the job title, large, under them; then the part after the tab was
    /// the place. Which name is the job is decided for the section afterwards (roles.rs). An
    /// entry named by a sentence (a wrapped line over "2014." read as a dated line) is no name
    /// to complete.
    pub(super) fn heading_completes_entry(&mut self, title: &str, number: usize) -> bool {
        if self.own_date_next {
            return false;
        }
        let previous = self.previous_line;
        let Some(entry) = self.entry_mut() else {
            return false;
        };
        // A period as written: "2018 – 2018" is one (its end, the start again, was dropped).
        let under_own_period = entry.dates.as_ref().is_some_and(|d| {
            d.line == Some(previous)
                && d.line != entry.line
                && (!d.value.is_single_date() || d.value.text.contains(DASHES))
        });
        let named_short = [&entry.title, &entry.organisation]
            .into_iter()
            .flatten()
            .all(|f| f.value.split_whitespace().count() <= 6);
        if !under_own_period
            || !named_short
            || !entry.highlights.is_empty()
            || !entry.text.is_empty()
        {
            return false;
        }
        let heading = Some(Field::new(title.to_string(), Low, Some(number)));
        match (&entry.title, &entry.organisation) {
            (Some(_), None) => entry.organisation = heading,
            (None, Some(_)) => entry.title = heading,
            (Some(t), Some(o))
                if entry.location.is_none()
                    && t.line == entry.line
                    && o.line == entry.line
                    && o.value.split_whitespace().count() <= 3 =>
            {
                entry.location = entry.organisation.take();
                entry.organisation = heading;
            }
            _ => return false,
        }
        self.entry_from_heading = false;
        true
    }

    /// `Title\tDates` under the line that opened the entry (`Employer\tPlace`, or a school): the
    /// line above names the organisation (and after its tab the place), this one the title, or
    /// in education the degree and its area. Which of the two is the job is decided for the
    /// whole section afterwards (roles.rs), as for any entry.
    pub(super) fn title_under_employer(
        &mut self,
        line: &str,
        span: std::ops::Range<usize>,
        range: crate::domain::structured::dates::DateRange,
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
    pub(super) fn continues_highlight(
        &mut self,
        line: &str,
        number: usize,
        next_has_date: bool,
    ) -> bool {
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

    /// True when the current entry was started by a line of its own (a dated line), so bullets
    /// under it are its highlights.
    pub(super) fn entry_came_from_line(&mut self) -> bool {
        self.entry_mut()
            .is_some_and(|e| e.title.is_some() && e.highlights.iter().all(|h| h.line != e.line))
    }

    /// An entry from a heading, bold or dated line: dates out, then title / organisation / place.
    pub(super) fn new_entry_from_line(
        &mut self,
        line: &str,
        number: usize,
        confidence: Confidence,
    ) {
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
        // Names given by labels: a row under the table's column labels, or labels in the line
        // ("公司：星河云 | 职位：工程师", a form's cells). Each value is what its label says.
        let labelled = self
            .columns
            .as_deref()
            .and_then(|columns| super::form::entry_by_columns(columns, line))
            .or_else(|| super::form::labelled_entry(&rest));
        if let Some(named) = labelled {
            let entry = self.new_entry(number);
            let field = |v: Option<String>| v.map(|v| Field::new(v, Medium, Some(number)));
            // A label says which is the title and which the organisation: no vote of the
            // section's words may swap them (`roles::order_roles`).
            entry.read_by_labels = true;
            // A degree column may hold the area too ("HND, Business Administration").
            let (title, area) = match (named.title, named.area) {
                (Some(t), None) if is_education => {
                    let (degree, area) = degree_and_area_of(&t);
                    (Some(degree), area)
                }
                (t, a) => (t, a),
            };
            entry.title = field(title);
            entry.organisation = field(named.organisation);
            entry.location = field(named.place);
            entry.detail = field(area);
            entry.dates = dates.map(|d| Field::new(d, Medium, Some(number)));
            entry.url = url.map(|u| Field::new(u, Medium, Some(number)));
            return;
        }
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
        // "硕士，计算机科学与技术", "修士、情報工学" (a degree, then its area, no school on the
        // line): the second part is the area; the school is on another line.
        let (org, area) = match (&title, org, area) {
            (Some(t), Some(o), None)
                if is_education
                    && place.is_none()
                    && is_degree(t)
                    && !is_school(&o)
                    // Parted by a comma only: "BSc — State U" names the school after its dash.
                    && ["，", "、", ", "].iter().any(|comma| rest.contains(&format!("{t}{comma}{o}"))) =>
            {
                (None, Some(o))
            }
            (_, o, a) => (o, a),
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
}

/// A table's header row: cells (parted by ` | ` as the DOCX reader writes them, by tabs as the
/// PDF reader does), each a word or two without digits ("Degree | Institution | Dates").
/// `labels` reads as a table's row of column labels over `row`, whatever its words: three or
/// more cells of one to three words, no digits, over a row with a date range and at least as
/// many cells.
fn unknown_labels_over_row(labels: &str, row: &str) -> bool {
    let cells = super::form::cells(labels);
    cells.len() >= 3
        && cells.iter().all(|c| {
            (1..=3).contains(&c.split_whitespace().count())
                && !c.chars().any(|ch| ch.is_ascii_digit() || ch == '@')
        })
        && find_range(row).is_some_and(|(r, _)| r.end.is_some() || r.present)
        && super::form::cells(row).len() >= cells.len()
}

pub(super) fn is_table_header(line: &str) -> bool {
    // Cells parted by tabs only (a PDF's line) name columns all of them: "Lakeside
    // University\tLeeds" is a school and its place.
    if !line.contains(" | ") {
        return super::form::column_labels(line).is_some();
    }
    let cells = super::form::cells(line);
    cells.len() >= 2
        && cells.iter().all(|c| {
            !c.is_empty()
                && c.split_whitespace().count() <= 2
                && !c.chars().any(|ch| ch.is_ascii_digit())
        })
        // Most cells name a column ("Degree | Institution | Dates"): "SKÄRGÅRD SOFTWARE |
        // Backend Developer" (Deedy's employer and title) has the same form and is an entry.
        && cells.iter().filter(|c| super::form::names_column(c)).count() * 2 >= cells.len()
}

/// Whether a dated line restates `entry`: the entry has its dates and nothing under them yet,
/// the line's period is the same (start, end, running on or left open), and the rest of the
/// line is only a duration or holds every word of the entry's title (of its organisation when
/// it has no title). Two concurrent jobs (the same period, other titles) stay two entries; two
/// with the same title and period, the first without a line under it, would read as one.
fn restates(
    entry: &crate::domain::structured::model::Entry,
    line: &str,
    range: &crate::domain::structured::dates::DateRange,
    span: std::ops::Range<usize>,
) -> bool {
    use crate::domain::structured::kept::words;
    let Some(own) = entry.dates.as_ref().map(|d| &d.value) else {
        return false;
    };
    let runs_on = |r: &crate::domain::structured::dates::DateRange| {
        r.present || (r.end.is_none() && r.text.trim_end().ends_with(['-', '–', '—']))
    };
    let same = own.start.is_some()
        && own.start == range.start
        && own.end == range.end
        && runs_on(own) == runs_on(range);
    if !same || !entry.text.is_empty() || !entry.highlights.is_empty() {
        return false;
    }
    let rest = format!(
        "{} {}",
        &line[..span.start],
        without_duration(&line[span.end..])
    );
    let rest = words(&rest);
    if rest.is_empty() {
        return true;
    }
    // The title names the entry (the organisation when it has none): moderncv's banking style
    // sets the school apart from the degree, so a restated degree line lacks it.
    let names: Vec<String> = entry
        .title
        .as_ref()
        .or(entry.organisation.as_ref())
        .map(|f| words(&f.value))
        .unwrap_or_default();
    !names.is_empty() && names.iter().all(|w| rest.contains(w))
}

/// A degree's area alone on its line: a short name, no sentence, no figures ("Computer
/// Science", "软件工程"; not "GPA 3.9" or "Thesis on rail timetables."). It starts with a
/// capital, or with a letter of a script without case.
fn area_like(text: &str) -> bool {
    let words = text.split_whitespace().count();
    (1..=5).contains(&words)
        && text.chars().count() <= 60
        && !text.chars().any(|c| c.is_ascii_digit())
        && !text.contains([':', '：'])
        && !text.trim_end().ends_with(['.', ';', '。', '；'])
        && text
            .chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c.is_alphabetic() && !c.is_lowercase())
}
