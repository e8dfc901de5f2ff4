//! Job-description analysis that means something: requirements (must-have / nice-to-have) apart
//! from the company blurb, benefits and perks; lexicon skills (multi-word, English and Chinese)
//! instead of common words; a score that a well-matched resume passes. Fixtures are fictional.
//!
//! `JD_KEYWORDS=1 cargo test --test native jd_keywords corpus -- --nocapture` prints, per job
//! description of `../shared/corpus`, what was extracted (with the sentence it came from).
use crate::shared_support;

use careergraph::domain::ats::{self, AtsTerm, Importance, TermKind};

/// A fictional posting with a blurb, duties, must-haves, nice-to-haves and perks.
const POSTING: &str = "\
# Senior Backend Engineer — Larkspur Freight

## About us
Larkspur Freight is a fast-growing logistics company. Our app is used by two million drivers,
and we use machine learning to predict delivery times. We care about data and business impact.

## What you'll do
- Design and build backend services for our shipment platform
- Own microservices end to end, from design to on-call

## Requirements
- 5+ years of backend development in Go or Python
- Experience with PostgreSQL and Redis
- You must have run services on Kubernetes and Docker
- Experience with Kafka
- CI/CD and observability (Prometheus, Grafana)

## Nice to have
- Terraform
- gRPC is a plus

## Benefits
- Open communication with management and a friendly team
- A learning budget for machine learning courses
- Health insurance and stock options
";

/// A fictional backend engineer who matches every must-have and neither nice-to-have.
const MATCHED_RESUME: &str = "\
# Tomás Ribeiro
Backend engineer, 7 years.

## Experience
### Backend Engineer — Quillpay (2019–present)
- Built payment microservices in Go and Python serving 3k requests per second
- Ran them on Kubernetes with Docker; consumed events from Kafka
- Designed PostgreSQL schemas and a Redis cache that cut p95 latency by 45%
- Set up CI/CD with GitHub Actions and monitoring with Prometheus and Grafana

## Skills
Go, Python, PostgreSQL, Redis, Kafka, Kubernetes, Docker, Prometheus, Grafana
";

fn names(terms: &[AtsTerm]) -> Vec<&str> {
    terms.iter().map(|t| t.term.as_str()).collect()
}

#[test]
fn requirements_are_split_into_must_and_nice_and_perks_and_blurb_are_left_out() {
    let split = ats::requirements(POSTING);
    let must = names(&split.must);
    let nice = names(&split.nice);
    // "Go or Python" is one must-have that either meets (see tests/native/jd_alternatives.rs).
    for skill in [
        "Go / Python",
        "PostgreSQL",
        "Redis",
        "Kubernetes",
        "Docker",
        "Kafka",
        "CI/CD",
        "Observability",
        "Prometheus",
        "Grafana",
        "Backend development",
        "Microservices",
    ] {
        assert!(must.contains(&skill), "{skill} not a must in {must:?}");
    }
    assert_eq!(nice, ["Terraform", "gRPC"]);
    let everything: Vec<&str> = must.iter().chain(&nice).copied().collect();
    for word in [
        "Communication",
        "Machine learning",
        "app",
        "data",
        "business",
        "team",
    ] {
        assert!(
            !everything
                .iter()
                .any(|t| t.eq_ignore_ascii_case(word) || t.split(' ').any(|w| w == word)),
            "{word} extracted from the blurb or perks: {everything:?}"
        );
    }
    // Each term says where it came from.
    let redis = split.must.iter().find(|t| t.term == "Redis").unwrap();
    assert_eq!(redis.sentence, "Experience with PostgreSQL and Redis");
    let grpc = split.nice.iter().find(|t| t.term == "gRPC").unwrap();
    assert_eq!(grpc.sentence, "gRPC is a plus");
}

