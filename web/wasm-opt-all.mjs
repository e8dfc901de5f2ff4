#!/usr/bin/env node
// `wasm-opt -Oz` over many wasm files at once, in place: node web/wasm-opt-all.mjs [--strip] FILE...
//
// Why not the `wasm-opt` command: npm's binaryen (pinned in web/package.json) is binaryen compiled
// to wasm, single-threaded, and each `wasm-opt` run starts node and compiles that 11 MB module
// again. The app's split build has about 140 modules, so a loop of `wasm-opt` calls spent about
// 80 s of CPU just starting, on one core. This script loads binaryen once per worker, one worker
// per core, and hands the largest files out first so the first module never runs last alone.
// Same passes as `wasm-opt -Oz` (optimize level 2, shrink level 2, the default pass pipeline,
// optimised stack IR): the output is byte for byte the CLI's (checked on the app's chunks).
// `--strip` adds `--strip-debug --strip-producers`. Input is validated first, as the CLI does.
import { availableParallelism } from "node:os";
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { Worker, isMainThread, parentPort } from "node:worker_threads";

// The features rustc emits for wasm32 by default: the optimiser may keep and use each of them.
const FEATURES = ["BulkMemory", "NontrappingFPToInt", "SignExt", "MutableGlobals", "ReferenceTypes", "Multivalue"];

if (isMainThread) {
  const args = process.argv.slice(2);
  const strip = args.includes("--strip");
  const files = args.filter((a) => a !== "--strip");
  if (files.length === 0) {
    console.error("usage: node web/wasm-opt-all.mjs [--strip] FILE...");
    process.exit(2);
  }
  const queue = files.map((f) => [f, statSync(f).size]).sort((a, b) => b[1] - a[1]).map(([f]) => f);
  const jobs = Math.min(Number(process.env.WASM_OPT_JOBS) || availableParallelism(), queue.length);
  let failed = false;
  await Promise.all(
    Array.from({ length: jobs }, () => new Promise((done) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: null });
      const next = () => {
        const file = failed ? undefined : queue.shift();
        if (file === undefined) worker.postMessage(null);
        else worker.postMessage({ file, strip });
      };
      worker.on("message", (msg) => {
        if (msg.error) {
          console.error(`wasm-opt-all: ${msg.file}: ${msg.error}`);
          failed = true;
        }
        next();
      });
      worker.on("error", (e) => { console.error(`wasm-opt-all: ${e.stack || e}`); failed = true; done(); });
      worker.on("exit", done);
      next();
    })),
  );
  process.exit(failed ? 1 : 0);
} else {
  const { default: binaryen } = await import("binaryen");
  const features = FEATURES.reduce((all, name) => all | binaryen.Features[name], 0);
  parentPort.on("message", (job) => {
    if (job === null) return parentPort.close();
    const { file, strip } = job;
    try {
      const module = binaryen.readBinary(readFileSync(file));
      module.setFeatures(module.getFeatures() | features);
      if (!module.validate()) throw new Error("invalid wasm (binaryen validation failed)");
      binaryen.setOptimizeLevel(2);
      binaryen.setShrinkLevel(2);
      binaryen.setDebugInfo(false);
      // The CLI writes optimised stack IR at -O2 and above; without it the output is ~0.3 % larger.
      binaryen.setGenerateStackIR(true);
      binaryen.setOptimizeStackIR(true);
      module.optimize();
      if (strip) module.runPasses(["strip-debug", "strip-producers"]);
      writeFileSync(`${file}.opt`, module.emitBinary());
      module.dispose();
      renameSync(`${file}.opt`, file);
      parentPort.postMessage({ file });
    } catch (e) {
      parentPort.postMessage({ file, error: String(e && e.message ? e.message : e) });
    }
  });
}
