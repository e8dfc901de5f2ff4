//! Saves text as a file the browser downloads: a Blob, an object URL and a click on a hidden link.

use wasm_bindgen::JsCast;

pub fn download(filename: &str, mime: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "could not create the file")?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|_| "could not create a download link")?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| "no link")?
        .dyn_into()
        .map_err(|_| "no link")?;
    link.set_href(&url);
    link.set_download(filename);
    link.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
