//! The job-description benchmark: how well `ats::extract` reads what a posting requires, against
//! hand labels. Batch ranking and every ATS score rest on this reading, so a posting read wrong
//! ranks a whole batch wrong.
//!
//! Fixtures (`tests/fixtures/jd-bench/`): fictional postings, each beside a `<name>.truth.json`
//! with its `split` ("tuning", or "held_out": written before the parser was tuned and never
//! tuned on, reported apart), its must-have groups (a group of several is ONE requirement that
//! any of them meets: "Go, Rust, or Python") and its nice-to-haves. Labels are lexicon skills
//! (canonical names of `ats::skills::KNOWN_SKILLS`): the benchmark measures which requirement is
//! which, not the lexicon's reach. One exception: a nice-to-have the lexicon lacks ("ClickHouse
//! is a plus") is labelled as written, and a free keyword (`TermKind::Keyword`) nice-to-have
//! scores as a nice-to-have when the truth lists it (case aside) or when it is a name (written
//! with a capital; one the truth lacks is an extra). The repeated two-word phrases are written in
//! lowercase and stay unscored, so postings without such a label score as before.
//!
//! Measures, summed over the postings of a split:
//! - **must P / R**: a predicted must-have group and a truth group pair up (one to one) when they
//!   share a skill; precision = paired / predicted groups, recall = paired / truth groups. "Go or
//!   Python" read as two must-haves pairs one and leaves the other unpaired (a false must-have).
//! - **alternatives exact**: truth groups of two or more whose exact set is a predicted group.
//! - **false groups**: predicted groups of two or more that are not exactly a truth group.
//! - **nice P / R**: the set of nice-to-have skills against the truth's.
//!
//! `cargo test --test native jd_bench -- --nocapture` prints the table, each posting's misses, and what
//! is extracted from the job descriptions of `../shared/corpus` (read in place, never copied;
//! `SKIPPED` when absent).
use crate::shared_support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use careergraph::domain::ats::{self, Importance, JobTerms, TermKind};
use serde::Deserialize;

#[derive(Deserialize)]
struct Truth {
    split: String,
    must: Vec<Vec<String>>,
    nice: Vec<String>,
}

type Group = BTreeSet<String>;

/// Counts of one posting or of a split.
#[derive(Default, Clone, Copy)]
struct Tally {
    postings: usize,
    predicted: usize,
    truth: usize,
    paired: usize,
    alt_truth: usize,
    alt_exact: usize,
    false_groups: usize,
    nice_predicted: usize,
    nice_truth: usize,
    nice_correct: usize,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.postings += o.postings;
        self.predicted += o.predicted;
        self.truth += o.truth;
        self.paired += o.paired;
        self.alt_truth += o.alt_truth;
        self.alt_exact += o.alt_exact;
        self.false_groups += o.false_groups;
        self.nice_predicted += o.nice_predicted;
        self.nice_truth += o.nice_truth;
        self.nice_correct += o.nice_correct;
    }
}

/// A share in percent; `None` when there is nothing to divide by.
fn pct(n: usize, d: usize) -> Option<f64> {
    (d > 0).then(|| 100.0 * n as f64 / d as f64)
}

fn cell(n: usize, d: usize) -> String {
    pct(n, d).map_or("–".into(), |p| format!("{p:.0}% ({n}/{d})"))
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/jd-bench")
}

/// Every posting with its truth, by name.
fn postings() -> Vec<(String, String, Truth)> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("tests/fixtures/jd-bench is missing")
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".truth.json"))
        .collect();
    entries.sort();
    for truth_path in entries {
        let name = truth_path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .trim_end_matches(".truth.json")
            .to_string();
        let posting = ["md", "txt"]
            .iter()
            .map(|ext| fixtures().join(format!("{name}.{ext}")))
            .find(|p| p.exists())
            .unwrap_or_else(|| panic!("{name}: a truth file without its posting"));
        let truth: Truth =
            serde_json::from_str(&std::fs::read_to_string(&truth_path).unwrap()).unwrap();
        out.push((name, std::fs::read_to_string(posting).unwrap(), truth));
    }
    out
}

