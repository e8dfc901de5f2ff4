// The model that runs inside the tab (src/llm/in_tab/): llama.cpp compiled to WebAssembly (npm
// `@wllama/wllama`, pinned in web/package.json), copied into dist/wllama/ by index.html and
// imported here only when a run first needs it, so the app's start does not pay for its 10 MB.
// wllama runs the model in its own Web Worker (started from a blob: URL, which the CSP allows):
// the page's thread never blocks while it reads or writes. Multi-threaded where the page is
// cross-origin isolated (COOP/COEP), single-threaded otherwise.
//
// The model file is the user's: picked from disk or downloaded from an https: URL they paste,
// kept in the Origin Private File System so the next visit reads it from there. Nothing here
// ever downloads a model by itself.
//
// Errors are Errors with a `code` that src/llm/in_tab/browser.rs maps to a message:
// unavailable, not_gguf, no_storage, storage_full, download_failed, not_https, cancelled,
// missing, load_failed, crashed, inference_failed.
// A .js file, not .mjs: wasm-bindgen-test-runner serves .mjs with a non-JS MIME type.

const MODELS_DIR = 'careergraph-models';
const PARTIAL = '.partial';
// Context asked of the model, at most its training context: a resume, a job description and the
// agent's instructions fit in 8k tokens; more only costs memory.
const MAX_CONTEXT = 8192;
const GGUF_MAGIC = 'GGUF';

let assetsBase = null;
let library;
let engine = null; // { wllama, name, nCtx, multithread, seconds }
let loading = null; // the pending load: { name, promise }
let queue = Promise.resolve(); // one generation at a time: one model, one sequence

/** Where wllama's files are served (default: `wllama/` beside the page). For a host app. */
export function setAssetsBase(url) {
  assetsBase = url;
}

function asset(path) {
  return new URL(path, assetsBase ?? new URL('wllama/', document.baseURI)).href;
}

function failure(code, cause, fields = {}) {
  const error = new Error(cause?.message ?? String(cause ?? code));
  error.code = code;
  Object.assign(error, fields);
  return error;
}

// A tiny module using one SIMD instruction: wllama needs WebAssembly SIMD.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1,
  0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

/** What this browser can do for a model in the tab, before anything is loaded. */
export function capabilities() {
  return {
    simd: WebAssembly.validate(SIMD_PROBE),
    threads: globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function',
    cores: navigator.hardwareConcurrency ?? 1,
    // Chromium only, rounded and capped at 8 (GB); absent elsewhere.
    memoryGb: navigator.deviceMemory ?? null,
    storage: typeof navigator.storage?.getDirectory === 'function',
  };
}

async function modelsDir() {
  if (typeof navigator.storage?.getDirectory !== 'function') {
    throw failure('no_storage', 'this browser has no Origin Private File System');
  }
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(MODELS_DIR, { create: true });
}

/** The kept model files: [{name, size}], by name; partial downloads are not listed. */
export async function keptModels() {
  const dir = await modelsDir();
  const kept = [];
  for await (const [name, handle] of dir.entries()) {
    if (handle.kind !== 'file' || name.endsWith(PARTIAL)) continue;
    kept.push({ name, size: (await handle.getFile()).size });
  }
  return kept.sort((a, b) => a.name.localeCompare(b.name));
}

/** Bytes this origin stores and may store ({usage, quota}), as far as the browser says. */
export async function storageEstimate() {
  const estimate = (await navigator.storage?.estimate?.()) ?? {};
  return { usage: estimate.usage ?? null, quota: estimate.quota ?? null };
}

/** Deletes a kept model (unloading it first if it is the loaded one). */
export async function deleteModel(name) {
  if (engine?.name === name) await unload();
  const dir = await modelsDir();
  await dir.removeEntry(name).catch((cause) => {
    if (cause?.name !== 'NotFoundError') throw cause;
  });
}

function fileName(name) {
  const base = String(name).split(/[\\/]/).pop().replace(/[^\p{L}\p{N}._ -]/gu, '_').trim();
  return base.toLowerCase().endsWith('.gguf') ? base : `${base || 'model'}.gguf`;
}

