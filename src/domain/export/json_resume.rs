//! A resume's sections to JSON Resume (jsonresume.org schema v1), best effort: the first section
//! gives `basics` (name, label, email, phone, url, profiles), sections are recognised by their
//! titles (English and Chinese), entries by headings and bullets. Only fields the schema allows
//! are written, dates only as `YYYY` or `YYYY-MM`, URLs only absolute. Sections with no place in
//! the schema go to `meta.careergraph.otherSections`, so nothing in the resume is lost.

use serde_json::{json, Map, Value};

use super::entries::{bullet, contact, dates, split_entries, split_title, strip_marks, Entry};
use crate::domain::{Resume, ResumeSection};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Summary,
    Work,
    Volunteer,
    Education,
    Skills,
    Projects,
    Awards,
    Certificates,
    Publications,
    Languages,
    Interests,
    Other,
}

/// Which JSON Resume array a section title names. Order matters: "Education & Experience" is
/// rare, "Work Experience" common; "Programming Languages" are skills.
fn kind(title: &str) -> Kind {
    let t = title.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| t.contains(w));
    if has(&[
        "summary",
        "profile",
        "about",
        "objective",
        "简介",
        "总结",
        "自我评价",
    ]) {
        Kind::Summary
    } else if has(&["volunteer", "志愿"]) {
        Kind::Volunteer
    } else if has(&["education", "academic", "degree", "教育", "学历"]) {
        Kind::Education
    } else if has(&[
        "programming language",
        "skill",
        "technolog",
        "tools",
        "competenc",
        "技能",
        "技术栈",
    ]) {
        Kind::Skills
    } else if has(&["project", "portfolio", "项目"]) {
        Kind::Projects
    } else if has(&[
        "experience",
        "employment",
        "work",
        "career",
        "工作",
        "经历",
        "实习",
    ]) {
        Kind::Work
    } else if has(&["certif", "licen", "证书"]) {
        Kind::Certificates
    } else if has(&["award", "honor", "honour", "获奖", "荣誉"]) {
        Kind::Awards
    } else if has(&["publication", "论文"]) {
        Kind::Publications
    } else if has(&["language", "语言"]) {
        Kind::Languages
    } else if has(&["interest", "hobb", "兴趣"]) {
        Kind::Interests
    } else {
        Kind::Other
    }
}

/// The resume as a JSON Resume document.
pub fn to_json_resume(resume: &Resume) -> Value {
    let mut root = Map::new();
    let sections = &resume.sections;
    let (head, rest) = match sections.split_first() {
        Some((first, rest)) if kind(&first.title) == Kind::Other => (Some(first), rest),
        _ => (None, &sections[..]),
    };
    let mut basics = head.map(basics).unwrap_or_default();
    let mut arrays: Map<String, Value> = Map::new();
    let mut others = Vec::new();
    for section in rest {
        let kind = kind(&section.title);
        let items: Vec<Value> = match kind {
            Kind::Summary => {
                let text = paragraph(&section.body);
                if !text.is_empty() {
                    basics.insert("summary".into(), json!(text));
                }
                continue;
            }
            Kind::Work => entries(section, |e| position(e, "name")),
            Kind::Volunteer => entries(section, |e| position(e, "organization")),
            Kind::Education => entries(section, education),
            Kind::Projects => entries(section, project),
            Kind::Skills => keyword_groups(&section.body, &section.title),
            Kind::Interests => keyword_groups(&section.body, "")
                .into_iter()
                .map(|mut v| {
                    if let Some(o) = v.as_object_mut() {
                        o.entry("name").or_insert(json!("Interests"));
                    }
                    v
                })
                .collect(),
            Kind::Languages => lines(&section.body).into_iter().map(language).collect(),
            Kind::Awards => lines(&section.body)
                .into_iter()
                .map(|l| titled(&l, "title", "awarder", "date"))
                .collect(),
            Kind::Certificates => lines(&section.body)
                .into_iter()
                .map(|l| titled(&l, "name", "issuer", "date"))
                .collect(),
            Kind::Publications => lines(&section.body)
                .into_iter()
                .map(|l| titled(&l, "name", "publisher", "releaseDate"))
                .collect(),
            Kind::Other => {
                others.push(json!({"title": section.title, "body": section.body.trim()}));
                continue;
            }
        };
        let key = match kind {
            Kind::Work => "work",
            Kind::Volunteer => "volunteer",
            Kind::Education => "education",
            Kind::Projects => "projects",
            Kind::Skills => "skills",
            Kind::Interests => "interests",
            Kind::Languages => "languages",
            Kind::Awards => "awards",
            Kind::Certificates => "certificates",
            Kind::Publications => "publications",
            Kind::Summary | Kind::Other => unreachable!("handled above"),
        };
        let list = arrays.entry(key).or_insert_with(|| json!([]));
        if let Some(list) = list.as_array_mut() {
            list.extend(items);
        }
    }
    root.insert("basics".into(), Value::Object(basics));
    root.extend(arrays);
    let mut careergraph = json!({ "exportedBy": "careergraph" });
    if !others.is_empty() {
        careergraph["otherSections"] = json!(others);
    }
    root.insert("meta".into(), json!({ "careergraph": careergraph }));
    Value::Object(root)
}

