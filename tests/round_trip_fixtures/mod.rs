//! Fictional resumes (no real person's) that vary what real ones vary: long and short, several
//! degrees, a gap, "Present", a single year, months and seasons, Chinese text, and sections the
//! structure cannot place (a two-column CV's headings the app does not know).
#![allow(dead_code)] // Each test file uses some of them.

/// A long Markdown resume: four jobs (one running on, one a single year, one a season), a
/// written-out gap, three degrees, and one section the schema has no array for.
pub const LONG_MARKDOWN: &str = "# Morgan Vale
Platform Engineer
morgan.vale@example.net | +1 555 0142 | github.com/mvale-example

## Summary
Platform engineer who keeps build farms fast and on-call rotations quiet.

## Experience
### Staff Engineer — Lanternfish Systems (Sep 2022 – Present)
- Cut CI time from 40 to 12 minutes across 300 repositories
- Mentored four engineers through their first on-call rotation

### Senior Engineer — Copperleaf Analytics (Mar 2019 – Aug 2021)
Left after two years; took a career break for a year to care for family.
- Moved batch jobs from cron to a queue with retries

### Engineer — Northwind Mapping (2018)
- Wrote the tile cache invalidation service

### Intern — Basalt Robotics (Summer 2016)
- Calibrated lidar rigs for field tests

## Education
### MSc, Distributed Systems — University of Eastmere (2016 – 2018)
### BSc, Mathematics — Harrowgate College (2012 – 2016)
### Certificate in Data Ethics — Open Learning Institute (2020)

## Skills
- Languages: Go, Rust, Python
- Infrastructure: Kubernetes, Terraform, Bazel

## Talks and Side Work
Gave a talk on flaky test triage at a regional meetup in 2023.
Maintains a small library for parsing build logs.
";

/// A short plain-text resume: single years, a season range, no Markdown.
pub const SHORT_PLAIN: &str = "Priya Ramdas
priya.ramdas@example.org

EXPERIENCE
Barista, Juniper Cafe\t2021
Served two hundred customers a day.
Library Assistant, Fenwick Public Library\tFall 2019 – Spring 2020

EDUCATION
BA English, Hollins Community College\t2020
";

/// A Chinese resume: CJK dates, "至今" (present), two degrees, interests.
pub const CHINESE: &str = "# 林晓云
数据工程师
linxiaoyun@example.cn | 138 0000 0000

## 工作经历
### 高级数据工程师 — 青石数据科技 (2020年3月 - 至今)
- 负责实时数仓建设，日处理数据五十亿条
### 数据工程师 — 远帆信息 (2017年7月 - 2020年2月)
- 搭建离线调度平台

## 教育背景
### 硕士，计算机科学 — 华东示例大学 (2014年9月 - 2017年6月)
### 学士，软件工程 — 江南示例学院 (2010 - 2014)

## 个人说明
喜欢摄影和长跑，周末在社区教孩子编程。
";

/// The text a two-column LaTeX CV gives: headings the app does not know, so every job and
/// degree sits in sections the structure cannot place.
pub const TWO_COLUMN: &str = "# Dana Okafor
Research Software Engineer
dana.okafor@example.com

## Where I Have Worked
Research Software Engineer\tJan 2021 – Present
Tidewater Genomics Lab, Portsmouth
- Built a quality-control pipeline for sequencing runs
Software Developer\tJun 2018 – Dec 2020
Ferngrove Instruments, Leeds
- Wrote drivers for three spectrometer models

## Schooling
PhD Bioinformatics\t2014 – 2018
University of Saltmarsh

## Odds and Ends
Volunteer firefighter. Plays the cello in a community orchestra.
";

/// Every fixture with a name for messages.
pub const ALL: [(&str, &str); 4] = [
    ("long markdown", LONG_MARKDOWN),
    ("short plain text", SHORT_PLAIN),
    ("chinese", CHINESE),
    ("two-column", TWO_COLUMN),
];
