// careergraph (bundler build): the public API of wasm-bindgen's module, and the error class.
// wasm-bindgen's `web` glue, started here with top-level await: the bundler emits
// careergraph_bg.wasm (and the workflows' chunks, see __wasm_split.js) as assets from their
// `new URL(…, import.meta.url)`, and importers need no `init()`.
import init from "./careergraph.js";

await init();

export { Runner, RunHandle, EventIterator } from "./careergraph.js";
export { CareerGraphError } from "@ERROR_MODULE@";
