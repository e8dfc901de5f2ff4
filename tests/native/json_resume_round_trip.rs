//! No silent loss in our own round trip: resume text → structured resume → JSON Resume export →
//! JSON Resume import gives back every word of the text and the same jobs, degrees and dates,
//! and exporting the re-import gives back the same document (`meta.careergraph` included).
//! The fixtures are fictional (`round_trip_fixtures`); the checks are `round_trip_check`'s, which
//! tests/native/parse_bench_slice.rs runs on the benchmark slice and the benchmark on every file.
use crate::round_trip_check;
use crate::round_trip_fixtures;

use careergraph::domain::export::{
    json_resume_of, json_text, text_share, to_json_resume_with_base,
};
use careergraph::domain::import::import_file;
use careergraph::domain::structured::{from_any, SectionKind};
use careergraph::domain::Language;
use round_trip_check::{
    content_of, export_and_reimport, missing_words, periods, round_trip, unplaced,
};
use round_trip_fixtures::ALL;

#[test]
fn reimporting_our_export_keeps_every_word_of_the_text() {
    for (name, text) in ALL {
        let (original, _, imported) = export_and_reimport(text);
        let content = content_of(text, &original);
        let kept = text_share(&content, &imported.text);
        println!(
            "{name}: the re-imported text keeps {:.1}% of the words' characters",
            kept * 100.0
        );
        assert_eq!(
            kept,
            1.0,
            "{name} lost {:?}:\n{}",
            missing_words(&content, &imported.text),
            imported.text
        );
    }
}

#[test]
fn reimporting_our_export_keeps_jobs_degrees_and_dates() {
    for (name, text) in ALL {
        let (original, _, imported) = export_and_reimport(text);
        let back = imported.structured();
        for kind in [
            SectionKind::Work,
            SectionKind::Education,
            SectionKind::Projects,
        ] {
            assert_eq!(
                periods(&back, &kind),
                periods(&original, &kind),
                "{name}: {kind:?}"
            );
        }
        assert_eq!(unplaced(&back), unplaced(&original), "{name}");
    }
}

#[test]
fn exporting_a_reimport_gives_back_the_same_document() {
    for (name, text) in ALL {
        let (_, exported, imported) = export_and_reimport(text);
        let again = json_resume_of(&imported.structured());
        assert_eq!(
            again,
            exported,
            "{name}:\n{}",
            serde_json::to_string_pretty(&again).unwrap()
        );
    }
}

#[test]
fn the_export_shows_every_word_outside_meta() {
    for (name, text) in ALL {
        let (original, mut exported, _) = export_and_reimport(text);
        exported.as_object_mut().unwrap().remove("meta");
        let kept = text_share(&content_of(text, &original), &json_text(&exported));
        println!("{name}: the export outside meta keeps {:.1}%", kept * 100.0);
        assert_eq!(
            kept,
            1.0,
            "{name} lost {:?}: {exported:#}",
            missing_words(&content_of(text, &original), &json_text(&exported))
        );
    }
}

/// The shared check (the one the benchmark runs on every file) passes every fixture too.
#[test]
fn the_shared_round_trip_check_passes_every_fixture() {
    for (name, text) in ALL {
        let result = round_trip(text);
        assert!(result.lossless(), "{name}: {:#?}", result.failures);
    }
}

/// What the app does after the import: the text is the resume, the file its base.
#[test]
fn exporting_the_reimported_text_with_its_file_shows_every_word_outside_meta() {
    for (name, text) in ALL {
        let (original, _, imported) = export_and_reimport(text);
        let base = imported.json_resume.as_deref().unwrap();
        let mut exported = to_json_resume_with_base(&imported.text, base);
        exported.as_object_mut().unwrap().remove("meta");
        let content = content_of(text, &original);
        let kept = text_share(&content, &json_text(&exported));
        println!("{name}: the app's next export keeps {:.1}%", kept * 100.0);
        assert_eq!(
            kept,
            1.0,
            "{name} lost {:?}: {exported:#}",
            missing_words(&content, &json_text(&exported))
        );
    }
}

