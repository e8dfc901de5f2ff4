//! ZIP bombs dressed as DOCX are refused from the central directory before anything is inflated,
//! and an archive that lies about its sizes is stopped while inflating, both quickly and without
//! allocating what the bomb would unpack to. The bombs are built here: a hand-written ZIP around
//! a deflate stream made by repeating one sync-flushed block of zeros (a 200 MB run of zeros is
//! about 200 KB deflated, and costs no 200 MB buffer to make).
use std::time::{Duration, Instant};

use careergraph::domain::import::{import_file, ImportError, MAX_DOCX_PARTS, MAX_DOCX_TOTAL_BYTES};
use flate2::{Compress, Compression, FlushCompress};

const MB: u64 = 1024 * 1024;
/// Refusing must not take the time inflating would (debug builds inflate ~100 MB/s at best).
const FAST: Duration = Duration::from_millis(1500);

/// A raw deflate stream of `megabytes` MB of zeros, ending with an empty final block.
fn deflated_zeros(megabytes: usize) -> Vec<u8> {
    let mut block = Vec::with_capacity(64 * 1024);
    Compress::new(Compression::best(), false)
        .compress_vec(&vec![0u8; MB as usize], &mut block, FlushCompress::Sync)
        .unwrap();
    // A sync flush leaves the stream byte-aligned with no final block: repeats concatenate, and
    // every back-reference in a repeat points at zeros.
    let mut stream = block.repeat(megabytes);
    stream.extend_from_slice(&[0x03, 0x00]); // empty final block, fixed Huffman
    stream
}

struct Entry {
    name: String,
    data: Vec<u8>,
    /// Deflated (8) or stored (0).
    method: u16,
    /// What the headers claim the entry unpacks to.
    declared_size: u32,
    crc: u32,
}

