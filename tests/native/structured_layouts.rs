//! How the structure reads the layouts resume themes print: each rule on the smallest
//! text that shows it, fictional. The rules are general: they come from `make parse-bench`'s
//! tuning layouts, and the held-out sources and layout judge them.

use careergraph::domain::import::{import_pdf_pages, PdfPage, PdfTextItem};
use careergraph::domain::structured::{from_text, Confidence, Entry, PartialDate, SectionKind};

fn work(text: &str) -> Vec<Entry> {
    from_text(text)
        .entries_of(&SectionKind::Work)
        .into_iter()
        .cloned()
        .collect()
}

fn education(text: &str) -> Vec<Entry> {
    from_text(text)
        .entries_of(&SectionKind::Education)
        .into_iter()
        .cloned()
        .collect()
}

fn title(e: &Entry) -> &str {
    e.title.as_ref().map_or("", |f| f.value.as_str())
}

fn org(e: &Entry) -> &str {
    e.organisation.as_ref().map_or("", |f| f.value.as_str())
}

fn detail(e: &Entry) -> &str {
    e.detail.as_ref().map_or("", |f| f.value.as_str())
}

#[test]
fn a_duration_after_the_dates_leaves_the_date_line_bare() {
    let jobs = work(
        "# Ada Quill\n\n## Experience\n\nData Engineer, Tinroof Rail\nMar, 2018 - Aug, 2021 3 years 5 months\n\n\
         Built the feature store\n\nAnalyst, Quillfeather Labs\nFeb, 2017 - Feb, 2018 1 year\n\nWrote reports\n",
    );
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(
        (title(&jobs[1]), org(&jobs[1])),
        ("Analyst", "Quillfeather Labs")
    );
    let dates = &jobs[0].dates.as_ref().unwrap().value;
    assert_eq!(dates.end, Some(PartialDate::new(2021, Some(8))));
}

#[test]
fn the_area_written_before_the_degree_is_still_the_area() {
    let degrees = education(
        "# Ada Quill\n\n## Education\n\nComputer Science, MSc, Lakeside University\nSep, 2009 - Jun, 2012\n",
    );
    assert_eq!(degrees.len(), 1, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0]), org(&degrees[0])),
        ("MSc", "Computer Science", "Lakeside University")
    );
}

#[test]
fn letter_spaced_and_run_together_headings_name_their_sections() {
    let resume = from_text(
        "# Ada Quill\n\n## S U M M A RY\n\nBuilds pipelines.\n\n## WORKEXPERIENCE\n\
         Data Engineer at Tinroof Rail\tSept 2021 - Current\n\nE D U C AT I O N\n\
         MSc Physics at Lakeside University\tSept 2009 - Jun 2012\n",
    );
    let kinds: Vec<&SectionKind> = resume.sections.iter().map(|s| &s.kind).collect();
    assert_eq!(
        kinds,
        [
            &SectionKind::Summary,
            &SectionKind::Work,
            &SectionKind::Education
        ]
    );
    let job = &resume.entries_of(&SectionKind::Work)[0];
    assert_eq!((title(job), org(job)), ("Data Engineer", "Tinroof Rail"));
    assert!(job.dates.as_ref().unwrap().value.present);
}

#[test]
fn a_season_is_a_date_of_its_year() {
    let degrees = education(
        "# Ada Quill\n\n## Education\n\nPhD, Linguistics | Lakeside University | Autumn 2013 – Spring 2019\n\
         MS, Physics | Lakeside University | Sep 2010 – Jun 2012\n",
    );
    assert_eq!(degrees.len(), 2, "{degrees:#?}");
    let dates = &degrees[0].dates.as_ref().unwrap().value;
    assert_eq!(
        (dates.start, dates.end, dates.present),
        (
            Some(PartialDate::new(2013, None)),
            Some(PartialDate::new(2019, None)),
            false
        )
    );
}

#[test]
fn an_abbreviated_degree_before_its_area_is_split() {
    let degrees = education(
        "# Ada Quill\n\n## Education\nPhD Computer Science at Lakeside University\tSept 2013 - Jun 2019\n\
         HND Business Administration at Leeds City College\tSept 2011 - Jun 2013\n",
    );
    assert_eq!(degrees.len(), 2, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0]), org(&degrees[0])),
        ("PhD", "Computer Science", "Lakeside University")
    );
    assert_eq!(title(&degrees[1]), "HND");
}

#[test]
fn a_job_title_set_as_a_heading_in_a_work_section_is_an_entry() {
    let jobs = work(
        "# Ada Quill\n\n## Work\n\n## Staff Data Engineer\nTinroof Rail\nSep 2021 – Present\nLeeds\n\n\
         Led the platform team\n\n## Data Engineer\nQuillfeather Labs\nMar 2018 – Aug 2021\n\n## Education\n",
    );
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(
        (title(&jobs[0]), org(&jobs[0])),
        ("Staff Data Engineer", "Tinroof Rail")
    );
    assert_eq!(
        (title(&jobs[1]), org(&jobs[1])),
        ("Data Engineer", "Quillfeather Labs")
    );
}

