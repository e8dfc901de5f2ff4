// A figure: how long from navigation until the release app's Run button is usable, on
// a slow machine with nothing cached. Headless Chromium (Debian's), the release `dist/` served on
// 127.0.0.1, a new browser context per run with the HTTP cache disabled (CDP
// Network.setCacheDisabled) and the CPU throttled ×4 (CDP Emulation.setCPUThrottlingRate).
//
// "Interactive Run button", precisely: the first moment (page clock, ms since navigation start)
// at which `button[data-testid=run]` is in the document and not disabled. Leptos attaches its
// event handlers when it builds an element, before inserting it, so such a button already handles
// a click; each run checks that by clicking it afterwards and waiting for the review's status line
// (`[data-testid=phase]`): a run whose click is not handled fails the bench.
// Also reported per run: the wasm's download (Resource Timing: request start → last byte) and
// WebAssembly.instantiateStreaming (download, compile and instantiate overlap: start → resolved).
//
// FIRST_PAINT_NETWORK=mobile also throttles the network as Lighthouse's mobile preset does
// (1.6 Mbps down, 750 kbps up, 150 ms round trip; CDP Network.emulateNetworkConditions): on
// localhost the download is free, so only then does the size of what is downloaded show. The
// server does not compress, so the raw bytes cross the throttle (raw and gzip shrink alike here).
//
// Usage (from the repo root, after `make build-release`): node web/bench/first-paint.mjs [runs]
// Prints one JSON line per run, the medians in words, then `FIRST_PAINT {json}` (read by run.py).
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';

const RUNS = Number(process.argv[2] ?? 5);
const THROTTLE = 4;
const PAGE_PORT = Number(process.env.FIRST_PAINT_PORT ?? 4190);
const NETWORK = process.env.FIRST_PAINT_NETWORK ?? 'none';
const NETWORKS = {
  none: null,
  mobile: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9,
    uploadThroughput: (750e3 / 8) * 0.9 },
};
if (!(NETWORK in NETWORKS)) throw new Error(`FIRST_PAINT_NETWORK: one of ${Object.keys(NETWORKS)}`);

function start(command, args, readyPattern) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.match(readyPattern)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}`)));
  });
}

// Runs in the page before any of its scripts: watches for the usable Run button and times
// instantiateStreaming (wasm-bindgen's loader uses it when given a URL).
function instrument() {
  window.__firstPaint = {};
  const mark = (key) => (window.__firstPaint[key] ??= performance.now());
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = function (...args) {
    mark('instantiate_start');
    return streaming.apply(this, args).then((result) => {
      mark('instantiate_end');
      return result;
    });
  };
  const check = () => {
    const button = document.querySelector('button[data-testid=run]');
    if (button && !button.disabled) mark('run_enabled');
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const site = await start('node', ['web/e2e/serve.mjs', 'dist', String(PAGE_PORT)], /serving/);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const runs = [];
try {
  for (let run = 0; run < RUNS; run++) {
    // A new context: no storage, no cache, no compiled-wasm cache from an earlier run.
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    if (NETWORKS[NETWORK]) await cdp.send('Network.emulateNetworkConditions', NETWORKS[NETWORK]);
    await page.addInitScript(instrument);
    await page.goto(`http://127.0.0.1:${PAGE_PORT}/`);
    const runButton = page.locator('button[data-testid=run]');
    await runButton.waitFor({ timeout: 120_000 });
    await page.waitForFunction(() => window.__firstPaint.run_enabled !== undefined, null, { timeout: 120_000 });
    const marks = await page.evaluate(() => {
      const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
      return { ...window.__firstPaint, wasm_fetch: wasm && wasm.responseEnd - wasm.startTime,
        wasm_bytes: wasm && wasm.encodedBodySize };
    });
    // The click is handled: the review's status line appears (the offline demo runs).
    await runButton.click();
    await page.getByTestId('phase').waitFor({ timeout: 120_000 });
    const row = {
      run,
      first_paint_ms: Math.round(marks.run_enabled),
      wasm_download_ms: marks.wasm_fetch === undefined ? null : Math.round(marks.wasm_fetch),
      wasm_instantiate_ms: marks.instantiate_end === undefined ? null
        : Math.round(marks.instantiate_end - marks.instantiate_start),
      wasm_bytes: marks.wasm_bytes ?? null,
    };
    console.log(JSON.stringify(row));
    runs.push(row);
    await context.close();
  }
} finally {
  await browser.close();
  site.kill();
}

const of = (key) => {
  const values = runs.map((r) => r[key]).filter((v) => v !== null);
  return values.length ? median(values) : null;
};
const summary = { runs: runs.length, cpu_throttle: THROTTLE, network: NETWORK, first_paint_ms: of('first_paint_ms'),
  wasm_download_ms: of('wasm_download_ms'), wasm_instantiate_ms: of('wasm_instantiate_ms') };
const ms = (v) => (v === null ? 'n/a' : `${v} ms`);
console.log(`median of ${runs.length} (CPU ×${THROTTLE}, network ${NETWORK}, cold cache): first paint ${ms(summary.first_paint_ms)}, `
  + `wasm download ${ms(summary.wasm_download_ms)}, instantiate ${ms(summary.wasm_instantiate_ms)}`);
console.log(`FIRST_PAINT ${JSON.stringify(summary)}`);
