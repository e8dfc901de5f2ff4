//! The deterministic fact extractor (src/domain/facts) and its grounding check, on fictional
//! resumes in English and Chinese; and, with `FACTS_CORPUS=1`, a printout of the facts of every
//! resume of ../shared/corpus for checking by hand.
use crate::shared_support;

use careergraph::domain::facts::{extract, ungrounded, Fact, FactKind};

fn of_kind(text: &str, kind: FactKind) -> Vec<(String, String)> {
    extract(text)
        .into_iter()
        .filter(|f| f.kind == kind)
        .map(|f| (f.text, f.key))
        .collect()
}

fn keys(text: &str, kind: FactKind) -> Vec<String> {
    of_kind(text, kind).into_iter().map(|(_, k)| k).collect()
}

fn texts(text: &str, kind: FactKind) -> Vec<String> {
    of_kind(text, kind).into_iter().map(|(t, _)| t).collect()
}

fn flagged(output: &str, sources: &[&str]) -> Vec<(FactKind, String)> {
    ungrounded(output, sources)
        .into_iter()
        .map(|f| (f.kind, f.text))
        .collect()
}

#[test]
fn one_month_written_five_ways_has_one_key() {
    for text in [
        "Joined in Mar 2020.",
        "Joined in March 2020.",
        "Joined 2020-03.",
        "入职时间：2020年3月",
        "Joined 03/2020",
        "Joined 2020.03",
    ] {
        assert_eq!(keys(text, FactKind::Date), ["2020-03"], "{text}");
    }
}

#[test]
fn a_range_yields_both_ends_and_present_is_not_a_date() {
    assert_eq!(
        keys("Engineer (2019–2021)", FactKind::Date),
        ["2019", "2021"]
    );
    assert_eq!(keys("2019 - 2021", FactKind::Date), ["2019", "2021"]);
    assert_eq!(keys("Mar 2020 – present", FactKind::Date), ["2020-03"]);
    assert_eq!(
        keys("2018年7月 - 2020年3月 星河科技", FactKind::Date),
        ["2018-07", "2020-03"]
    );
    let facts = extract("Lead, Tillbrook (03/2017 – 11/2019)");
    let ends: Vec<&Fact> = facts.iter().filter(|f| f.kind == FactKind::Date).collect();
    assert_eq!(ends.len(), 2);
    let text = "Lead, Tillbrook (03/2017 – 11/2019)";
    for f in ends {
        assert_eq!(&text[f.start..f.end], f.text, "span of {f:?}");
    }
}

#[test]
fn numbers_keep_their_units_and_fold_their_formatting() {
    let text =
        "Served 40,000 users, cut costs 30 %, raised $1.2M, 3x faster, 5+ years, 12 engineers";
    assert_eq!(
        keys(text, FactKind::Number),
        ["40000", "30%", "1200000", "3x", "5 years", "12"]
    );
    assert_eq!(keys("40000 users", FactKind::Number), ["40000"]);
    assert_eq!(keys("40k users", FactKind::Number), ["40000"]);
    assert_eq!(keys("1.2M in revenue", FactKind::Number), ["1200000"]);
    assert_eq!(keys("€250K budget", FactKind::Number), ["250000"]);
    assert_eq!(texts("€250K budget", FactKind::Number), ["€250K"]);
    assert_eq!(keys("a 2B market", FactKind::Number), ["2000000000"]);
    assert_eq!(keys("7 yrs of Go", FactKind::Number), ["7 years"]);
    assert_eq!(keys("£90k", FactKind::Number), ["90000"]);
    assert_eq!(keys("+30% growth", FactKind::Number), ["30%"]);
}

#[test]
fn chinese_numbers_dates_and_wan() {
    let text = "2021年5月起负责用户增长，日活提升30%，营收增加500万元，团队12人，5年经验，融资2亿";
    assert_eq!(keys(text, FactKind::Date), ["2021-05"]);
    assert_eq!(
        keys(text, FactKind::Number),
        ["30%", "5000000", "12", "5 years", "200000000"]
    );
    assert_eq!(keys("¥3.5万", FactKind::Number), ["35000"]);
}

