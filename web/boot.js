// Starts the app. A file of its own (not Trunk's inline script) so the page's Content-Security-Policy
// can allow scripts from this origin only. Trunk is told not to hash names (Trunk.toml `filehash`).
import init from './careergraph.js';

init({ module_or_path: new URL('./careergraph_bg.wasm', import.meta.url) }).catch((error) => {
  document.body.textContent = `careergraph could not start: ${error}`;
});