// Writes `chunks` (an async iterable of Uint8Array) to `name` in the models folder, first as a
// partial file that becomes `name` only when whole: a cancelled or failed copy leaves nothing.
// The first bytes must be a GGUF header.
async function writeKept(name, chunks, total, onProgress, signal) {
  const dir = await modelsDir();
  const partial = await dir.getFileHandle(name + PARTIAL, { create: true });
  const writable = await partial.createWritable();
  let done = 0;
  try {
    for await (const chunk of chunks) {
      if (signal?.aborted) throw failure('cancelled', 'cancelled');
      if (done === 0 && new TextDecoder().decode(chunk.subarray(0, 4)) !== GGUF_MAGIC) {
        throw failure('not_gguf', `${name} is not a GGUF model file`);
      }
      await writable.write(chunk);
      done += chunk.byteLength;
      onProgress?.(done, total ?? null);
    }
    if (done === 0) throw failure('not_gguf', `${name} is empty`);
    await writable.close();
  } catch (cause) {
    await writable.abort().catch(() => {});
    await dir.removeEntry(name + PARTIAL).catch(() => {});
    if (cause?.name === 'QuotaExceededError') throw failure('storage_full', cause);
    if (cause?.name === 'AbortError') throw failure('cancelled', cause);
    throw cause.code ? cause : failure('download_failed', cause);
  }
  if (engine?.name === name) await unload();
  await dir.removeEntry(name).catch(() => {});
  // Copy-free rename where the browser has it (Chromium), a copy elsewhere.
  if (typeof partial.move === 'function') {
    await partial.move(dir, name);
  } else {
    const out = await (await dir.getFileHandle(name, { create: true })).createWritable();
    await (await partial.getFile()).stream().pipeTo(out);
    await dir.removeEntry(name + PARTIAL);
  }
  return { name, size: done };
}

