//! Layout-aware PDF text (first part): pieces of text as pdf.js reports them
//! (positions in PDF units, y upwards; `fontName`, font family, height), built here by hand for
//! fictional people, one test per defect the plain y-then-x reading had. Each also checks that a
//! plain one-column resume reads as before.

use careergraph::domain::import::{import_pdf_pages, PdfPage, PdfTextItem};

/// A piece of text in `font` at `size`, about half a size wide per character.
fn at(text: &str, x: f64, y: f64, size: f64, font: &str) -> PdfTextItem {
    PdfTextItem {
        text: text.into(),
        x,
        y,
        width: 0.5 * size * text.chars().count() as f64,
        height: size,
        font_name: font.into(),
        font_family: "sans-serif".into(),
        has_eol: false,
    }
}

fn body(text: &str, x: f64, y: f64) -> PdfTextItem {
    at(text, x, y, 10.0, "g_d0_f1")
}

fn read(pages: Vec<Vec<PdfTextItem>>) -> String {
    let pages: Vec<PdfPage> = pages.into_iter().map(|items| PdfPage { items }).collect();
    import_pdf_pages(&pages).expect("readable").text
}

/// A one-column resume with a ragged right edge, titles with their dates far right, bullets.
fn plain_items() -> Vec<PdfTextItem> {
    vec![
        body("Noor Halloway", 72.0, 740.0),
        body("noor.halloway@example.com  |  +1 555 0142", 72.0, 726.0),
        body("Platform Engineer, Lumen Freight", 72.0, 700.0),
        body("2020 – 2024", 470.0, 700.0),
        body(
            "• Moved the billing jobs to a queue; retries fell by half",
            72.0,
            686.0,
        ),
        body("• Wrote the on-call guide", 72.0, 672.0),
        body(
            "• Ran the migration from cron to a scheduler with audit logs",
            72.0,
            658.0,
        ),
        body("Support Engineer, Tern Labs", 72.0, 632.0),
        body("2017 – 2020", 470.0, 632.0),
        body("• Answered 40 tickets a day", 72.0, 618.0),
        body(
            "• Built a search over past answers used by the whole team",
            72.0,
            604.0,
        ),
        body("Python, Go, PostgreSQL", 72.0, 578.0),
        body("Kubernetes, Terraform", 72.0, 564.0),
    ]
}

const PLAIN_TEXT: &str = "Noor Halloway\nnoor.halloway@example.com  |  +1 555 0142\n\n\
Platform Engineer, Lumen Freight\t2020 – 2024\n\
- Moved the billing jobs to a queue; retries fell by half\n- Wrote the on-call guide\n\
- Ran the migration from cron to a scheduler with audit logs\n\n\
Support Engineer, Tern Labs\t2017 – 2020\n- Answered 40 tickets a day\n\
- Built a search over past answers used by the whole team\n\nPython, Go, PostgreSQL\nKubernetes, Terraform";

#[test]
fn a_plain_one_column_resume_reads_as_before() {
    assert_eq!(read(vec![plain_items()]), PLAIN_TEXT);
}

/// A sidebar template: a full-width header band, then a narrow left column (9 pt, 15 pt leading)
/// beside a wide right column (10 pt, 13 pt leading): baselines rarely meet.
fn two_column_page() -> Vec<PdfTextItem> {
    let mut items = vec![
        at("Ines Marlowe", 220.0, 760.0, 20.0, "g_d0_f2"),
        body(
            "Product designer, Lisbon and remote, ines.marlowe@example.org",
            110.0,
            738.0,
        ),
    ];
    let left = [
        "SKILLS",
        "Figma, prototyping",
        "Design systems",
        "User interviews",
        "LANGUAGES",
        "Portuguese (native)",
        "English (fluent)",
        "A quote I like:",
        "\"make it plain\"",
    ];
    for (n, line) in left.iter().enumerate() {
        items.push(at(line, 40.0, 700.0 - 15.0 * n as f64, 9.0, "g_d0_f3"));
    }
    let right = [
        "EXPERIENCE",
        "Lead Designer, Quay Studio 2021 – 2025",
        "- Redesigned the booking flow of a ferry company for 2 million trips",
        "- Ran weekly research sessions with harbour staff and travellers",
        "Designer, Orla Maps 2018 – 2021",
        "- Drew the offline map styles used in three city apps",
        "- Set up the component library shared by four product teams",
        "EDUCATION",
        "BA Communication Design, Porto 2014 – 2018",
        "- Thesis on wayfinding signs in train stations",
    ];
    push_column(&mut items, &right, 200.0, 702.0, 13.0, 10.0);
    items
}

