//! The date variants: education years moved, a year of parental leave added.

use super::super::text::shift_years;
use super::*;

#[test]
fn graduation_years_move_20_years_earlier_and_work_dates_stay() {
    for (resume, language) in [(EN, Language::En), (ZH, Language::Zh)] {
        let [written, older] = pair(resume, Attribute::GraduationYear, language, 0);
        assert_eq!(written, resume);
        let diff = changed(&written, &older);
        assert_eq!(diff.len(), 1, "{diff:?}");
        let (a, b) = diff[0];
        assert!(a.contains("BSc") || a.contains("学士"), "{a}");
        assert_eq!(shift_years(a, -20), b);
    }
    assert!(older_lines_of(
        "## Education\nBSc Physics — Leeds\n\n## Experience\n### Dev — Acme (2019–2021)"
    )
    .is_none());
    assert!(older_lines_of(LIO).is_none());
}

fn older_lines_of(resume: &str) -> Option<[Variant; 2]> {
    variants(resume, Attribute::GraduationYear, Language::En, 0)
}

/// The parental-leave arm without its leave line (and the blank line added with it).
fn without_leave(text: &str, leave: &str) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let at = lines
        .iter()
        .position(|l| l.contains(leave))
        .expect("a leave entry");
    let mut kept = lines.clone();
    kept.remove(at);
    // One blank line came with it: above it (reverse order) or below it (chronological).
    if at > 0 && kept[at - 1].trim().is_empty() && kept.get(at).is_some_and(|l| l.trim().is_empty())
    {
        kept.remove(at);
    }
    kept.join("\n")
}

#[test]
fn the_leave_is_one_year_before_the_latest_job_and_earlier_dates_move_one_year() {
    for (resume, language, leave, expect, latest, earlier) in [
        (
            EN,
            Language::En,
            "Parental leave",
            "### Parental leave (2019–2020)",
            "(2020–present)",
            "Tulip",
        ),
        (
            ZH,
            Language::Zh,
            "育儿假",
            "### 育儿假（2020–2021）",
            "至今",
            "青橙零售",
        ),
    ] {
        let [as_written, with_leave] = pair(resume, Attribute::ParentalLeaveGap, language, 0);
        assert_eq!(as_written, resume);
        let leave_line = with_leave.lines().find(|l| l.contains(leave)).unwrap();
        assert_eq!(leave_line, expect);
        let rest = without_leave(&with_leave, leave);
        let diff = changed(resume, &rest);
        // The earlier job and the degree, each moved by exactly one year; the latest job and
        // every bullet as written.
        assert_eq!(diff.len(), 2, "{diff:?}");
        for (a, b) in diff {
            assert_eq!(shift_years(a, -1), b);
        }
        // The leave sits between the two jobs.
        let at = |needle: &str| with_leave.find(needle).unwrap();
        assert!(at(latest) < at(leave) && at(leave) < at(earlier));
    }
}

#[test]
fn in_chronological_order_the_leave_goes_above_the_latest_job_in_its_date_format() {
    let resume = "# A B\n\n## Experience\n\n### Analyst — Acme (Jan 2015 – Feb 2018)\n- Wrote reports\n\n### Lead — Beta (Mar 2018 – now)\n- Leads a team\n\n## Certificates\nAWS Solutions Architect (2017)\nCKA (2021)";
    let [_, gap] = pair(resume, Attribute::ParentalLeaveGap, Language::En, 0);
    let lines: Vec<&str> = gap.split('\n').collect();
    let leave = lines
        .iter()
        .position(|l| l.contains("Parental leave"))
        .unwrap();
    assert_eq!(lines[leave], "### Parental leave (Mar 2017 – Mar 2018)");
    assert_eq!(lines[leave + 2], "### Lead — Beta (Mar 2018 – now)");
    assert!(gap.contains("### Analyst — Acme (Jan 2014 – Feb 2017)"));
    // Dated before the leave: moved; after it: as written.
    assert!(gap.contains("AWS Solutions Architect (2016)") && gap.contains("CKA (2021)"));
}

#[test]
fn no_dated_job_no_gap_variant() {
    for resume in [
        "# A B\n\n## Skills\nRust, Go",
        "# A B\n\n## Education\nBSc — Leeds (2010–2013)",
    ] {
        assert!(variants(resume, Attribute::ParentalLeaveGap, Language::En, 0).is_none());
    }
}

#[test]
fn odd_input_never_panics_and_crlf_line_ends_are_kept() {
    for text in [
        "",
        "#",
        "\n\n",
        "# 周\n2020–",
        "### Dev (2020–present)\n### Ops (2019–2020)",
        "Ünïcödé — (2019–2021)\r\n## Education\r\nBSc (1999)",
    ] {
        for attribute in Attribute::ALL {
            for language in Language::ALL {
                let _ = variants(text, attribute, language, usize::MAX);
            }
        }
    }
    let crlf = EN.replace('\n', "\r\n");
    for attribute in [Attribute::ParentalLeaveGap, Attribute::Pronouns] {
        let [_, b] = pair(&crlf, attribute, Language::En, 0);
        let lines: Vec<&str> = b.split('\n').collect();
        let (last, rest) = lines.split_last().unwrap();
        assert!(
            last.is_empty() && rest.iter().all(|l| l.ends_with('\r')),
            "{b:?}"
        );
    }
}
