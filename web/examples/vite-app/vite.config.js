// Vite 8 builds the package's default (bundler) entry as it is: its .wasm import is WebAssembly
// ESM integration, which Vite 8 (Rolldown) bundles itself. Only the dev server's dependency
// pre-bundling must leave the package alone, or the .wasm import breaks under `vite dev`.
import { defineConfig } from 'vite';

export default defineConfig({
  optimizeDeps: { exclude: ['careergraph'] },
});
