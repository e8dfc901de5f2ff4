//! The structured resume built from resume text and JSON Resume: sections, entries, dates and
//! source lines on fictional resumes (English, Chinese, French/German dates), and a corpus table
//! over `../shared/corpus` (skipped when absent).

use crate::shared_support;

use careergraph::domain::import::{import_file, ImportFormat};
use careergraph::domain::structured::{
    from_json_resume, from_text, Confidence, Entry, PartialDate, SectionKind, StructuredResume,
};

const ENGLISH: &str = "\
# Nora Vale
Platform Engineer
nora.vale@example.org | +1 555 0100 | https://github.com/noravale-test

## Summary
Builds reliable data platforms.

## Work History

### Senior Engineer — Quillfeather Labs
**Mar 2020 – present | Remote**
- Cut deploy time 40%
- Led four engineers

### Engineer — Tinroof Systems\tSep. 2017 – Feb. 2020
- Wrote the billing service

## Education
BSc Computer Science, Lakeside University — 2013–2017

## Skills
- **Languages:** Rust, Go, SQL
- **Tools:** Docker, Terraform
";

const CHINESE: &str = "\
# 林小雨

## 后端开发工程师

邮箱：xiaoyu.lin@example.com

## 工作经历

### **高级后端工程师** 云杉数据科技

*2020年3月 - 至今*

* 负责订单系统的重构
* 带领三人小组

### **后端工程师** 青石网络

*2017/07 - 2020/02*

* 开发支付接口

## 教育经历

*2013 - 2017* 江南理工大学 计算机科学 本科

## 技能专长

- 编程语言：Go、Rust、Python
";

/// Plain text without Markdown: capitalised headings, dated lines, French and German dates.
const PLAIN_EU: &str = "\
CLAIRE DUMONT
Ingénieure logiciel

EXPÉRIENCE PROFESSIONNELLE
Développeuse, Atelier Brume — Lyon   févr. 2014 – août 2016
• Refonte du site
Entwicklerin, Nordlicht GmbH   Mär. 2019 – heute
• API-Design

FORMATION
Master Informatique   2010 - 2013
Université de Lyon
";

fn work(resume: &StructuredResume) -> Vec<&Entry> {
    resume.entries_of(&SectionKind::Work)
}

fn value(field: &Option<careergraph::domain::structured::Field<String>>) -> &str {
    field.as_ref().map_or("", |f| f.value.as_str())
}

fn date(year: u16, month: u8) -> Option<PartialDate> {
    Some(PartialDate::new(year, Some(month)))
}

#[test]
fn english_markdown_resume() {
    let resume = from_text(ENGLISH);
    assert_eq!(value(&resume.basics.name), "Nora Vale");
    assert_eq!(value(&resume.basics.email), "nora.vale@example.org");
    assert_eq!(value(&resume.basics.phone), "+1 555 0100");
    assert_eq!(resume.basics.profiles.len(), 1);
    assert_eq!(
        value(&resume.basics.summary),
        "Builds reliable data platforms."
    );
    let kinds: Vec<&SectionKind> = resume.sections.iter().map(|s| &s.kind).collect();
    assert_eq!(
        kinds,
        [
            &SectionKind::Summary,
            &SectionKind::Work,
            &SectionKind::Education,
            &SectionKind::Skills
        ]
    );
    assert_eq!(resume.sections[1].line, Some(8));

    let jobs = work(&resume);
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(value(&jobs[0].title), "Senior Engineer");
    assert_eq!(value(&jobs[0].organisation), "Quillfeather Labs");
    assert_eq!(jobs[0].line, Some(10));
    let dates = &jobs[0].dates.as_ref().unwrap();
    assert_eq!(
        (dates.value.start, dates.value.present),
        (date(2020, 3), true)
    );
    assert_eq!(dates.line, Some(11));
    assert_eq!(value(&jobs[0].location), "Remote");
    let highlights: Vec<(&str, Option<usize>)> = jobs[0]
        .highlights
        .iter()
        .map(|h| (h.value.as_str(), h.line))
        .collect();
    assert_eq!(
        highlights,
        [
            ("Cut deploy time 40%", Some(12)),
            ("Led four engineers", Some(13))
        ]
    );
    assert_eq!(value(&jobs[1].title), "Engineer");
    assert_eq!(value(&jobs[1].organisation), "Tinroof Systems");
    let d = &jobs[1].dates.as_ref().unwrap().value;
    assert_eq!((d.start, d.end), (date(2017, 9), date(2020, 2)));

    let school = resume.entries_of(&SectionKind::Education);
    assert_eq!(school.len(), 1);
    assert_eq!(value(&school[0].organisation), "Lakeside University");
    // The degree and its area apart, as JSON Resume's studyType and area.
    assert_eq!(value(&school[0].title), "BSc");
    assert_eq!(value(&school[0].detail), "Computer Science");
    assert_eq!(school[0].line, Some(19));

    let skills = resume.entries_of(&SectionKind::Skills);
    assert_eq!(value(&skills[0].title), "Languages");
    assert_eq!(skills[0].keywords, ["Rust", "Go", "SQL"]);
    assert_eq!(resume.dated_entries(), 3);
}