#[test]
fn a_well_matched_resume_scores_high() {
    let report = ats::score(POSTING, MATCHED_RESUME);
    assert!(
        report.score >= 70,
        "score {} missing {:?}",
        report.score,
        report.missing
    );
    assert_eq!(report.missing_names(), ["Terraform", "gRPC"]);
    // Must-haves weigh more than nice-to-haves: missing one must costs more than both nices.
    let without_redis = MATCHED_RESUME.replace("Redis", "Memcache");
    let lost_must = report.score - ats::score(POSTING, &without_redis).score;
    let with_nices = format!("{MATCHED_RESUME}\nAlso: Terraform, gRPC\n");
    let gained_nices = ats::score(POSTING, &with_nices).score - report.score;
    assert!(
        lost_must > gained_nices / 2,
        "{lost_must} vs {gained_nices}"
    );
    assert_eq!(ats::score(POSTING, &with_nices).score, 100);
}

#[test]
fn questions_are_about_missing_hard_requirements_must_first() {
    let report = ats::score(
        POSTING,
        "# Ann\nBackend development in Go and Python on Kubernetes.",
    );
    let ask = report.missing_to_ask();
    for must in [
        "Microservices",
        "PostgreSQL",
        "Redis",
        "Docker",
        "Kafka",
        "CI/CD",
    ] {
        assert!(ask.contains(&must.to_string()), "{must} not asked: {ask:?}");
    }
    assert!(
        ask.ends_with(&["Terraform".to_string(), "gRPC".to_string()]),
        "{ask:?}"
    );
    // Soft skills are never asked about ("Have you used Communication?").
    let soft = ats::score(
        "Requirements:\n- Excellent communication skills\n- Python\n",
        "Java",
    );
    assert_eq!(soft.missing_to_ask(), ["Python"]);
    assert!(soft.missing_names().contains(&"Communication".to_string()));
}

#[test]
fn chinese_sections_and_lexicon() {
    let jd = "\
后端开发工程师（青柚科技）
公司介绍
青柚科技是一家做机器学习平台的公司，团队沟通开放。
岗位职责
1. 负责支付系统微服务的设计与开发
任职要求
1. 三年以上Go或Java后端开发经验
2. 熟悉MySQL、Redis，了解Kafka
3. 良好的沟通能力
加分项
1. 有Kubernetes经验
福利
- 五险一金，弹性工作，免费机器学习课程
";
    let split = ats::requirements(jd);
    let must = names(&split.must);
    // "Go或Java": either.
    for skill in [
        "Go / Java",
        "MySQL",
        "Redis",
        "Kafka",
        "Communication",
        "Microservices",
        "Backend development",
    ] {
        assert!(must.contains(&skill), "{skill} not a must in {must:?}");
    }
    assert_eq!(names(&split.nice), ["Kubernetes"]);
    assert!(!must.contains(&"Machine learning"), "{must:?}");
    let communication = split
        .must
        .iter()
        .find(|t| t.term == "Communication")
        .unwrap();
    assert!(communication.sentence.contains("良好的沟通能力"));
}

#[test]
fn chinese_preferred_phrasing_marks_a_line_nice() {
    let split = ats::requirements("岗位要求\n1. 熟悉PyTorch\n2. 有大模型落地经验者优先\n");
    assert_eq!(names(&split.must), ["PyTorch"]);
    assert_eq!(names(&split.nice), ["LLM"]);
}

#[test]
fn phrasing_decides_when_there_are_no_headings() {
    let jd = "We are a small studio in Lisbon and our app uses machine learning. You must know \
              TypeScript and React. Experience with PostgreSQL is required. Figma is a plus. \
              We offer open communication and a new laptop.";
    let split = ats::requirements(jd);
    assert_eq!(names(&split.must), ["TypeScript", "React", "PostgreSQL"]);
    assert_eq!(names(&split.nice), ["Figma"]);
}

