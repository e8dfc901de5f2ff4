//! The job-posting warning (`domain::import::check_posting`): a job ad pasted or imported into the
//! resume field is flagged, in English and Chinese; resumes are not, even ones that mention
//! requirements or give a salary. Fictional fixtures, then every file of `../shared/corpus`.

use crate::shared_support;

use careergraph::domain::import::{check_posting, import_file, ImportError};
use careergraph::workflows::sample::SAMPLE_JOB_DESCRIPTION;
use careergraph::workflows::sample::SAMPLE_RESUME;

const POSTING_EN: &str = "\
Platform Engineer — Lumen Orchards (fictional)
Remote, EU

About the role
We are looking for a platform engineer to own our build and deploy tooling. You will work with
six product teams and you'll shape how we ship.

What you'll do
- Run the CI fleet
- Own the Terraform modules

Requirements
- 4+ years with Linux in production
- Kubernetes is a must

Benefits
- €60,000 – €75,000 plus equity
- 30 days of leave

How to apply: send your CV to jobs@lumen-orchards.example.
";

const POSTING_ZH: &str = "\
星河数据（虚构）— 后端开发工程师（杭州）
25-40K·13薪

岗位职责
1. 负责订单系统的设计与开发；
2. 参与代码评审，持续改进系统稳定性。

任职要求
1. 本科及以上学历，计算机相关专业；
2. 熟悉 Go 或 Java，有分布式系统经验者优先。

我们提供：五险一金、弹性工作。
";

const RESUME_EN: &str = "\
# Mira Okafor
Data Engineer · mira.okafor@example.com · +44 20 7946 0000

## Summary
I build data pipelines. My last team cut reporting time by half.

## Experience
### Senior Data Engineer — Fenwick Analytics
Mar 2021 – Present
- Gathered requirements from five teams and designed the warehouse
- Cut the nightly batch from 6 h to 40 min

### Data Engineer — Tallow Foods
Jan 2018 – Feb 2021
- Built the Airflow platform; compensation analytics dashboards for HR

## Education
BSc Computer Science, University of Leeds, 2014 – 2017

## Skills
Python, SQL, Spark, Airflow
";

const RESUME_ZH: &str = "\
# 林晓雨
电话：138 0000 0000 · 邮箱：xiaoyu.lin@example.com

## 工作经历
### 高级后端工程师 — 青禾科技
2020年3月 - 至今
- 负责支付系统重构，我主导了对账服务的设计
- 工作职责：带领 4 人小组

### 后端工程师 — 远山网络
2017年7月 - 2020年2月
- 开发订单服务

## 教育经历
浙江大学 计算机科学 学士 2013年9月 - 2017年6月
";

/// A resume that talks like an ad in places: headed "Requirements" (of a project) and a salary.
const RESUME_WITH_AD_WORDS: &str = "\
Tomas Varga
tomas.varga@example.com | +36 1 555 0100

EXPERIENCE
Operations Lead, Birchwood Logistics    2019 – present
- Wrote the requirements for the new warehouse system; benefits: 12% fewer mis-picks
- Hired 6 associates (pay range $18 – $22 per hour)
Shift Supervisor, Kettle & Co    2015 – 2019
- Trained new staff

EDUCATION
Diploma in Logistics, Pécs College, 2013 – 2015
";

#[test]
fn an_english_posting_is_flagged_with_its_reasons() {
    let check = check_posting(POSTING_EN);
    assert!(check.looks_like_posting, "{check:?}");
    let phrases: Vec<&str> = check.signals.iter().map(|s| s.phrase.as_str()).collect();
    for expected in [
        "we are looking for",
        "requirements",
        "benefits",
        "salary range",
        "how to apply",
    ] {
        assert!(
            phrases.contains(&expected),
            "{expected} missing: {phrases:?}"
        );
    }
    let looking = check
        .signals
        .iter()
        .find(|s| s.phrase == "we are looking for")
        .unwrap();
    assert_eq!(looking.line, Some(5), "the line the phrase is on");
}

#[test]
fn a_chinese_posting_is_flagged() {
    let check = check_posting(POSTING_ZH);
    assert!(check.looks_like_posting, "{check:?}");
    let phrases: Vec<&str> = check.signals.iter().map(|s| s.phrase.as_str()).collect();
    for expected in ["岗位职责", "任职要求", "salary range", "五险一金"] {
        assert!(
            phrases.contains(&expected),
            "{expected} missing: {phrases:?}"
        );
    }
}

#[test]
fn resumes_are_not_flagged_even_with_ad_words() {
    for (name, text) in [
        ("english", RESUME_EN),
        ("chinese", RESUME_ZH),
        ("ad words", RESUME_WITH_AD_WORDS),
        ("app sample", SAMPLE_RESUME),
    ] {
        let check = check_posting(text);
        assert!(!check.looks_like_posting, "{name}: {check:?}");
        assert!(check.resume_score > 0, "{name}: resume signals found");
    }
}

#[test]
fn the_apps_sample_job_description_is_flagged() {
    assert!(check_posting(SAMPLE_JOB_DESCRIPTION).looks_like_posting);
}

#[test]
fn a_posting_with_a_resume_pasted_below_counts_both_sides() {
    // The user pasted the ad and their resume together: the resume's evidence is counted, so the
    // verdict is no longer a clear "posting" margin on the ad's wording alone.
    let both = format!("{POSTING_EN}\n{RESUME_EN}");
    let check = check_posting(&both);
    assert!(check.resume_score >= 5, "{check:?}");
    assert!(
        check.posting_score >= check_posting(POSTING_EN).posting_score,
        "{check:?}"
    );
}

#[test]
fn short_and_empty_texts_are_never_postings() {
    assert!(!check_posting("").looks_like_posting);
    assert!(!check_posting("You will").looks_like_posting);
    assert!(!check_posting("Requirements\nBenefits").looks_like_posting);
}

/// Every job description in the corpus is flagged; no resume is. PDFs are read by pdf.js in the
/// browser only, so they are left out here.
#[test]
fn corpus_postings_flagged_resumes_not() {
    let Some(dir) = shared_support::shared_dir("corpus") else {
        return;
    };
    let entries = std::fs::read_dir(&dir).expect("corpus readable");
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    let (mut postings, mut resumes) = (0, 0);
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name == "SOURCES.md" {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let text = match import_file(&name, "", &bytes) {
            Ok(imported) => imported.text,
            Err(ImportError::PdfNeedsBrowser) => continue,
            Err(e) => panic!("{name}: {e}"),
        };
        let is_job = name.starts_with("jd-") || name.ends_with("-job.json");
        let check = check_posting(&text);
        println!(
            "{name}: posting {} resume {} → {}",
            check.posting_score, check.resume_score, check.looks_like_posting
        );
        assert_eq!(
            check.looks_like_posting, is_job,
            "{name}: posting {} / resume {}, signals {:?}",
            check.posting_score, check.resume_score, check.signals
        );
        if is_job {
            postings += 1;
        } else {
            resumes += 1;
        }
    }
    assert!(
        postings >= 6 && resumes >= 10,
        "{postings} postings, {resumes} resumes"
    );
}