#[test]
fn chinese_markdown_resume() {
    let resume = from_text(CHINESE);
    assert_eq!(value(&resume.basics.name), "林小雨");
    assert_eq!(value(&resume.basics.label), "后端开发工程师");
    assert_eq!(value(&resume.basics.email), "xiaoyu.lin@example.com");
    let jobs = work(&resume);
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(value(&jobs[0].title), "高级后端工程师");
    assert_eq!(value(&jobs[0].organisation), "云杉数据科技");
    let d = &jobs[0].dates.as_ref().unwrap();
    assert_eq!(
        (d.value.start, d.value.present, d.line),
        (date(2020, 3), true, Some(11))
    );
    assert_eq!(jobs[0].highlights.len(), 2);
    assert_eq!(jobs[1].highlights[0].line, Some(20));
    let d = &jobs[1].dates.as_ref().unwrap().value;
    assert_eq!((d.start, d.end), (date(2017, 7), date(2020, 2)));
    let school = resume.entries_of(&SectionKind::Education);
    assert_eq!(school.len(), 1);
    assert_eq!(school[0].line, Some(24));
    let d = &school[0].dates.as_ref().unwrap().value;
    assert_eq!(
        (d.start, d.end),
        (
            Some(PartialDate::new(2013, None)),
            Some(PartialDate::new(2017, None))
        )
    );
    let skills = resume.entries_of(&SectionKind::Skills);
    assert_eq!(skills[0].keywords, ["Go", "Rust", "Python"]);
}

#[test]
fn plain_text_with_french_and_german_dates() {
    let resume = from_text(PLAIN_EU);
    assert_eq!(value(&resume.basics.name), "CLAIRE DUMONT");
    assert_eq!(value(&resume.basics.label), "Ingénieure logiciel");
    let jobs = work(&resume);
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(jobs[0].line, Some(5));
    assert_eq!(value(&jobs[0].title), "Développeuse");
    let d = &jobs[0].dates.as_ref().unwrap().value;
    assert_eq!((d.start, d.end), (date(2014, 2), date(2016, 8)));
    assert_eq!(d.text, "févr. 2014 – août 2016");
    let d = &jobs[1].dates.as_ref().unwrap().value;
    assert_eq!((d.start, d.present), (date(2019, 3), true));
    assert_eq!(value(&jobs[1].organisation), "Nordlicht GmbH");
    let school = resume.entries_of(&SectionKind::Education);
    assert_eq!(school.len(), 1, "{school:#?}");
    assert_eq!(school[0].line, Some(11));
}

#[test]
fn text_without_any_heading_still_gives_entries_for_dated_lines() {
    let resume = from_text("Sam Reed\nAnalyst, Foxglove Bank  2019 - 2022\n- Built reports\n");
    assert_eq!(value(&resume.basics.name), "Sam Reed");
    let entries: Vec<&Entry> = resume.sections.iter().flat_map(|s| &s.entries).collect();
    assert!(
        entries
            .iter()
            .any(|e| e.dates.is_some() && e.highlights.len() == 1),
        "{resume:#?}"
    );
}

/// Front matter skipped, Setext headings, dated bullets as positions, the org under a dated
/// line, award bullets as entries, a year inside a long sentence not a date.
const MIXED: &str = "\
---
title: Test resume
---
Jo Marsh

Work Experience
---------------

* 3 years as Analyst at Pine Street Bank from 2019 to today
* 2 years as Clerk at Harbor Shipping from 2017 to 2019

Employment
==========

Data Lead\tJan 2015 – Dec 2016
Northwind Traders, Leeds
- Our reports were read by over 2000 people across the company every single week without fail

Awards
------
- Team award 2018
- Best poster 2016
";

