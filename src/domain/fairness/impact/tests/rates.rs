use super::*;
use crate::domain::Language;

/// Scoring, by hand.
///
/// Sorted scores: 40 45 50 52 55 58 60 62 65 68 | 70 72 75 77 80 82 85 88 90 95. Twenty of them:
/// the median is (68 + 70) / 2 = 69, and ten people score above it: #19 #4 #11 #14 #7 #17 #2 #13
/// #1 #10. Nobody is under 2% of 20 (0.4 people), so nothing is excluded.
///
/// Sex (unknown: #17 #18 = 2):
///   Female 9 (#1–8, #20), above 4 (#1 #2 #4 #7): 4/9; ratio (4/9)/(5/9) = 0.8, NOT flagged
///   Male   9 (#9–16, #19), above 5 (#10 #11 #13 #14 #19): 5/9, the highest; ratio 1
/// Race/ethnicity (unknown: #7 #16 = 2):
///   White 8, above 4 (#13 #14 #17 #19): 1/2; ratio (1/2)/(3/4) = 2/3, flagged
///   Black 6, above 2 (#4 #11): 1/3; ratio (1/3)/(3/4) = 4/9, flagged
///   Asian 4, above 3 (#1 #2 #10): 3/4, the highest; ratio 1
/// Sex × race/ethnicity (16 with both; unknown: #7 #16 #17 #18 = 4):
///   Male × White    4 (#13 #14 #15 #19), above 3: 3/4; ratio 0.75, flagged
///   Female × Black  3 (#3 #4 #20), above 1: 1/3; ratio 1/3, flagged
///   Female × White  3 (#5 #6 #8), above 0: 0; ratio 0, flagged
///   Female × Asian  2 (#1 #2), above 2: 1, the highest; ratio 1
///   Male × Asian    2 (#9 #10), above 1: 1/2; ratio 0.5, flagged
///   Male × Black    2 (#11 #12), above 1: 1/2; ratio 0.5, flagged
#[test]
fn scoring_rates_and_ratios_match_the_hand_computation() {
    use Dimension::*;
    let table = impact_table(&sample(), RateKind::Scoring);
    assert_eq!(table.kind, RateKind::Scoring);
    assert_eq!(table.assessed, 20);
    assert_eq!(table.median, Some(69.0));
    assert!(table.small_categories_excluded);
    assert_eq!(
        table.unknown,
        UnknownCounts {
            sex: 2,
            race_ethnicity: 2,
            intersection: 4
        }
    );
    assert_eq!(table.rows.len(), 2 + 3 + 6);

    check(&table, Sex, "Male", (9, 5), 5.0 / 9.0, Some(1.0), false);
    check(&table, Sex, "Female", (9, 4), 4.0 / 9.0, Some(0.8), false);

    check(
        &table,
        RaceEthnicity,
        "Asian",
        (4, 3),
        0.75,
        Some(1.0),
        false,
    );
    check(
        &table,
        RaceEthnicity,
        "White",
        (8, 4),
        0.5,
        Some(2.0 / 3.0),
        true,
    );
    check(
        &table,
        RaceEthnicity,
        "Black",
        (6, 2),
        1.0 / 3.0,
        Some(4.0 / 9.0),
        true,
    );

    check(
        &table,
        Intersection,
        "Female × Asian",
        (2, 2),
        1.0,
        Some(1.0),
        false,
    );
    check(
        &table,
        Intersection,
        "Male × White",
        (4, 3),
        0.75,
        Some(0.75),
        true,
    );
    check(
        &table,
        Intersection,
        "Female × Black",
        (3, 1),
        1.0 / 3.0,
        Some(1.0 / 3.0),
        true,
    );
    check(
        &table,
        Intersection,
        "Female × White",
        (3, 0),
        0.0,
        Some(0.0),
        true,
    );
    check(
        &table,
        Intersection,
        "Male × Asian",
        (2, 1),
        0.5,
        Some(0.5),
        true,
    );
    check(
        &table,
        Intersection,
        "Male × Black",
        (2, 1),
        0.5,
        Some(0.5),
        true,
    );

    // By dimension, then the larger categories first, then by name.
    let order: Vec<&str> = table.rows.iter().map(|r| r.category.as_str()).collect();
    assert_eq!(
        order,
        [
            "Female",
            "Male",
            "White",
            "Black",
            "Asian",
            "Male × White",
            "Female × Black",
            "Female × White",
            "Female × Asian",
            "Male × Asian",
            "Male × Black",
        ]
    );
}

