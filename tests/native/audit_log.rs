//! The batch's audit log (`workflows::batch_screening::audit`): its schema in
//! `docs/audit-log.schema.json` is the one derived from the log's types, and a real log (a batch
//! screened blind on the offline demo, a decision recorded, a bias check) validates against it
//! line by line, with a small validator of the JSON Schema keywords that schema uses. The log
//! never holds a resume's text or a key.

use std::rc::Rc;

use careergraph::graph::MemorySaver;
use careergraph::session::{Runtime, Step, WorkflowRun};
use careergraph::workflows::batch_screening::audit::{audit_log, AuditLine, AuditMeta};
use careergraph::workflows::batch_screening::decisions::{record, Choice, PersonDecision};
use careergraph::workflows::batch_screening::{BatchResume, BatchRunInput, BatchWorkflow};
use careergraph::workflows::demo_model;
use futures::executor::block_on;
use serde_json::{Map, Value};

const SCHEMA_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/audit-log.schema.json");

fn derived_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(AuditLine)).unwrap()
}

/// The documented schema is the derived one. `UPDATE_AUDIT_SCHEMA=1` writes it.
#[test]
fn the_documented_schema_is_the_derived_one() {
    let derived = serde_json::to_string_pretty(&derived_schema()).unwrap() + "\n";
    if std::env::var_os("UPDATE_AUDIT_SCHEMA").is_some() {
        std::fs::write(SCHEMA_PATH, &derived).unwrap();
    }
    let documented = std::fs::read_to_string(SCHEMA_PATH).unwrap_or_default();
    assert_eq!(
        documented, derived,
        "docs/audit-log.schema.json is out of date: run UPDATE_AUDIT_SCHEMA=1 cargo test --test native audit_log"
    );
}

/// Validates `value` against `schema` (a subschema of `root`): `$ref` into `$defs`, `type`
/// (one or a list), `enum`, `const`, `properties`, `required`, `additionalProperties: false`,
/// `items`, `oneOf` / `anyOf`, `minimum`. Every other keyword (`description`, `format`, …) is
/// annotation. Returns what fails, with its path.
fn validate(root: &Value, schema: &Value, value: &Value, path: &str, errors: &mut Vec<String>) {
    let Some(schema) = schema.as_object() else {
        return; // `true`: anything
    };
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference.trim_start_matches("#/$defs/");
        let target = &root["$defs"][name];
        assert!(!target.is_null(), "unknown $ref {reference}");
        validate(root, target, value, path, errors);
    }
    if let Some(types) = schema.get("type") {
        let types: Vec<&str> = match types {
            Value::String(t) => vec![t.as_str()],
            Value::Array(list) => list.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        let is = |t: &str| match t {
            "object" => value.is_object(),
            "array" => value.is_array(),
            "string" => value.is_string(),
            "boolean" => value.is_boolean(),
            "null" => value.is_null(),
            "number" => value.is_number(),
            "integer" => value.as_f64().is_some_and(|n| n.fract() == 0.0),
            other => panic!("type {other} not handled"),
        };
        if !types.iter().any(|t| is(t)) {
            errors.push(format!("{path}: {value} is not {types:?}"));
            return;
        }
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        if !options.contains(value) {
            errors.push(format!("{path}: {value} not in {options:?}"));
        }
    }
    if let Some(constant) = schema.get("const") {
        if constant != value {
            errors.push(format!("{path}: {value} is not {constant}"));
        }
    }
    if let Some(minimum) = schema.get("minimum").and_then(Value::as_f64) {
        if value.as_f64().is_some_and(|n| n < minimum) {
            errors.push(format!("{path}: {value} < {minimum}"));
        }
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(options) = schema.get(key).and_then(Value::as_array) {
            let passing = options
                .iter()
                .filter(|option| {
                    let mut found = Vec::new();
                    validate(root, option, value, path, &mut found);
                    found.is_empty()
                })
                .count();
            let ok = if key == "oneOf" {
                passing == 1
            } else {
                passing >= 1
            };
            if !ok {
                errors.push(format!(
                    "{path}: {passing} of the {key} options match {value}"
                ));
            }
        }
    }
    if let Some(object) = value.as_object() {
        let properties = schema.get("properties").and_then(Value::as_object);
        for required in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let name = required.as_str().unwrap();
            if !object.contains_key(name) {
                errors.push(format!("{path}: `{name}` is missing"));
            }
        }
        let empty = Map::new();
        for (key, item) in object {
            match properties.unwrap_or(&empty).get(key) {
                Some(sub) => validate(root, sub, item, &format!("{path}.{key}"), errors),
                None if schema.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    errors.push(format!("{path}: `{key}` is not allowed"))
                }
                None => {}
            }
        }
    }
    if let (Some(items), Some(list)) = (schema.get("items"), value.as_array()) {
        for (i, item) in list.iter().enumerate() {
            validate(root, items, item, &format!("{path}[{i}]"), errors);
        }
    }
}