#[test]
fn two_columns_are_read_left_column_then_right_column() {
    let text = read(vec![two_column_page()]);
    let pos = |needle: &str| {
        text.find(needle)
            .unwrap_or_else(|| panic!("{needle:?} missing from:\n{text}"))
    };
    // The header band first, then the whole sidebar, then the whole main column.
    assert!(pos("Ines Marlowe") < pos("Product designer"));
    assert!(pos("Product designer") < pos("SKILLS"));
    assert!(pos("\"make it plain\"") < pos("EXPERIENCE"), "{text}");
    // Each column's lines one after another (headings in capitals in the sidebar's own font
    // are headings: their marks and blank lines aside).
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.trim_start_matches('#').trim())
        .filter(|l| !l.is_empty())
        .collect();
    let sidebar = [
        "SKILLS",
        "Figma, prototyping",
        "Design systems",
        "User interviews",
        "LANGUAGES",
        "Portuguese (native)",
        "English (fluent)",
        "A quote I like:",
        "\"make it plain\"",
    ];
    let main = [
        "EXPERIENCE",
        "Lead Designer, Quay Studio 2021 – 2025",
        "- Redesigned the booking flow of a ferry company for 2 million trips",
        "- Ran weekly research sessions with harbour staff and travellers",
        "Designer, Orla Maps 2018 – 2021",
    ];
    for column in [&sidebar[..], &main[..]] {
        assert!(
            lines.windows(column.len()).any(|w| w == column),
            "not read in one piece: {column:?}\n{text}"
        );
    }
    assert!(text.contains("\n## SKILLS\n"), "{text}");
    assert!(text.contains("\n## EXPERIENCE\n"), "{text}");
    // The same split is not made on a plain one-column page.
    assert_eq!(read(vec![plain_items()]), PLAIN_TEXT);
}

/// The sidebar of [`page_one_with_sidebar`], in reading order.
const SIDEBAR_ONE: [&str; 6] = [
    "CONTACT",
    "ines.marlowe@example.org",
    "SKILLS",
    "Figma, prototyping",
    "Design systems",
    "User interviews",
];

/// A first page with the name over a main column on the left (whose last entry, "Orla Maps",
/// goes on over the page break) and a sidebar on the right that reaches the page's foot.
fn page_one_with_sidebar() -> Vec<PdfTextItem> {
    let mut page = vec![at("Ines Marlowe", 40.0, 780.0, 20.0, "g_d0_f2")];
    let main = [
        "EXPERIENCE",
        "Quay Studio",
        "Sep 2021 – Present",
        "Lead Designer",
        "- Redesigned the booking flow of a ferry company for 2 million trips",
        "- Ran weekly research sessions with harbour staff and travellers",
        "Orla Maps",
    ];
    push_column(&mut page, &main, 40.0, 702.0, 13.0, 10.0);
    push_column(&mut page, &SIDEBAR_ONE, 400.0, 700.0, 15.0, 9.0);
    page
}

/// The text's non-empty lines, heading marks dropped.
fn plain_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.trim_start_matches('#').trim())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Checks what both page-break tests ask of `text`: the name first, the job cut by the break
/// read in one piece ("Orla Maps" right over its dates from the next page), and `sidebar` read
/// in one piece.
fn assert_one_entry_and_one_sidebar(text: &str, sidebar: &[&str]) {
    let lines = plain_lines(text);
    let at_line = |needle: &str| {
        lines
            .iter()
            .position(|l| *l == needle)
            .unwrap_or_else(|| panic!("{needle:?} missing from:\n{text}"))
    };
    assert_eq!(
        at_line("Mar 2018 – Aug 2021"),
        at_line("Orla Maps") + 1,
        "{text}"
    );
    assert_eq!(lines[0], "Ines Marlowe", "{text}");
    assert!(
        lines.windows(sidebar.len()).any(|w| w == sidebar),
        "the sidebar not read in one piece:\n{text}"
    );
}