/// Selection, by hand. Selected: #1 #2 #4 #10 #11 #13 #14 #17 (8 of 20); nothing excluded.
///
/// Sex (unknown 2):
///   Female 9, selected 3 (#1 #2 #4): 1/3; ratio (1/3)/(4/9) = 0.75, flagged
///   Male   9, selected 4 (#10 #11 #13 #14): 4/9, the highest; ratio 1
/// Race/ethnicity (unknown 2):
///   White 8, selected 3 (#13 #14 #17): 3/8; ratio (3/8)/(3/4) = 0.5, flagged
///   Black 6, selected 2 (#4 #11): 1/3; ratio 4/9, flagged
///   Asian 4, selected 3 (#1 #2 #10): 3/4, the highest; ratio 1
/// Sex × race/ethnicity (unknown 4):
///   Male × White   4, selected 2 (#13 #14): 1/2; ratio 0.5, flagged
///   Female × Black 3, selected 1 (#4): 1/3; ratio 1/3, flagged
///   Female × White 3, selected 0: ratio 0, flagged
///   Female × Asian 2, selected 2: 1, the highest; ratio 1
///   Male × Asian   2, selected 1 (#10): 1/2; ratio 0.5, flagged
///   Male × Black   2, selected 1 (#11): 1/2; ratio 0.5, flagged
#[test]
fn selection_rates_and_ratios_match_the_hand_computation() {
    use Dimension::*;
    let table = impact_table(&sample(), RateKind::Selection);
    assert_eq!(table.kind, RateKind::Selection);
    assert_eq!(table.assessed, 20);
    assert_eq!(table.median, None);
    assert_eq!(
        table.unknown,
        UnknownCounts {
            sex: 2,
            race_ethnicity: 2,
            intersection: 4
        }
    );
    assert_eq!(table.rows.len(), 11);

    check(&table, Sex, "Male", (9, 4), 4.0 / 9.0, Some(1.0), false);
    check(&table, Sex, "Female", (9, 3), 1.0 / 3.0, Some(0.75), true);

    check(
        &table,
        RaceEthnicity,
        "Asian",
        (4, 3),
        0.75,
        Some(1.0),
        false,
    );
    check(
        &table,
        RaceEthnicity,
        "White",
        (8, 3),
        0.375,
        Some(0.5),
        true,
    );
    check(
        &table,
        RaceEthnicity,
        "Black",
        (6, 2),
        1.0 / 3.0,
        Some(4.0 / 9.0),
        true,
    );

    check(
        &table,
        Intersection,
        "Female × Asian",
        (2, 2),
        1.0,
        Some(1.0),
        false,
    );
    check(
        &table,
        Intersection,
        "Male × White",
        (4, 2),
        0.5,
        Some(0.5),
        true,
    );
    check(
        &table,
        Intersection,
        "Female × Black",
        (3, 1),
        1.0 / 3.0,
        Some(1.0 / 3.0),
        true,
    );
    check(
        &table,
        Intersection,
        "Female × White",
        (3, 0),
        0.0,
        Some(0.0),
        true,
    );
    check(
        &table,
        Intersection,
        "Male × Asian",
        (2, 1),
        0.5,
        Some(0.5),
        true,
    );
    check(
        &table,
        Intersection,
        "Male × Black",
        (2, 1),
        0.5,
        Some(0.5),
        true,
    );
}

#[test]
fn only_scores_above_the_median_count_and_ties_at_it_do_not() {
    // Odd: 1 2 2 2 3, median 2; only the 3 is above it.
    let people = [
        person("A", "", 2.0, false),
        person("A", "", 3.0, false),
        person("B", "", 1.0, false),
        person("B", "", 2.0, false),
        person("B", "", 2.0, false),
    ];
    let table = impact_table(&people, RateKind::Scoring);
    assert_eq!(table.median, Some(2.0));
    check(&table, Dimension::Sex, "A", (2, 1), 0.5, Some(1.0), false);
    check(&table, Dimension::Sex, "B", (3, 0), 0.0, Some(0.0), true);

    // Even, the middle two equal: 1 2 2 3, median 2; again only the 3.
    let table = impact_table(&people[1..], RateKind::Scoring);
    assert_eq!(table.median, Some(2.0));
    assert_eq!(row(&table, Dimension::Sex, "A").above_or_selected, 1);
    assert_eq!(row(&table, Dimension::Sex, "B").above_or_selected, 0);

    // Everybody on the median: nobody is above it.
    let same = [person("A", "", 5.0, false), person("B", "", 5.0, false)];
    let table = impact_table(&same, RateKind::Scoring);
    assert_eq!(table.median, Some(5.0));
    assert!(table.rows.iter().all(|r| r.above_or_selected == 0));
}

