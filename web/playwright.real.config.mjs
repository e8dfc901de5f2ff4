// The real-model specs (web/e2e-real): the release app against a real llama.cpp server that
// tests/real_model/suite.sh started (REAL_MODEL_URL). Not part of the e2e suite: a real model on
// two CPU cores takes minutes, and only that suite starts the server.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_REAL_PORT ?? 4183);
/** The package's plain embed page (pkg-in-tab.spec.mjs): PORT + 2, so two runs side by side
 * (tests/real_model/suite.sh: PORT and PORT + 1) do not meet. */
export const REAL_EMBED_PORT = PORT + 2;

export default defineConfig({
  testDir: './e2e-real',
  // Its own folder per concurrent run (tests/real_model/suite.sh runs the in-tab spec beside the
  // others): Playwright empties the folder when a run starts.
  outputDir: process.env.E2E_REAL_OUTPUT ?? '../target/playwright/real-results',
  reporter: [['list']],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A whole run on the real model, with its dialogs; the specs bound each wait themselves.
  timeout: 900_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // Cross-origin isolated (COOP/COEP, as `make serve`): the in-browser model runs multi-threaded.
  // /test-models/ is the installed wheel's folder with the GGUF (in-tab.spec.mjs).
  webServer: [{
    command: `SERVE_ISOLATED=1 node e2e/serve.mjs ../dist ${PORT}`
      + (process.env.IN_TAB_MODEL_DIR ? ` /test-models=${process.env.IN_TAB_MODEL_DIR}` : ''),
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  }, ...(process.env.IN_TAB_MODEL_DIR ? [{
    // The npm package in a plain page, with wllama's two files beside it (as its README says)
    // and the model folder: pkg-in-tab.spec.mjs.
    command: `SERVE_ISOLATED=1 node e2e/serve.mjs examples ${REAL_EMBED_PORT} /pkg=../target/pkg/web`
      + ` /wllama=../dist/wllama /test-models=${process.env.IN_TAB_MODEL_DIR}`,
    url: `http://127.0.0.1:${REAL_EMBED_PORT}/embed.html`,
    reuseExistingServer: false,
    timeout: 30_000,
  }] : [])],
});
