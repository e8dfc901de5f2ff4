// careergraph (bundler build: webpack, Vite, Rollup load the .wasm; and the Node build, whose
// entry has the same API and starts itself too). See api.d.ts.
export * from "./api.js";