#[test]
fn numbers_glued_to_words_or_after_a_technology_are_not_facts() {
    for text in [
        "Migrated to S3 and EC2, tuned p99 latency, wrote HTML5 and ES6",
        "Python 3, Java 17, Vue 3, OAuth 2.0, IPv6, GPT-4, WCAG 2.1",
        "1. Built the API\n2) Wrote the docs",
        "Phone: +33 6 12 34 56 78, +1 (555) 010-2030, (555) 010-2030, ID 123456789, 3d media",
    ] {
        assert_eq!(keys(text, FactKind::Number), Vec::<String>::new(), "{text}");
    }
}

#[test]
fn emails_and_urls() {
    let text =
        "Contact: jane.doe@example.com | https://www.janedoe.dev/ | github.com/janedoe-fictional.";
    assert_eq!(keys(text, FactKind::Email), ["jane.doe@example.com"]);
    assert_eq!(
        keys(text, FactKind::Url),
        ["janedoe.dev", "github.com/janedoe-fictional"]
    );
    assert!(
        keys("Built with Node.js, ASP.NET and Vue.js", FactKind::Url).is_empty(),
        "technology names are not URLs"
    );
    assert!(keys("email: 王芳@例子", FactKind::Email).is_empty());
    let wiki =
        "see [it](https://en.example.org/wiki/Mira_(engineer)) and (https://mira.example.com).";
    assert_eq!(
        keys(wiki, FactKind::Url),
        ["en.example.org/wiki/mira_(engineer)", "mira.example.com"]
    );
    let linked = "[Email](mailto:Jane.Doe@Example.com)";
    assert_eq!(keys(linked, FactKind::Email), ["jane.doe@example.com"]);
    assert_eq!(texts(linked, FactKind::Email), ["Jane.Doe@Example.com"]);
}

#[test]
fn degrees_and_schools() {
    let text = "BSc in Computer Science, University of Northbridge (2012–2016)\n\
                MSc Data Science — Halvard College, 2018\n\
                Ph.D. in Physics, Easton Institute of Technology\n\
                Master of Business Administration (MBA)";
    let degrees = keys(text, FactKind::Degree);
    assert_eq!(degrees, ["bachelor", "master", "doctorate", "mba", "mba"]);
    assert_eq!(
        texts(text, FactKind::School),
        [
            "University of Northbridge",
            "Halvard College",
            "Easton Institute of Technology"
        ]
    );
    let zh = "2014年毕业于星河大学计算机学院，获学士学位；后在北辰理工大学攻读硕士，博士在读";
    assert_eq!(
        keys(zh, FactKind::Degree),
        ["bachelor", "master", "doctorate"]
    );
    assert_eq!(
        texts(zh, FactKind::School),
        ["星河大学计算机学院", "北辰理工大学"]
    );
    // Words that look like degrees but are not.
    for text in [
        "Scrum Master for 3 teams",
        "MS Office, Boston, MA",
        "BA team",
    ] {
        assert!(keys(text, FactKind::Degree).is_empty(), "{text}");
    }
}

#[test]
fn certifications() {
    let text = "Certifications: AWS Certified Solutions Architect – Associate (2021), PMP, CKA; CFA Level II candidate";
    let found = texts(text, FactKind::Certification);
    assert_eq!(
        found,
        [
            "AWS Certified Solutions Architect – Associate",
            "PMP",
            "CKA",
            "CFA"
        ]
    );
    assert!(texts(
        "Certified in nothing; a CPAs-style ledger",
        FactKind::Certification
    )
    .is_empty());
}