#[test]
fn a_highlights_label_inside_a_job_is_not_a_section() {
    let resume = from_text(
        "# Ada Quill\n\n## Work\nTinroof Rail\tSep 2021 – Present\nData Engineer\n\n## Highlights\n\
         Cut costs by a third\n\nQuillfeather Labs\tMar 2018 – Aug 2021\nAnalyst\n\n## Highlights\nWrote reports\n",
    );
    assert_eq!(resume.sections.len(), 1, "{:#?}", resume.sections);
    assert_eq!(resume.entries_of(&SectionKind::Work).len(), 2);
}

#[test]
fn a_school_set_as_a_heading_with_its_degree_under_it() {
    let degrees = education(
        "# Ada Quill\n\n## Education\n\n## Lakeside Institute of Technology\nMSc in Computer Science\n\
         Sep 2009 – Jun 2012\n\n## Tinroof University\nBSc in Mathematics\nSep 2006 – Jun 2009\n",
    );
    assert_eq!(degrees.len(), 2, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0]), org(&degrees[0])),
        (
            "MSc",
            "Computer Science",
            "Lakeside Institute of Technology"
        )
    );
}

#[test]
fn employer_over_position_is_read_the_right_way_round() {
    let jobs = work(
        "# Ada Quill\n\n## Experience\n\nTinroof Rail Ltd\tSep 2021 – Present\nStaff Data Engineer\n\
         Led the platform team\n\nQuillfeather Labs\tMar 2018 – Aug 2021\nAnalyst\nWrote reports\n",
    );
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(
        (title(&jobs[0]), org(&jobs[0])),
        ("Staff Data Engineer", "Tinroof Rail Ltd")
    );
    assert_eq!(
        (title(&jobs[1]), org(&jobs[1])),
        ("Analyst", "Quillfeather Labs")
    );
    // Position first stays position first.
    let jobs = work(
        "# Ada Quill\n\n## Experience\n\nData Engineer, Tinroof Rail Ltd\nSep 2021 – Present\n",
    );
    assert_eq!(
        (title(&jobs[0]), org(&jobs[0])),
        ("Data Engineer", "Tinroof Rail Ltd")
    );
}

#[test]
fn a_table_header_row_is_not_a_degree() {
    let degrees = education(
        "# Ada Quill\n\n# Education\n\nDegree | Institution | Dates\n\
         HND, Business Administration | Leeds City College | Sep 2011 – Jun 2013\n\n# Skills\n",
    );
    assert_eq!(degrees.len(), 1, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0]), org(&degrees[0])),
        ("HND", "Business Administration", "Leeds City College")
    );
    // The header's words stay with the first row, so no export loses them.
    assert_eq!(degrees[0].text[0].value, "Degree | Institution | Dates");
}

#[test]
fn contact_details_in_a_sidebar_or_run_together_are_the_person_s() {
    let resume = from_text(
        "# Ada Quill\n\n## About\n\nLeeds UK\n\nada.quill@example.com\n\n+44 113 555 0100\n\n## Experience\n",
    );
    let basics = &resume.basics;
    assert_eq!(
        basics.email.as_ref().unwrap().value,
        "ada.quill@example.com"
    );
    assert_eq!(basics.phone.as_ref().unwrap().value, "+44 113 555 0100");
    let resume =
        from_text("# Ada Quill\nada.quill@example.com +44 113 555 0100\n\n## Experience\n");
    assert_eq!(
        resume.basics.email.as_ref().unwrap().value,
        "ada.quill@example.com"
    );
    assert_eq!(
        resume.basics.phone.as_ref().unwrap().value,
        "+44 113 555 0100"
    );
}

#[test]
fn a_degree_word_before_its_area_and_an_area_over_its_degree() {
    let degrees = education(
        "# Ada Quill\n\n## Education\n\nLakeside University\t09/2010 - 06/2015\nLicenciatura Bellas Artes\n\n\
         Tinroof University\t2006-09 — 2009-06\nMathematics\nBSc\n",
    );
    assert_eq!(degrees.len(), 2, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0])),
        ("Licenciatura", "Bellas Artes")
    );
    assert_eq!(
        (title(&degrees[1]), detail(&degrees[1])),
        ("BSc", "Mathematics")
    );
    // "Bachelor of Science" is one degree, not a degree and an area "of Science".
    let degrees = education(
        "# Ada Quill\n\n## Education\n\nBachelor of Science, Tinroof University\nSep 2006 – Jun 2009\n",
    );
    assert_eq!(title(&degrees[0]), "Bachelor of Science");
}