#[test]
fn a_single_year_stays_a_single_year() {
    let text = "# Sam Reed\n\n## Experience\n### Engineer — Northwind Mapping (2021)\n- Wrote a tile cache\n### Analyst — Juniper Bank (May 2019)\n\n## Education\n### BSc, Physics — Harrowgate College (2018)\n";
    let (original, exported, imported) = export_and_reimport(text);
    assert_eq!(exported["work"][0]["startDate"], "2021");
    assert_eq!(exported["work"][0]["endDate"], "2021");
    assert!(
        !imported.text.contains("Present"),
        "a single year read back as running on:\n{}",
        imported.text
    );
    assert!(
        imported.text.contains("Northwind Mapping (2021)"),
        "{}",
        imported.text
    );
    assert!(
        imported.text.contains("Juniper Bank (2019-05)"),
        "{}",
        imported.text
    );
    assert_eq!(
        periods(&imported.structured(), &SectionKind::Work),
        periods(&original, &SectionKind::Work)
    );
    // And the text the user keeps reads the same periods again.
    assert_eq!(
        periods(&from_any(&imported.text), &SectionKind::Work),
        periods(&original, &SectionKind::Work)
    );
}

#[test]
fn the_import_says_what_it_understood_and_what_it_could_not_place() {
    let (_, _, imported) = export_and_reimport(round_trip_fixtures::LONG_MARKDOWN);
    let understood = imported.understood();
    assert_eq!((understood.jobs, understood.degrees), (4, 3));
    assert_eq!(
        understood.sentence(Language::En),
        "4 jobs, 3 degrees, 1 section unplaced (kept as text: Talks and Side Work)"
    );
    assert_eq!(
        understood.sentence(Language::Zh),
        "4 份工作、3 个学位、1 个部分未归类（已作为文本保留：Talks and Side Work）"
    );
    let (_, _, two_column) = export_and_reimport(round_trip_fixtures::TWO_COLUMN);
    // Headings of the writer's own words: the dated sections are read as the jobs and the
    // degree by their entries; the undated one is kept as text and said.
    assert_eq!(
        two_column.understood().sentence(Language::En),
        "2 jobs, 1 degree, 1 section unplaced (kept as text: Odds and Ends)"
    );
}

/// A single year in a PDF's layout (title and employer, the year after a tab, as the
/// PDF reader gives a right-aligned date) is exported as one year and comes back as one year,
/// not "2021 – Present".
#[test]
fn a_single_year_beside_its_job_stays_a_single_year() {
    let text = "# Sam Reed\n\n## Experience\nEngineer, Northwind Mapping\t2021\nWrote a tile cache.\n\nAnalyst, Juniper Bank\t2018 – 2020\n";
    let (original, exported, imported) = export_and_reimport(text);
    assert_eq!(exported["work"][0]["startDate"], "2021", "{exported:#}");
    assert_eq!(exported["work"][0]["endDate"], "2021", "{exported:#}");
    assert!(!imported.text.contains("Present"), "{}", imported.text);
    let back = periods(&imported.structured(), &SectionKind::Work);
    assert_eq!(back, periods(&original, &SectionKind::Work));
    assert!(back[0]
        .as_deref()
        .is_some_and(|p| p.ends_with("None false")));
    assert!(round_trip(text).lossless(), "{:?}", round_trip(text));
}

/// A period left open ("2021-09 —", as a theme prints a job without `endDate`) runs on
/// in the text's structure as in JSON Resume, so a re-import gives back the same period.
#[test]
fn a_period_left_open_runs_on_both_ways() {
    let text = "# Sam Reed\n\n## Work\nNorthwind Mapping\t2021-09 —\nEngineer\n\nJuniper Bank\t2018-03 — 2021-08\nAnalyst\n";
    let original = from_any(text);
    let jobs = periods(&original, &SectionKind::Work);
    assert!(
        jobs[0].as_deref().is_some_and(|p| p.ends_with("None true")),
        "{jobs:?}"
    );
    let result = round_trip(text);
    assert!(result.lossless(), "{result:?}");
}

