// Reads the text of a PDF with pdf.js, page by page, for src/ui/pdf_text.rs (a wasm-bindgen
// import). pdf.js (web/node_modules/pdfjs-dist, pinned in web/package.json) is copied into
// dist/pdfjs/ by index.html and loaded here only when the first PDF is chosen: the app's start
// does not pay for it. Its worker is a module worker from this origin, which the CSP allows.
// Positions go back to Rust, which groups the pieces into lines (src/domain/import/pdf.rs).
// A .js file, not .mjs: wasm-bindgen-test-runner serves .mjs with a non-JS MIME type, which a
// browser refuses for a module.

const MAX_PAGES = 50;
let library;

function asset(path) {
  return new URL(`pdfjs/${path}`, document.baseURI).href;
}

function load() {
  library ??= import(asset('pdf.min.mjs')).then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = asset('pdf.worker.min.mjs');
    return pdfjs;
  });
  return library;
}

// An Error whose `code` Rust maps to a message: unavailable, encrypted or damaged.
function failure(code, cause) {
  const error = new Error(cause?.message ?? String(cause));
  error.code = code;
  return error;
}

/** @param {Uint8Array} bytes @returns {Promise<{items: {text: string, x: number, y: number, width: number, height: number}[]}[]>} */
export async function extractPdfText(bytes) {
  let pdfjs;
  try {
    pdfjs = await load();
  } catch (cause) {
    library = undefined; // let the next PDF try again
    throw failure('unavailable', cause);
  }
  const task = pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    cMapUrl: asset('cmaps/'),
    cMapPacked: true,
    standardFontDataUrl: asset('standard_fonts/'),
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (cause) {
    task.destroy().catch(() => {});
    throw failure(cause?.name === 'PasswordException' ? 'encrypted' : 'damaged', cause);
  }
  try {
    const pages = [];
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push({
        items: content.items
          .filter((item) => typeof item.str === 'string' && item.str.length > 0)
          .map((item) => ({
            text: item.str,
            x: item.transform[4],
            y: item.transform[5],
            width: item.width,
            height: item.height,
          })),
      });
      page.cleanup();
    }
    return pages;
  } catch (cause) {
    throw failure('damaged', cause);
  } finally {
    // Frees the worker's copy of the document; a failure here must not hide the text.
    task.destroy().catch(() => {});
  }
}