#[test]
fn setext_headings_dated_bullets_and_organisation_lines() {
    let resume = from_text(MIXED);
    assert_eq!(value(&resume.basics.name), "Jo Marsh");
    assert!(
        resume.sections.iter().all(|s| !s.title.contains("title")),
        "front matter read as a heading: {:#?}",
        resume.sections
    );
    let jobs = work(&resume);
    assert_eq!(jobs.len(), 3, "{jobs:#?}");
    assert_eq!(value(&jobs[0].organisation), "Pine Street Bank");
    assert!(jobs[0].dates.as_ref().unwrap().value.present);
    assert_eq!(jobs[1].line, Some(10));
    assert_eq!(value(&jobs[2].title), "Data Lead");
    // The employer's line ends in its place after a comma: the employer and its place.
    assert_eq!(value(&jobs[2].organisation), "Northwind Traders");
    assert_eq!(value(&jobs[2].location), "Leeds");
    assert_eq!(jobs[2].highlights.len(), 1);
    let awards = resume.entries_of(&SectionKind::Awards);
    assert_eq!(awards.len(), 2, "{awards:#?}");
    assert_eq!(awards[1].line, Some(22));
}

#[test]
fn from_text_never_panics_on_random_text() {
    let pool: Vec<char> = "ab 1920-–/.#*-\n\t年月至今:|,()[]Experience\nEducation\n**"
        .chars()
        .collect();
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..3_000 {
        let mut text = String::new();
        for _ in 0..(seed % 200) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            text.push(pool[(seed % pool.len() as u64) as usize]);
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let resume = from_text(&text);
        let lines = text.lines().count();
        for entry in resume.sections.iter().flat_map(|s| &s.entries) {
            assert!(entry.line.is_some_and(|l| l >= 1 && l <= lines.max(1)));
        }
    }
}

const JSON_RESUME: &str = r#"{
  "$schema": "https://example.org/schema.json",
  "basics": {"name": "Ada Quill", "label": "Data Engineer", "email": "ada@example.org",
    "location": {"address": "1 Test Lane", "postalCode": "00000", "city": "Springfield", "countryCode": "US", "region": "Nowhere"},
    "profiles": [{"network": "GitHub", "username": "adaq-test", "url": "https://github.com/adaq-test"}],
    "summary": "Builds pipelines."},
  "work": [{"name": "Société Exemple", "position": "Développeuse", "location": "Paris",
    "startDate": "Février 2014", "endDate": "Janvier 2015", "summary": "Front-end.", "highlights": ["Scrum"]},
    {"company": "Acme Rail", "position": "Engineer", "startDate": "2019-03-01"}],
  "education": [{"institution": "State U", "studyType": "BSc", "area": "CS", "score": 3.8,
    "courses": ["DB101"], "startDate": "2010", "endDate": "2014"}],
  "awards": [{"title": "Best Paper", "date": "2015-06-01", "awarder": "Conf", "summary": "For a paper."}],
  "references": [{"name": "Bo Test", "reference": "Great colleague."}],
  "projects": [{"name": "Tiny DB", "roles": ["Author"], "type": "application", "description": "A toy."}],
  "meta": {"version": "v1.0.0"}
}"#;

#[test]
fn json_resume_keeps_every_field_and_parses_dates() {
    let resume = from_json_resume(JSON_RESUME).unwrap();
    let location = resume.basics.location.as_ref().unwrap();
    assert_eq!(location.postal_code.as_deref(), Some("00000"));
    assert_eq!(location.region.as_deref(), Some("Nowhere"));
    let jobs = work(&resume);
    assert_eq!(jobs.len(), 2);
    let d = jobs[0].dates.as_ref().unwrap();
    assert_eq!(d.value.text, "Février 2014 – Janvier 2015");
    assert_eq!((d.value.start, d.value.end), (date(2014, 2), date(2015, 1)));
    assert_eq!(d.confidence, Confidence::High);
    assert_eq!(value(&jobs[0].location), "Paris");
    assert_eq!(value(&jobs[1].organisation), "Acme Rail");
    assert!(jobs[1].dates.as_ref().unwrap().value.present);
    let award = &resume.entries_of(&SectionKind::Awards)[0];
    assert_eq!(award.text[0].value, "For a paper.");
    let reference = &resume.entries_of(&SectionKind::References)[0];
    assert_eq!(reference.text[0].value, "Great colleague.");
    let school = &resume.entries_of(&SectionKind::Education)[0];
    assert_eq!(school.keywords, ["DB101"]);
    assert_eq!(school.extra["score"], 3.8);
    let project = &resume.entries_of(&SectionKind::Projects)[0];
    assert_eq!(project.extra["roles"][0], "Author");
    assert_eq!(resume.extra["meta"]["version"], "v1.0.0");
    assert!(resume.extra.contains_key("$schema"));
    let (kept, total) = leaves_kept(JSON_RESUME, &resume);
    assert_eq!(kept, total);
    // Travels as camelCase JSON and back.
    let json = serde_json::to_string(&resume).unwrap();
    assert!(json.contains("\"postalCode\":\"00000\""), "{json}");
    let back: StructuredResume = serde_json::from_str(&json).unwrap();
    assert_eq!(back, resume);
}

