//! A panic must not freeze the page silently (`panic = "abort"`: after it the app is dead). The
//! hook still logs to the console, then shows a banner built with plain DOM calls (Leptos may be
//! what broke): the work is kept, a Reload button, and the details for a bug report (place and
//! the start of the message, keys removed) to copy. The buttons are wired in JS (`panic.js`),
//! since the aborted wasm instance must not be called again.

use std::panic::PanicHookInfo;

use wasm_bindgen::prelude::*;

use super::i18n::tr;
use super::settings::Settings;
use crate::domain::Language;
use crate::session::{bug_report, scrub_secrets};

/// The banner's element id: one banner, however many panics.
pub const BANNER_ID: &str = "panic-banner";

#[wasm_bindgen(module = "/src/ui/panic.js")]
extern "C" {
    #[wasm_bindgen(js_name = wirePanicBanner)]
    fn wire_panic_banner(banner: &web_sys::Element, details: &str);
}

/// Replaces the panic hook: console first, then the banner.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(on_panic));
}

fn on_panic(info: &PanicHookInfo<'_>) {
    console_error_panic_hook::hook(info);
    let message = info.payload_as_str().unwrap_or("panic without a message");
    let location = info.location().map(|l| l.to_string());
    show_panic_banner(&bug_report(message, location.as_deref()));
}

/// Shows the banner (once) in the saved language with `report` (from `session::bug_report`),
/// scrubbed again on the way in. Never panics itself: a DOM call that fails leaves the page as
/// it was.
pub fn show_panic_banner(report: &str) {
    let _ = render(&scrub_secrets(report), saved_language());
}

/// The language of the saved settings, read afresh: the app's signals may be gone.
fn saved_language() -> Language {
    Settings::load().language()
}

fn render(report: &str, lang: Language) -> Option<()> {
    let document = web_sys::window()?.document()?;
    if document.get_element_by_id(BANNER_ID).is_some() {
        return Some(());
    }
    let element = |tag: &str, class: &str, text: &str| -> Option<web_sys::Element> {
        let el = document.create_element(tag).ok()?;
        el.set_class_name(class);
        el.set_text_content((!text.is_empty()).then_some(text));
        Some(el)
    };
    let banner = element("div", "panic-banner", "")?;
    banner.set_id(BANNER_ID);
    banner.set_attribute("role", "alert").ok()?;
    banner.set_attribute("data-testid", "panic-banner").ok()?;
    let text = tr(
        lang,
        "Something broke — your drafts and saved runs are kept — Reload to continue.",
        "出了点问题——你的草稿和已保存的运行都还在——重新加载即可继续。",
    );
    banner
        .append_child(&web_sys::Node::from(element(
            "p",
            "panic-banner__text",
            text,
        )?))
        .ok()?;
    for (action, label) in [
        ("reload", tr(lang, "Reload", "重新加载")),
        ("copy", tr(lang, "Copy details", "复制详情")),
    ] {
        let button = element("button", "button", label)?;
        button.set_attribute("type", "button").ok()?;
        button.set_attribute("data-action", action).ok()?;
        banner.append_child(&button).ok()?;
    }
    let details = element("details", "panic-banner__details", "")?;
    let summary = tr(lang, "Details for a bug report", "错误报告详情");
    details
        .append_child(&web_sys::Node::from(element("summary", "", summary)?))
        .ok()?;
    details
        .append_child(&web_sys::Node::from(element("pre", "", report)?))
        .ok()?;
    banner.append_child(&details).ok()?;
    document.body()?.prepend_with_node_1(&banner).ok()?;
    wire_panic_banner(&banner, report);
    Some(())
}
