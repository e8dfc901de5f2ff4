//! Resume export: the final resume as Markdown (as is, tidied), as JSON Resume (best effort from
//! its sections), and as a standalone print-ready HTML page. Pure functions over text, tested
//! natively; the app downloads their output (`src/ui/components/export_menu.rs`).

mod entries;
mod html;
mod json_resume;

pub use html::{print_page_html, resume_html};
pub use json_resume::to_json_resume;

/// The resume as a Markdown file: line endings unified, trailing spaces and extra blank lines
/// gone, one newline at the end. The words are not touched.
pub fn to_markdown(text: &str) -> String {
    let mut tidy = crate::domain::import::tidy(text);
    tidy.push('\n');
    tidy
}

/// A file name stem from a name ("Ada Quill" → "ada-quill-resume"), or "resume".
pub fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            stem.extend(c.to_lowercase());
        } else if !stem.ends_with('-') && !stem.is_empty() {
            stem.push('-');
        }
    }
    let stem = stem
        .trim_end_matches('-')
        .chars()
        .take(40)
        .collect::<String>();
    if stem.is_empty() {
        "resume".to_string()
    } else {
        format!("{}-resume", stem.trim_end_matches('-'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_is_tidied_not_rewritten() {
        assert_eq!(
            to_markdown("# Ann  \r\n\r\n\r\n- Rust\r\n"),
            "# Ann\n\n- Rust\n"
        );
    }

    #[test]
    fn file_stems_are_safe() {
        assert_eq!(file_stem("Ada Quill"), "ada-quill-resume");
        assert_eq!(file_stem("  ../etc/passwd "), "etc-passwd-resume");
        assert_eq!(file_stem("李雷"), "李雷-resume");
        assert_eq!(file_stem(""), "resume");
    }
}
