// careergraph (bundler build: webpack, Vite, Rollup load the .wasm). See api.d.ts.
export * from "./api.js";