/// Every string or number leaf of the input JSON appears in the serialised model: (kept, total).
fn leaves_kept(source: &str, resume: &StructuredResume) -> (usize, usize) {
    fn leaves(value: &serde_json::Value, out: &mut Vec<String>) {
        match value {
            serde_json::Value::String(s) if !s.trim().is_empty() => out.push(s.trim().into()),
            serde_json::Value::Number(n) => out.push(n.to_string()),
            serde_json::Value::Array(items) => items.iter().for_each(|v| leaves(v, out)),
            serde_json::Value::Object(map) => map.values().for_each(|v| leaves(v, out)),
            _ => {}
        }
    }
    let mut all = Vec::new();
    leaves(&serde_json::from_str(source).unwrap(), &mut all);
    let model = serde_json::to_string(resume).unwrap();
    let kept = all
        .iter()
        .filter(|leaf| {
            let quoted = serde_json::to_string(leaf).unwrap();
            model.contains(&quoted) || model.contains(&format!(":{leaf}"))
        })
        .count();
    (kept, all.len())
}

fn corpus() -> Option<std::path::PathBuf> {
    shared_support::shared_dir("corpus")
}

/// Heading lines that name work experience, so the file must give at least one work entry.
fn has_work_heading(resume: &StructuredResume) -> bool {
    resume.sections.iter().any(|s| s.kind == SectionKind::Work)
}

#[test]
fn corpus_table() {
    let Some(dir) = corpus() else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
            ["md", "txt", "json", "docx"].contains(&ext)
                && p.file_name().is_none_or(|n| n != "SOURCES.md")
        })
        .collect();
    files.sort();
    println!("| file | sections found | work | education | dates parsed | JSON fields kept |");
    println!("|---|---|---|---|---|---|");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(&path).unwrap();
        let mut kept = String::from("–");
        let resume = if name.ends_with(".json") {
            let source = String::from_utf8_lossy(&bytes).to_string();
            let Some(resume) = from_json_resume(&source) else {
                println!("| {name} | not a JSON object | | | | |");
                continue;
            };
            let root: serde_json::Value = serde_json::from_str(&source).unwrap();
            for key in ["work", "education"] {
                let count = root[key].as_array().map_or(0, Vec::len);
                let kind = if key == "work" {
                    SectionKind::Work
                } else {
                    SectionKind::Education
                };
                assert_eq!(resume.entries_of(&kind).len(), count, "{name} {key}");
            }
            let (k, t) = leaves_kept(&source, &resume);
            kept = format!("{k}/{t}");
            resume
        } else if name.ends_with(".docx") {
            match import_file(&name, "", &bytes) {
                Ok(imported) if imported.format == ImportFormat::Docx => from_text(&imported.text),
                other => {
                    println!("| {name} | import failed: {other:?} | | | | |");
                    continue;
                }
            }
        } else {
            from_text(&String::from_utf8_lossy(&bytes))
        };
        let sections: Vec<String> = resume
            .sections
            .iter()
            .map(|s| match &s.kind {
                SectionKind::Other(t) if t.is_empty() => "(untitled)".to_string(),
                SectionKind::Other(t) => {
                    format!("other:{}", t.chars().take(18).collect::<String>())
                }
                kind => format!("{kind:?}").to_lowercase(),
            })
            .collect();
        let work = resume.entries_of(&SectionKind::Work).len();
        let education = resume.entries_of(&SectionKind::Education).len();
        let dated = resume.dated_entries();
        println!(
            "| {name} | {} | {work} | {education} | {dated} | {kept} |",
            sections.join(", ")
        );
        if std::env::var_os("STRUCTURED_OUTLINE").is_some() {
            print_outline(&resume);
        }
        if has_work_heading(&resume) && !name.starts_with("jd-") {
            assert!(work >= 1, "{name}: a work heading but no work entry");
        }
    }
}

