//! Dates without a clock dependency, and the plan's action items as an iCalendar file (RFC 5545).
//!
//! The calendar is what a calendar app imports: one all-day `VEVENT` per action item, from the
//! plan's start date plus the item's `start_week`, lasting `duration_weeks` (DTEND is exclusive,
//! as RFC 5545 says for `VALUE=DATE`). Lines end in CRLF, are folded at 75 octets without
//! splitting a UTF-8 character, and text values escape `\`, `;`, `,` and newlines.

use std::fmt;

use super::career_plan::ScheduleItem;

/// A day of the proleptic Gregorian calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct CalendarDate {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl CalendarDate {
    /// `YYYY-MM-DD`; `None` for anything else or a day that does not exist.
    pub fn parse(text: &str) -> Option<CalendarDate> {
        let mut parts = text.trim().splitn(3, '-');
        let year: i32 = parts.next()?.parse().ok()?;
        let month: u32 = parts.next()?.parse().ok()?;
        let day: u32 = parts.next()?.parse().ok()?;
        let date = CalendarDate { year, month, day };
        ((1..=12).contains(&month) && (1..=days_in_month(year, month)).contains(&day))
            .then_some(date)
    }

    /// Days since 1970-01-01 (negative before).
    pub fn to_days(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    pub fn from_days(days: i64) -> CalendarDate {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        CalendarDate { year, month, day }
    }

    /// The UTC day of a Unix timestamp in milliseconds.
    pub fn from_unix_ms(ms: f64) -> CalendarDate {
        Self::from_days((ms / 86_400_000.0).floor() as i64)
    }

    pub fn add_days(self, days: i64) -> CalendarDate {
        Self::from_days(self.to_days() + days)
    }

    /// `YYYYMMDD`, the iCalendar DATE form.
    pub fn basic(self) -> String {
        format!("{:04}{:02}{:02}", self.year, self.month, self.day)
    }
}

impl fmt::Display for CalendarDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` for a Unix timestamp in milliseconds.
pub fn iso_timestamp(unix_ms: f64) -> String {
    let (date, secs) = split_ms(unix_ms);
    format!(
        "{date}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// `YYYYMMDDTHHMMSSZ` (iCalendar UTC DATE-TIME) for a Unix timestamp in milliseconds.
pub fn ics_timestamp(unix_ms: f64) -> String {
    let (date, secs) = split_ms(unix_ms);
    format!(
        "{}T{:02}{:02}{:02}Z",
        date.basic(),
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

fn split_ms(unix_ms: f64) -> (CalendarDate, i64) {
    let secs = (unix_ms / 1000.0).floor() as i64;
    (
        CalendarDate::from_days(secs.div_euclid(86_400)),
        secs.rem_euclid(86_400),
    )
}

/// Escapes a TEXT value (RFC 5545 §3.3.11).
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.replace("\r\n", "\n").chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' | '\r' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// One content line folded at 75 octets (RFC 5545 §3.1), continuation lines starting with a
/// space, never inside a UTF-8 character; each physical line ends in CRLF.
pub fn fold_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3 + 2);
    let mut width = 0;
    for c in line.chars() {
        let len = c.len_utf8();
        if width + len > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += len;
    }
    out.push_str("\r\n");
    out
}

/// What the calendar needs besides the items.
#[derive(Debug, Clone)]
pub struct IcsOptions {
    /// The day week 0 starts.
    pub start: CalendarDate,
    /// Now, for DTSTAMP (Unix milliseconds).
    pub now_ms: f64,
    /// Makes UIDs unique per plan, e.g. the run's session id.
    pub uid_prefix: String,
    /// X-WR-CALNAME, shown by calendar apps.
    pub calendar_name: String,
}

/// The action items as an iCalendar document (see the module docs).
pub fn action_items_ics(items: &[ScheduleItem], options: &IcsOptions) -> String {
    let stamp = ics_timestamp(options.now_ms);
    let uid_prefix: String = options
        .uid_prefix
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_string(),
        "VERSION:2.0".to_string(),
        "PRODID:-//careergraph//CareerNavigator//EN".to_string(),
        "CALSCALE:GREGORIAN".to_string(),
        "METHOD:PUBLISH".to_string(),
        format!("X-WR-CALNAME:{}", escape_text(&options.calendar_name)),
    ];
    for (index, item) in items.iter().enumerate() {
        let start = options.start.add_days(i64::from(item.start_week) * 7);
        let end = start.add_days(i64::from(item.duration_weeks.max(1)) * 7);
        let mut description = item.description.trim().to_string();
        if !item.goal.trim().is_empty() {
            description = format!("{description}\n\nGoal: {}", item.goal.trim());
        }
        lines.extend([
            "BEGIN:VEVENT".to_string(),
            format!(
                "UID:{}-{}@careergraph",
                if uid_prefix.is_empty() {
                    "plan"
                } else {
                    &uid_prefix
                },
                index + 1
            ),
            format!("DTSTAMP:{stamp}"),
            format!("DTSTART;VALUE=DATE:{}", start.basic()),
            format!("DTEND;VALUE=DATE:{}", end.basic()),
            format!("SUMMARY:{}", escape_text(item.title.trim())),
            format!("DESCRIPTION:{}", escape_text(description.trim())),
            format!("PRIORITY:{}", ics_priority(&item.priority)),
            "TRANSP:TRANSPARENT".to_string(),
            "END:VEVENT".to_string(),
        ]);
    }
    lines.push("END:VCALENDAR".to_string());
    lines.iter().map(|l| fold_line(l)).collect()
}

/// RFC 5545 PRIORITY: 1 highest, 5 medium, 9 lowest, 0 undefined.
fn ics_priority(priority: &str) -> u8 {
    match priority.trim().to_lowercase().as_str() {
        "high" | "高" => 1,
        "medium" | "中" => 5,
        "low" | "低" => 9,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_through_day_numbers() {
        for text in ["1970-01-01", "2000-02-29", "2024-12-31", "2026-03-01"] {
            let date = CalendarDate::parse(text).unwrap();
            assert_eq!(CalendarDate::from_days(date.to_days()), date);
            assert_eq!(date.to_string(), text);
        }
        assert_eq!(CalendarDate::parse("1970-01-01").unwrap().to_days(), 0);
        assert_eq!(
            CalendarDate::parse("2024-02-28")
                .unwrap()
                .add_days(2)
                .to_string(),
            "2024-03-01"
        );
        assert!(CalendarDate::parse("2023-02-29").is_none());
        assert!(CalendarDate::parse("2023-13-01").is_none());
        assert!(CalendarDate::parse("soon").is_none());
        assert_eq!(
            iso_timestamp(86_400_000.0 + 3_723_000.0),
            "1970-01-02T01:02:03Z"
        );
    }
}
