// Vite 8 builds the package's default (bundler) entry as it is: the entry starts its wasm itself
// (top-level await) and Vite emits careergraph_bg.wasm and the workflows' chunks as assets from
// their `new URL(…, import.meta.url)`. The dev server's dependency pre-bundling is kept off the
// package, as before the split (a pre-bundled copy would resolve those URLs next to itself, in
// Vite's cache; not re-checked without the exclude).
//
// `build.assetsInlineLimit` is left at Vite's default (4 KB) on purpose: the chunks under it are
// inlined as data: URLs, and index.html's policy (`connect-src 'self'`, no data:) then proves
// that the package's loader decodes them without a fetch. `assetsInlineLimit: 0` is not needed.
import { defineConfig } from 'vite';

export default defineConfig({
  optimizeDeps: { exclude: ['careergraph'] },
});