/// Name, label and contact details from the resume's first (untitled or name) section.
fn basics(section: &ResumeSection) -> Map<String, Value> {
    let mut basics = Map::new();
    let mut body_lines: Vec<String> = section
        .body
        .lines()
        .map(strip_marks)
        .filter(|l| !l.is_empty())
        .collect();
    let name = if section.title.is_empty() {
        (!body_lines.is_empty()).then(|| body_lines.remove(0))
    } else {
        Some(strip_marks(&section.title))
    };
    if let Some(name) = name.filter(|n| n.chars().count() <= 80) {
        basics.insert("name".into(), json!(name));
    }
    let found = contact(&section.body);
    let is_contact = |line: &str| {
        found.email.as_deref().is_some_and(|e| line.contains(e))
            || found.phone.as_deref().is_some_and(|p| line.contains(p))
            || found
                .urls
                .iter()
                .any(|u| line.contains(u.trim_start_matches("https://")))
    };
    // The label is a short plain line ("Backend Engineer"), not a list item, a "Key: value"
    // line or a rule.
    if let Some(label) = body_lines.iter().find(|l| {
        !is_contact(l)
            && l.chars().count() <= 80
            && bullet(l).is_none()
            && !l.contains(':')
            && l.chars().any(char::is_alphanumeric)
    }) {
        basics.insert("label".into(), json!(label));
    }
    if let Some(email) = found.email {
        basics.insert("email".into(), json!(email));
    }
    if let Some(phone) = found.phone {
        basics.insert("phone".into(), json!(phone));
    }
    let mut profiles = Vec::new();
    let mut urls = found.urls;
    urls.dedup();
    for url in urls {
        let lower = url.to_lowercase();
        let network = [
            ("linkedin.com", "LinkedIn"),
            ("github.com", "GitHub"),
            ("gitlab.com", "GitLab"),
        ]
        .iter()
        .find(|(domain, _)| lower.contains(domain))
        .map(|(_, name)| *name);
        match network {
            Some(network) => {
                let username = url.trim_end_matches('/').rsplit('/').next().unwrap_or("");
                profiles.push(json!({"network": network, "username": username, "url": url}));
            }
            None if !basics.contains_key("url") => {
                basics.insert("url".into(), json!(url));
            }
            None => profiles.push(json!({"network": "Website", "url": url})),
        }
    }
    if !profiles.is_empty() {
        basics.insert("profiles".into(), json!(profiles));
    }
    basics
}

fn entries(section: &ResumeSection, f: impl Fn(&Entry) -> Map<String, Value>) -> Vec<Value> {
    split_entries(&section.body)
        .iter()
        .map(f)
        .filter(|m| !m.is_empty())
        .map(Value::Object)
        .collect()
}

/// Heading parts shared by work, volunteering, education and projects: the text before the
/// dates split into a title and a place (the place may be on the next line), and the dates.
struct Parsed {
    title: String,
    place: Option<String>,
    start: Option<String>,
    end: Option<String>,
    lines: Vec<String>,
}

fn parse(entry: &Entry) -> Parsed {
    let (start, end, rest) = dates(&entry.heading);
    let (title, mut place) = split_title(&rest);
    let mut lines = entry.lines.clone();
    if place.is_none() && !lines.is_empty() && lines[0].chars().count() <= 80 {
        place = Some(lines.remove(0));
    }
    Parsed {
        title,
        place,
        start,
        end,
        lines,
    }
}

fn put(map: &mut Map<String, Value>, key: &str, value: Option<String>) {
    if let Some(value) = value.filter(|v| !v.trim().is_empty()) {
        map.insert(key.into(), json!(value.trim()));
    }
}

fn put_dates(map: &mut Map<String, Value>, parsed: &Parsed) {
    put(map, "startDate", parsed.start.clone());
    put(map, "endDate", parsed.end.clone());
}

fn put_list(map: &mut Map<String, Value>, key: &str, items: &[String]) {
    if !items.is_empty() {
        map.insert(key.into(), json!(items));
    }
}