/// `STRUCTURED_OUTLINE=1`: each section and entry with its line, to compare with the file by eye.
fn print_outline(resume: &StructuredResume) {
    for section in &resume.sections {
        println!(
            "    [{:?}] {} (line {:?})",
            section.kind, section.title, section.line
        );
        for entry in &section.entries {
            println!(
                "      L{:?} {} | {} | {}",
                entry.line,
                value(&entry.title),
                value(&entry.organisation),
                entry.dates.as_ref().map_or("", |d| d.value.text.as_str())
            );
        }
    }
}

/// The entry patterns of Word and LaTeX layouts people use (fictional): each read whole.
#[test]
fn word_and_latex_entry_patterns_are_read_whole() {
    // Word with tab stops: "Employer<TAB>City" over "Title<TAB>Dates", a bold label line inside a
    // job, a bold employer without a place, a bold school name that holds a section word.
    let tabs = "# Ada Quill\n\n## EXPERIENCE\n\nFjordline Logistics\tGothenburg\nStaff Data Engineer\tSep 2021 – Present\n**Key achievements:**\n- Moved batch jobs to streaming\n**Skärgård Software**\nBackend Developer\tJun 2014 – May 2016\n- Wrote the booking API\n\n## EDUCATION\n\n**Chalmers Institute of Technology**\nMSc in Computer Science\tSep 2009 – Jun 2012\n";
    let resume = from_text(tabs);
    let jobs = work(&resume);
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(value(&jobs[0].organisation), "Fjordline Logistics");
    assert_eq!(value(&jobs[0].location), "Gothenburg");
    assert_eq!(value(&jobs[0].title), "Staff Data Engineer");
    assert_eq!(value(&jobs[1].organisation), "Skärgård Software");
    assert_eq!(value(&jobs[1].title), "Backend Developer");
    let degrees = resume.entries_of(&SectionKind::Education);
    assert_eq!(degrees.len(), 1, "{:#?}", resume.sections);
    assert_eq!(
        value(&degrees[0].organisation),
        "Chalmers Institute of Technology"
    );
    // A table used as columns: the dates over **Title** over "Employer, City".
    let columns = "# Ada Quill\n\n## EXPERIENCE\n\n09/2021 – Present\n\n**Staff Data Engineer**\nFjordline Logistics, Gothenburg\n- Led the platform\n\n03/2018 – 08/2021\n\n**Senior Data Engineer**\nNordhavn Retail Group, Malmö\n- Built the feature store\n";
    let resume = from_text(columns);
    let jobs = work(&resume);
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(value(&jobs[1].title), "Senior Data Engineer");
    assert_eq!(value(&jobs[1].organisation), "Nordhavn Retail Group");
    assert_eq!(value(&jobs[1].location), "Malmö");
    assert!(jobs[1].dates.is_some());
    // Deedy: "EMPLOYER | Title" over a date line with no place is an entry, not a table header.
    let deedy = "# Ada Quill\n\n## EXPERIENCE\nFJORDLINE LOGISTICS | Staff Data Engineer\nSep 2021 – Present | Gothenburg\n- Led it.\n\nSKÄRGÅRD SOFTWARE | Backend Developer\nJun 2014 – May 2016\n- Wrote it\n";
    let jobs = work(&from_text(deedy))
        .into_iter()
        .cloned()
        .collect::<Vec<_>>();
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(value(&jobs[1].title), "Backend Developer");
    assert_eq!(value(&jobs[1].organisation), "SKÄRGÅRD SOFTWARE");
}

