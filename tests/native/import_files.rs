//! Resume import end to end (natively): DOCX files built here with a ZIP writer, text in several
//! encodings, JSON Resume, the limits, and every file of `../shared/corpus` when it is present.
//! PDFs are read by pdf.js in the browser (web/e2e/import.spec.mjs); here they only have to be
//! recognised as PDF.
use crate::shared_support;

use std::io::Write;
use std::time::Instant;

use careergraph::domain::import::{
    detect_format, import_file, ImportError, ImportFormat, MAX_TEXT_CHARS,
};
use careergraph::domain::Resume;
use zip::unstable::write::FileOptionsExt;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

const W: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main""#;

/// A DOCX: the given parts, deflated, plus the content-types part Word writes.
fn docx(parts: &[(&str, String)]) -> Vec<u8> {
    let mut zip = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    zip.start_file("[Content_Types].xml", options).unwrap();
    zip.write_all(br#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>"#)
        .unwrap();
    for (name, body) in parts {
        zip.start_file(*name, options).unwrap();
        zip.write_all(body.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn document(body: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document {W}><w:body>{body}<w:sectPr/></w:body></w:document>"#
    )
}

fn para(style: &str, text: &str) -> String {
    let ppr = if style.is_empty() {
        String::new()
    } else {
        format!(r#"<w:pPr><w:pStyle w:val="{style}"/></w:pPr>"#)
    };
    format!(r#"<w:p>{ppr}<w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>"#)
}

/// A fictional resume laid out the way Word does it: localised style ids resolved through
/// styles.xml, the contact line in the page header, a list style, a skills table.
fn fictional_docx() -> Vec<u8> {
    let styles = format!(
        r#"<w:styles {W}>
          <w:style w:type="paragraph" w:styleId="Titel"><w:name w:val="Title"/></w:style>
          <w:style w:type="paragraph" w:styleId="berschrift2"><w:name w:val="heading 2"/></w:style>
          <w:style w:type="paragraph" w:styleId="Aufzhlung"><w:name w:val="List Bullet"/></w:style>
        </w:styles>"#
    );
    let body = [
        para("Titel", "Morgan Vale"),
        para("", "Platform engineer who makes slow builds fast."),
        para("berschrift2", "Experience"),
        para("", "Staff Engineer, Northwind Freight<w:tab/>2020 – 2024"),
        para("Aufzhlung", "Cut CI time from 40 to 9 minutes"),
        para("Aufzhlung", "Mentored 6 engineers"),
        para("berschrift2", "Skills"),
        format!(
            "<w:tbl><w:tr><w:tc>{}</w:tc><w:tc>{}</w:tc></w:tr></w:tbl>",
            para("", "Languages"),
            para("", "Rust, Go, SQL")
        ),
    ]
    .concat();
    docx(&[
        ("word/document.xml", document(&body)),
        ("word/styles.xml", styles),
        (
            "word/header1.xml",
            format!(
                "<w:hdr {W}>{}</w:hdr>",
                para("", "morgan.vale@example.com · +1 555 0142")
            ),
        ),
    ])
}

#[test]
fn a_docx_becomes_markdown_with_headings_lists_header_and_table() {
    let imported = import_file("cv.docx", "", &fictional_docx()).unwrap();
    assert_eq!(imported.format, ImportFormat::Docx);
    assert_eq!(
        imported.text,
        "morgan.vale@example.com · +1 555 0142\n\n# Morgan Vale\n\n\
         Platform engineer who makes slow builds fast.\n\n## Experience\n\n\
         Staff Engineer, Northwind Freight\t2020 – 2024\n\
         - Cut CI time from 40 to 9 minutes\n- Mentored 6 engineers\n\n\
         ## Skills\n\nLanguages | Rust, Go, SQL"
    );
    let titles: Vec<String> = Resume::new(imported.text)
        .sections
        .into_iter()
        .map(|s| s.title)
        .collect();
    assert_eq!(titles, ["", "Morgan Vale", "Experience", "Skills"]);
}

#[test]
fn docx_failures_each_have_their_own_message() {
    // Truncated in transit.
    let bytes = fictional_docx();
    let cut = &bytes[..bytes.len() / 2];
    let error = import_file("cv.docx", "", cut).unwrap_err();
    assert_eq!(error.code(), "docx_damaged", "{error}");
    assert!(error.to_string().contains("save it again"));

    // A ZIP that is not a Word document.
    let other = docx(&[("notes.txt", "hello".into())]);
    assert_eq!(
        import_file("cv.docx", "", &other),
        Err(ImportError::ZipNotDocx)
    );

    // Broken XML inside.
    let broken = docx(&[(
        "word/document.xml",
        "<w:document><w:body><w:p></w:r>".into(),
    )]);
    assert_eq!(
        import_file("cv.docx", "", &broken).unwrap_err().code(),
        "docx_damaged"
    );

    // Password-protected entries.
    let mut zip = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .with_deprecated_encryption(b"secret")
        .unwrap();
    zip.start_file("word/document.xml", options).unwrap();
    zip.write_all(document(&para("", "hidden")).as_bytes())
        .unwrap();
    let encrypted = zip.finish().unwrap().into_inner();
    assert_eq!(
        import_file("cv.docx", "", &encrypted),
        Err(ImportError::Encrypted)
    );

    // A document with no text at all.
    let empty = docx(&[("word/document.xml", document("<w:p/><w:p></w:p>"))]);
    assert_eq!(import_file("cv.docx", "", &empty), Err(ImportError::NoText));
}

#[test]
fn text_files_in_any_common_encoding() {
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(
            "# Lin Wei\r\n\r\n## 技能\r\nRust\r\n"
                .encode_utf16()
                .flat_map(u16::to_le_bytes),
        )
        .collect();
    let imported = import_file("cv.txt", "text/plain", &utf16).unwrap();
    assert_eq!(imported.format, ImportFormat::PlainText);
    assert_eq!(imported.text, "# Lin Wei\n\n## 技能\nRust");

    let md = import_file("cv.md", "", b"\xEF\xBB\xBF# Sam\n\n\n\n- Rust   \n").unwrap();
    assert_eq!(
        (md.format, md.text.as_str()),
        (ImportFormat::Markdown, "# Sam\n\n- Rust")
    );
    assert!(md.warnings.is_empty());

    let latin = import_file("cv.txt", "", b"Jos\xE9 \x96 Engineer").unwrap();
    assert_eq!(latin.text, "José – Engineer");
    assert_eq!(latin.warnings.len(), 1);

    assert_eq!(import_file("cv.txt", "", b""), Err(ImportError::EmptyFile));
    assert_eq!(
        import_file("cv.txt", "", b"  \r\n\t\n"),
        Err(ImportError::NoText)
    );
    assert_eq!(
        import_file("a.bin", "", b"\x7fELF\x00\x00\x01"),
        Err(ImportError::Binary)
    );
}

#[test]
fn json_resume_through_the_front_door() {
    let json = br#"{"basics": {"name": "Rae Okafor", "email": "rae@example.net"},
                    "work": [{"name": "Lumen Labs", "position": "Analyst", "startDate": "2021-06"}]}"#;
    let imported = import_file("resume.json", "application/json", json).unwrap();
    assert_eq!(imported.format, ImportFormat::JsonResume);
    assert_eq!(
        imported.text,
        "# Rae Okafor\n\nrae@example.net\n\n## Experience\n\n### Analyst — Lumen Labs (2021-06 – Present)"
    );
    let error = import_file("resume.json", "", b"{\"basics\": ").unwrap_err();
    assert_eq!(error.code(), "invalid_json");
    assert!(error.to_string().contains("line 1"), "{error}");
}

#[test]
fn long_files_are_cut_with_a_warning_and_books_refused() {
    let mut text = String::from("# Dana Reyes\n\n## Publications\n");
    let mut n = 0;
    while text.len() < MAX_TEXT_CHARS + 5_000 {
        n += 1;
        text.push_str(&format!(
            "- Paper {n}: on the measurement of very long lists\n"
        ));
    }
    let imported = import_file("cv.md", "", text.as_bytes()).unwrap();
    assert!(imported.text.chars().count() <= MAX_TEXT_CHARS);
    assert!(imported.text.starts_with("# Dana Reyes"));
    assert_eq!(imported.warnings.len(), 1, "{:?}", imported.warnings);
    assert!(
        imported.warnings[0].contains("- Paper"),
        "{}",
        imported.warnings[0]
    );

    let book = "All work and no play. ".repeat(40_000);
    assert_eq!(
        import_file("book.txt", "", book.as_bytes())
            .unwrap_err()
            .code(),
        "not_a_resume"
    );
}

#[test]
fn the_import_limit_is_the_run_limit() {
    assert_eq!(MAX_TEXT_CHARS, careergraph::session::MAX_INPUT_CHARS);
}

/// Every corpus file imports to text or gives a clear message; PDFs are recognised as PDF.
/// Prints size, time per file and per KB, against the time `Resume::new` takes on the result.
#[test]
fn every_corpus_file_imports_or_says_why() {
    let Some(corpus) = shared_support::shared_dir("corpus") else {
        return;
    };
    let entries = std::fs::read_dir(&corpus).expect("corpus readable");
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    let mut imported_count = 0;
    println!("file | KB | format | chars | µs | µs/KB | ÷ Resume::new");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(&path).unwrap();
        if name.ends_with(".pdf") {
            assert_eq!(
                detect_format(&name, "", &bytes),
                Ok(ImportFormat::Pdf),
                "{name}"
            );
            assert_eq!(
                import_file(&name, "", &bytes),
                Err(ImportError::PdfNeedsBrowser)
            );
            continue;
        }
        let runs = 20;
        let start = Instant::now();
        let mut result = import_file(&name, "", &bytes);
        for _ in 1..runs {
            result = import_file(&name, "", &bytes);
        }
        let micros = start.elapsed().as_secs_f64() * 1e6 / f64::from(runs);
        match result {
            Ok(imported) => {
                assert!(!imported.text.trim().is_empty(), "{name}: empty text");
                let start = Instant::now();
                for _ in 0..runs {
                    std::hint::black_box(Resume::new(imported.text.clone()));
                }
                let split = start.elapsed().as_secs_f64() * 1e6 / f64::from(runs);
                let kb = bytes.len() as f64 / 1024.0;
                println!(
                    "{name} | {kb:.1} | {} | {} | {micros:.0} | {:.1} | {:.1}",
                    imported.format.label(),
                    imported.text.chars().count(),
                    micros / kb,
                    micros / split.max(0.001),
                );
                imported_count += 1;
            }
            Err(error) => {
                let message = error.to_string();
                assert!(
                    message.len() > 20 && message.ends_with('.'),
                    "{name}: {message}"
                );
                println!(
                    "{name} | {:.1} | message: {message}",
                    bytes.len() as f64 / 1024.0
                );
            }
        }
    }
    assert!(imported_count > 0, "no corpus file imported");
}