#[test]
fn organisations_and_titles_from_the_usual_lines() {
    let dash = "### Senior Backend Engineer — Parcelwise Inc. (2021–present)";
    assert_eq!(texts(dash, FactKind::Organisation), ["Parcelwise Inc."]);
    assert_eq!(keys(dash, FactKind::Organisation), ["parcelwise"]);
    assert_eq!(texts(dash, FactKind::Title), ["Senior Backend Engineer"]);

    let pipe = "Tillbrook Analytics | Data Analyst | Jan 2017 – Feb 2019";
    assert_eq!(texts(pipe, FactKind::Organisation), ["Tillbrook Analytics"]);
    assert_eq!(texts(pipe, FactKind::Title), ["Data Analyst"]);

    let at = "Product Manager at Quillfeather GmbH, 2015 - 2017";
    assert_eq!(texts(at, FactKind::Organisation), ["Quillfeather GmbH"]);
    assert_eq!(keys(at, FactKind::Organisation), ["quillfeather"]);
    assert_eq!(texts(at, FactKind::Title), ["Product Manager"]);

    let ruled = "2016-2018    QUILLFEATHER, Principal SE ------------------ Boston MA";
    assert_eq!(texts(ruled, FactKind::Organisation), ["QUILLFEATHER"]);
    assert_eq!(texts(ruled, FactKind::Title), ["Principal SE"]);

    let located = "2024-        NORTHWIND Senior SE ------------------ Springfield IL";
    assert!(texts(located, FactKind::Organisation).is_empty());

    let prose = "* 9 years as Developer at Northwind Aero & Space From 2005 to 2014";
    assert_eq!(
        texts(prose, FactKind::Organisation),
        ["Northwind Aero & Space"]
    );

    let linked = "### **高级 Android 开发工程师** [云帆网络](https://example.cn)\n*2018/10 - 至今*";
    assert_eq!(texts(linked, FactKind::Title), ["高级 Android 开发工程师"]);
    assert_eq!(texts(linked, FactKind::Organisation), ["云帆网络"]);

    let zh = "2019年至今在星河科技有限公司担任高级工程师，负责支付系统。";
    assert_eq!(texts(zh, FactKind::Organisation), ["星河科技有限公司"]);
    assert_eq!(keys(zh, FactKind::Organisation), ["星河科技"]);
    assert_eq!(texts(zh, FactKind::Title), ["高级工程师"]);

    // "Your company", "this company", a subsidiary: references, not names.
    let letter = "我希望加入贵公司。这家公司和我们公司不同，其他公司的子公司也一样；我曾在星河科技有限公司任职。";
    assert_eq!(texts(letter, FactKind::Organisation), ["星河科技有限公司"]);
    assert_eq!(
        texts("在上海银行工作", FactKind::Organisation),
        ["上海银行"]
    );
}

const SOURCE: &str = "# Mira Kestrel\n\
mira.kestrel@example.com · https://mirakestrel.dev\n\n\
## Experience\n\
### Senior Backend Engineer — Parcelwise Inc. (Mar 2020 – present)\n\
- Cut p99 latency from 900 ms to 120 ms for 40,000 merchants\n\
- Led a team of 6 engineers; saved $1.2M a year\n\n\
### Backend Engineer — Tillbrook Analytics (2017 - 2020)\n\
- Grew test coverage by 35%\n\n\
## Education\n\
BSc Computer Science, University of Northbridge, 2017\n\n\
## Certifications\n\
AWS Certified Developer – Associate\n\n\
## Skills\n\
Rust, Go, PostgreSQL, Kafka, Kubernetes\n";

#[test]
fn a_faithful_paraphrase_is_grounded() {
    let rewrite = "# Mira Kestrel\n\
mira.kestrel@example.com · mirakestrel.dev\n\n\
## Work\n\
### Senior Backend Engineer — Parcelwise (March 2020 – Present)\n\
- Reduced p99 latency from 900ms to 120ms, serving 40k merchants\n\
- Managed 6 engineers and saved 1.2M annually\n\n\
### Backend Engineer — Tillbrook Analytics (2017–2020)\n\
- Raised test coverage 35 %\n\n\
## Education\n\
Bachelor of Science in Computer Science, University of Northbridge (2017)\n\n\
AWS Certified Developer – Associate. Skilled in Rust, Kafka and distributed systems design.\n";
    assert_eq!(flagged(rewrite, &[SOURCE]), vec![]);
}