#[test]
fn common_words_are_not_keywords_but_lexicon_phrases_are_skills() {
    let jd = "\
Requirements:
- Build our mobile app and the data platform for the business team
- Data engineering and business intelligence for the business
- Experience with data, app metrics and business data
";
    let job = ats::extract(jd);
    let skills: Vec<&str> = job.skills().map(|t| t.term.as_str()).collect();
    assert!(skills.contains(&"Data engineering"), "{skills:?}");
    assert!(skills.contains(&"Business intelligence"), "{skills:?}");
    for term in &job.terms {
        for word in ["app", "data", "business", "team", "platform"] {
            assert!(
                !(term.kind == TermKind::Keyword && term.term.split(' ').any(|w| w == word)),
                "common word keyword: {term:?}"
            );
        }
    }
}

#[test]
fn repeated_requirement_phrases_stay_keywords_with_their_sentence() {
    let jd = "We build the shipment tracking platform.\nRequirements:\n- Python\n- Experience \
              with shipment tracking and route planning\n- Own route planning services\n";
    let job = ats::extract(jd);
    let keywords: Vec<&AtsTerm> = job
        .terms
        .iter()
        .filter(|t| t.kind == TermKind::Keyword)
        .collect();
    let shown: Vec<&str> = keywords.iter().map(|t| t.term.as_str()).collect();
    assert!(shown.contains(&"shipment tracking"), "{shown:?}");
    assert!(shown.contains(&"route planning"), "{shown:?}");
    let planning = keywords
        .iter()
        .find(|t| t.term == "route planning")
        .unwrap();
    assert_eq!(planning.importance, Importance::Required);
    assert!(planning.sentence.contains("route planning"));
}

// ---- the shared corpus of real job descriptions (never copied into the repo) ----------------

fn corpus_dir() -> Option<std::path::PathBuf> {
    shared_support::shared_dir("corpus")
}

/// Per checked job description: terms that must be must-haves, and blurb or perk words that must
/// not be extracted at all.
const CHECKS: &[(&str, &[&str], &[&str])] = &[
    (
        "jd-backend-engineer-hopper.txt",
        &["Backend development"],
        &[
            "Communication",
            "Machine learning",
            "app",
            "data",
            "business",
        ],
    ),
    (
        "jd-ai-engineer-guidepoint.txt",
        &["Python", "Node.js", "LLM", "RAG", "Communication"],
        &["Generative AI", "app", "data", "business"],
    ),
    (
        "jd-datascience-databricks.txt",
        &["SQL", "Python", "Machine learning"],
        &["Apache Spark", "Spark", "MLflow", "app", "business"],
    ),
    (
        "jd-product-manager-redfin.md",
        &["A/B testing"],
        &["Product management", "app", "business"],
    ),
    (
        "jd-warehouse-associate.md",
        &["Forklift certification"],
        &["data", "business"],
    ),
    (
        "jd-zh-llm-tencent.md",
        &["LLM", "PyTorch", "TensorFlow", "Python", "Communication"],
        &["app", "data"],
    ),
];

#[test]
fn corpus_job_descriptions() {
    let Some(dir) = corpus_dir() else { return };
    let print = std::env::var("JD_KEYWORDS").is_ok_and(|v| v == "1");
    for (file, musts, banned) in CHECKS {
        let path = dir.join(file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("SKIPPED: {} is absent", path.display());
            continue;
        };
        let split = ats::requirements(&text);
        if print {
            println!("\n=== {file}");
            for (label, terms) in [("must", &split.must), ("nice", &split.nice)] {
                for t in terms.iter() {
                    println!("  {label:4} {:?} {:<28} ← {}", t.kind, t.term, t.sentence);
                }
            }
        }
        // A skill in a group of alternatives counts as named ("Python" in "Go / Python").
        let must: Vec<&str> = split.must.iter().flat_map(AtsTerm::names).collect();
        for m in *musts {
            assert!(must.contains(m), "{file}: {m} not a must in {must:?}");
        }
        for t in split.must.iter().chain(&split.nice) {
            for b in *banned {
                assert!(
                    !(t.term.eq_ignore_ascii_case(b) || t.term.split(' ').any(|w| w == *b)),
                    "{file}: blurb/perk word {b} extracted: {t:?}"
                );
            }
        }
    }
}
