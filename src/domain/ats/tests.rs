use super::*;

const JD: &str = "\
# Senior Backend Engineer — Freightline

We are looking for a backend engineer to build our shipment tracking platform.

## Requirements
- 5+ years building backend services in Python or Go
- Production experience with k8s and Docker
- Postgres and Redis; you design schemas and tune queries
- Event streaming with Kafka
- CI/CD pipelines and observability (Prometheus, Grafana)
- Experience mentoring engineers on the shipment tracking platform

## Nice to have
- ML experience (recommendation or ETA models)
- JS/TypeScript for internal tools
- Terraform
";

const RESUME: &str = "\
# Ana Costa
Backend engineer, 6 years.

## Experience
### Senior Engineer — Parcelwise (2021–present)
- Built shipment tracking services in Python and Golang handling 40k events per minute
- Ran them on Kubernetes; containerization with Docker
- Tuned PostgreSQL queries, cutting p99 latency by 60%
- Mentored three engineers

## Skills
Python, Go, Kubernetes, Docker, PostgreSQL, Kafka, GitHub Actions
";

fn names(terms: &[AtsTerm]) -> Vec<&str> {
    terms.iter().map(|t| t.term.as_str()).collect()
}

#[test]
fn stems_inflections_together() {
    assert_eq!(stem("pipelines"), stem("pipeline"));
    assert_eq!(stem("mentoring"), stem("mentored"));
    assert_eq!(stem("managed"), stem("manages"));
    assert_eq!(stem("process"), "process");
    assert_eq!(stem("js"), "js");
}

#[test]
fn folds_abbreviations_and_spellings() {
    assert_eq!(canonical("JS"), Some("JavaScript"));
    assert_eq!(canonical("k8s"), Some("Kubernetes"));
    assert_eq!(canonical("ML"), Some("Machine learning"));
    assert_eq!(canonical("machine learning"), Some("Machine learning"));
    assert_eq!(canonical("Postgres"), Some("PostgreSQL"));
    assert_eq!(canonical("golang"), Some("Go"));
    assert_eq!(canonical("CI/CD"), Some("CI/CD"));
    assert_eq!(canonical("Node.js"), Some("Node.js"));
    assert_eq!(canonical("C++"), Some("C++"));
    assert_eq!(canonical("banana"), None);
    assert!(mentions("Deployed on K8s clusters", "Kubernetes"));
    assert!(mentions("trained machine-learning models", "ML"));
    assert!(mentions("Test-driven development", "TDD"));
}

#[test]
fn go_the_word_is_not_go_the_language() {
    let found: Vec<String> = skill_mentions("Ready to go live; we go fast")
        .into_iter()
        .map(|m| m.skill)
        .collect();
    assert!(found.is_empty(), "{found:?}");
    let found = skill_mentions("Services in Go and golang");
    assert_eq!(found[0].skill, "Go");
    assert_eq!(found[0].written, "Go");
}

#[test]
fn slash_pairs_are_two_skills_unless_one_alias() {
    let found: Vec<String> = skill_mentions("JS/TypeScript, React/Redux, CI/CD")
        .into_iter()
        .map(|m| m.skill)
        .collect();
    assert_eq!(found, ["JavaScript", "TypeScript", "React", "CI/CD"]);
}

#[test]
fn extracts_required_and_preferred_skills_from_a_job_description() {
    let job = extract(JD);
    let required: Vec<&str> = job
        .skills()
        .filter(|t| t.importance == Importance::Required)
        .map(|t| t.term.as_str())
        .collect();
    let preferred: Vec<&str> = job
        .skills()
        .filter(|t| t.importance == Importance::Preferred)
        .map(|t| t.term.as_str())
        .collect();
    // "Python or Go" is one must-have that either meets.
    for skill in [
        "Python / Go",
        "Kubernetes",
        "Docker",
        "PostgreSQL",
        "Redis",
        "Kafka",
        "CI/CD",
        "Observability",
        "Prometheus",
        "Grafana",
        "Mentoring",
    ] {
        assert!(
            required.contains(&skill),
            "{skill} not required in {required:?}"
        );
    }
    let either = job.skills().find(|t| t.term == "Python / Go").unwrap();
    assert_eq!(either.alternatives, ["Python", "Go"]);
    assert!(!required.contains(&"Python") && !required.contains(&"Go"));
    // A nice-to-have list stays one skill each ("JS/TypeScript"): each is a plus of its own.
    for skill in ["Machine learning", "JavaScript", "TypeScript", "Terraform"] {
        assert!(
            preferred.contains(&skill),
            "{skill} not preferred in {preferred:?}"
        );
    }
    let keywords: Vec<&str> = job
        .terms
        .iter()
        .filter(|t| t.kind == TermKind::Keyword)
        .map(|t| t.term.as_str())
        .collect();
    assert!(keywords.contains(&"shipment tracking"), "{keywords:?}");
    assert!(
        !keywords.iter().any(|k| k.contains("years")),
        "{keywords:?}"
    );
}