/// The parser's must-have groups and nice-to-haves: skills, and the keywords scored as such (see
/// the header) with `truth`'s spelling where it lists them.
fn predicted(job: &JobTerms, truth: &[String]) -> (Vec<Group>, Group) {
    let skills = job.terms.iter().filter(|t| t.kind == TermKind::Skill);
    let keywords = job.terms.iter().filter_map(|t| {
        let nice = t.kind == TermKind::Keyword && t.importance == Importance::Preferred;
        let listed = truth.iter().find(|n| n.eq_ignore_ascii_case(&t.term));
        let name = t.term.chars().any(char::is_uppercase);
        match listed {
            Some(n) if nice => Some(n.clone()),
            _ => (nice && name).then(|| t.term.clone()),
        }
    });
    let must = skills
        .clone()
        .filter(|t| t.importance == Importance::Required)
        .map(|t| t.names().into_iter().map(String::from).collect())
        .collect();
    let nice = skills
        .filter(|t| t.importance == Importance::Preferred)
        .flat_map(|t| t.names().into_iter().map(String::from).collect::<Vec<_>>())
        .chain(keywords)
        .collect();
    (must, nice)
}

fn show(group: &Group) -> String {
    group.iter().cloned().collect::<Vec<_>>().join(" / ")
}

/// Scores one posting; `notes` gets what was missed or extra.
fn score(job: &JobTerms, truth: &Truth, notes: &mut Vec<String>) -> Tally {
    let (must, nice) = predicted(job, &truth.nice);
    let truth_groups: Vec<Group> = truth
        .must
        .iter()
        .map(|g| g.iter().cloned().collect())
        .collect();
    let mut used = vec![false; must.len()];
    let mut t = Tally {
        postings: 1,
        predicted: must.len(),
        truth: truth_groups.len(),
        ..Tally::default()
    };
    for group in &truth_groups {
        // The exact group first, so a split group does not steal its pair from it.
        let pick = (0..must.len())
            .find(|&i| !used[i] && must[i] == *group)
            .or_else(|| (0..must.len()).find(|&i| !used[i] && !must[i].is_disjoint(group)));
        match pick {
            Some(i) => {
                used[i] = true;
                t.paired += 1;
                if must[i] != *group {
                    notes.push(format!("must {} read as {}", show(group), show(&must[i])));
                }
            }
            None => notes.push(format!("must {} missed", show(group))),
        }
        if group.len() >= 2 {
            t.alt_truth += 1;
            t.alt_exact += usize::from(must.contains(group));
        }
    }
    for (i, group) in must.iter().enumerate() {
        if !used[i] {
            notes.push(format!("extra must {}", show(group)));
        }
        if group.len() >= 2 && !truth_groups.contains(group) {
            t.false_groups += 1;
        }
    }
    let truth_nice: Group = truth.nice.iter().cloned().collect();
    t.nice_predicted = nice.len();
    t.nice_truth = truth_nice.len();
    t.nice_correct = nice.intersection(&truth_nice).count();
    for n in truth_nice.difference(&nice) {
        notes.push(format!("nice {n} missed"));
    }
    for n in nice.difference(&truth_nice) {
        notes.push(format!("extra nice {n}"));
    }
    t
}

fn row(split: &str, t: &Tally) -> String {
    format!(
        "| {split} | {} | {} | {} | {} | {} | {} | {} |",
        t.postings,
        cell(t.paired, t.predicted),
        cell(t.paired, t.truth),
        cell(t.alt_exact, t.alt_truth),
        t.false_groups,
        cell(t.nice_correct, t.nice_predicted),
        cell(t.nice_correct, t.nice_truth),
    )
}