#[test]
fn a_job_whose_words_do_not_tell_the_order_is_marked_to_check() {
    use careergraph::domain::structured::Confidence;
    let jobs = work(
        "# Ada Quill\n\n## Experience\n\nTinroof Rail Ltd\tSep 2021 – Present\nStaff Data Engineer\n\n\
         Kvarnby\tMar 2018 – Aug 2021\nNorthwind\n",
    );
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    // Read like the others (employer first), but both shown as guessed in the outline.
    assert_eq!((title(&jobs[1]), org(&jobs[1])), ("Northwind", "Kvarnby"));
    let low = |f: &Option<careergraph::domain::structured::Field<String>>| {
        f.as_ref().map(|f| f.confidence) == Some(Confidence::Low)
    };
    assert!(
        low(&jobs[1].title) && low(&jobs[1].organisation),
        "{jobs:#?}"
    );
}

#[test]
fn a_course_code_is_not_an_abbreviated_degree() {
    let degrees = education(
        "# Ada Quill\n\n## Education\n\n### MAS.S65 Blockchain Technologies — Lakeside Institute of Technology\n\
         Sep 2015 – Dec 2015\n",
    );
    assert_eq!(degrees.len(), 1, "{degrees:#?}");
    assert_eq!(detail(&degrees[0]), "");
}

// ---- LaTeX layouts (moderncv) ----

#[test]
fn employer_and_place_over_title_and_dates_is_one_entry() {
    // moderncv `banking`: the employer (and its place after a tab) over the title and dates; a
    // job without a place, one dated by a single year, and a long bullet before the next employer.
    let jobs = work(
        "# Ada Quill\n\n## Experience\nTinroof Rail Ltd\tLeeds\nStaff Data Engineer\tSep 2021 – Present\n\
         - Moved forty nightly batch jobs to streaming, cutting the delay to minutes\n\
         Quillfeather Labs\nAnalyst\tMar 2018 – Aug 2021\n- Wrote reports\n\
         Brackwater Maps\nSummer Intern\t2017\n- Drew maps\n",
    );
    assert_eq!(jobs.len(), 3, "{jobs:#?}");
    assert_eq!(
        (title(&jobs[0]), org(&jobs[0])),
        ("Staff Data Engineer", "Tinroof Rail Ltd")
    );
    assert_eq!(jobs[0].location.as_ref().unwrap().value, "Leeds");
    assert_eq!(
        (title(&jobs[1]), org(&jobs[1])),
        ("Analyst", "Quillfeather Labs")
    );
    assert_eq!(
        (title(&jobs[2]), org(&jobs[2])),
        ("Summer Intern", "Brackwater Maps")
    );
    // Read from the lines' places, not from the words: the outline marks them to check.
    assert_eq!(jobs[1].title.as_ref().unwrap().confidence, Confidence::Low);
    // A school over its degree and area, a Chinese degree with a full-width comma.
    let degrees = education(
        "# Ada Quill\n\n## Education\nLakeside University\tLeeds\nMSc, Computer Science\tSep 2009 – Jun 2012\n\
         东临大学\n硕士，软件工程\t2014.09 – 2017.06\n\
         東和大学大学院\n修士、情報工学\t2012年4月 – 2014年3月\n\
         2008年4月 – 2012年3月\n**学士、情報科学**\n東和大学\n",
    );
    assert_eq!(degrees.len(), 4, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0]), org(&degrees[0])),
        ("MSc", "Computer Science", "Lakeside University")
    );
    assert_eq!(
        (title(&degrees[1]), detail(&degrees[1]), org(&degrees[1])),
        ("硕士", "软件工程", "东临大学")
    );
    // The Japanese comma parts them the same way.
    assert_eq!(
        (title(&degrees[2]), detail(&degrees[2]), org(&degrees[2])),
        ("修士", "情報工学", "東和大学大学院")
    );
    // Under its dates, the degree and its area in bold, the school on the next line.
    assert_eq!(
        (title(&degrees[3]), detail(&degrees[3]), org(&degrees[3])),
        ("学士", "情報科学", "東和大学")
    );
}

