// End-to-end suite: drives Debian's Chromium (never a downloaded browser) against the release build.
import { defineConfig } from '@playwright/test';

// E2E_PORT: so two checkouts can run the suite side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 4173);
// The embed example (web/examples) with the npm package's web build (`make pkg`) under /pkg/.
export const EMBED_PORT = PORT + 1;

export default defineConfig({
  testDir: './e2e',
  outputDir: '../target/playwright/results',
  reporter: [['list']],
  fullyParallel: false,
  // One worker unless E2E_WORKERS says otherwise; each worker then needs its own mock provider
  // (tests/suites.sh starts them; see e2e/fixtures/mock-url.mjs).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // One retry under CI only: a test that passes on its retry is listed as "flaky" in the log (and
  // must be looked into), but does not throw away a whole submission. Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
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
  webServer: [
    {
      command: `node e2e/serve.mjs ../dist ${PORT}`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node e2e/serve.mjs examples ${EMBED_PORT} /pkg=../target/pkg/web`,
      url: `http://127.0.0.1:${EMBED_PORT}/embed.html`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
