//! The batch form's self-reported categories file: its CSV read as RFC 4180 says (quotes, a
//! byte-order mark, CRLF), header names in any case, labels matched to resumes trimmed and in any
//! case, and the files it refuses with a message. Every label and category here is fictional.

use careergraph::domain::fairness::impact::SelfReported;
use careergraph::domain::Language;
use careergraph::workflows::batch_screening::categories::{
    categories_for, parse_categories, unmatched, with_categories, CategoriesError, CategoryRow,
};
use careergraph::workflows::batch_screening::BatchResume;

fn reported(sex: Option<&str>, race: Option<&str>) -> SelfReported {
    SelfReported {
        sex: sex.map(Into::into),
        race_ethnicity: race.map(Into::into),
    }
}

fn row(label: &str, sex: Option<&str>, race: Option<&str>) -> CategoryRow {
    CategoryRow {
        label: label.into(),
        categories: reported(sex, race),
    }
}

fn resume(label: &str) -> BatchResume {
    BatchResume {
        label: label.into(),
        text: "Rust".into(),
        categories: None,
        variant: None,
    }
}

#[test]
fn a_plain_list_reads_a_row_per_resume() {
    let list =
        parse_categories("label,sex,race_ethnicity\na.md,Female,Asian\nb.md,Male,White\nc.md,,\n")
            .unwrap();
    assert_eq!(
        list,
        [
            row("a.md", Some("Female"), Some("Asian")),
            row("b.md", Some("Male"), Some("White")),
            row("c.md", None, None),
        ]
    );
}

#[test]
fn a_bom_crlf_and_quoted_cells_are_read_as_rfc_4180_says() {
    let text = "\u{feff}Label,Sex,Race/Ethnicity\r\n\"smith, a.md\",Female,\"Black or African American\"\r\n\"say \"\"hi\"\".md\",\" Male \",\"Two or\r\nmore\"\r\n\r\n";
    assert_eq!(
        parse_categories(text).unwrap(),
        [
            row(
                "smith, a.md",
                Some("Female"),
                Some("Black or African American")
            ),
            row("say \"hi\".md", Some("Male"), Some("Two or\r\nmore")),
        ]
    );
}

#[test]
fn columns_are_found_by_name_in_any_order_and_may_be_missing() {
    let list =
        parse_categories("Race_Ethnicity , notes, LABEL\nHispanic or Latino,x,a.md\nWhite\n")
            .unwrap();
    // The second row has no label cell: skipped.
    assert_eq!(list, [row("a.md", None, Some("Hispanic or Latino"))]);
}

#[test]
fn labels_match_resumes_trimmed_and_in_any_case() {
    let list = parse_categories("label,sex\n  Alex-Vey.MD ,Female\nnobody.md,Male\n").unwrap();
    let resumes = vec![resume("alex-vey.md"), resume("other.md")];
    assert_eq!(
        categories_for(&list, " ALEX-VEY.md"),
        Some(&reported(Some("Female"), None))
    );
    assert_eq!(categories_for(&list, "other.md"), None);
    assert_eq!(unmatched(&list, &resumes), ["nobody.md"]);
    let given = with_categories(resumes, &list);
    assert_eq!(given[0].categories, Some(reported(Some("Female"), None)));
    assert_eq!(given[1].categories, None);
}

#[test]
fn a_file_without_a_label_column_is_refused_with_its_header() {
    let error = parse_categories("name,sex\na.md,Female\n").unwrap_err();
    assert_eq!(
        error,
        CategoriesError::NoLabelColumn(vec!["name".into(), "sex".into()])
    );
    let message = error.message(Language::En);
    assert!(message.contains("no \"label\" column"), "{message}");
    assert!(message.contains("name, sex"), "{message}");
    assert!(error.message(Language::Zh).contains("label"));
}

#[test]
fn empty_files_open_quotes_and_twice_given_labels_are_refused() {
    assert_eq!(parse_categories(""), Err(CategoriesError::Empty));
    assert_eq!(
        parse_categories("\u{feff}\r\n  \r\n"),
        Err(CategoriesError::Empty)
    );
    assert_eq!(
        parse_categories("label,sex\na.md,Female\nb.md,\"Male\n"),
        Err(CategoriesError::UnclosedQuote(3))
    );
    let twice = parse_categories("label,sex\na.md,Female\n A.MD ,Male\n").unwrap_err();
    assert_eq!(twice, CategoriesError::DuplicateLabel("A.MD".into()));
    assert!(twice.message(Language::En).contains("A.MD"));
}