/// A minimal ZIP writer: local headers, central directory, end record. The bombs' CRCs are left
/// 0: the reader must refuse before reaching the end of such an entry, where a CRC is checked.
fn zip(entries: &[Entry]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for entry in entries {
        let offset = out.len() as u32;
        let common = |buf: &mut Vec<u8>| {
            buf.extend_from_slice(&20u16.to_le_bytes()); // version needed
            buf.extend_from_slice(&0u16.to_le_bytes()); // flags
            buf.extend_from_slice(&entry.method.to_le_bytes());
            buf.extend_from_slice(&[0; 4]); // time, date
            buf.extend_from_slice(&entry.crc.to_le_bytes());
            buf.extend_from_slice(&(entry.data.len() as u32).to_le_bytes());
            buf.extend_from_slice(&entry.declared_size.to_le_bytes());
            buf.extend_from_slice(&(entry.name.len() as u16).to_le_bytes());
            buf.extend_from_slice(&0u16.to_le_bytes()); // extra
        };
        out.extend_from_slice(&0x04034b50u32.to_le_bytes());
        common(&mut out);
        out.extend_from_slice(entry.name.as_bytes());
        out.extend_from_slice(&entry.data);

        central.extend_from_slice(&0x02014b50u32.to_le_bytes());
        central.extend_from_slice(&20u16.to_le_bytes()); // version made by
        common(&mut central);
        central.extend_from_slice(&[0; 6]); // comment len, disk, internal attrs
        central.extend_from_slice(&0u32.to_le_bytes()); // external attrs
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(entry.name.as_bytes());
    }
    let central_offset = out.len() as u32;
    out.extend_from_slice(&central);
    out.extend_from_slice(&0x06054b50u32.to_le_bytes());
    out.extend_from_slice(&[0; 4]); // disk numbers
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&central_offset.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

fn zeros_entry(name: &str, megabytes: usize, declared_size: u32) -> Entry {
    Entry {
        name: name.into(),
        data: deflated_zeros(megabytes),
        method: 8,
        declared_size,
        crc: 0,
    }
}

fn stored(name: &str, text: &str) -> Entry {
    Entry {
        name: name.into(),
        data: text.as_bytes().to_vec(),
        method: 0,
        declared_size: text.len() as u32,
        crc: {
            let mut crc = flate2::Crc::new();
            crc.update(text.as_bytes());
            crc.sum()
        },
    }
}

fn refuse(bytes: &[u8]) -> (ImportError, Duration) {
    let started = Instant::now();
    let result = import_file("resume.docx", "", bytes);
    let elapsed = started.elapsed();
    (result.expect_err("a ZIP bomb must be refused"), elapsed)
}

#[test]
fn the_generated_bomb_really_inflates_to_200_mb() {
    use std::io::Read;
    let stream = deflated_zeros(200);
    assert!(stream.len() < 2 * MB as usize, "{} bytes", stream.len());
    // Read the first 10 MB only: enough to show the stream is what it says.
    let mut head = Vec::new();
    flate2::read::DeflateDecoder::new(&stream[..])
        .take(10 * MB)
        .read_to_end(&mut head)
        .unwrap();
    assert_eq!(head.len() as u64, 10 * MB);
    assert!(head.iter().all(|b| *b == 0));
}

#[test]
fn a_200_mb_document_is_refused_from_the_central_directory() {
    let bomb = zip(&[zeros_entry("word/document.xml", 200, 200 * MB as u32)]);
    let (error, elapsed) = refuse(&bomb);
    assert_eq!(error.code(), "docx_too_big", "{error}");
    assert!(error.to_string().contains("ZIP bomb"), "{error}");
    assert!(elapsed < FAST, "took {elapsed:?}");
}

#[test]
fn parts_each_under_the_part_limit_but_over_the_total_are_refused() {
    let parts: Vec<Entry> = (0..4)
        .map(|i| zeros_entry(&format!("word/media/image{i}.bin"), 20, 20 * MB as u32))
        .chain([stored("word/document.xml", "<w:document/>")])
        .collect();
    const { assert!(4 * 20 * MB > MAX_DOCX_TOTAL_BYTES) };
    let (error, elapsed) = refuse(&zip(&parts));
    assert_eq!(error.code(), "docx_too_big", "{error}");
    assert!(elapsed < FAST, "took {elapsed:?}");
}

#[test]
fn an_archive_of_5000_entries_is_refused() {
    let entries: Vec<Entry> = (0..5_000)
        .map(|i| stored(&format!("word/part{i}.xml"), "<a/>"))
        .chain([stored("word/document.xml", "<w:document/>")])
        .collect();
    assert!(entries.len() > MAX_DOCX_PARTS);
    let (error, elapsed) = refuse(&zip(&entries));
    assert_eq!(error.code(), "docx_too_big", "{error}");
    assert!(error.to_string().contains("5001 entries"), "{error}");
    assert!(elapsed < FAST, "took {elapsed:?}");
}

#[test]
fn headers_that_understate_the_size_are_stopped_while_inflating() {
    // The headers say 1 KB per part; each part inflates to 30 MB (under the part limit), so only
    // the running total stops the third one.
    let liar = |name: &str| zeros_entry(name, 30, 1024);
    let bomb = zip(&[
        liar("_rels/.rels"),
        liar("word/document.xml"),
        liar("word/styles.xml"),
    ]);
    let (error, elapsed) = refuse(&bomb);
    eprintln!("understated sizes: {error:?} after {elapsed:?}");
    // Whether the ZIP reader stops at the declared size itself (the part is then cut XML) or the
    // budget stops it, nothing near 90 MB is inflated and the import fails with a message.
    assert!(
        matches!(
            error,
            ImportError::DocxTooBig { .. } | ImportError::DocxDamaged { .. } | ImportError::NoText
        ),
        "{error:?}"
    );
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");
}

#[test]
fn a_real_small_docx_still_imports() {
    let document = r#"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Ada Quill, data engineer at Acme Rail since 2019.</w:t></w:r></w:p></w:body></w:document>"#;
    let bytes = zip(&[stored("word/document.xml", document)]);
    let imported = import_file("resume.docx", "", &bytes).expect("imports");
    assert!(imported.text.contains("Ada Quill"), "{}", imported.text);
}