#[test]
fn a_form_header_and_table_rows_are_read_by_their_labels_and_words() {
    // The whole resume a table (个人简历 templates): a document title, label cells beside their
    // values, and rows "dates | School | Area | Degree".
    let zh = "个人简历\n姓名 | 李伟 | 性别 | 男\n电话 | +86 138 0000 5678 | 邮箱 | li.wei@example.cn\n地址 | 浙江省杭州市西湖区文三路 100 号\n教育背景\n2014.09 – 2017.06 | 东临大学 | 计算机科学与技术 | 硕士\n工作经历\n2020.07 – 至今 | 星河云科技有限公司 | 高级后端工程师\n负责支付清结算系统\n";
    let en = "Resume\nName | Aria Lindqvist | Born | 1988\nPhone | +46 70 555 01 23 | Email | aria@example.com\nAddress | 12 Harbour Street, Gothenburg\nEducation\n2014.09 – 2017.06 | Chalmers University of Technology | Computer Science | MSc\nWork Experience\n2020.07 – Present | Fjordline Logistics | Staff Data Engineer\nLed the platform.\n";
    for (text, name, email, school, degree, area) in [
        (
            zh,
            "李伟",
            "li.wei@example.cn",
            "东临大学",
            "硕士",
            "计算机科学与技术",
        ),
        (
            en,
            "Aria Lindqvist",
            "aria@example.com",
            "Chalmers University of Technology",
            "MSc",
            "Computer Science",
        ),
    ] {
        let resume = from_text(text);
        assert_eq!(value(&resume.basics.name), name, "{:#?}", resume.basics);
        assert_eq!(value(&resume.basics.email), email);
        assert!(resume.basics.phone.is_some());
        let degrees = resume.entries_of(&SectionKind::Education);
        assert_eq!(degrees.len(), 1, "{degrees:#?}");
        assert_eq!(value(&degrees[0].organisation), school);
        assert_eq!(value(&degrees[0].title), degree);
        assert_eq!(value(&degrees[0].detail), area);
        assert_eq!(work(&resume).len(), 1);
    }
    // The labels inside the cells: "姓 名：李伟", "公司：… | 职位：…".
    let labelled = "个人简历\n姓  名：李伟 | 性  别：男\n电  话：+86 138 0000 5678 | 邮  箱：li.wei@example.cn\n工作经历\n2020.07 – 至今 | 公司：星河云科技有限公司 | 职位：高级后端工程师\n负责支付清结算系统\n";
    let resume = from_text(labelled);
    assert_eq!(value(&resume.basics.name), "李伟", "{:#?}", resume.basics);
    assert_eq!(value(&resume.basics.email), "li.wei@example.cn");
    let jobs = work(&resume);
    assert_eq!(jobs.len(), 1, "{jobs:#?}");
    assert_eq!(value(&jobs[0].organisation), "星河云科技有限公司");
    assert_eq!(value(&jobs[0].title), "高级后端工程师");
    assert!(jobs[0].dates.as_ref().is_some_and(|d| d.value.present));
}

#[test]
fn google_docs_templates_heading_styled_entries_are_entries() {
    // Google Docs' resume templates style "Employer, City — Title" as Heading 2 and the dates
    // under it as Heading 3: each is an entry and its dates, not a section of its own.
    let text = "# Ada Quill\n\nGothenburg · ada@example.com\n\n# EXPERIENCE\n\n## Fjordline Logistics, Gothenburg — Staff Data Engineer\n\n### SEPTEMBER 2021 - PRESENT\n\nLead engineer for the shipment event platform.\n\n- Moved 40 nightly batch jobs to streaming\n\n## Nara Logics, Inc, Boston — Principal Developer\n\n### MARCH 2018 - AUGUST 2021\n\n# EDUCATION\n\n## Chalmers Institute of Technology, Gothenburg — MSc in Computer Science\n\n### SEPTEMBER 2009 - JUNE 2012\n\n# SKILLS\n\nKafka, Spark\n";
    let resume = from_text(text);
    let jobs = work(&resume);
    assert_eq!(jobs.len(), 2, "{:#?}", resume.sections);
    assert_eq!(value(&jobs[0].title), "Staff Data Engineer");
    assert_eq!(value(&jobs[0].organisation), "Fjordline Logistics");
    assert_eq!(value(&jobs[0].location), "Gothenburg");
    assert!(jobs[0].dates.as_ref().is_some_and(|d| d.value.present));
    // "Inc" after the comma is the employer's legal form, not its city.
    assert_eq!(value(&jobs[1].organisation), "Nara Logics, Inc");
    assert_eq!(value(&jobs[1].location), "Boston");
    assert_eq!(value(&jobs[1].title), "Principal Developer");
    let degrees = resume.entries_of(&SectionKind::Education);
    assert_eq!(degrees.len(), 1, "{:#?}", resume.sections);
    assert_eq!(
        value(&degrees[0].organisation),
        "Chalmers Institute of Technology"
    );
    assert_eq!(value(&degrees[0].title), "MSc");
    assert_eq!(value(&degrees[0].detail), "Computer Science");
    // A heading that opens with a year beside a school ("2009 · Chalmers …") is still an entry.
    let kendall = "# Ada Quill\n\n## EDUCATION\n\n## 2009 · Chalmers Institute of Technology\n2012\nMSc\n\nComputer Science\n\n## 2006 · Lund University\n2009\nBSc\n\nMathematics\n";
    let resume = from_text(kendall);
    let degrees = resume.entries_of(&SectionKind::Education);
    assert_eq!(degrees.len(), 2, "{degrees:#?}");
    assert_eq!(value(&degrees[1].title), "BSc");
}

