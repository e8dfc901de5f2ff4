// Vite 8 builds the package's default (bundler) entry as it is: the entry starts its wasm itself
// (top-level await) and Vite emits careergraph_bg.wasm and the workflows' chunks as assets from
// their `new URL(…, import.meta.url)`. Only the dev server's dependency pre-bundling must leave
// the package alone, or those URLs break under `vite dev`.
import { defineConfig } from 'vite';

export default defineConfig({
  optimizeDeps: { exclude: ['careergraph'] },
});
