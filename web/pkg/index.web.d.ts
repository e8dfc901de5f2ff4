// careergraph/web (no bundler): call `await init()` once before using the API. See api.d.ts.
export * from "./api.js";

/** Where `init` finds the wasm: a URL, a fetch `Response`, the bytes, or a compiled module. */
export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

/**
 * Loads and starts the wasm module; call it once, before anything else. Without an argument it
 * fetches `careergraph_bg.wasm` next to `careergraph.js`.
 */
export default function init(options?: { module_or_path?: InitInput | Promise<InitInput> }): Promise<void>;

/** Starts the wasm module from bytes or a compiled module you already have, synchronously. */
export declare function initSync(options: { module: BufferSource | WebAssembly.Module }): void;