#[test]
fn a_job_title_set_as_a_heading_under_the_dates_completes_the_entry() {
    // The employer (with its place after a tab, or set as a heading itself) over the dates,
    // then the job title set large: the title heading is the same entry's, not a section.
    let jobs = work(
        "# Ada Quill\n\n## Work Experience\n\nTinroof Rail\tLeeds\nSeptember 2021 – Present\n\n\
         ## Staff Data Engineer\nLed the platform team.\n\nHighlights\n\nCut costs by a third\n\n\
         Quillfeather Labs\tYork\nMarch 2018 – August 2021\n\n## Data Engineer\nHighlights\n\n\
         Wrote reports\n\n## Brackwater Maps\nFebruary 2017 – February 2018\n\n## Analyst\n\
         Highlights\n\nDrew maps\n\n## Education\n",
    );
    assert_eq!(jobs.len(), 3, "{jobs:#?}");
    assert_eq!(
        (title(&jobs[0]), org(&jobs[0])),
        ("Staff Data Engineer", "Tinroof Rail")
    );
    assert_eq!(jobs[0].location.as_ref().unwrap().value, "Leeds");
    assert_eq!(
        (title(&jobs[1]), org(&jobs[1])),
        ("Data Engineer", "Quillfeather Labs")
    );
    assert_eq!(
        (title(&jobs[2]), org(&jobs[2])),
        ("Analyst", "Brackwater Maps")
    );
    // Jobs with nothing under their dates: a title heading with its own dates next, or with its
    // employer and then its dates (the title over the employer), is the next job.
    let jobs = work(
        "# Ada Quill\n\n## Work\n\n## Staff Data Engineer\nSep 2021 – Present\n\n\
         ## Data Engineer\nMar 2018 – Aug 2021\n",
    );
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    let jobs = work(
        "# Ada Quill\n\n## Work\n\n## Staff Data Engineer\nSep 2021 – Present\n\n\
         ## Data Engineer\nQuillfeather Labs\nMar 2018 – Aug 2021\n",
    );
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(
        (title(&jobs[1]), org(&jobs[1])),
        ("Data Engineer", "Quillfeather Labs")
    );
}

#[test]
fn a_start_year_over_its_end_year_is_one_period() {
    // A sidebar's date column prints the start year over the end year beside the school (the
    // school set as a heading), then the degree and its area on lines of their own.
    let degrees = education(
        "# Ada Quill\n\n## Education\n\n## 2009 · Lakeside Institute of Technology\n2012\nMSc\n\n\
         Computer Science\n\n## 2006 · Tinroof University\n2009\nBSc\n\nMathematics\n",
    );
    assert_eq!(degrees.len(), 2, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0]), org(&degrees[0])),
        (
            "MSc",
            "Computer Science",
            "Lakeside Institute of Technology"
        )
    );
    let dates = &degrees[1].dates.as_ref().unwrap().value;
    assert_eq!(
        (dates.start, dates.end),
        (
            Some(PartialDate::new(2006, None)),
            Some(PartialDate::new(2009, None))
        )
    );
    assert_eq!(
        (title(&degrees[1]), detail(&degrees[1]), org(&degrees[1])),
        ("BSc", "Mathematics", "Tinroof University")
    );
    // A degree under way: the start year over "Present", nothing dated after the heading.
    let degrees = education(
        "# Ada Quill\n\n## Education\n\n## 2018 · Lakeside University\nPresent\nBSc\n\nChemistry\n\n## Skills\n",
    );
    assert_eq!(degrees.len(), 1, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0]), org(&degrees[0])),
        ("BSc", "Chemistry", "Lakeside University")
    );
    let dates = &degrees[0].dates.as_ref().unwrap().value;
    assert_eq!(
        (dates.start, dates.present),
        (Some(PartialDate::new(2018, None)), true)
    );
    // The same in Chinese: the area, in a script without case, is read all the same.
    let degrees =
        education("# 李安\n\n## 教育经历\n\n## 2014 · 东临大学\n2017\n硕士\n\n软件工程\n");
    assert_eq!(degrees.len(), 1, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0]), org(&degrees[0])),
        ("硕士", "软件工程", "东临大学")
    );
}

#[test]
fn a_short_line_over_employer_and_dates_stays_with_the_entry_before() {
    // The other way round (macchiato): `Employer\tDates` over the title. The last entry's title
    // and a degree's area, short and capitalised, sit over the next employer: they are not one.
    let jobs = work(
        "# Ada Quill\n\n## Experience\n\nTinroof Rail Ltd\tSep 2021 – Present\nStaff Data Engineer\n\n\
         Quillfeather Labs\tMar 2018 – Aug 2021\nSenior Analyst\n",
    );
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(
        (title(&jobs[1]), org(&jobs[1])),
        ("Senior Analyst", "Quillfeather Labs")
    );
    assert_eq!(
        (title(&jobs[0]), org(&jobs[0])),
        ("Staff Data Engineer", "Tinroof Rail Ltd")
    );
}

#[test]
fn a_name_with_its_headline_and_lettered_contact_details() {
    // moderncv's header: "Name | Headline" as the title; letters where icons would be.
    let resume = from_text(
        "# Ada Quill | Staff Data Engineer\nLeeds\nM +44 113 496 0000 • E ada.quill@example.com\n\
         W ada.example.com\n\n## Summary\nBuilds pipelines.\n",
    );
    let basics = &resume.basics;
    assert_eq!(basics.name.as_ref().unwrap().value, "Ada Quill");
    assert_eq!(basics.label.as_ref().unwrap().value, "Staff Data Engineer");
    assert_eq!(basics.phone.as_ref().unwrap().value, "+44 113 496 0000");
    assert_eq!(
        basics.email.as_ref().unwrap().value,
        "ada.quill@example.com"
    );
    let address = basics
        .location
        .as_ref()
        .and_then(|l| l.text.clone())
        .unwrap_or_default();
    assert!(
        !address.contains('E'),
        "the icon letter is no address: {address}"
    );
}

