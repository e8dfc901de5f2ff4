// Serves a built folder (the release `dist/`) on 127.0.0.1 for the Playwright suite.
// Plain node, no dependencies: correct MIME types for wasm, no caching, nothing outside the folders.
//   node e2e/serve.mjs ROOT PORT [/PREFIX=FOLDER ...]
// Each /PREFIX=FOLDER serves FOLDER under /PREFIX/ (the embed example: /pkg=../target/pkg/web).
// SERVE_ISOLATED=1 adds the cross-origin isolation headers `make serve` sends (COOP/COEP), under
// which the in-browser model runs multi-threaded.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const [root = '../dist', port = '4173', ...mountArgs] = process.argv.slice(2);
const mounts = mountArgs.map((arg) => {
  const [prefix, folder] = arg.split('=');
  return { prefix: prefix.replace(/\/$/, '') + '/', base: resolve(folder) };
});
mounts.push({ prefix: '/', base: resolve(root) });

// The folder serving `path`, and the path inside it.
function locate(path) {
  const mount = mounts.find((m) => path.startsWith(m.prefix));
  return { base: mount.base, rest: path.slice(mount.prefix.length - 1) };
}
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

const isolation = process.env.SERVE_ISOLATED === '1'
  ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }
  : {};

createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  const { base, rest } = locate(path);
  let file = normalize(join(base, rest));
  if (!file.startsWith(base)) {
    res.writeHead(403).end();
    return;
  }
  if (path.endsWith('/')) file = join(file, 'index.html');
  try {
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'content-length': body.byteLength,
      'cache-control': 'no-store',
      ...isolation,
    });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
}).listen(Number(port), '127.0.0.1', () => console.log(`serving ${mounts.map((m) => `${m.prefix} → ${m.base}`).join(', ')} on http://127.0.0.1:${port}`));