#[test]
fn a_main_column_that_runs_onto_the_next_page_is_read_on_into_it() {
    // The main column on the left, a sidebar on the right; the main column's last entry runs
    // onto page 2, which has no sidebar. Read left then right, the sidebar would cut that entry
    // in two (its employer on page 1, its dates and title after the sidebar).
    let page_one = page_one_with_sidebar();
    let page_two = vec![
        body("Mar 2018 – Aug 2021", 40.0, 780.0),
        body("Designer", 40.0, 767.0),
        body(
            "- Drew the offline map styles used in three city apps",
            40.0,
            754.0,
        ),
    ];
    let text = read(vec![page_one.clone(), page_two]);
    // The name, over the main column and above the sidebar, still comes first.
    assert_one_entry_and_one_sidebar(&text, &SIDEBAR_ONE);
    // Alone, the page reads left column then right column, as before.
    let alone = read(vec![page_one]);
    assert!(alone.find("Orla Maps") < alone.find("CONTACT"), "{alone}");
}

#[test]
fn columns_that_go_on_over_the_page_break_are_read_as_one_flow() {
    // The main column on the left, a sidebar on the right, and both go on onto page 2 at the
    // same gutter. Read page by page (left, right, left, right), the sidebar's end on page 1
    // would cut the main column's last entry in two at the break.
    let page_one = page_one_with_sidebar();
    let mut page_two = Vec::new();
    let main_two = [
        "Mar 2018 – Aug 2021",
        "Designer",
        "- Drew the offline map styles used in three city apps",
        "- Kept the icon set in one shared library",
        "EDUCATION",
        "Harbour School of Design",
        "2014 – 2018",
        "BA Graphic Design",
    ];
    push_column(&mut page_two, &main_two, 40.0, 780.0, 13.0, 10.0);
    let sidebar_two = [
        "LANGUAGES",
        "English, Portuguese",
        "TOOLS",
        "Sketch, Blender",
        "INTERESTS",
        "Sailing, letterpress",
    ];
    push_column(&mut page_two, &sidebar_two, 400.0, 778.0, 15.0, 9.0);
    let text = read(vec![page_one.clone(), page_two.clone()]);
    // Each column in one piece: the sidebar of page 1 goes on with the sidebar of page 2.
    let sidebar: Vec<&str> = SIDEBAR_ONE.iter().chain(&sidebar_two).copied().collect();
    assert_one_entry_and_one_sidebar(&text, &sidebar);
    // A sidebar that starts well down page 2 is no continuation of page 1's: each page reads
    // on its own, left column then right.
    let moved: Vec<PdfTextItem> = page_two
        .into_iter()
        .map(|mut i| {
            if i.x > 100.0 {
                i.y -= 200.0;
            }
            i
        })
        .collect();
    let apart = read(vec![page_one, moved]);
    assert!(apart.find("Orla Maps") < apart.find("CONTACT"), "{apart}");
    assert!(apart.find("CONTACT") < apart.find("Mar 2018"), "{apart}");
}

/// `lines` one under the other from `top`, `step` apart, at `x` in `size`: section headings in
/// capitals in a font of their own (a bold one, to pdf.js `g_d0_f4`), the rest in the body font.
fn push_column(
    items: &mut Vec<PdfTextItem>,
    lines: &[&str],
    x: f64,
    top: f64,
    step: f64,
    size: f64,
) {
    for (n, line) in lines.iter().enumerate() {
        let font = if line.chars().all(|c| c.is_uppercase()) {
            "g_d0_f4"
        } else {
            "g_d0_f1"
        };
        items.push(at(line, x, top - step * n as f64, size, font));
    }
}

#[test]
fn labels_on_the_baselines_of_their_entries_are_not_split_off() {
    // moderncv: dates in a left column, each on the baseline of the entry it dates.
    let mut items = Vec::new();
    let entries = [
        ("2021–2025", "Nurse Lead, Harbour Clinic"),
        ("2018–2021", "Staff Nurse, Fenwick Hospital"),
        ("2016–2018", "Nurse, Ashgrove Care Home"),
        ("2012–2016", "BSc Nursing, Westmoor University"),
        ("2010–2012", "Care Assistant, Ashgrove Care Home"),
    ];
    for (n, (dates, title)) in entries.iter().enumerate() {
        let y = 700.0 - 40.0 * n as f64;
        items.push(body(dates, 40.0, y));
        items.push(body(title, 145.0, y));
        items.push(body(
            "- Looked after a ward of twenty beds on night and day shifts",
            147.0,
            y - 14.0,
        ));
    }
    let text = read(vec![items]);
    for (dates, title) in entries {
        assert!(text.contains(&format!("{dates}\t{title}\n")), "{text}");
    }
}