#[test]
fn a_section_that_opens_with_dates_opens_every_entry_with_them() {
    // The dates lead each degree, the school under it: the school is this degree's, not a name
    // over the next dated line. Both as a table's cells (bare dates over **Degree**) and as a
    // PDF line ("09/2009 – 06/2012 · MSc …").
    for text in [
        "# Ada Quill\n\n## EDUCATION\n\n09/2009 – 06/2012 · MSc in Computer Science\nChalmers Institute of Technology\n\n09/2006 – 06/2009 · BSc in Mathematics\nLund University\n",
        "# Ada Quill\n\n## EDUCATION\n\n09/2009 – 06/2012\n\n**MSc in Computer Science**\nChalmers Institute of Technology\n\n09/2006 – 06/2009\n\n**BSc in Mathematics**\nLund University\n",
    ] {
        let resume = from_text(text);
        let degrees = resume.entries_of(&SectionKind::Education);
        assert_eq!(degrees.len(), 2, "{degrees:#?}");
        for (degree, school, year) in [
            (degrees[0], "Chalmers Institute of Technology", 2009),
            (degrees[1], "Lund University", 2006),
        ] {
            assert_eq!(value(&degree.organisation), school, "{degree:#?}");
            let start = degree.dates.as_ref().and_then(|d| d.value.start);
            assert_eq!(start.map(|d| d.year), Some(year), "{degree:#?}");
        }
    }
    // Chinese, from a table used as columns: the employer's city after the full-width comma.
    let zh = "# 李伟\n\n## 工作经历\n\n2020.07 – 至今\n\n**高级后端工程师**\n星河云科技有限公司，杭州\n- 负责支付清结算系统\n\n2016.07 – 2016.12\n\n**Java 开发实习生**\n远帆软件\n";
    let resume = from_text(zh);
    let jobs = work(&resume);
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(value(&jobs[0].organisation), "星河云科技有限公司");
    assert_eq!(value(&jobs[0].location), "杭州");
    assert_eq!(value(&jobs[1].organisation), "远帆软件");
    // A section whose first entry names itself before its dates keeps reading names over dates.
    let deedy = "# Ada Quill\n\n## EXPERIENCE\nFJORDLINE LOGISTICS | Staff Data Engineer\nSep 2021 – Present | Gothenburg\n- Led it.\n\nSKÄRGÅRD SOFTWARE | Backend Developer\nJun 2014 – May 2016\n- Wrote it\n";
    assert_eq!(work(&from_text(deedy)).len(), 2);
}

#[test]
fn a_degree_read_with_its_area_is_parted_whatever_line_gave_it() {
    // A bold school over "Degree en Area<TAB>Dates" (Word with tab stops): the degree's own words
    // say where the area begins, as for a degree alone on its line. "Bachelor of Science" stays
    // whole: "of" leads on within the degree's name.
    let text = "# Ada Quill\n\n## EDUCACIÓN\n\n**Universidad de Levante**\nLicenciatura en Bellas Artes\tsept. 2010 – jun. 2015\n\n**Brno Polytechnic College**\nBachelor of Science\t2006 – 2009\n";
    let resume = from_text(text);
    let degrees = resume.entries_of(&SectionKind::Education);
    assert_eq!(degrees.len(), 2, "{:#?}", resume.sections);
    assert_eq!(value(&degrees[0].organisation), "Universidad de Levante");
    assert_eq!(value(&degrees[0].title), "Licenciatura");
    assert_eq!(value(&degrees[0].detail), "Bellas Artes");
    assert_eq!(value(&degrees[1].title), "Bachelor of Science");
    assert!(degrees[1].detail.is_none(), "{:#?}", degrees[1]);
}