#[test]
fn invented_employer_number_date_and_degree_are_flagged() {
    let rewrite = "### Senior Backend Engineer — Parcelwise (2020–present)\n\
- Cut p99 latency by 80% for 40,000 merchants\n\n\
### Staff Engineer — Initech Systems (2014 - 2017)\n\
- Led 25 engineers\n\n\
MSc Computer Science, University of Northbridge\n\
PMP certified\n";
    let found = flagged(rewrite, &[SOURCE]);
    let has = |kind: FactKind, text: &str| found.iter().any(|(k, t)| *k == kind && t == text);
    assert!(has(FactKind::Number, "80%"), "{found:?}");
    assert!(has(FactKind::Organisation, "Initech Systems"), "{found:?}");
    assert!(has(FactKind::Title, "Staff Engineer"), "{found:?}");
    assert!(has(FactKind::Date, "2014"), "{found:?}");
    assert!(has(FactKind::Number, "25"), "{found:?}");
    assert!(has(FactKind::Degree, "MSc"), "{found:?}");
    assert!(has(FactKind::Certification, "PMP"), "{found:?}");
    // What the source holds is not flagged: 40,000, Parcelwise, 2020, 2017, the school.
    for (kind, text) in [
        (FactKind::Number, "40,000"),
        (FactKind::Organisation, "Parcelwise"),
        (FactKind::Date, "2017"),
        (FactKind::School, "University of Northbridge"),
    ] {
        assert!(!has(kind, text), "{text} flagged: {found:?}");
    }
}

#[test]
fn skills_and_generic_words_are_not_facts() {
    let rewrite = "Experienced in Rust, TypeScript, React, Kubernetes, Terraform and machine \
learning; a collaborative, detail-oriented engineer who mentors others, drives results and \
communicates clearly with Product, Design and Sales. Familiar with GraphQL, gRPC, Redis, S3.";
    assert_eq!(flagged(rewrite, &[SOURCE]), vec![]);
}

#[test]
fn chinese_rewrite_grounding() {
    let source = "张晓雨\n邮箱：xiaoyu.zhang@example.cn\n\n工作经历\n\
2019年3月 - 至今 星河科技有限公司 高级工程师\n\
负责支付系统，日均交易额提升30%，节省成本200万元。\n\n\
教育背景\n2015年 毕业于北辰理工大学 计算机科学 本科\n";
    let good = "2019.03 – 至今 在星河科技担任高级工程师，\
主导支付系统优化，日均交易额提升30%，节省成本200万。\n北辰理工大学 学士\n";
    assert_eq!(flagged(good, &[source]), vec![]);
    let bad = "2017年5月 - 2019年2月 在云帆网络有限公司担任技术总监，团队50人，节省成本300万元。\n北辰理工大学 硕士\n";
    let found = flagged(bad, &[source]);
    let has = |kind: FactKind, text: &str| found.iter().any(|(k, t)| *k == kind && t == text);
    assert!(has(FactKind::Organisation, "云帆网络有限公司"), "{found:?}");
    assert!(has(FactKind::Title, "技术总监"), "{found:?}");
    assert!(has(FactKind::Date, "2017年5月"), "{found:?}");
    assert!(
        has(FactKind::Number, "50人") || has(FactKind::Number, "50"),
        "{found:?}"
    );
    assert!(has(FactKind::Number, "300万"), "{found:?}");
    assert!(has(FactKind::Degree, "硕士"), "{found:?}");
    assert!(!has(FactKind::School, "北辰理工大学"), "{found:?}");
}

#[test]
fn json_resume_fields_are_facts() {
    let json = r#"{"basics": {"name": "Mira Kestrel", "label": "Data Engineer", "email": "mira@example.com"},
      "work": [{"name": "Parcelwise", "position": "Staff Engineer", "startDate": "2020-03-01"}],
      "education": [{"institution": "Halvard Polytechnic", "studyType": "Master"}]}"#;
    assert_eq!(
        texts(json, FactKind::Title),
        ["Data Engineer", "Staff Engineer"]
    );
    assert_eq!(texts(json, FactKind::Organisation), ["Parcelwise"]);
    assert_eq!(texts(json, FactKind::School), ["Halvard Polytechnic"]);
    assert_eq!(keys(json, FactKind::Date), ["2020-03"]);
    assert_eq!(keys(json, FactKind::Email), ["mira@example.com"]);
    // A rewrite in Markdown is grounded by the JSON Resume it came from.
    let rewrite = "## Data Engineer\n### Staff Engineer — Parcelwise (Mar 2020 – present)\n";
    assert_eq!(flagged(rewrite, &[json]), vec![]);
}

