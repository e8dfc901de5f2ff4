use super::*;
use crate::domain::Language;

#[test]
fn csv_quotes_a_label_with_a_comma_and_a_quote() {
    let people = [
        person("Female", r#"Other, "self-described""#, 1.0, true),
        person("=Male", "", 1.0, false),
    ];
    let csv = to_csv(&impact_table(&people, RateKind::Selection));
    let lines: Vec<&str> = csv.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "dimension,category,count,selected,rate,impact_ratio,excluded_for_size,flagged"
    );
    assert!(
        csv.contains(
            r#"race_ethnicity,"Other, ""self-described""",1,1,1.000000,1.000000,false,false"#
        ),
        "{csv}"
    );
    // A label a spreadsheet would run as a formula is defused.
    assert!(
        csv.contains("sex,'=Male,1,0,0.000000,0.000000,false,true"),
        "{csv}"
    );
    // The people who did not say, per dimension: an empty category.
    assert!(csv.contains("\r\nrace_ethnicity,,1,,,,,\r\n"), "{csv}");
    assert!(csv.contains("\r\nsex,,0,,,,,\r\n"), "{csv}");
    assert!(csv.ends_with("\r\n"));
}

#[test]
fn csv_names_the_count_of_the_kind_and_lists_unknowns() {
    let csv = to_csv(&impact_table(&sample(), RateKind::Scoring));
    assert!(csv.starts_with(
        "dimension,category,count,above_median,rate,impact_ratio,excluded_for_size,flagged\r\n"
    ));
    assert!(
        csv.contains("\r\nsex,Female,9,4,0.444444,0.800000,false,false\r\n"),
        "{csv}"
    );
    assert!(csv.contains("\r\nsex,,2,,,,,\r\n"), "{csv}");
    assert!(csv.contains("\r\nrace_ethnicity,,2,,,,,\r\n"), "{csv}");
    assert!(csv.contains("\r\nintersection,,4,,,,,\r\n"), "{csv}");
}

fn markdown_row<'a>(markdown: &'a str, category: &str) -> &'a str {
    let start = format!("| {category} |");
    markdown
        .lines()
        .find(|line| line.starts_with(&start))
        .unwrap_or_else(|| panic!("no row {category} in\n{markdown}"))
}

#[test]
fn markdown_flags_ratios_under_four_fifths_only() {
    let markdown = to_markdown(&impact_table(&sample(), RateKind::Scoring), Language::En);
    assert!(markdown.starts_with("# "), "{markdown}");
    assert!(markdown.contains("20"), "{markdown}");
    assert!(markdown.contains("69"), "{markdown}");
    // 0.8 exactly is not under 0.8.
    let female = markdown_row(&markdown, "Female");
    assert!(
        female.contains("0.800") && !female.contains('⚠'),
        "{female}"
    );
    let white = markdown_row(&markdown, "White");
    assert!(
        white.contains("0.667") && white.contains("⚠ under 0.8"),
        "{white}"
    );
    let male = markdown_row(&markdown, "Male");
    assert!(male.contains("55.6%") && male.contains("1.000") && !male.contains('⚠'));
    for heading in ["## Sex", "## Race/ethnicity", "## Sex × race/ethnicity"] {
        assert!(markdown.contains(heading), "{heading} in\n{markdown}");
    }
    // How many did not say, per dimension.
    assert!(markdown.contains("\n- sex: 2 people\n"), "{markdown}");
    assert!(
        markdown.contains("\n- race/ethnicity: 2 people\n"),
        "{markdown}"
    );
    assert!(
        markdown.contains("\n- sex × race/ethnicity (either or both unknown): 4 people\n"),
        "{markdown}"
    );
}

#[test]
fn markdown_names_the_excluded_categories_with_their_counts() {
    let mut people: Vec<Assessed> = (0..59)
        .map(|i| person("Female", "", 50.0, i < 30))
        .collect();
    people.push(person("Male", "", 50.0, true));
    let table = impact_table(&people, RateKind::Selection);
    let markdown = to_markdown(&table, Language::En);
    let man = markdown_row(&markdown, "Male");
    assert!(man.contains("| 1 |") && man.contains("100.0%"), "{man}");
    assert!(man.contains("excluded"), "{man}");
    assert!(
        markdown.contains("Excluded for size (under 2% of the 60 assessed): Male (1)"),
        "{markdown}"
    );

    let kept = impact_table_with(&people, RateKind::Selection, SmallCategories::Keep);
    let markdown = to_markdown(&kept, Language::En);
    assert!(
        !markdown_row(&markdown, "Male").contains("excluded"),
        "{markdown}"
    );
    assert!(
        markdown.contains("Categories under 2% of those assessed were compared like the others."),
        "{markdown}"
    );

    let chinese = to_markdown(&table, Language::Zh);
    assert!(
        chinese.contains("性别") && chinese.contains("选择率"),
        "{chinese}"
    );
}

#[test]
fn markdown_cells_cannot_break_the_table() {
    let people = [person("A | B", "", 1.0, true)];
    let markdown = to_markdown(&impact_table(&people, RateKind::Selection), Language::En);
    assert!(markdown.contains(r"| A \| B |"), "{markdown}");
}

#[test]
fn the_table_round_trips_through_json() {
    let table = impact_table(&sample(), RateKind::Scoring);
    let json = serde_json::to_string(&table).unwrap();
    assert!(json.contains("\"race_ethnicity\""), "{json}");
    let back: ImpactTable = serde_json::from_str(&json).unwrap();
    assert_eq!(back, table);
    let reported: SelfReported =
        serde_json::from_str(r#"{"sex":"Female","raceEthnicity":"Asian"}"#).unwrap();
    assert_eq!(reported.race_ethnicity.as_deref(), Some("Asian"));
    assert_eq!(
        serde_json::from_str::<SelfReported>("{}").unwrap(),
        SelfReported::default()
    );
}