#[test]
fn the_median_counts_people_whose_category_is_unknown() {
    // Without the unknown person's 10, the median of 1 2 3 would be 2 and the 3 above it; with
    // it the median is 2.5, and the 3 is still above, the 2 not.
    let people = [
        person("A", "X", 1.0, false),
        person("A", "X", 2.0, false),
        person("B", "X", 3.0, false),
        person("", "", 10.0, false),
    ];
    let table = impact_table(&people, RateKind::Scoring);
    assert_eq!(table.assessed, 4);
    assert_eq!(table.median, Some(2.5));
    assert_eq!(table.unknown.sex, 1);
    assert_eq!(row(&table, Dimension::Sex, "A").above_or_selected, 0);
    assert_eq!(row(&table, Dimension::Sex, "B").above_or_selected, 1);
}

#[test]
fn a_category_under_two_percent_is_excluded_and_still_shown() {
    // 60 people: 59 women (30 selected) and one man (selected). 1 of 60 is 1.7%.
    let mut people: Vec<Assessed> = (0..59)
        .map(|i| person("Female", "", 50.0, i < 30))
        .collect();
    people.push(person("Male", "", 50.0, true));
    let table = impact_table(&people, RateKind::Selection);
    assert!(table.small_categories_excluded);
    let man = row(&table, Dimension::Sex, "Male");
    assert!(man.excluded_for_size);
    assert_eq!((man.count, man.above_or_selected, man.rate), (1, 1, 1.0));
    assert_eq!(man.impact_ratio, None);
    assert!(!man.flagged);
    // The excluded man's rate of 1 is not the highest rate: the women are compared to themselves.
    let women = row(&table, Dimension::Sex, "Female");
    assert!(!women.excluded_for_size);
    assert_eq!(women.impact_ratio, Some(1.0));
    assert_eq!(
        table
            .excluded()
            .map(|r| r.category.as_str())
            .collect::<Vec<_>>(),
        ["Male"]
    );

    // The rules allow the exclusion, they do not require it: kept, the man is the highest.
    let kept = impact_table_with(&people, RateKind::Selection, SmallCategories::Keep);
    assert!(!kept.small_categories_excluded);
    assert_eq!(kept.excluded().count(), 0);
    assert_eq!(row(&kept, Dimension::Sex, "Male").impact_ratio, Some(1.0));
    let women = row(&kept, Dimension::Sex, "Female");
    assert!(close(women.impact_ratio.unwrap(), 30.0 / 59.0));
    assert!(women.flagged);

    // Exactly 2% (1 of 50) is not under 2%.
    let mut fifty: Vec<Assessed> = (0..49).map(|_| person("Female", "", 1.0, true)).collect();
    fifty.push(person("Male", "", 1.0, true));
    let table = impact_table(&fifty, RateKind::Selection);
    assert!(!row(&table, Dimension::Sex, "Male").excluded_for_size);
}

#[test]
fn the_two_percent_is_of_everyone_assessed_unknowns_included() {
    // 1 man, 1 woman and 48 people who did not say: each is 1 of 50, exactly 2%, so kept.
    let mut people: Vec<Assessed> = (0..48).map(|_| person("", "", 1.0, true)).collect();
    people.push(person("Male", "", 1.0, true));
    people.push(person("Female", "", 1.0, false));
    let table = impact_table(&people, RateKind::Selection);
    assert_eq!(table.unknown.sex, 48);
    assert!(table.excluded().next().is_none());
    assert_eq!(
        row(&table, Dimension::Sex, "Female").impact_ratio,
        Some(0.0)
    );
}

