//! The language a user reads: chosen once in settings, it sets both the app's own strings and the
//! language agents write in. Keys and enum values in structured answers stay English either way,
//! so parsing and routing never depend on it.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
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

    /// The language a system prompt asks for: the one whose [`Self::prompt_instruction`] ends it
    /// (every workflow appends it), English when none does. For code that sees only the request,
    /// such as the offline demo's answers.
    pub fn of_system_prompt(system: &str) -> Language {
        let system = system.trim_end();
        Language::ALL
            .into_iter()
            .find(|lang| system.ends_with(lang.prompt_instruction()))
            .unwrap_or_default()
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

    #[test]
    fn a_system_prompt_tells_its_language() {
        for lang in Language::ALL {
            let system = format!("You are a recruiter.\n\n{}\n", lang.prompt_instruction());
            assert_eq!(Language::of_system_prompt(&system), lang);
        }
        assert_eq!(
            Language::of_system_prompt("You are a recruiter."),
            Language::En
        );
        assert_eq!(Language::of_system_prompt(""), Language::En);
    }
}
