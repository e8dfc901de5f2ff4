// careergraph (bundler build): the public API of wasm-bindgen's module, and the error class.
export { Runner, RunHandle, EventIterator } from "./careergraph.js";
export { CareerGraphError } from "@ERROR_MODULE@";