fn errors_of(line: &Value) -> Vec<String> {
    let schema = derived_schema();
    let mut errors = Vec::new();
    validate(&schema, &schema, line, "$", &mut errors);
    errors
}

#[test]
fn a_batchs_log_validates_against_the_schema_and_holds_no_resume_text() {
    let saver = Rc::new(MemorySaver::new());
    let runtime = Runtime::new(Rc::new(demo_model())).with_checkpointer(saver);
    let resume = "# Odalys Brennick\nodalys@example.net\n## Experience\n### Engineer — Northwind Freight (2017 – 2024)\n- Built Rust services\n## Education\n### BSc — Northfield University (2010 – 2014)\n## Skills\nRust, Kubernetes\n";
    let input = BatchRunInput {
        job_description: "Backend Engineer\nRequirements:\n- Rust\n- Kubernetes\n".into(),
        resumes: vec![BatchResume {
            label: "odalys.md".into(),
            text: resume.into(),
            ..BatchResume::default()
        }],
        ..BatchRunInput::default()
    };
    let run = WorkflowRun::<BatchWorkflow>::new(input, &runtime).unwrap();
    let sink = careergraph::graph::EventSink::new(|_| {});
    assert!(matches!(block_on(run.start(sink)).unwrap(), Step::Done(_)));
    let state = block_on(run.amend(record(PersonDecision {
        id: "c1".into(),
        choice: Choice::Advance,
        reason: "strong Rust".into(),
        at: "2026-12-07T12:00:00Z".into(),
    })))
    .unwrap();
    let meta = AuditMeta {
        thread: run.thread_id().to_string(),
        exported_at: "2026-12-07T12:01:00Z".into(),
    };
    let log = audit_log(&state, &meta);
    assert!(log.ends_with('\n'));
    let lines: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for line in &lines {
        let errors = errors_of(line);
        assert!(errors.is_empty(), "{line}: {errors:?}");
    }
    let types: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    assert_eq!(types[0], "run");
    for kind in ["prompt_template", "input", "masks", "score", "decision"] {
        assert!(types.contains(&kind), "{kind} missing: {types:?}");
    }
    assert_eq!(lines[0]["provider"], "demo");
    assert_eq!(lines[0]["blind"], true);
    let decision = lines.iter().find(|l| l["type"] == "decision").unwrap();
    assert_eq!(
        (decision["choice"].as_str(), decision["by"].as_str()),
        (Some("advance"), Some("person"))
    );
    // Hashes, not text: neither the resume, nor its name, nor its e-mail is in the log.
    for private in ["Odalys", "Brennick", "odalys@example.net", "Northwind"] {
        assert!(!log.contains(private), "{private} in the log");
    }
    // The validator is real: a line with a wrong type, or a field the schema does not allow, fails.
    let mut wrong = lines[0].clone();
    wrong["candidates"] = Value::String("one".into());
    assert!(!errors_of(&wrong).is_empty());
    let mut extra = decision.clone();
    extra["api_key"] = Value::String("sk-…".into());
    assert!(!errors_of(&extra).is_empty(), "{:?}", errors_of(&extra));
}
