// Vite 8 builds the package's default (bundler) entry as it is: the entry starts its wasm itself
// (top-level await) and Vite emits careergraph_bg.wasm and the workflows' chunks as assets from
// their `new URL(…, import.meta.url)`. The dev server's dependency pre-bundling is kept off the
// package, as before the split (a pre-bundled copy would resolve those URLs next to itself, in
// Vite's cache; not re-checked without the exclude).
import { defineConfig } from 'vite';

export default defineConfig({
  optimizeDeps: { exclude: ['careergraph'] },
});
