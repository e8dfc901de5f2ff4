#!/usr/bin/env node
// Makes wasm-split-cli's chunk loader (__wasm_split.js) work under a strict Content-Security-Policy
// when a bundler inlines small chunks: node web/pkg/split-loader.mjs DIR/__wasm_split.js
// With --node, makes it read the chunks from disk instead, for the package's Node entry:
// node web/pkg/split-loader.mjs --node DIR/__wasm_split.js
//
// Why: the loader fetches each chunk with `fetch(new URL("./chunk_N.wasm", import.meta.url))`.
// Vite rewrites that URL to its emitted asset, but inlines assets under `build.assetsInlineLimit`
// (4 KB by default) as `data:application/wasm;base64,…` URLs: 18 of the package's chunks. A
// `fetch` of a data: URL is checked against `connect-src`, so under `connect-src 'self'` the
// chunk never arrives and the run fails. Decoding the data: URL in the page needs no network
// permission, so the package works with Vite's default and with `assetsInlineLimit: 0` alike.
// Compiling the bytes still needs `script-src 'wasm-unsafe-eval'`, as every wasm does.
//
// In Node (--node): the loader's URLs are file: URLs, which Node's `fetch` refuses ("not implemented...
// yet"), so each chunk is read with `readFile` and handed to `instantiateStreaming` as a Response.
// Nothing global is patched: the host's own `fetch` still makes the model calls.
//
// Only the one call is rewritten (`fetch(new URL(` → `fetchChunk(new URL(`); the script fails if
// the generated loader no longer has it, so a new wasm-split-cli cannot silently skip this.
import { readFileSync, writeFileSync } from "node:fs";

const args = process.argv.slice(2);
const node = args[0] === "--node";
const [file] = node ? args.slice(1) : args;
if (!file) {
  console.error("usage: node web/pkg/split-loader.mjs [--node] __wasm_split.js");
  process.exit(2);
}
const source = readFileSync(file, "utf8");
const call = 'fetch(new URL("./';
const calls = source.split(call).length - 1;
if (calls === 0 || source.includes("function fetchChunk(")) {
  console.error(`${file}: expected wasm-split-cli's loader with ${call}…) calls and no fetchChunk`);
  process.exit(1);
}

const browserHelper = `
// A chunk a bundler inlined as a data: URL is decoded here, not fetched: a fetch of a data: URL
// needs \`connect-src data:\` under a Content-Security-Policy (web/pkg/split-loader.mjs).
function fetchChunk(url) {
    const href = url.href;
    const comma = href.indexOf(",");
    if (url.protocol !== "data:" || comma < 0 || !/;base64$/i.test(href.slice(0, comma))) {
        return fetch(url);
    }
    try {
        const binary = atob(href.slice(comma + 1));
        const bytes = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
        return Promise.resolve(new Response(bytes, { headers: { "Content-Type": "application/wasm" } }));
    } catch (error) {
        return Promise.reject(error);
    }
}
`;
const nodeHelper = `
import { readFile } from "node:fs/promises";

// Node: the chunk is read from disk, from the bundler build beside this one (the same bytes, kept
// once); Node's fetch cannot read file: URLs (web/pkg/split-loader.mjs --node).
function fetchChunk(url) {
    const file = new URL(\`../bundler/\${url.pathname.split("/").pop()}\`, import.meta.url);
    return readFile(file).then((bytes) => new Response(bytes, { headers: { "Content-Type": "application/wasm" } }));
}
`;
const helper = node ? nodeHelper : browserHelper;
// After the import line(s): ES module imports come first, and nothing runs before the chunks load.
const lines = source.split("\n");
const lastImport = lines.findLastIndex((line) => line.startsWith("import "));
lines.splice(lastImport + 1, 0, helper);
const patched = lines.join("\n").replaceAll(call, 'fetchChunk(new URL("./');
writeFileSync(file, patched);
console.log(`${file}: ${calls} chunk fetches ${node ? "read from disk" : "decode data: URLs without fetch"}`);
