//! Small XML helpers shared by the DOCX readers (names are compared without their prefix, so
//! `w:p` and a differently prefixed WordprocessingML `p` read the same).

use quick_xml::events::{BytesRef, BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

/// A part's bytes as text: UTF-8 (BOM dropped), UTF-16 when it has a BOM; bad bytes become U+FFFD
/// rather than failing the whole import.
pub(super) fn decode_part(bytes: &[u8]) -> String {
    let units = |unit: fn([u8; 2]) -> u16, rest: &[u8]| -> String {
        char::decode_utf16(rest.chunks_exact(2).map(|p| unit([p[0], p[1]])))
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect()
    };
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        units(u16::from_le_bytes, rest)
    } else if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        units(u16::from_be_bytes, rest)
    } else {
        String::from_utf8_lossy(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)).into_owned()
    }
}

/// An element's local name (`w:pStyle` → `pStyle`).
pub(super) fn local(e: &BytesStart) -> String {
    e.local_name().as_ref().to_string()
}

/// The value of the attribute whose local name is `name` (`w:val` → `val`).
pub(super) fn attr(e: &BytesStart, name: &str) -> Option<String> {
    e.attributes()
        .with_checks(false)
        .flatten()
        .find(|a| a.key.local_name().as_ref() == name)
        .and_then(|a| a.normalized_value(XmlVersion::Implicit1_0).ok())
        .map(|v| v.into_owned())
}

/// A `&name;` or `&#n;` reference as text (the five XML entities and character references).
pub(super) fn entity(reference: &BytesRef) -> String {
    if let Ok(Some(c)) = reference.resolve_char_ref() {
        return c.to_string();
    }
    quick_xml::escape::resolve_predefined_entity(reference.as_ref())
        .unwrap_or_default()
        .to_string()
}

/// The main document part named in the package relationships (`_rels/.rels`).
pub(super) fn main_document_target(rels: &str) -> Option<String> {
    let mut reader = Reader::from_str(rels);
    loop {
        match reader.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) if local(&e) == "Relationship" => {
                let kind = attr(&e, "Type").unwrap_or_default();
                if kind.ends_with("/officeDocument") {
                    return attr(&e, "Target").map(|t| t.trim_start_matches('/').to_string());
                }
            }
            Ok(Event::Eof) | Err(_) => return None,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_main_part_in_the_package_relationships() {
        let rels = r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
          <Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>
          <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="/word/document2.xml"/>
        </Relationships>"#;
        assert_eq!(
            main_document_target(rels).as_deref(),
            Some("word/document2.xml")
        );
        assert_eq!(main_document_target("<broken"), None);
    }

    #[test]
    fn decodes_utf16_parts() {
        let bytes: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("<a>é</a>".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(decode_part(&bytes), "<a>é</a>");
    }
}