#[test]
fn letter_spaced_headings_become_words() {
    let mut items = vec![
        at("S U M M A R Y", 260.0, 760.0, 12.0, "g_d0_f2"),
        body(
            "I build data tools; a few are used by a hundred analysts.",
            72.0,
            740.0,
        ),
        // Separate pieces per word, as some generators write them.
        at("O P E N", 214.0, 700.0, 12.0, "g_d0_f2"),
        at("S O U R C E", 261.0, 700.0, 12.0, "g_d0_f2"),
        body("Maintainer of a small CSV linter", 72.0, 680.0),
    ];
    // And a piece per letter, tightly set.
    for (n, letter) in "SKILLS".chars().enumerate() {
        items.push(at(
            &letter.to_string(),
            72.0 + 9.0 * n as f64,
            650.0,
            12.0,
            "g_d0_f2",
        ));
    }
    items.push(body("Grade A B in the two finals; Rust, SQL", 72.0, 630.0));
    let text = read(vec![items]);
    assert!(text.contains("SUMMARY"), "{text}");
    assert!(text.contains("OPEN SOURCE"), "{text}");
    assert!(text.contains("SKILLS"), "{text}");
    assert!(!text.contains("S U M"), "{text}");
    // Single letters that are words stay apart.
    assert!(
        text.contains("I build data tools; a few are used"),
        "{text}"
    );
    assert!(text.contains("Grade A B in the two finals"), "{text}");
    assert_eq!(read(vec![plain_items()]), PLAIN_TEXT);
}

#[test]
fn soft_hyphens_become_dashes_hyphens_or_joins() {
    let items = vec![
        body("Teaching Assistant, Corran College", 72.0, 740.0),
        body("Sep. 2023 \u{AD} Mar. 2024", 470.0, 740.0),
        body(
            "Ran \u{AD}high\u{AD}impact labs, 2019\u{AD}2021, for first-year students",
            72.0,
            726.0,
        ),
        body("Wrote the develop\u{AD}", 72.0, 712.0),
        body("ment guide for new tutors and their mentors", 72.0, 698.0),
        body(
            &"Graded essays for two hundred students each term. ".repeat(2),
            72.0,
            684.0,
        ),
    ];
    let text = read(vec![items]);
    assert!(text.contains("Sep. 2023 – Mar. 2024"), "{text}");
    assert!(text.contains("high-impact"), "{text}");
    assert!(text.contains("2019–2021"), "{text}");
    assert!(
        text.contains("Wrote the development\nguide for new tutors"),
        "{text}"
    );
    assert!(!text.contains('\u{AD}'), "{text}");
    assert_eq!(read(vec![plain_items()]), PLAIN_TEXT);
}

#[test]
fn words_hyphenated_at_a_line_end_are_joined() {
    let items = vec![
        body("Led the develop-", 72.0, 740.0),
        body(
            "ment of a fare engine for a regional bus network with",
            72.0,
            726.0,
        ),
        body("high-", 72.0, 712.0),
        body(
            "impact changes to ticket pricing across the Riak-",
            72.0,
            698.0,
        ),
        body(
            "Core cluster that stores every journey of the year.",
            72.0,
            684.0,
        ),
    ];
    let text = read(vec![items]);
    assert!(
        text.contains("Led the development\nof a fare engine"),
        "{text}"
    );
    // A compound wrapped at its own hyphen keeps it; a capital after the hyphen is a new word.
    assert!(
        text.contains("high-impact\nchanges to ticket pricing"),
        "{text}"
    );
    assert!(text.contains("across the Riak-\nCore cluster"), "{text}");
    assert_eq!(read(vec![plain_items()]), PLAIN_TEXT);
}

