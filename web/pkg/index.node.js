// careergraph (Node build, the package's `node` export condition): the public API of
// wasm-bindgen's module, and the error class. wasm-bindgen's `web` glue, started here with
// top-level await like the bundler build, but from bytes read off disk: its `init()` would
// `fetch` the file: URL of careergraph_bg.wasm, which Node's `fetch` cannot read. The .wasm files
// are the bundler build's (the same bytes, kept once in the package); the workflows' chunks are
// read from there too (__wasm_split.js, web/pkg/split-loader.mjs --node). Model calls
// use Node's own global `fetch`; nothing global is patched.
import { readFile } from "node:fs/promises";
import init from "./careergraph.js";

await init({ module_or_path: await readFile(new URL("../bundler/careergraph_bg.wasm", import.meta.url)) });

export { Runner, RunHandle, EventIterator } from "./careergraph.js";
export { CareerGraphError } from "@ERROR_MODULE@";