// ---- the same layouts as pdf.js gives them (the app's import, then the text above) ----

fn piece(text: &str, x: f64, y: f64, size: f64, font: &str) -> PdfTextItem {
    PdfTextItem {
        text: text.into(),
        x,
        y,
        // About half the size per character, as sans fonts set.
        width: 0.5 * size * text.chars().count() as f64,
        height: size,
        font_name: font.into(),
        ..Default::default()
    }
}

fn pdf_text(items: Vec<PdfTextItem>) -> String {
    import_pdf_pages(&[PdfPage { items }])
        .expect("a readable page")
        .text
}

#[test]
fn a_column_of_dates_beside_the_entries_goes_after_each_entry_s_line() {
    // moderncv `classic`: dates right-aligned left of the content, a range's end wrapped onto
    // the next line (beside the first bullet), skill groups labelled in the same column.
    let body = |t: &str, y: f64| piece(t, 150.0, y, 10.0, "body");
    let date = |t: &str, y: f64| piece(t, 140.0 - 5.0 * t.chars().count() as f64, y, 10.0, "body");
    let items = vec![
        piece("Summary", 150.0, 760.0, 14.0, "head"),
        body(
            "Data engineer who builds batch and streaming pipelines",
            740.0,
        ),
        body("that teams trust, across logistics and retail.", 726.0),
        piece("Experience", 150.0, 700.0, 14.0, "head"),
        date("Sep 2021 –", 680.0),
        piece("Staff Data Engineer", 150.0, 680.0, 10.0, "bold"),
        piece(", Tinroof Rail, Leeds", 245.0, 680.0, 10.0, "body"),
        date("Present", 666.0),
        body("Led the platform team of six engineers.", 666.0),
        date("Mar 2018 –", 646.0),
        piece("Data Analyst", 150.0, 646.0, 10.0, "bold"),
        piece(", Quillfeather Labs", 210.0, 646.0, 10.0, "body"),
        date("Aug 2021", 632.0),
        body("Wrote the weekly freight report for the board.", 632.0),
        body("Kept the depot dashboards running.", 618.0),
        piece("Skills", 150.0, 600.0, 14.0, "head"),
        date("Data", 580.0),
        body("Kafka, Spark, dbt", 580.0),
    ];
    let text = pdf_text(items);
    assert!(
        text.contains("Staff Data Engineer, Tinroof Rail, Leeds\tSep 2021 – Present\n"),
        "{text}"
    );
    assert!(text.contains("\nLed the platform team"), "{text}");
    assert!(text.contains("\tMar 2018 – Aug 2021\n"), "{text}");
    assert!(text.contains("Data: Kafka, Spark, dbt"), "{text}");
    let jobs = work(&text);
    assert_eq!(jobs.len(), 2, "{text}\n{jobs:#?}");
    assert_eq!(
        (title(&jobs[0]), org(&jobs[0])),
        ("Staff Data Engineer", "Tinroof Rail")
    );
}

#[test]
fn a_sidebar_of_dated_lines_is_no_date_column() {
    // Dates in a sidebar that do not sit beside content lines: the page is left to the column
    // splitter, nothing is moved.
    let mut items: Vec<PdfTextItem> = (0..8)
        .map(|n| {
            piece(
                "Some content of a line",
                150.0,
                700.0 - 20.0 * n as f64,
                10.0,
                "body",
            )
        })
        .collect();
    items.push(piece("2019 – 2021", 40.0, 690.0, 10.0, "body"));
    items.push(piece("2016 – 2019", 40.0, 650.0, 10.0, "body"));
    let text = pdf_text(items);
    assert!(!text.contains("\t2019 – 2021"), "{text}");
}

#[test]
fn a_symbol_drawn_before_each_item_is_a_bullet() {
    // moderncv's bullet is a marvosym glyph that pdf.js reads by its code, as `{`.
    let mut items = vec![piece(
        "Data engineer with twelve years of pipelines behind her.",
        150.0,
        700.0,
        10.0,
        "body",
    )];
    for (n, t) in ["Cut the delay to minutes", "Mentored six engineers"]
        .iter()
        .enumerate()
    {
        let y = 680.0 - 14.0 * n as f64;
        items.push(piece("{", 150.0, y, 10.0, "symbols"));
        items.push(piece(t, 160.0, y, 10.0, "body"));
    }
    let text = pdf_text(items);
    assert!(
        text.contains("\n- Cut the delay to minutes\n- Mentored six engineers"),
        "{text}"
    );
    // A `{` in the body font is text.
    let text = pdf_text(vec![
        piece(
            "Data engineer with twelve years of pipelines behind her.",
            150.0,
            700.0,
            10.0,
            "body",
        ),
        piece("{", 150.0, 680.0, 10.0, "body"),
        piece("braces", 160.0, 680.0, 10.0, "body"),
    ]);
    assert!(text.contains("{ braces"), "{text}");
}

