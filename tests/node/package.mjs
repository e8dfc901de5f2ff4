// Loads the built npm package (target/pkg, `make pkg`) the way a Node host does: by its name,
// from a node_modules folder, so the package.json `exports` and its `node` condition are what
// pick the entry. Each test file runs in its own process (node --test), so each loads its own
// instance of the wasm.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The package as web/pkg/build.sh writes it. */
export const PKG = fileURLToPath(new URL("../../target/pkg/", import.meta.url));

/** A temporary folder, removed when the process exits. */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A copy of the package in a temporary folder, for tests that break it. */
export function copyPackage() {
  const copy = join(tempDir("careergraph-copy-"), "careergraph");
  cpSync(PKG, copy, { recursive: true });
  return copy;
}

/**
 * `import "careergraph"` from a host folder whose node_modules/careergraph links to `pkgDir`.
 * Resolves to the package's exports and `resolved`, the file the name resolved to.
 */
export async function importPackage(pkgDir = PKG) {
  if (!existsSync(join(pkgDir, "package.json"))) {
    throw new Error(`no package at ${pkgDir}: build it first (make pkg)`);
  }
  const host = tempDir("careergraph-host-");
  mkdirSync(join(host, "node_modules"));
  symlinkSync(pkgDir, join(host, "node_modules", "careergraph"), "dir");
  // The host's own module: a bare specifier resolves from the importing file's folder.
  const entry = join(host, "host.mjs");
  writeFileSync(
    entry,
    'export * from "careergraph";\nexport const resolved = import.meta.resolve("careergraph");\n',
  );
  return import(pathToFileURL(entry).href);
}