#[test]
fn matches_a_resume_across_abbreviations() {
    let report = score(JD, RESUME);
    let matched = names(&report.matched);
    // "k8s" in the JD = "Kubernetes" in the resume; "Postgres" = "PostgreSQL"; "Go" = "Golang";
    // "mentoring" = "Mentored".
    for skill in [
        "Kubernetes",
        "PostgreSQL",
        "Python / Go",
        "Docker",
        "Kafka",
        "Mentoring",
        "shipment tracking",
    ] {
        assert!(matched.contains(&skill), "{skill} not matched: {matched:?}");
    }
    assert_eq!(
        report.missing_required_skills(),
        ["Redis", "CI/CD", "Observability", "Prometheus", "Grafana"]
    );
    assert!(names(&report.missing).contains(&"Terraform"));
    assert!(report.score > 40 && report.score < 90, "{}", report.score);
}

#[test]
fn score_follows_the_documented_formula() {
    let report = score(JD, RESUME);
    let total: f64 = report
        .matched
        .iter()
        .chain(&report.missing)
        .map(AtsTerm::weight)
        .sum();
    let matched: f64 = report.matched.iter().map(AtsTerm::weight).sum();
    assert_eq!(report.total_weight, total);
    assert_eq!(report.score, (100.0 * matched / total).round() as u32);
    // Adding the missing skills can only raise the score, to 100 with everything present.
    let everything = format!(
        "{RESUME}\nAlso: Redis, CI/CD, observability, Prometheus, Grafana, ML, JS, TypeScript, Terraform, {}",
        report.missing_names().join(", ")
    );
    let full = score(JD, &everything);
    assert_eq!(full.score, 100, "{:?}", full.missing);
}

#[test]
fn flattened_job_ads_keep_their_sections() {
    // Pasted from a web page: one line, paragraphs separated by runs of spaces.
    let jd =
        "We build travel software.   Minimum Qualifications   Experience with Kafka and Docker   \
              Preferred Qualifications   Scala and Terraform   Benefits   Unlimited PTO";
    let job = extract(jd);
    let importance = |name: &str| job.skills().find(|t| t.term == name).unwrap().importance;
    assert_eq!(importance("Kafka"), Importance::Required);
    assert_eq!(importance("Scala"), Importance::Preferred);
    assert_eq!(importance("Terraform"), Importance::Preferred);
}

#[test]
fn names_and_urls_are_not_keywords() {
    let jd = "Join Acme in Toronto. Acme builds billing engines; Toronto office. \
              See https://www.acme.com/jobs and https://www.acme.com/jobs. billing engines matter.";
    let keywords: Vec<String> = extract(jd)
        .terms
        .into_iter()
        .filter(|t| t.kind == TermKind::Keyword)
        .map(|t| t.term)
        .collect();
    assert_eq!(keywords, ["billing engines"]);
}

#[test]
fn empty_inputs_score_zero_without_panicking() {
    assert_eq!(score("", RESUME).score, 0);
    assert_eq!(score(JD, "").score, 0);
    assert!(extract("").terms.is_empty());
}

#[test]
fn keyword_stuffing_counts_once() {
    let once = score(JD, "Redis");
    let many = score(JD, &"Redis ".repeat(50));
    assert_eq!(once.score, many.score);
}

#[test]
fn data_science_job_with_abbreviations() {
    let jd = "Data Scientist\nRequirements:\n- ML and NLP in production\n- Python, SQL, sklearn\n- A/B testing and statistics\nPreferred:\n- LLMs, PyTorch\n";
    let resume = "Built machine learning models for natural language processing with scikit-learn and Python; ran AB testing; wrote SQL; statistical modelling.";
    let report = score(jd, resume);
    assert_eq!(
        report.missing_required_skills(),
        Vec::<String>::new(),
        "{:?}",
        report.missing
    );
    assert_eq!(names(&report.missing), ["LLM", "PyTorch"]);
}