/// Words no field holds ("at" between position and employer, the duration after the
/// dates, contact labels over their values, an icon's letter) reach the export with the line
/// that held them, in a field JSON Resume readers show, and come back on re-import.
#[test]
fn words_no_field_holds_come_back_with_their_line() {
    let text = "# Sam Reed\n\n## Contact\nEmail\tPhone\nsam@example.com\t+44 20 7946 0000\n\n## Experience\nStaff Engineer at Acme Rail\tSep 2021 - Present\nRuns the platform.\n\nEngineer, Northwind Mapping\nMar 2019 - Aug 2021 · 2 years 5 months\nWrote a tile cache.\n\n## Education\nLicenciatura en Física, Universidad de Levante\t2014 – 2018\n";
    let (_, exported, _) = export_and_reimport(text);
    let summary = |i: usize| exported["work"][i]["summary"].as_str().unwrap_or_default();
    assert_eq!(
        summary(0),
        "Staff Engineer at Acme Rail\tSep 2021 - Present\n\nRuns the platform.",
        "{exported:#}"
    );
    assert_eq!(
        summary(1),
        "Mar 2019 - Aug 2021 · 2 years 5 months\n\nWrote a tile cache.",
        "{exported:#}"
    );
    let courses = json_text(&exported["education"][0]["courses"]);
    assert!(courses.contains("Licenciatura en Física"), "{exported:#}");
    let basics = exported["basics"]["summary"].as_str().unwrap_or_default();
    assert!(
        basics.contains("Contact") && basics.contains("Email\tPhone"),
        "{exported:#}"
    );
    let result = round_trip(text);
    assert!(result.lossless(), "{result:?}");
    let understood = careergraph::domain::structured::Understanding::of(&from_any(text));
    assert_eq!(
        understood.sentence(Language::En),
        "2 jobs, 1 degree, 1 section unplaced, 3 lines kept as written"
    );
}

/// A profile whose URL does not spell its username or network (a site's front page, a short
/// link) comes back whole from a JSON Resume file: the text shows the username and the network,
/// and reading that text gives the same profile again. The URL alone lost both words.
#[test]
fn a_profile_whose_url_does_not_spell_it_comes_back_whole() {
    let file = r#"{"basics": {"name": "Sam Reed", "email": "sam@example.com",
        "profiles": [
            {"network": "Twitter", "username": "samreads", "url": "https://www.twitter.com"},
            {"network": "Mastodon", "username": "sreed", "url": "https://fosstodon.example/@s"},
            {"network": "GitHub", "username": "samreed", "url": "https://github.com/samreed"}
        ]}}"#;
    let imported = import_file("resume.json", "application/json", file.as_bytes()).unwrap();
    for word in ["samreads", "Mastodon", "sreed", "github.com/samreed"] {
        assert!(imported.text.contains(word), "{word}:\n{}", imported.text);
    }
    let source: serde_json::Value = serde_json::from_str(file).unwrap();
    let read = json_resume_of(&from_any(&imported.text));
    assert_eq!(
        read["basics"]["profiles"], source["basics"]["profiles"],
        "{}",
        imported.text
    );
    let result = round_trip(&imported.text);
    assert!(result.lossless(), "{result:?}");
}

/// A network's name printed over its link ("GitHub" then "https://github.com/…") is said twice
/// in the text: the re-imported text must say it twice too, not only inside the URL.
#[test]
fn a_network_named_over_its_link_keeps_both_words() {
    let text = "# Sam Reed\n\nsam@example.com\n\n## Experience\n### Engineer — Northwind Mapping (2021 – Present)\n- Wrote a tile cache\n\n## Contact\nGitHub\nhttps://github.com/samreed\nsamreads · https://twitter.com/samreads\n";
    let result = round_trip(text);
    assert!(result.lossless(), "{result:?}");
}

/// A job's second line with a link set apart by a tab ("Engineer\thttps://…", how a theme prints
/// a position beside its employer's site) is read as the position, tab and all: the re-imported
/// heading must keep the link's words with the position, and the app's next export too.
#[test]
fn a_position_with_a_link_set_apart_keeps_the_link() {
    let text = "# Sam Reed\n\nsam@example.com\n\n## Work\nNorthwind Mapping\t2021-09 — 2023-01\nEngineer\thttps://northwind.example/maps (https://northwind.example/maps)\nWrote a tile cache.\n\nJuniper Bank\t2018-03 — 2021-08\nAnalyst\nBuilt the risk reports.\n";
    let result = round_trip(text);
    assert!(result.lossless(), "{result:?}");
}

/// An award's line with words beside its date ("Awarded on: Mar 03, 2019") keeps them: the
/// schema's award has no place for what the line gave besides the date, so it joins the summary.
#[test]
fn an_awards_words_beside_its_date_are_kept() {
    let text = "# Sam Reed\n\nsam@example.com\n\n## Work\n### Engineer — Northwind Mapping (2021 – Present)\n- Wrote a tile cache\n\n## Awards\n\nBest Paper Award , Harbour Conference\nAwarded on: Mar 03, 2019\n\nFor the tile cache paper.\n";
    let result = round_trip(text);
    assert!(result.lossless(), "{result:?}");
}