#[test]
fn icon_glyphs_are_dropped() {
    let mut items = vec![
        // A private-use glyph (an icon font with a Unicode map to the PUA) before the e-mail.
        body("\u{F0E0}", 72.0, 740.0),
        body("tova.renn@example.net", 86.0, 740.0),
        // Glyph names from an icon font.
        at(
            "HOUSE-CHIMNEY",
            300.0,
            740.0,
            10.0,
            "FontAwesome6Free-Solid",
        ),
        body("Oslo, Norway", 380.0, 740.0),
        at("GITHUB-SQUARE", 72.0, 726.0, 10.0, "g_d0_f7"),
        body("github.com/tovarenn", 150.0, 726.0),
        // pdf.js names: an icon font only known by what it draws (lone symbols)...
        at("§", 300.0, 726.0, 10.0, "g_d0_f5"),
        body("+47 555 01 234", 312.0, 726.0),
        at("ï", 72.0, 712.0, 10.0, "g_d0_f5"),
        body("linkedin.com/in/tova-renn", 86.0, 712.0),
        // C1 control characters some icon fonts map to.
        at("\u{82}", 300.0, 712.0, 10.0, "g_d0_f6"),
        body("tova.example.net", 312.0, 712.0),
    ];
    // ... and one drawn as the same letter before every date.
    for (n, dates) in ["2022 – now", "2019 – 2022", "2016 – 2019"]
        .iter()
        .enumerate()
    {
        let y = 680.0 - 30.0 * n as f64;
        items.push(body("Backend Developer, Fjord Post", 72.0, y));
        items.push(at("z", 456.0, y, 10.0, "g_d0_f8"));
        items.push(body(dates, 470.0, y));
        items.push(at("•", 72.0, y - 14.0, 10.0, "Symbol"));
        items.push(body(
            "Kept the parcel API up through two peak seasons",
            84.0,
            y - 14.0,
        ));
    }
    let text = read(vec![items]);
    for leak in ['\u{F0E0}', '§', 'ï', '\u{82}'] {
        assert!(!text.contains(leak), "{leak:?} in:\n{text}");
    }
    for leak in ["HOUSE-CHIMNEY", "GITHUB-SQUARE", " z ", "z 20", "\tz"] {
        assert!(!text.contains(leak), "{leak:?} in:\n{text}");
    }
    assert!(
        text.starts_with("tova.renn@example.net\tOslo, Norway\n"),
        "{text}"
    );
    assert!(
        text.contains("Backend Developer, Fjord Post\t2022 – now"),
        "{text}"
    );
    // Bullets from a Symbol font are bullets, not icons.
    assert!(text.contains("\n- Kept the parcel API up"), "{text}");
    assert_eq!(read(vec![plain_items()]), PLAIN_TEXT);
}

#[test]
fn running_headers_footers_and_page_numbers_are_dropped() {
    let page = |n: usize| {
        let mut items = vec![
            body(&format!("Kai Brennan – Résumé {n}"), 72.0, 770.0),
            body(&format!("{n}/3"), 520.0, 30.0),
            body("kai.brennan@example.com", 72.0, 44.0),
            body(&format!("Page {n} of 3"), 480.0, 44.0),
        ];
        let work = [
            "shipped a scanner app",
            "fixed the label printer",
            "wrote the pick list",
        ];
        for k in 0..6 {
            items.push(body(
                &format!("Page {n} line {k}: {} and its tests", work[(n + k) % 3]),
                72.0,
                700.0 - 14.0 * k as f64,
            ));
        }
        items
    };
    let text = read(vec![page(1), page(2), page(3)]);
    assert!(!text.contains("Résumé"), "{text}");
    assert!(!text.contains("/3"), "{text}");
    assert!(!text.contains("of 3"), "{text}");
    // A footer that carries a link is kept once, without its page number.
    assert_eq!(text.matches("kai.brennan@example.com").count(), 1, "{text}");
    for n in 1..=3 {
        assert!((0..6).all(|k| text.contains(&format!("Page {n} line {k}: "))),);
    }
    assert_eq!(read(vec![plain_items()]), PLAIN_TEXT);
}

#[test]
fn an_entry_at_the_same_place_on_two_pages_is_no_running_footer() {
    // Two jobs with the same title, each at the foot of its page, their years apart: a year is
    // no page number, so neither line is a running footer.
    let page = |employer: &str, year: u32| {
        let mut items = Vec::new();
        for k in 0..6 {
            items.push(body(
                &format!("- Ran the {employer} build and release work, part {k}"),
                72.0,
                700.0 - 14.0 * k as f64,
            ));
        }
        items.push(body(employer, 72.0, 74.0));
        items.push(body("Co-Founder", 72.0, 60.0));
        items.push(body(&format!("Jan {year} – Present"), 470.0, 60.0 + 0.8));
        items
    };
    let text = read(vec![page("Tern Labs", 2011), page("Orla Maps", 2013)]);
    assert!(text.contains("Co-Founder\tJan 2011 – Present"), "{text}");
    assert!(text.contains("Co-Founder\tJan 2013 – Present"), "{text}");
    assert_eq!(read(vec![plain_items()]), PLAIN_TEXT);
}