#[test]
fn chinese_job_ads_yield_their_latin_skills_and_sections() {
    let job = extract(
        "任职要求：\n- 熟悉Rust和PostgreSQL，有Kubernetes经验\n- 三年以上后端开发经验\n加分项：\n- 了解Terraform\n",
    );
    let by_importance = |importance: Importance| -> Vec<&str> {
        job.skills()
            .filter(|t| t.importance == importance)
            .map(|t| t.term.as_str())
            .collect()
    };
    assert_eq!(
        by_importance(Importance::Required),
        ["Rust", "PostgreSQL", "Kubernetes", "Backend development"]
    );
    assert_eq!(by_importance(Importance::Preferred), ["Terraform"]);
    // Chinese phrases are never keywords: they are unsegmented runs, not words.
    assert!(job
        .terms
        .iter()
        .all(|t| !crate::domain::han::has_han(&t.term)));
    assert!(mentions("- 使用Rust开发结算服务", "Rust"));
    assert!(!mentions("- 使用Go开发结算服务", "Rust"));
}

#[test]
fn a_skill_naming_a_team_is_not_a_requirement() {
    let job = extract(
        "Requirements:\n- Work with our data engineering and data science teams, a small, agile team\n\
         - Data science experience\n- Experience in cross-functional teams\n",
    );
    let skills: Vec<&str> = job.skills().map(|t| t.term.as_str()).collect();
    assert_eq!(skills, ["Data science", "Cross-functional collaboration"]);
    assert_eq!(
        job.skills().next().unwrap().sentence,
        "Data science experience"
    );
}

#[test]
fn the_hiring_process_names_no_requirement() {
    let by_importance = |job: &JobTerms, importance: Importance| -> Vec<String> {
        job.skills()
            .filter(|t| t.importance == importance)
            .map(|t| t.term.clone())
            .collect()
    };
    // A section of its own, right after the requirements (it would go on as must-haves).
    let job = extract(
        "Requirements:\n- Go and PostgreSQL\n\n## Our hiring process\n\
         - We will send you an SRE quiz\n- A take-home exercise in Python\n\
         - A system-design interview about Kubernetes\n\nNice to have\n- Terraform\n",
    );
    assert_eq!(
        by_importance(&job, Importance::Required),
        ["Go", "PostgreSQL"]
    );
    assert_eq!(by_importance(&job, Importance::Preferred), ["Terraform"]);
    // A sentence of it inside the requirements, in English or Chinese; interviewing users stays.
    let job = extract(
        "Requirements:\n- Go\n- After a first call, expect a take-home exercise in Python.\n\
         - Experience interviewing users with Figma prototypes\n\
         面试流程：一轮 Rust 笔试，两轮技术面试\n",
    );
    assert_eq!(
        by_importance(&job, Importance::Required),
        ["Go", "Figma", "Prototyping"]
    );
    let job =
        extract("任职要求\n1. 熟悉Java\n面试流程\n1. 在线笔试（Go）\n2. 技术面试，讨论 Kafka\n");
    assert_eq!(by_importance(&job, Importance::Required), ["Java"]);
}

#[test]
fn a_plus_sentence_names_a_product_outside_the_lexicon() {
    let preferred_keywords = |jd: &str| -> Vec<String> {
        extract(jd)
            .terms
            .into_iter()
            .filter(|t| t.kind == TermKind::Keyword && t.importance == Importance::Preferred)
            .map(|t| t.term)
            .collect()
    };
    assert_eq!(
        preferred_keywords(
            "Requirements:\n- Go\n- ClickHouse experience is a plus\n\
             - Bonus points for Apache Druid or Pinot\n- Nice if you know Temporal\n\
             - Pulumi is a plus\n",
        ),
        ["ClickHouse", "Apache Druid", "Pinot", "Temporal", "Pulumi"]
    );
    assert_eq!(
        preferred_keywords("加分项：\n- 有 ClickHouse 经验者优先\n- 熟悉 Doris 者加分\n"),
        ["ClickHouse", "Doris"]
    );
    // Ordinary words are not names: the sentence's first word, a Title Case line, common
    // words, the rest of a lexicon skill's full name ("Google BigQuery"), two capitals.
    for jd in [
        "Requirements:\n- Go\n- Prior experience is a plus\n- Consulting experience is a bonus\n",
        "Requirements:\n- Go\n- Experience With Payments Is A Plus\n",
        "Requirements:\n- Go\n- Experience with Google BigQuery is a plus\n",
        "Requirements:\n- Go\n- AWS Certified Solutions Architect is a plus\n",
        "Requirements:\n- Go\n- A degree in CS is preferred\n",
        "Requirements:\n- Go\n- A PhD is a bonus, not a requirement\n",
    ] {
        assert!(
            preferred_keywords(jd).is_empty(),
            "{jd}: {:?}",
            preferred_keywords(jd)
        );
    }
    // The name is weighed and matched like any keyword.
    let report = score(
        "Requirements:\n- Go\n- ClickHouse is a plus\n",
        "Go and ClickHouse",
    );
    assert_eq!(names(&report.matched), ["Go", "ClickHouse"]);
    assert_eq!(report.score, 100);
}
