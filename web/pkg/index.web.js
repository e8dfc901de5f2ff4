// careergraph/web (no bundler): the public API of wasm-bindgen's module, and the error class.
export { default, initSync, Runner, RunHandle, EventIterator } from "./careergraph.js";
export { CareerGraphError } from "@ERROR_MODULE@";