#[test]
fn a_large_name_beside_small_contact_lines_is_the_title() {
    // moderncv `classic`: the name at 3.4 times the body size on the baseline of the place.
    let text = pdf_text(vec![
        piece("Ada Quill", 70.0, 730.0, 34.0, "name"),
        piece("Leeds", 470.0, 732.0, 10.0, "body"),
        piece("ada.quill@example.com", 410.0, 718.0, 10.0, "body"),
        piece(
            "Data engineer with twelve years of pipelines behind her.",
            150.0,
            690.0,
            10.0,
            "body",
        ),
    ]);
    assert!(text.starts_with("# Ada Quill\nLeeds\n"), "{text}");
    // moderncv `banking`: the name and headline on one title line, wrapped.
    let text = pdf_text(vec![
        piece("Ada Quill", 150.0, 740.0, 25.0, "name"),
        piece("| Staff Data", 270.0, 740.0, 25.0, "light"),
        piece("Engineer", 250.0, 715.0, 25.0, "light"),
        piece("Leeds", 270.0, 700.0, 10.0, "body"),
        piece(
            "Data engineer with twelve years of pipelines behind her.",
            75.0,
            680.0,
            10.0,
            "body",
        ),
    ]);
    assert!(
        text.starts_with("# Ada Quill | Staff Data Engineer\nLeeds"),
        "{text}"
    );
    assert_eq!(from_text(&text).basics.name.unwrap().value, "Ada Quill");
}

#[test]
fn a_wrapped_bullet_ending_on_a_section_word_opens_no_section() {
    // Plain text, no Markdown headings: short lines holding a section word are headings only
    // when written as one (a capital first, no sentence end).
    let text = "Ada Quill\n\nExperience\n\
        Staff Engineer, Tinroof Rail\tSep 2021 – Present\n\
        - Planned the quarter with the teams for upcoming and\n\
        prospective projects.\n\
        - Ran the on-call rota\n\
        Data Engineer, Quillfeather Labs\tMar 2018 – Aug 2021\n\
        - Built the feature store\n\n\
        Skills\nRust, Kafka\n";
    let resume = from_text(text);
    let jobs = resume.entries_of(&SectionKind::Work);
    assert_eq!(jobs.len(), 2, "{:#?}", resume.sections);
    assert!(resume.entries_of(&SectionKind::Projects).is_empty());
    assert!(jobs[0].highlights[0]
        .value
        .ends_with("prospective projects."));
    assert_eq!(resume.entries_of(&SectionKind::Skills).len(), 1);
}

#[test]
fn where_headings_are_marked_a_bare_name_holding_a_section_word_is_no_heading() {
    // The PDF and DOCX readers mark what is set as a heading (`## …`): an employer alone on its
    // line, in the body's font, is no "Technologies" section however short it is.
    let text = "# Ada Quill\n\n## Experience\n\
        Lumenfold Technologies\n\
        Staff Engineer\tSep 2021 – Present\n\
        - Ran the on-call rota\n\
        Lumenfold Technologies\n\
        Data Engineer\tMar 2018 – Aug 2021\n\
        - Built the feature store\n\n\
        ## Skills\nRust, Kafka\n";
    let resume = from_text(text);
    let jobs = resume.entries_of(&SectionKind::Work);
    assert_eq!(jobs.len(), 2, "{:#?}", resume.sections);
    assert_eq!(
        (title(jobs[1]), org(jobs[1])),
        ("Data Engineer", "Lumenfold Technologies")
    );
    assert_eq!(resume.entries_of(&SectionKind::Skills).len(), 1);
    // Unmarked text keeps its short headings: "Technical Skills" alone on its line is one.
    let plain = from_text("Ada Quill\n\nTechnical Skills\nRust, Kafka\n\nEducation\nMSc Physics, Lakeside University\t2012\n");
    assert_eq!(
        plain.entries_of(&SectionKind::Skills).len(),
        1,
        "{:#?}",
        plain.sections
    );
    assert_eq!(plain.entries_of(&SectionKind::Education).len(), 1);
}

