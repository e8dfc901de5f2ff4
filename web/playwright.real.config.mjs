// The real-model specs (web/e2e-real): the release app against a real llama.cpp server that
// tests/real_model/suite.sh started (REAL_MODEL_URL). Not part of the e2e suite: a real model on
// two CPU cores takes minutes, and only that suite starts the server.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_REAL_PORT ?? 4183);

export default defineConfig({
  testDir: './e2e-real',
  outputDir: '../target/playwright/real-results',
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
  }],
});