#[test]
fn overlapping_duplicate_runs_are_read_once() {
    let items = vec![
        body("Wen Adair", 72.0, 740.0),
        // Drawn twice, a fraction of a unit apart (a fake bold), and in CJK.
        body("Wen Adair", 72.3, 740.2),
        body("分類", 72.0, 720.0),
        body("分類", 72.4, 720.0),
        body("Data Analyst, Kestrel Bank", 72.0, 700.0),
        body("Remote", 470.0, 700.0),
        body("Data Analyst, Pilot Labs", 72.0, 680.0),
        body("Remote", 470.0, 680.0),
        body(
            "Built the loan dashboards and the monthly risk report pipeline",
            72.0,
            660.0,
        ),
    ];
    let text = read(vec![items]);
    assert_eq!(text.matches("Wen Adair").count(), 1, "{text}");
    assert!(text.contains("分類\n"), "{text}");
    assert!(!text.contains("分類分類"), "{text}");
    // The same text at another place is not a duplicate.
    assert_eq!(text.matches("Remote").count(), 2, "{text}");
    assert_eq!(read(vec![plain_items()]), PLAIN_TEXT);
}

#[test]
fn headings_come_from_font_size_and_weight() {
    let items = vec![
        at("Mara Quinn", 72.0, 760.0, 22.0, "g_d0_f2"),
        // Beside the name, higher up in the header band: the name still comes first.
        body("maraquinn.example.org", 400.0, 768.0),
        body("mara.quinn@example.com", 72.0, 736.0),
        at("Experience", 72.0, 700.0, 14.0, "g_d0_f3"),
        at(
            "Lab Technician, Birchway Labs",
            72.0,
            680.0,
            10.0,
            "ABCDEF+Lato-Bold",
        ),
        body("2019 – 2024", 470.0, 680.0),
        body(
            "Ran the sample intake for a lab of twelve scientists and two robots",
            72.0,
            666.0,
        ),
        at("Education", 72.0, 630.0, 10.0, "ABCDEF+Lato-Bold"),
        body(
            "BSc Chemistry, Northfield University, 2015 – 2019",
            72.0,
            610.0,
        ),
        // Large, but a sentence: not a heading.
        at(
            "I like clean benches and clear labels.",
            72.0,
            580.0,
            14.0,
            "g_d0_f3",
        ),
        body(
            "Certified in lab safety and first aid, renewed every other year.",
            72.0,
            560.0,
        ),
        body(
            "Member of the regional chemistry society since twenty nineteen.",
            72.0,
            546.0,
        ),
        // Body size, another font (bold to the PDF, `g_d0_f4` to pdf.js): capitals or a section
        // name are headings; other words in that font are not; capitals in the body font neither.
        at("SKILLS", 72.0, 520.0, 10.0, "g_d0_f4"),
        body("Pipetting, HPLC, sample tracking in LIMS", 72.0, 506.0),
        at("Projects", 72.0, 480.0, 10.0, "g_d0_f4"),
        at("Birchway Labs", 72.0, 466.0, 10.0, "g_d0_f4"),
        body("NORTHFIELD LABS", 72.0, 452.0),
        body(
            "Cut sample mix-ups to none in a year with barcode tracking",
            72.0,
            438.0,
        ),
        // A usual section name in capitals is a heading even in the body font.
        body("PUBLICATIONS", 72.0, 410.0),
        body(
            "Sample tracking in small labs, Lab Notes 12, 2023",
            72.0,
            396.0,
        ),
    ];
    let text = read(vec![items]);
    assert!(
        text.starts_with("# Mara Quinn\nmaraquinn.example.org\nmara.quinn@example.com"),
        "{text}"
    );
    assert!(text.contains("\n\n## Experience\n"), "{text}");
    assert!(text.contains("\n\n## Education\n"), "{text}");
    // A title with its dates is an entry, in bold or not.
    assert!(
        text.contains("\nLab Technician, Birchway Labs\t2019 – 2024\n"),
        "{text}"
    );
    assert!(
        text.contains("\nI like clean benches and clear labels.\n"),
        "{text}"
    );
    assert!(text.contains("\n\n## SKILLS\n"), "{text}");
    assert!(text.contains("\n\n## Projects\n"), "{text}");
    assert!(text.contains("\n\n## PUBLICATIONS\n"), "{text}");
    assert!(
        text.contains("\nBirchway Labs\nNORTHFIELD LABS\n"),
        "{text}"
    );
    assert_eq!(read(vec![plain_items()]), PLAIN_TEXT);
}