#[test]
fn a_degree_of_several_words_is_split_from_its_area_at_the_preposition() {
    // "Diplôme d'ingénieur en …", "Master of Science in …": the degree's own words run up to
    // the preposition that leads to the area (in, en, im, w, z).
    let degrees = education(
        "# Ada Quill\n\n## Education\n\
         Diplôme d’ingénieur en Chimie des matériaux, École des Mines de Valbrune\tSep 2010 – Jun 2013\n\
         Master of Science in Marine Biology, Lakeside University\tSep 2008 – Jun 2010\n\
         Bachelor of Arts, Tinroof University\tSep 2005 – Jun 2008\n",
    );
    assert_eq!(degrees.len(), 3, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0]), org(&degrees[0])),
        (
            "Diplôme d’ingénieur",
            "Chimie des matériaux",
            "École des Mines de Valbrune"
        )
    );
    assert_eq!(
        (title(&degrees[1]), detail(&degrees[1])),
        ("Master of Science", "Marine Biology")
    );
    assert_eq!(
        (title(&degrees[2]), detail(&degrees[2])),
        ("Bachelor of Arts", "")
    );
    // Without a preposition the degree's words are not cut at the first space.
    let degrees = education(
        "# Ada Quill\n\n## Education\nDiplôme d'Ingénieur, Lakeside Institute\tSep 2010 – Jun 2013\n",
    );
    assert_eq!(title(&degrees[0]), "Diplôme d'Ingénieur", "{degrees:#?}");
}

#[test]
fn degree_area_school_in_polish_gives_the_school_its_name() {
    // A school word in the languages read ("Uniwersytet", "Politechnika"): the last part of
    // "Degree, Area, School" is the school, the middle one the area.
    let degrees = education(
        "# Ada Quill\n\n## Education\n\
         Licencjat, Socjologia, Uniwersytet Nadrzeczny\tOct 2012 – Jun 2015\n\
         Inżynier, Automatyka, Politechnika Zalesie\tOct 2008 – Feb 2012\n",
    );
    assert_eq!(degrees.len(), 2, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0]), org(&degrees[0])),
        ("Licencjat", "Socjologia", "Uniwersytet Nadrzeczny")
    );
    assert_eq!(
        (title(&degrees[1]), detail(&degrees[1]), org(&degrees[1])),
        ("Inżynier", "Automatyka", "Politechnika Zalesie")
    );
}

// ---- skills as grids and group headings ----

/// The skills section's groups: (name, keywords); a loose item is a group of its own name.
fn skill_groups(text: &str) -> Vec<(String, Vec<String>)> {
    from_text(text)
        .entries_of(&SectionKind::Skills)
        .into_iter()
        .map(|e| (title(e).to_string(), e.keywords.clone()))
        .collect()
}

fn owned(groups: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
    groups
        .iter()
        .map(|(name, words)| {
            (
                name.to_string(),
                words.iter().map(|w| w.to_string()).collect(),
            )
        })
        .collect()
}

#[test]
fn a_row_of_group_names_over_a_row_of_keyword_lists_names_each_column() {
    // A theme sets skill groups side by side: the names in one row, each group's keywords
    // under its name; a group that wraps to the next row is set as a heading of its own.
    let groups = skill_groups(
        "# Ada Quill\n\n## Skills\nData\tLanguages\nKafka · Spark · dbt\tPython · SQL\n\n\
         ## Cloud\nAWS · Terraform\n\n## Languages\nSwedish\tEnglish\n",
    );
    assert_eq!(
        groups,
        owned(&[
            ("Data", &["Kafka", "Spark", "dbt"]),
            ("Languages", &["Python", "SQL"]),
            ("Cloud", &["AWS", "Terraform"]),
        ])
    );
}

#[test]
fn a_group_heading_set_unlike_the_section_headings_stays_in_the_skills() {
    // "Languages" in mixed case among headings in capitals names a group of the skills; the
    // spoken languages under their own capital heading stay a section.
    let resume = from_text(
        "# Ada Quill\n\n## SKILLS\nData\nKafka · Spark\n\n## Languages\nPython · SQL\n\n\
         ## LANGUAGES\nSwedish · English\n",
    );
    let groups: Vec<&str> = resume
        .entries_of(&SectionKind::Skills)
        .into_iter()
        .map(title)
        .collect();
    assert!(groups.contains(&"Languages"), "{:#?}", resume.sections);
    assert_eq!(resume.sections_of(&SectionKind::Languages).count(), 1);
}

#[test]
fn skills_set_apart_by_tabs_are_items_each() {
    let groups = skill_groups("# Ada Quill\n\n## Skills\nKafka\tPython\nSpark\tScala\ndbt\n");
    let names: Vec<&str> = groups.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Kafka", "Python", "Spark", "Scala", "dbt"]);
    // A section with an unknown name after the skills, holding sentences, stays a section.
    let resume = from_text(
        "# Ada Quill\n\n## Skills\nRust, Kafka\n\n## Open Source Impact\n\
         Maintainer of a scheduling library used by forty teams.\n",
    );
    assert_eq!(
        resume.entries_of(&SectionKind::Skills).len(),
        1,
        "{:#?}",
        resume.sections
    );
    assert_eq!(resume.sections.len(), 2);
}

