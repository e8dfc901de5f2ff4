//! PDF text through pdf.js (`web/import/pdf.js`, which loads pdf.js on first use). The JS side
//! only extracts positioned text; `crate::domain::import::import_pdf_pages` makes lines of it.

use wasm_bindgen::prelude::*;

use crate::domain::import::{ImportError, PdfPage};

#[wasm_bindgen(module = "/web/import/pdf.js")]
extern "C" {
    #[wasm_bindgen(js_name = extractPdfText, catch)]
    async fn extract_pdf_text(bytes: js_sys::Uint8Array) -> Result<JsValue, JsValue>;
}

/// The text pieces of each page, or why the PDF could not be read.
pub async fn pdf_pages(bytes: &[u8]) -> Result<Vec<PdfPage>, ImportError> {
    let pages = extract_pdf_text(js_sys::Uint8Array::from(bytes))
        .await
        .map_err(pdf_error)?;
    serde_wasm_bindgen::from_value(pages).map_err(|e| ImportError::PdfDamaged {
        detail: e.to_string(),
    })
}

fn pdf_error(error: JsValue) -> ImportError {
    let field = |name: &str| {
        js_sys::Reflect::get(&error, &JsValue::from_str(name))
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    let number = |name: &str| {
        js_sys::Reflect::get(&error, &JsValue::from_str(name))
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or_default()
    };
    let detail = field("message");
    match field("code").as_str() {
        "encrypted" => ImportError::PdfEncrypted,
        "too_many_pages" => ImportError::PdfTooManyPages {
            pages: number("pages") as usize,
        },
        "too_much_text" => ImportError::PdfTooMuchText {
            items: number("items") as usize,
        },
        "timeout" => ImportError::PdfTimeout {
            seconds: number("seconds") as u32,
        },
        "unavailable" => ImportError::PdfReaderUnavailable { detail },
        _ => ImportError::PdfDamaged { detail },
    }
}
