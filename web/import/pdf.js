// Reads the text of a PDF with pdf.js, page by page, for src/ui/pdf_text.rs (a wasm-bindgen
// import). pdf.js (web/node_modules/pdfjs-dist, pinned in web/package.json) is copied into
// dist/pdfjs/ by index.html and loaded here only when the first PDF is chosen: the app's start
// does not pay for it. Its worker is a module worker from this origin, which the CSP allows.
// Positions and fonts go back to Rust, which reads them in layout order (src/domain/import/pdf/).
// A .js file, not .mjs: wasm-bindgen-test-runner serves .mjs with a non-JS MIME type, which a
// browser refuses for a module.

// Limits, the same numbers as src/domain/import/limits.rs (MAX_PDF_PAGES, MAX_PDF_ITEMS,
// PDF_TIMEOUT_SECONDS): a resume has one to five pages and a few hundred pieces of text per page.
// A longer PDF is refused before any page is read; the whole read is stopped after the timeout.
const MAX_PAGES = 30;
const MAX_ITEMS = 50000;
const TIMEOUT_MS = 20000;
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

// An Error whose `code` Rust maps to a message: unavailable, encrypted, damaged, too_many_pages
// (with `pages`), too_much_text (with `items`) or timeout (with `seconds`).
function failure(code, cause, fields = {}) {
  const error = new Error(cause?.message ?? String(cause));
  error.code = code;
  Object.assign(error, fields);
  return error;
}

// The parser runs in a module Worker made here, handed to pdf.js as its port: pdf.js then never
// falls back to its "fake worker" (parsing on the page's thread, which it does silently when its
// own worker fails to start), and a PDF that takes too long is stopped by terminating the worker.
function startWorker(pdfjs) {
  const webWorker = new Worker(asset('pdf.worker.min.mjs'), { type: 'module', name: 'pdfjs' });
  return { webWorker, pdfWorker: new pdfjs.PDFWorker({ port: webWorker }) };
}

/** @param {Uint8Array} bytes @returns {Promise<{items: {text: string, x: number, y: number, width: number, height: number, fontName: string, fontFamily: string, hasEOL: boolean}[]}[]>} */
export async function extractPdfText(bytes) {
  let pdfjs;
  try {
    pdfjs = await load();
  } catch (cause) {
    library = undefined; // let the next PDF try again
    throw failure('unavailable', cause);
  }
  let worker;
  try {
    worker = startWorker(pdfjs);
  } catch (cause) {
    throw failure('unavailable', cause);
  }
  const task = pdfjs.getDocument({
    data: bytes,
    worker: worker.pdfWorker,
    isEvalSupported: false,
    cMapUrl: asset('cmaps/'),
    cMapPacked: true,
    standardFontDataUrl: asset('standard_fonts/'),
  });
  const stop = () => {
    worker.pdfWorker.destroy();
    worker.webWorker.terminate();
  };
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      stop(); // the parser may be busy for good: end it now, not after a polite request
      reject(failure('timeout', 'timed out', { seconds: TIMEOUT_MS / 1000 }));
    }, TIMEOUT_MS);
  });
  try {
    return await Promise.race([read(task), timeout]);
  } finally {
    clearTimeout(timer);
    // Frees the document, then ends the worker (at once if it does not answer within a second).
    const hung = setTimeout(stop, 1000);
    task
      .destroy()
      .catch(() => {})
      .finally(() => {
        clearTimeout(hung);
        stop();
      });
  }
}

async function read(task) {
  let doc;
  try {
    doc = await task.promise;
  } catch (cause) {
    throw failure(cause?.name === 'PasswordException' ? 'encrypted' : 'damaged', cause);
  }
  if (doc.numPages > MAX_PAGES) {
    throw failure('too_many_pages', `${doc.numPages} pages`, { pages: doc.numPages });
  }
  const pages = [];
  let items = 0;
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const kept = content.items
        .filter((item) => typeof item.str === 'string' && item.str.length > 0)
        .map((item) => ({
          text: item.str,
          x: item.transform[4],
          y: item.transform[5],
          width: item.width,
          height: item.height,
          // The font, for icon fonts and bold headings (src/domain/import/pdf/): pdf.js's
          // name for it and the family from the page's styles. The PDF's own font name is only
          // known after rendering, which this reader does not do.
          fontName: item.fontName ?? '',
          fontFamily: content.styles?.[item.fontName]?.fontFamily ?? '',
          hasEOL: item.hasEOL === true,
        }));
      page.cleanup();
      items += kept.length;
      if (items > MAX_ITEMS) {
        throw failure('too_much_text', `${items} pieces of text`, { items });
      }
      pages.push({ items: kept });
    }
  } catch (cause) {
    throw cause?.code ? cause : failure('damaged', cause);
  }
  return pages;
}
