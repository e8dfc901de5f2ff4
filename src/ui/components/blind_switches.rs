//! Blind screening's two switches, as the batch and the hiring packet ask them: mask who the
//! candidate is before any model reads a resume, and also the dates that stand for age and a
//! career break. One component, so both forms say the same thing in both languages.

use leptos::prelude::*;

use crate::ui::i18n::{tr, use_language};

/// The switches over `blind` and `mask_proxies` (disabled, and shown off, while blind is off);
/// `testid_prefix` names them (`batch-` → `batch-blind`, `batch-mask-proxies`).
#[component]
pub fn BlindSwitches(
    blind: RwSignal<bool>,
    mask_proxies: RwSignal<bool>,
    testid_prefix: &'static str,
) -> impl IntoView {
    let lang = use_language();
    let hint_id = format!("{testid_prefix}blind-hint");
    view! {
        <fieldset class="batch-settings batch-blind">
            <legend>{move || tr(lang.get(), "Blind screening", "盲筛")}</legend>
            <label class="batch-settings__item batch-settings__check">
                <input type="checkbox" data-testid=format!("{testid_prefix}blind") aria-describedby=hint_id.clone()
                    prop:checked=move || blind.get() on:change=move |ev| blind.set(event_target_checked(&ev)) />
                <span>{move || tr(lang.get(), "Mask who the candidate is before any model reads a resume", "任何模型读取简历前遮蔽候选人身份信息")}</span>
            </label>
            <label class="batch-settings__item batch-settings__check">
                <input type="checkbox" data-testid=format!("{testid_prefix}mask-proxies") prop:disabled=move || !blind.get()
                    prop:checked=move || blind.get() && mask_proxies.get() on:change=move |ev| mask_proxies.set(event_target_checked(&ev)) />
                <span>{move || tr(lang.get(), "Also graduation years and job dates (kept as lengths)", "同时遮蔽毕业年份和工作起止日期（保留时长）")}</span>
            </label>
            <p class="field__hint" id=hint_id>
                {move || tr(lang.get(),
                    "Name, contact details, photo, address, birth date and age, gender, nationality, ethnicity, marital status, religion, political affiliation and health are replaced by placeholders. Graduation years and job dates stand for age and career breaks. Your own view and exports keep everything.",
                    "姓名、联系方式、照片、地址、出生日期与年龄、性别、国籍、民族、婚姻状况、宗教信仰、政治面貌与健康状况均以占位符替换。毕业年份与工作日期可能暴露年龄和职业空窗。您自己的查看与导出保留全部内容。")}
            </p>
        </fieldset>
    }
}