#[test]
fn labels_match_trimmed_and_case_folded_and_keep_the_first_spelling() {
    let people = [
        person(" female", "Black or African American", 1.0, true),
        person("Female ", "black or  african american", 1.0, false),
        person("FEMALE", "", 1.0, false),
        person("   ", "Asian", 1.0, true),
    ];
    let table = impact_table(&people, RateKind::Selection);
    let sexes: Vec<(&str, usize)> = table
        .rows_of(Dimension::Sex)
        .map(|r| (r.category.as_str(), r.count))
        .collect();
    assert_eq!(sexes, [("female", 3)]);
    assert_eq!(
        row(
            &table,
            Dimension::RaceEthnicity,
            "Black or African American"
        )
        .count,
        2
    );
    // Blank is not a category: it is unknown.
    assert_eq!(table.unknown.sex, 1);
    assert_eq!(table.unknown.race_ethnicity, 1);
}

#[test]
fn intersections_are_only_for_people_who_gave_both() {
    let people = [
        person("Female", "Asian", 1.0, true),
        person("Female", "", 1.0, true),
        person("", "Asian", 1.0, true),
        person("", "", 1.0, true),
    ];
    let table = impact_table(&people, RateKind::Selection);
    let both: Vec<(&str, usize)> = table
        .rows_of(Dimension::Intersection)
        .map(|r| (r.category.as_str(), r.count))
        .collect();
    assert_eq!(both, [("Female × Asian", 1)]);
    assert_eq!(
        table.unknown,
        UnknownCounts {
            sex: 2,
            race_ethnicity: 2,
            intersection: 3
        }
    );
    assert_eq!(table.unknown.of(Dimension::Intersection), 3);
}

#[test]
fn only_people_with_a_score_or_a_decision_are_counted() {
    let mut no_score = person("Female", "", 0.0, true);
    no_score.score = None;
    let mut not_a_number = person("Female", "", 0.0, true);
    not_a_number.score = Some(f64::NAN);
    let mut no_decision = person("Male", "", 7.0, false);
    no_decision.selected = None;
    let people = [
        no_score,
        not_a_number,
        no_decision,
        person("Male", "", 3.0, false),
    ];

    let scoring = impact_table(&people, RateKind::Scoring);
    assert_eq!(scoring.assessed, 2);
    assert_eq!(scoring.median, Some(5.0));
    assert_eq!(
        scoring
            .rows_of(Dimension::Sex)
            .map(|r| r.count)
            .collect::<Vec<_>>(),
        [2]
    );

    let selection = impact_table(&people, RateKind::Selection);
    assert_eq!(selection.assessed, 3);
    assert_eq!(row(&selection, Dimension::Sex, "Female").count, 2);
    assert_eq!(row(&selection, Dimension::Sex, "Male").count, 1);
}

#[test]
fn no_ratios_when_nobody_is_selected_and_never_a_nan() {
    let people = [
        person("Female", "Asian", 1.0, false),
        person("Male", "White", 1.0, false),
    ];
    for kind in [RateKind::Selection, RateKind::Scoring] {
        let table = impact_table(&people, kind);
        assert_eq!(table.rows.len(), 6);
        for r in &table.rows {
            assert_eq!(r.rate, 0.0);
            assert_eq!(r.impact_ratio, None, "{kind:?} {}", r.category);
            assert!(!r.flagged);
        }
        let text = to_csv(&table) + &to_markdown(&table, Language::En);
        assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
    }
}

#[test]
fn huge_scores_give_a_finite_median() {
    let people = [
        person("A", "", f64::MAX, true),
        person("B", "", f64::MAX, true),
        person("", "", f64::INFINITY, true),
    ];
    let table = impact_table(&people, RateKind::Scoring);
    assert_eq!(table.assessed, 2);
    assert_eq!(table.median, Some(f64::MAX));
}

#[test]
fn an_empty_list_gives_an_empty_table() {
    for kind in [RateKind::Selection, RateKind::Scoring] {
        let table = impact_table(&[], kind);
        assert_eq!(table.assessed, 0);
        assert_eq!(table.median, None);
        assert!(table.rows.is_empty());
        assert_eq!(table.unknown, UnknownCounts::default());
        // The header and the three counts of people who did not say (none).
        assert_eq!(to_csv(&table).lines().count(), 4);
        let markdown = to_markdown(&table, Language::Zh);
        assert!(markdown.contains("影响比"), "{markdown}");
    }
}