#[test]
fn a_row_of_contact_labels_over_a_row_of_values_gives_the_values() {
    let resume = from_text(
        "# Ada Quill\n\n## Staff Engineer\n\n## Contact\nEmail\tPhone\n\
         ada.quill@example.org\t+44 113 555 0100\n\n## About\nBuilds pipelines.\n",
    );
    let basics = &resume.basics;
    assert_eq!(
        basics.email.as_ref().map(|f| f.value.as_str()),
        Some("ada.quill@example.org"),
        "{resume:#?}"
    );
    assert_eq!(
        basics.phone.as_ref().map(|f| f.value.as_str()),
        Some("+44 113 555 0100")
    );
}

/// An employer set as a heading inside a work section, over a job title (a school over a degree
/// in education), is an entry even with no date near it (a sidebar theme whose dates fell off the page's right edge prints none): each
/// employer heading is the next job, not a section of its own.
#[test]
fn an_employer_heading_over_a_job_title_is_a_job_without_dates() {
    let text = "# Ada Quill\n\n## Experience\n\n## Tinroof Rail\nSenior Data Engineer\nBuilt the feature store for the pricing team.\n\nPython\nSQL\n\n## Quillfeather Technologies\n05/2017 - Present\nAnalyst\nWrote the reports.\n\n## Quillfeather\nCo-Founder\nWrote the weekly reports.\n\n## Education\n\n## Harbour University\nBSc Mathematics\n";
    let jobs = work(text);
    assert_eq!(jobs.len(), 3, "{jobs:#?}");
    assert_eq!(
        (title(&jobs[0]), org(&jobs[0])),
        ("Senior Data Engineer", "Tinroof Rail")
    );
    // Named as an organisation ("Technologies" also names a skills section), over its dates.
    assert_eq!(
        (title(&jobs[1]), org(&jobs[1])),
        ("Analyst", "Quillfeather Technologies")
    );
    assert_eq!(
        (title(&jobs[2]), org(&jobs[2])),
        ("Co-Founder", "Quillfeather")
    );
    let degrees = education(text);
    assert_eq!(degrees.len(), 1, "{degrees:#?}");
    assert_eq!(org(&degrees[0]), "Harbour University", "{degrees:#?}");
}

/// "Tinroof Rail, Inc" is one employer with its legal form, not a title and an employer
/// ("Inc"): the comma before a legal form does not split a name.
#[test]
fn a_legal_form_after_a_comma_stays_with_its_name() {
    let jobs = work(
        "# Ada Quill\n\n## Experience\n\nTinroof Rail, Inc\t03/2016 - 10/2016\nPrincipal Developer\nBuilt the feature store.\n\nQuillfeather, LLC\t03/2012 - 03/2016\nSenior Developer\nWrote the reports.\n",
    );
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(
        (title(&jobs[0]), org(&jobs[0])),
        ("Principal Developer", "Tinroof Rail, Inc")
    );
    assert_eq!(
        (title(&jobs[1]), org(&jobs[1])),
        ("Senior Developer", "Quillfeather, LLC")
    );
}

// ---- Tables with a row of column labels (docx-grid) ----

#[test]
fn rows_under_column_labels_are_read_by_their_labels() {
    // The DOCX reader's text of a table resume: "Period | Employer | Position | City" over one
    // row per job (a job without a place leaves the last cell empty), a description under each.
    let jobs = work(
        "# Ada Quill\n\nExperience\nPeriod | Employer | Position | City\n\
         09/2021 – Present | Tinroof Rail Ltd | Staff Data Engineer | Leeds\n\
         Lead engineer for the event platform.\n\
         03/2018 – 08/2021 | Quillfeather Labs | Analyst\n\
         Built the forecast store\n\
         Education\n",
    );
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    for (job, (t, o)) in jobs.iter().zip([
        ("Staff Data Engineer", "Tinroof Rail Ltd"),
        ("Analyst", "Quillfeather Labs"),
    ]) {
        assert_eq!((title(job), org(job)), (t, o));
    }
    assert_eq!(jobs[0].location.as_ref().unwrap().value, "Leeds");
    // Labels in another language, a degree's columns, a PDF's tabs.
    let degrees = education(
        "# Ada Quill\n\n## Ausbildung\nZeitraum\tHochschule\tAbschluss\tFach\n\
         10/2005 – 12/2010\tTechnische Universität Nordhafen\tDiplom\tInformatik\n",
    );
    assert_eq!(degrees.len(), 1, "{degrees:#?}");
    assert_eq!(
        (title(&degrees[0]), detail(&degrees[0]), org(&degrees[0])),
        ("Diplom", "Informatik", "Technische Universität Nordhafen")
    );
}