async function* streamChunks(stream, signal) {
  const reader = stream.getReader();
  const stop = () => reader.cancel().catch(() => {});
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (signal?.aborted) throw failure('cancelled', 'cancelled');
      yield value;
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

/** Keeps a model file the user picked: copied into OPFS, with progress. */
export async function keepFile(file, onProgress, signal) {
  return writeKept(fileName(file.name), streamChunks(file.stream(), signal), file.size, onProgress, signal);
}

/** Downloads a model from an https: URL the user pasted into OPFS, with progress; cancellable. */
export async function downloadModel(url, onProgress, signal) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw failure('not_https', cause);
  }
  // https only, and the page's own origin (how the tests serve a model): never plain http.
  if (parsed.protocol !== 'https:' && parsed.origin !== location.origin) {
    throw failure('not_https', `${parsed.protocol} is not https:`);
  }
  let response;
  try {
    response = await fetch(parsed.href, { signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
  } catch (cause) {
    throw failure(signal?.aborted ? 'cancelled' : 'download_failed', cause);
  }
  if (!response.ok || !response.body) {
    throw failure('download_failed', `the server answered ${response.status}`, { status: response.status });
  }
  const total = Number(response.headers.get('content-length')) || null;
  const name = fileName(decodeURIComponent(parsed.pathname.split('/').pop() || 'model.gguf'));
  return writeKept(name, streamChunks(response.body, signal), total, onProgress, signal);
}

function load() {
  library ??= import(asset('index.min.js')).catch((cause) => {
    library = undefined; // let the next call try again
    throw failure('unavailable', cause);
  });
  return library;
}

async function unload() {
  const old = engine;
  engine = null;
  await old?.wllama.exit().catch(() => {});
}

/** The loaded model ({name, nCtx, multithread, seconds}) or null. */
export function loadedModel() {
  if (!engine) return null;
  const { name, nCtx, multithread, seconds } = engine;
  return { name, nCtx, multithread, seconds };
}

// Threads for the model: all cores but one where the page is cross-origin isolated (llama.cpp's
// threads spin while they wait: one per core, with the page's own work beside them, made answers
// 4 times slower on 2 cores here, `make bench`), else one.
function defaultThreads() {
  return capabilities().threads ? Math.max(1, (navigator.hardwareConcurrency ?? 1) - 1) : 1;
}

/**
 * Loads the kept model `name` (once: a second call for the same model waits for the first).
 * `threads` overrides the number of threads (for `make bench`).
 */
export async function loadModel(name, { threads } = {}) {
  if (engine?.name === name) return loadedModel();
  if (loading?.name === name) return loading.promise;
  const promise = (async () => {
    const started = performance.now();
    const { Wllama } = await load();
    const dir = await modelsDir();
    let file;
    try {
      file = await (await dir.getFileHandle(name)).getFile();
    } catch (cause) {
      throw failure('missing', cause, { file: name });
    }
    await unload();
    const quiet = { debug() {}, log() {}, warn: console.warn, error: console.error };
    const wllama = new Wllama({ default: asset('wllama.wasm') }, { suppressNativeLog: true, logger: quiet });
    try {
      await wllama.loadModel([file], {
        n_ctx: MAX_CONTEXT,
        n_threads: threads ?? defaultThreads(),
        // The CPU: wllama offloads every layer to WebGPU where the browser has it, which on a
        // machine without a GPU is a software renderer, 20 times slower than the CPU here.
        n_gpu_layers: 0,
      });
    } catch (cause) {
      await wllama.exit().catch(() => {});
      throw failure('load_failed', cause);
    }
    const trained = wllama.getModelMetadata?.()?.hparams?.nCtxTrain ?? MAX_CONTEXT;
    const nCtx = wllama.getLoadedContextInfo?.()?.n_ctx ?? Math.min(MAX_CONTEXT, trained);
    engine = {
      wllama, name, nCtx, multithread: wllama.isMultithread(),
      seconds: (performance.now() - started) / 1000,
    };
    return loadedModel();
  })();
  loading = { name, promise };
  try {
    return await promise;
  } finally {
    if (loading?.promise === promise) loading = null;
  }
}

/**
 * One chat completion on OpenAI's request body (JSON text): with `stream`, every chunk's JSON
 * text goes to `onChunk` and the promise ends with undefined; without, it ends with the whole
 * response's JSON text. `signal` stops the generation.
 */
export function complete(body, onChunk, signal) {
  const run = queue.then(() => generate(body, onChunk, signal));
  queue = run.catch(() => {});
  return run;
}

// wllama's last stream chunk carries llama.cpp's `timings` but no OpenAI `usage`: the tokens read
// (of them, those its prompt cache held) and written are there, so the app's usage line and the
// cards' tokens per second count them like any provider's.
function withUsage(response) {
  const t = response?.timings;
  if (response?.usage || !t) return response;
  const cached = t.cache_n ?? 0;
  return {
    ...response,
    usage: {
      prompt_tokens: (t.prompt_n ?? 0) + cached,
      completion_tokens: t.predicted_n ?? 0,
      total_tokens: (t.prompt_n ?? 0) + cached + (t.predicted_n ?? 0),
      prompt_tokens_details: { cached_tokens: cached },
    },
  };
}

async function generate(body, onChunk, signal) {
  if (!engine) throw failure('load_failed', 'no model is loaded in this tab');
  if (signal?.aborted) throw failure('cancelled', 'cancelled');
  const request = JSON.parse(body);
  const { stream } = request;
  delete request.stream;
  delete request.stream_options;
  delete request.model;
  try {
    if (stream) {
      await engine.wllama.createChatCompletion({
        ...request, stream: true, abortSignal: signal,
        onData: (chunk) => onChunk(JSON.stringify(withUsage(chunk))),
      });
      return undefined;
    }
    return JSON.stringify(withUsage(await engine.wllama.createChatCompletion({ ...request, abortSignal: signal })));
  } catch (cause) {
    if (signal?.aborted || cause?.name === 'AbortError' || cause?.name === 'WllamaAbortError') {
      throw failure('cancelled', cause);
    }
    // llama.cpp aborted inside its worker (a damaged file that loaded, memory): the module is
    // dead. Dropped, so the next call loads the model again instead of failing the same way.
    // (wllama throws it as a plain string, not an Error.)
    if (/crash/i.test(String(cause?.message ?? cause))) {
      await unload();
      throw failure('crashed', cause);
    }
    throw failure('inference_failed', cause);
  }
}