/// Floors per split: must P, must R, alternatives exact, nice P, nice R (percent), and the most
/// false groups allowed. Where the parser stands now (tuning 49/50, 49/51, 13/13, 24/24, 24/24;
/// held out 25/26, 25/26, 9/9, 13/13, 13/13; no false group), rounded down: one more miss anywhere
/// fails, by name. Before alternatives (main at ebaf52e) alternatives exact was 0/12 and 0/8;
/// before hiring-process steps and "X is a plus" names (t8, t9, h4, h5 added) must P was 49/57
/// and 25/28, nice R 21/24 and 9/13.
const FLOORS: &[(&str, [f64; 5], usize)] = &[
    ("tuning", [97.0, 96.0, 100.0, 100.0, 100.0], 0),
    ("held_out", [96.0, 96.0, 100.0, 100.0, 100.0], 0),
];

#[test]
fn job_description_benchmark() {
    let all = postings();
    assert!(
        all.len() >= 10,
        "expected ten postings, found {}",
        all.len()
    );
    let mut totals: Vec<(&str, Tally)> =
        vec![("tuning", Tally::default()), ("held_out", Tally::default())];
    // One print at the end: the corpus test runs beside this one and would cut into the table.
    let mut out = String::from("\nPer posting:\n");
    for (name, text, truth) in &all {
        let slot = totals
            .iter_mut()
            .find(|(s, _)| *s == truth.split)
            .unwrap_or_else(|| panic!("{name}: unknown split {}", truth.split));
        let mut notes = Vec::new();
        let tally = score(&ats::extract(text), truth, &mut notes);
        slot.1.add(&tally);
        out += &format!(
            "  {name} ({}): {}\n",
            truth.split,
            if notes.is_empty() {
                "exact".to_string()
            } else {
                notes.join("; ")
            }
        );
    }
    out += "\n| split | postings | must P | must R | alternatives exact | false groups | nice P | nice R |\n";
    out += "| --- | --- | --- | --- | --- | --- | --- | --- |\n";
    for (split, t) in &totals {
        out += &format!("{}\n", row(split, t));
    }
    println!("{out}");
    let mut failures = Vec::new();
    for (split, floors, max_false) in FLOORS {
        let t = totals.iter().find(|(s, _)| s == split).unwrap().1;
        let got = [
            pct(t.paired, t.predicted),
            pct(t.paired, t.truth),
            pct(t.alt_exact, t.alt_truth),
            pct(t.nice_correct, t.nice_predicted),
            pct(t.nice_correct, t.nice_truth),
        ];
        let labels = ["must P", "must R", "alternatives exact", "nice P", "nice R"];
        for ((label, floor), value) in labels.iter().zip(floors).zip(got) {
            let value = value.unwrap_or(0.0);
            if value + 1e-9 < *floor {
                failures.push(format!("{split} {label} {value:.0}% < floor {floor:.0}%"));
            }
        }
        if t.false_groups > *max_false {
            failures.push(format!(
                "{split} false groups {} > {max_false}",
                t.false_groups
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "below the floors: {}",
        failures.join("; ")
    );
}

/// What the parser reads in the real job descriptions of `../shared/corpus`, for a look (no
/// labels there): printed, never asserted on.
#[test]
fn corpus_job_descriptions_for_a_look() {
    // Absent, the helper prints SKIPPED (and fails under CI=true, where it must be there).
    let Some(dir) = shared_support::shared_dir("corpus") else {
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("jd-"))
        })
        .collect();
    files.sort();
    if files.is_empty() {
        println!("SKIPPED: no jd-* file in {}", dir.display());
    }
    let mut out = String::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let (must, nice) = predicted(&ats::extract(&text), &[]);
        out += &format!(
            "\n=== corpus {}\n  must: {}\n  nice: {}\n",
            path.file_name().unwrap().to_string_lossy(),
            must.iter().map(show).collect::<Vec<_>>().join(", "),
            show(&nice)
        );
    }
    println!("{out}");
}