#[test]
fn a_text_grounds_itself() {
    let zh = "2019年3月 - 至今 星河科技有限公司 高级工程师，营收增加500万元，+86 138 0000 0000";
    for text in [SOURCE, zh] {
        assert!(!extract(text).is_empty());
        assert_eq!(ungrounded(text, &[text]), vec![], "{text}");
    }
    // And a fact needs a source: with none, every fact is ungrounded.
    assert_eq!(ungrounded(SOURCE, &[]).len(), extract(SOURCE).len());
}

#[test]
fn facts_come_in_order_with_spans_that_point_at_their_text() {
    let facts = extract(SOURCE);
    assert!(facts.len() > 15, "{facts:?}");
    for pair in facts.windows(2) {
        assert!(pair[0].start <= pair[1].start, "{pair:?}");
    }
    for f in &facts {
        assert_eq!(&SOURCE[f.start..f.end], f.text, "{f:?}");
    }
}

#[test]
fn facts_serialise_with_snake_case_kinds() {
    let fact = extract("Joined Parcelwise Inc. as Data Analyst in 2020")
        .into_iter()
        .find(|f| f.kind == FactKind::Date)
        .unwrap();
    let json = serde_json::to_value(&fact).unwrap();
    assert_eq!(json["kind"], "date");
    assert_eq!(json["key"], "2020");
    let back: Fact = serde_json::from_value(json).unwrap();
    assert_eq!(back, fact);
    assert_eq!(
        serde_json::to_value(FactKind::Certification).unwrap(),
        "certification"
    );
}

#[test]
fn garbage_never_panics() {
    for text in [
        "",
        "—",
        "年月",
        "@@",
        "http://",
        "$",
        "1,",
        "..2",
        "在担任",
        "大学",
        "\u{200b}2020年",
    ] {
        let _ = extract(text);
        let _ = ungrounded(text, &[text, ""]);
    }
}

/// `FACTS_CORPUS=1 cargo test --test native facts corpus -- --nocapture`: the facts of every resume of
/// ../shared/corpus, per kind, to be checked by hand against the files (never copied here).
#[test]
fn corpus_facts_for_checking_by_hand() {
    if std::env::var("FACTS_CORPUS").as_deref() != Ok("1") {
        println!("SKIPPED: set FACTS_CORPUS=1 to print the corpus facts");
        return;
    }
    let Some(dir) = shared_support::shared_dir("corpus") else {
        return;
    };
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("resume-") || n.starts_with("jsonresume-"))
        })
        .collect();
    paths.sort();
    let mut printed = 0;
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(&path).unwrap();
        let text = match path.extension().and_then(|e| e.to_str()) {
            Some("md" | "txt" | "json") => String::from_utf8_lossy(&bytes).to_string(),
            _ => match careergraph::domain::import::import_file(&name, "", &bytes) {
                Ok(imported) => imported.text,
                Err(error) => {
                    println!("== {name}: not imported natively ({error})");
                    continue;
                }
            },
        };
        let facts = extract(&text);
        println!("== {name}: {} facts", facts.len());
        // A text always grounds itself: whatever its facts, none is flagged against it.
        let against_itself = ungrounded(&text, &[&text]);
        assert!(against_itself.is_empty(), "{name}: {against_itself:?}");
        for kind in [
            FactKind::Organisation,
            FactKind::Title,
            FactKind::Date,
            FactKind::Degree,
            FactKind::School,
            FactKind::Number,
            FactKind::Email,
            FactKind::Url,
            FactKind::Certification,
        ] {
            let of: Vec<String> = facts
                .iter()
                .filter(|f| f.kind == kind)
                .map(|f| format!("{} [{}]", f.text, f.key))
                .collect();
            println!("  {kind:?} ({}): {}", of.len(), of.join(" | "));
        }
        printed += 1;
    }
    assert!(printed >= 5, "only {printed} corpus resumes read");
}
