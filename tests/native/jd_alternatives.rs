//! Must-haves keep their alternatives: "Golang, Rust, or Python" is one requirement
//! that any of the three meets, shown once as "Go / Rust / Python"; a title word is not a
//! requirement unless the requirements say it; YAML front matter is not the posting's text.
//! Fixtures are fictional.
use careergraph::domain::ats::{self, AtsTerm, Importance, TermKind};

/// The must-have skills of `jd` as their display names.
fn musts(jd: &str) -> Vec<String> {
    ats::requirements(jd)
        .must
        .into_iter()
        .filter(|t| t.kind == TermKind::Skill)
        .map(|t| t.term)
        .collect()
}

#[test]
fn or_lists_slashes_and_chinese_choices_are_one_must_have() {
    for (line, group) in [
        ("Go or Python", "Go / Python"),
        ("Golang, Rust, or Python", "Go / Rust / Python"),
        ("Java/Kotlin", "Java / Kotlin"),
        ("PostgreSQL or MySQL", "PostgreSQL / MySQL"),
        ("AWS, GCP or Azure", "AWS / GCP / Azure"),
        ("Kafka and/or RabbitMQ", "Kafka / RabbitMQ"),
        ("one of Go, Java, C++", "Go / Java / C++"),
        ("熟悉Go或Java", "Go / Java"),
        ("熟悉Go或者Python", "Go / Python"),
        ("熟悉MySQL、PostgreSQL等任一数据库", "MySQL / PostgreSQL"),
    ] {
        let jd = format!("Requirements:\n- {line}\n- Docker\n");
        assert_eq!(musts(&jd), [group, "Docker"], "{line}");
    }
}

#[test]
fn and_lists_and_plain_comma_lists_stay_separate_must_haves() {
    for (line, expected) in [
        ("PostgreSQL and Redis", &["PostgreSQL", "Redis"][..]),
        ("Python, SQL, Docker", &["Python", "SQL", "Docker"]),
        ("熟悉MySQL、Redis", &["MySQL", "Redis"]),
        ("Go和Rust", &["Go", "Rust"]),
        // The choice is between two; the other list item stands alone.
        ("Docker and AWS or GCP", &["Docker", "AWS / GCP"]),
    ] {
        assert_eq!(
            musts(&format!("Requirements:\n- {line}\n")),
            expected,
            "{line}"
        );
    }
}

#[test]
fn nice_to_have_lists_stay_one_skill_each() {
    let split = ats::requirements(
        "Requirements:\n- Go\nNice to have:\n- Terraform or Pulumi, Helm/Kustomize\n",
    );
    let nice: Vec<&str> = split.nice.iter().map(|t| t.term.as_str()).collect();
    assert_eq!(nice, ["Terraform", "Helm"]);
    assert!(split.nice.iter().all(|t| t.alternatives.is_empty()));
}

#[test]
fn any_alternative_meets_the_group_fully_and_it_counts_once() {
    let jd = "Requirements:\n- Golang, Rust, or Python\n- Docker\n";
    let python = ats::score(jd, "Built services in Python, shipped them with Docker.");
    assert_eq!(python.score, 100, "{:?}", python.missing);
    // One group weighs as one required skill, not three.
    assert_eq!(python.total_weight, 2.0 * ats::REQUIRED_SKILL_WEIGHT);
    let java = ats::score(jd, "Java and Docker.");
    assert_eq!(java.score, 50);
    // The missing-list names the group once, never each member.
    assert_eq!(java.missing_required_skills(), ["Go / Rust / Python"]);
    assert_eq!(java.missing_to_ask(), ["Go / Rust / Python"]);
    let group = &java.missing[0];
    assert!(ats::mentions_term("Some Rust on the side", group));
    assert!(!ats::mentions_term("Some Java on the side", group));
}

#[test]
fn a_member_required_on_its_own_makes_the_group_redundant() {
    let jd = "Requirements:\n- Go or Python\n- Python for tooling is required\n";
    assert_eq!(musts(jd), ["Python"]);
}

#[test]
fn a_title_word_is_not_a_requirement_unless_the_requirements_say_it() {
    let jd = "Senior SRE — Kestrel Grid\n\nAbout the role\nAs our SRE you will keep the \
              platform up on Kubernetes.\n\nRequirements\n- Terraform\n";
    assert_eq!(musts(jd), ["Kubernetes", "Terraform"]);
    let said = format!("{jd}- SRE practices: SLOs and error budgets\n");
    assert_eq!(musts(&said), ["Kubernetes", "Terraform", "SRE"]);
    // A one-sentence ad has no title line: its skills are its requirements.
    assert_eq!(
        musts("Go developer for Django work.\nBenefits\n- Gym\n"),
        ["Go", "Django"]
    );
}

#[test]
fn yaml_front_matter_is_not_the_posting() {
    let jd =
        "---\ntitle: Frontend Engineer\ntags: [frontend, rust]\n---\n\n# Frontend Engineer\n\n\
              ## Requirements\n- TypeScript\n- React or Vue\n";
    assert_eq!(musts(jd), ["TypeScript", "React / Vue"]);
    assert_eq!(
        careergraph::domain::front_matter::title_line(jd).as_deref(),
        Some("Frontend Engineer")
    );
}

#[test]
fn saved_terms_without_alternatives_still_load_and_single_terms_stay_as_they_were() {
    let old = r#"{"term":"Go","kind":"skill","importance":"required","count":1,"sentence":"Go"}"#;
    let term: AtsTerm = serde_json::from_str(old).unwrap();
    assert!(term.alternatives.is_empty());
    assert_eq!(term.names(), ["Go"]);
    assert_eq!(serde_json::to_string(&term).unwrap(), old);
    let group = ats::requirements("Requirements:\n- Java/Kotlin\n")
        .must
        .remove(0);
    assert_eq!(group.importance, Importance::Required);
    let json = serde_json::to_value(&group).unwrap();
    assert_eq!(json["term"], "Java / Kotlin");
    assert_eq!(json["alternatives"], serde_json::json!(["Java", "Kotlin"]));
}