#[test]
fn a_degree_and_its_area_under_the_school_heading_keep_the_area() {
    // Word with tab stops, Chinese: the school as a heading, "degree，area<TAB>dates" under it.
    let text = "# 李伟\n\n## 教育经历\n\n## 东临大学\n\n硕士，计算机科学与技术\t2014.09 – 2017.06\n\n## 南屿理工学院\n\n本科，软件工程\t2010.09 – 2014.06\n";
    let resume = from_text(text);
    let degrees = resume.entries_of(&SectionKind::Education);
    assert_eq!(degrees.len(), 2, "{degrees:#?}");
    assert_eq!(value(&degrees[0].organisation), "东临大学");
    assert_eq!(value(&degrees[0].title), "硕士");
    assert_eq!(value(&degrees[0].detail), "计算机科学与技术");
    assert_eq!(value(&degrees[1].detail), "软件工程");
}

#[test]
fn a_bullet_a_layout_sets_before_the_title_is_no_part_of_it() {
    let text = "# Ada Quill\n\n## Experience\n\n09/2021 – Present · • Staff Data Engineer, Fjordline Logistics, Gothenburg.\n- Led the platform\n";
    let resume = from_text(text);
    let jobs = work(&resume);
    assert_eq!(jobs.len(), 1, "{jobs:#?}");
    assert_eq!(value(&jobs[0].title), "Staff Data Engineer");
    // One the reader left there all the same is said: the name is marked to check.
    let mut entry = jobs[0].clone();
    entry.title.as_mut().unwrap().value = "{ Développement".into();
    assert!(
        careergraph::domain::structured::checks(&entry, &SectionKind::Work)
            .contains(&careergraph::domain::structured::Check::OddName)
    );
}

#[test]
fn a_middle_dot_parts_a_title_from_its_employer() {
    let text = "# Ada Quill\n\n## Experience\n\nStaff Data Engineer · Fjordline Logistics\tSep 2021 – Present\n- Led the platform\n\nBackend Developer · Skärgård Software\tJun 2014 – May 2016\n- Wrote the booking API\n";
    let resume = from_text(text);
    let jobs = work(&resume);
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert_eq!(value(&jobs[0].title), "Staff Data Engineer");
    assert_eq!(value(&jobs[0].organisation), "Fjordline Logistics");
    assert_eq!(value(&jobs[1].organisation), "Skärgård Software");
}

#[test]
fn a_name_cut_where_it_wrapped_is_marked_to_check() {
    let text = "# Ada Quill\n\n## Education\n\nMSc in Computer Science\tChalmers Institute of\tSep 2009 – Jun 2012\n";
    let resume = from_text(text);
    let degrees = resume.entries_of(&SectionKind::Education);
    assert_eq!(degrees.len(), 1, "{degrees:#?}");
    assert!(
        careergraph::domain::structured::checks(degrees[0], &SectionKind::Education)
            .contains(&careergraph::domain::structured::Check::OddName)
    );
    // Whole, it is not.
    let whole = from_text(&text.replace("of\t", "of Technology\t"));
    let degrees = whole.entries_of(&SectionKind::Education);
    assert!(
        careergraph::domain::structured::checks(degrees[0], &SectionKind::Education).is_empty()
    );
}

#[test]
fn a_name_with_another_fields_text_run_into_it_is_marked_to_check() {
    use careergraph::domain::structured::{checks, Check};
    let text = "# Ada Quill\n\n## Experience\n\nStaff Engineer, Fjordline Logistics\tSep 2021 – Present\n- Led the platform\n";
    let resume = from_text(text);
    let job = work(&resume)[0].clone();
    assert!(checks(&job, &SectionKind::Work).is_empty(), "{job:#?}");
    for odd in [
        "SlashDB, SlashDB",
        "Media Lab, , Lakeside University",
        "Senior Developer\thttps://example.com/",
        "Arcadia Redux at",
        // The last word of a wrapped name alone; a word broken by the typesetter's hyphen.
        "COLLEGE",
        "Universität",
        "Coimbatore Institute of Engi-neering",
    ] {
        let mut entry = job.clone();
        entry.organisation.as_mut().unwrap().value = odd.into();
        assert!(
            checks(&entry, &SectionKind::Work).contains(&Check::OddName),
            "{odd}"
        );
    }
    // Hyphens people write are no break.
    for name in [
        "Rolls-Royce",
        "Hewlett-Packard Enterprise",
        "Co-op Digital",
        "e-commerce Labs",
    ] {
        let mut entry = job.clone();
        entry.organisation.as_mut().unwrap().value = name.into();
        assert!(checks(&entry, &SectionKind::Work).is_empty(), "{name}");
    }
}