fn position(entry: &Entry, place_key: &str) -> Map<String, Value> {
    let parsed = parse(entry);
    let mut map = Map::new();
    put(&mut map, "position", Some(parsed.title.clone()));
    put(&mut map, place_key, parsed.place.clone());
    put_dates(&mut map, &parsed);
    put(&mut map, "summary", Some(parsed.lines.join(" ")));
    put_list(&mut map, "highlights", &entry.bullets);
    map
}

fn education(entry: &Entry) -> Map<String, Value> {
    let parsed = parse(entry);
    let mut map = Map::new();
    // "BSc, Computer Science — State University": degree and area, then the institution.
    let (study_type, area) = match parsed
        .title
        .split_once(", ")
        .or(parsed.title.split_once(" in "))
    {
        Some((kind, area)) => (kind.to_string(), Some(area.to_string())),
        None => (parsed.title.clone(), None),
    };
    // "Degree – Area" on the heading and the school on the next line is common too.
    let school = |t: &str| {
        let t = t.to_lowercase();
        [
            "universit",
            "college",
            "school",
            "institut",
            "academ",
            "大学",
            "学院",
        ]
        .iter()
        .any(|w| t.contains(w))
    };
    let (mut institution, mut area) = (parsed.place.clone(), area);
    if let Some(next) = parsed.lines.first() {
        if !institution.as_deref().is_some_and(school) && school(next) {
            area = area.or(institution.take());
            institution = Some(next.clone());
        }
    }
    let courses_from = usize::from(institution.as_ref() == parsed.lines.first());
    put(&mut map, "institution", institution);
    put(&mut map, "studyType", Some(study_type));
    put(&mut map, "area", area);
    put_dates(&mut map, &parsed);
    let mut courses = entry.bullets.clone();
    courses.extend(parsed.lines.iter().skip(courses_from).cloned());
    put_list(&mut map, "courses", &courses);
    map
}

fn project(entry: &Entry) -> Map<String, Value> {
    let parsed = parse(entry);
    let mut map = Map::new();
    put(&mut map, "name", Some(parsed.title.clone()));
    let mut description = parsed.lines.clone();
    if let Some(place) = &parsed.place {
        description.insert(0, place.clone());
    }
    let found = contact(&description.join("\n"));
    put(&mut map, "url", found.urls.first().cloned());
    put(&mut map, "description", Some(description.join(" ")));
    put_dates(&mut map, &parsed);
    put_list(&mut map, "highlights", &entry.bullets);
    map
}

/// "Category: a, b" lines become named groups; loose items gather into one group named after
/// the section.
fn keyword_groups(body: &str, section_title: &str) -> Vec<Value> {
    let mut groups = Vec::new();
    let mut loose = Vec::new();
    for line in lines(body) {
        match line.split_once(':').or(line.split_once('：')) {
            Some((name, list)) if !name.trim().is_empty() && name.chars().count() <= 40 => {
                let keywords = split_list(list);
                groups.push(json!({"name": name.trim(), "keywords": keywords}));
            }
            _ => loose.extend(split_list(&line)),
        }
    }
    if !loose.is_empty() {
        let name = if section_title.is_empty() {
            "Skills"
        } else {
            section_title
        };
        groups.push(json!({"name": name, "keywords": loose}));
    }
    groups
}

fn split_list(text: &str) -> Vec<String> {
    text.split([',', ';', '、', '，', '|', '·'])
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// "English (Native)", "English — fluent", "English: native".
fn language(line: String) -> Value {
    let (language, fluency) = match line.split_once('(') {
        Some((l, f)) => (
            l.trim().to_string(),
            Some(f.trim_end_matches(')').trim().to_string()),
        ),
        None => split_title(&line.replace(':', " —")),
    };
    let mut map = Map::new();
    put(&mut map, "language", Some(language));
    put(&mut map, "fluency", fluency);
    Value::Object(map)
}

/// Awards, certificates, publications: "Title — By (2020)".
fn titled(line: &str, title_key: &str, by_key: &str, date_key: &str) -> Value {
    let (start, _, rest) = dates(line);
    let (title, by) = split_title(&rest);
    let mut map = Map::new();
    put(&mut map, title_key, Some(title));
    put(&mut map, by_key, by);
    put(&mut map, date_key, start);
    Value::Object(map)
}

/// The non-empty lines of a body, list markers off.
fn lines(body: &str) -> Vec<String> {
    body.lines()
        .map(|l| bullet(l).unwrap_or_else(|| strip_marks(l)))
        .filter(|l| !l.is_empty())
        .collect()
}

fn paragraph(body: &str) -> String {
    lines(body).join(" ")
}
