//! The language a user reads: chosen once in settings, it sets both the app's own strings and the
//! language agents write in. Keys and enum values in structured answers stay English either way,
//! so parsing and routing never depend on it.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    En,
    Zh,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::En, Language::Zh];

    /// The BCP 47 tag: stored in settings, sent in workflow inputs, set as `<html lang>`.
    pub fn id(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Zh => "zh",
        }
    }

    /// Unknown ids (an edited store, a host page's typo) read as English.
    pub fn from_id(id: &str) -> Language {
        match id.trim().to_ascii_lowercase().as_str() {
            "zh" | "zh-cn" | "zh-hans" | "cn" | "chinese" => Language::Zh,
            _ => Language::En,
        }
    }

    /// Its own name, as a language menu shows it.
    pub fn label(self) -> &'static str {
        match self {
            Language::En => "English",
            Language::Zh => "中文",
        }
    }

    /// Appended to every agent's system prompt. JSON keys and enum values stay as the schema
    /// says, so a Chinese run parses and routes exactly like an English one.
    pub fn prompt_instruction(self) -> &'static str {
        match self {
            Language::En => {
                "Write every human-readable text value in English. Keep JSON keys and enum values exactly as specified."
            }
            Language::Zh => {
                "所有面向用户的文字内容请使用简体中文书写。JSON 的键名和枚举取值保持英文原样，不要翻译。"
            }
        }
    }

    /// `text` picked from an English/Chinese pair: domain code (reports, exports, demo answers)
    /// keeps both versions side by side where they are used.
    pub fn pick<'a>(self, en: &'a str, zh: &'a str) -> &'a str {
        match self {
            Language::En => en,
            Language::Zh => zh,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_unknown_reads_as_english() {
        for lang in Language::ALL {
            assert_eq!(Language::from_id(lang.id()), lang);
        }
        assert_eq!(Language::from_id("zh-CN"), Language::Zh);
        assert_eq!(Language::from_id("fr"), Language::En);
        assert_eq!(
            serde_json::to_string(&Language::Zh).unwrap(),
            "\"zh\"".to_string()
        );
    }
}
