use super::*;

const RESUME: &str = "Jane Doe\njane@example.com · +1 555 0100\n\nExperience\nSenior Engineer, Parcelwise Inc., 2020 – 2024\n- Cut delivery costs by 30%\nEngineer, Northwind Ltd, 2016 – 2020\n- Built the billing service\n\nEducation\nBSc Computer Science, University of Porto, 2016\n\nSkills\nRust, PostgreSQL, Kubernetes\n";
const JOB: &str = "Staff Engineer at Acme. Rust, Kubernetes, on-call leadership.";
const PROMPT: &str = "You are an expert resume writer who tailors a resume to one job description without inventing anything.\nReturn only the resume.";

fn against(
    resume: Option<&'static str>,
    language: Option<Language>,
    min_words: usize,
) -> Against<'static> {
    Against {
        resume,
        sources: &[RESUME, JOB],
        language,
        prompt: PROMPT,
        min_words,
    }
}

fn kinds(v: &Verdict) -> Vec<&'static str> {
    v.problems.iter().map(Problem::kind).collect()
}

/// `Problem::kind` is the JSON's `kind`, for every variant.
#[test]
fn each_kind_is_its_serde_tag() {
    let problems = [
        Problem::DroppedName { name: "A".into() },
        Problem::Dropped { items: vec![] },
        Problem::Invented { facts: vec![] },
        Problem::Degenerate {
            why: Degeneracy::Empty,
        },
    ];
    for problem in problems {
        let json = serde_json::to_value(&problem).unwrap();
        assert_eq!(json["kind"], problem.kind());
    }
}

#[test]
fn an_honest_rewrite_is_usable() {
    let tailored = RESUME.replace(
        "Built the billing service",
        "Built the billing service in Rust",
    );
    let v = Verdict::of(&tailored, against(Some(RESUME), None, 40));
    assert!(v.usable(), "{v:?}");
    assert_eq!(v.summary("The draft", Language::En), None);
}

#[test]
fn prose_in_place_of_the_resume_drops_the_name_the_jobs_and_the_sections() {
    let prose = "Your first job was a travel agent in China where you planned trips for 200 families every year and learned to love maps.";
    let v = Verdict::of(prose, against(Some(RESUME), None, 40));
    let k = kinds(&v);
    assert!(
        k.contains(&"dropped_name") && k.contains(&"dropped"),
        "{v:?}"
    );
    let said = v.summary("The tailored draft", Language::En).unwrap();
    assert!(
        said.starts_with("The tailored draft dropped your name"),
        "{said}"
    );
    assert!(said.contains("Skills") || said.contains("more"), "{said}");
    let zh = v.summary("定制稿", Language::Zh).unwrap();
    assert!(zh.contains("删去了你的姓名"), "{zh}");
}

#[test]
fn a_dropped_job_alone_is_found() {
    let without = RESUME.replace(
        "Engineer, Northwind Ltd, 2016 – 2020\n- Built the billing service\n",
        "",
    );
    let v = Verdict::of(&without, against(Some(RESUME), None, 0));
    assert_eq!(kinds(&v), vec!["dropped"], "{v:?}");
    let deleted: Vec<String> = match &v.problems[0] {
        Problem::Dropped { items } => items.iter().map(|d| d.key.clone()).collect(),
        _ => unreachable!(),
    };
    assert!(v.after_decisions(&deleted, &[]).usable());
}

#[test]
fn an_invented_number_is_flagged() {
    let letter = "Dear Acme team, at Parcelwise I cut delivery costs by 45% and led Rust services on Kubernetes for years.";
    let v = Verdict::of(letter, against(None, Some(Language::En), 20));
    assert_eq!(kinds(&v), vec!["invented"], "{v:?}");
}

#[test]
fn degenerate_letters_are_found() {
    for (text, want) in [
        ("finally", "empty"),
        ("I'm sure, I'm sure, I'm sure", "repeated"),
        ("We will grow until until until the end", "repeated"),
        ("Dear Acme, I am a good engineer.", "short"),
    ] {
        let why = degenerate(text, &against(None, Some(Language::En), 80));
        let got = match why {
            Some(Degeneracy::Empty) => "empty",
            Some(Degeneracy::Repeated { .. }) => "repeated",
            Some(Degeneracy::TooShort { .. }) => "short",
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(got, want, "{text}");
    }
}

#[test]
fn our_prompt_written_back_is_an_echo() {
    let text = "Sure. You are an expert resume writer who tailors a resume to one job description without inventing anything. Here it is.";
    let why = degenerate(text, &against(None, None, 0));
    assert!(
        matches!(why, Some(Degeneracy::EchoedPrompt { .. })),
        "{why:?}"
    );
}

#[test]
fn the_other_language_is_found_and_chinese_is_not_a_loop() {
    let english = "Dear hiring team, I would like to apply for the staff engineer role at Acme.";
    let why = degenerate(english, &against(None, Some(Language::Zh), 0));
    assert_eq!(why, Some(Degeneracy::WrongLanguage));
    let chinese =
        "尊敬的招聘团队：谢谢您的时间。我在Parcelwise负责Rust服务，熟悉Kubernetes，希望加入Acme。";
    assert_eq!(
        degenerate(chinese, &against(None, Some(Language::Zh), 0)),
        None
    );
}

#[test]
fn a_resume_without_a_name_has_no_dropped_name() {
    assert_eq!(
        name_dropped("Experience\nEngineer, Acme, 2020\n", "Engineer at Acme"),
        None
    );
    assert_eq!(name_dropped(RESUME, "JANE DOE\nEngineer"), None);
    assert_eq!(name_dropped(RESUME, "Engineer"), Some("Jane Doe".into()));
}
