"""`make size` (and part of `make bench`): what the release wasm weighs, what it is made of, and
whether it is within the budget of tests/benches/budget.json.

Reads, from the repo root:
  dist/careergraph_bg.wasm, dist/careergraph.js   the release app's first module (`make build-release`):
      what the browser downloads before the first paint; the budget is on its wasm
  dist/*.wasm (the others), dist/__wasm_split.js  the lazily loaded chunks (web/build-wasm.sh)
      and their loader: a page's chunks are downloaded the first time it is shown
  target/pkg/web/careergraph_bg.wasm, careergraph.js   the npm package (`make pkg`), when built:
      its first module (what `init()` downloads) and JS glue; the package budget is on that wasm
  target/pkg/web/*.wasm (the others), __wasm_split.js   the package's lazily loaded chunks, if
      web/pkg/build.sh split it, and their loader
  $CARGO_TARGET_DIR/pkg-raw/careergraph.wasm
      the package's wasm as rustc/LLD left it (web/pkg/build.sh keeps this copy): the same
      breakdown by crate and module for the package
  $CARGO_TARGET_DIR/pkg-raw/careergraph.first.wasm
      the package's first module as the split tool wrote it, with its names: what stays in it
  $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/careergraph.wasm
      the app's wasm as rustc/LLD left it, before wasm-bindgen and wasm-opt: it still has its
      NAME section, so each function's code bytes can be put down to a crate and, for this
      crate, to a module. wasm-opt shrinks the whole by about the ratio printed, not evenly, so
      the breakdown says where the bytes come from, not exactly what each part costs shipped.
  $CARGO_TARGET_DIR/wasm-split/release/careergraph.wasm
      the first module as the split tool wrote it (web/build-wasm.sh), also with its names: the
      same breakdown for what the browser still downloads before the first paint.

Prints sizes (raw, gzip -9, brotli q11 when the `brotli` module is importable, else n/a), the
breakdown, and exits non-zero when the app's first module or the package's first module is over
its gzip -9 budget. `--pkg` measures and checks the package alone (no app build needed).
Python 3 stdlib only (brotli optional). `--json` prints the figures as one JSON line instead; `--budgets` checks the two budgets only."""

import gzip
import json
import os
import re
import sys
from collections import defaultdict
from pathlib import Path

try:
    import brotli
except ImportError:  # the bench venv has it; a plain python3 may not
    brotli = None

ROOT = Path(__file__).resolve().parents[2]
BUDGET = Path(__file__).with_name("budget.json")
CRATE = "careergraph"
# A string only the app build has (the npm package build has no Leptos app).
APP_MARKER = b"data-careergraph-app"


# ---------------------------------------------------------------- sizes

def compressed(data):
    gz = len(gzip.compress(data, 9))
    br = len(brotli.compress(data, quality=11)) if brotli else None
    return len(data), gz, br


def kb(n):
    return "n/a" if n is None else f"{n / 1000:,.0f} KB"


# ---------------------------------------------------------------- wasm reading

def leb(data, at):
    """Unsigned LEB128 at `at`: (value, next offset)."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def sections(data):
    """(id, name or None, payload start, payload end) of every section."""
    if data[:4] != b"\0asm":
        sys.exit("not a wasm module")
    at, found = 8, []
    while at < len(data):
        sid = data[at]
        size, at = leb(data, at + 1)
        end = at + size
        name = None
        if sid == 0:
            n, p = leb(data, at)
            name = data[p:p + n].decode("utf-8", "replace")
        found.append((sid, name, at, end))
        at = end
    return found


def imported_functions(data, start):
    count, at = leb(data, start)
    funcs = 0
    for _ in range(count):
        for _ in range(2):  # module, field
            n, at = leb(data, at)
            at += n
        kind = data[at]
        at += 1
        if kind == 0:  # func: type index
            _, at = leb(data, at)
            funcs += 1
        elif kind == 1:  # table: reftype, limits
            at += 1
            flags, at = leb(data, at + 0)
            _, at = leb(data, at)
            if flags & 1:
                _, at = leb(data, at)
        elif kind == 2:  # memory: limits
            flags, at = leb(data, at)
            _, at = leb(data, at)
            if flags & 1:
                _, at = leb(data, at)
        elif kind == 3:  # global: valtype, mutability
            at += 2
        elif kind == 4:  # tag: attribute, type index
            _, at = leb(data, at + 1)
        else:
            sys.exit(f"unknown import kind {kind}")
    return funcs


def body_sizes(data, start):
    """Bytes of each function body in the code section, in order (size prefix included)."""
    count, at = leb(data, start)
    sizes = []
    for _ in range(count):
        size, body = leb(data, at)
        sizes.append(body + size - at)
        at = body + size
    return sizes


def function_names(data, start, end):
    """Function index → name, from the `name` custom section's subsection 1."""
    n, at = leb(data, start)
    at += n  # the section's own name, "name"
    names = {}
    while at < end:
        sub = data[at]
        size, at = leb(data, at + 1)
        if sub == 1:
            count, p = leb(data, at)
            for _ in range(count):
                index, p = leb(data, p)
                length, p = leb(data, p)
                names[index] = data[p:p + length].decode("utf-8", "replace")
                p += length
        at += size
    return names


# ---------------------------------------------------------------- demangling

LEGACY_ESCAPES = {"$SP$": "@", "$BP$": "*", "$RF$": "&", "$LT$": "<", "$GT$": ">", "$LP$": "(",
                  "$RP$": ")", "$C$": ",", "$u7e$": "~", "$u20$": " ", "$u27$": "'", "$u5b$": "[",
                  "$u5d$": "]", "$u7b$": "{", "$u7d$": "}", "$u3b$": ";", "$u2b$": "+", "$u22$": '"'}


def demangle(name):
    """A readable path for Rust legacy (`_ZN…E`) and v0 (`_R…`) symbols; others unchanged.
    Legacy is decoded fully (minus the hash); v0 only as far as its identifiers, in order, which
    is enough to find the crate and module."""
    if name.startswith("_ZN") and name.endswith("E"):
        at, parts, body = 3, [], name[3:-1]
        at = 0
        while at < len(body) and body[at].isdigit():
            m = re.match(r"\d+", body[at:])
            n = int(m.group())
            at += len(m.group())
            parts.append(body[at:at + n])
            at += n
        if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
            parts.pop()
        text = "::".join(parts)
        text = re.sub(r"\$(SP|BP|RF|LT|GT|LP|RP|C|u[0-9a-f]+)\$",
                      lambda m: LEGACY_ESCAPES.get(m.group(), chr(int(m.group(1)[1:], 16))
                                                   if m.group(1).startswith("u") else m.group()),
                      text)
        text = text.replace("..", "::")
        # A component that starts with an escape is mangled with a leading `_`: drop it.
        text = re.sub(r"(^|::)_(?=[<{])", r"\1", text)
        return text
    if name.startswith("_R"):
        # v0: identifiers are <decimal length>[_]<bytes>. Drop disambiguators (`s<base62>_` after a
        # tag) and back-references (`B<base62>_`), then read the identifiers in order: the first is
        # the crate, the rest its path (generic arguments and impl paths flattened in).
        text = re.sub(r"(?<=[CNMXYI])s[0-9a-zA-Z]*_|B[0-9a-zA-Z]*_", "", name[2:])
        parts, at = [], 0
        while at < len(text):
            m = re.match(r"(\d+)_?", text[at:])
            if m and (at == 0 or not text[at - 1].isdigit()):
                n = int(m.group(1))
                ident = text[at + m.end():at + m.end() + n]
                if n and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", ident):
                    parts.append(ident)
                    at += m.end() + n
                    continue
            at += 1
        return "::".join(parts) or name
    return name


def owner_path(path):
    """The path a function belongs to: for `<A as B>::f`, A (the implementing type) unless A is a
    std/core type or a reference, then B; for closures inside, the enclosing function."""
    if path.startswith("<"):
        depth, i = 0, 0
        for i, ch in enumerate(path):
            depth += ch == "<"
            depth -= ch == ">"
            if depth == 0:
                break
        inner = path[1:i]
        if " as " in inner:
            depth, split = 0, None
            for j, ch in enumerate(inner):
                depth += ch in "<(["
                depth -= ch in ">)]"
                if depth == 0 and inner.startswith(" as ", j):
                    split = j
                    break
            if split is not None:
                self_ty, trait = inner[:split], inner[split + 4:]
                self_ty = self_ty.lstrip("&*").removeprefix("mut ").removeprefix("const ").lstrip("&*")
                if re.match(r"(alloc|core|std)::|\(|\[|[a-z0-9]+$|dyn ", self_ty) or "::" not in self_ty:
                    return trait, self_ty
                return self_ty, trait
        return inner.lstrip("&*").removeprefix("mut "), None
    return path, None


def classify(raw_name):
    """(crate, module within this crate or None, serde derive?) for one function name."""
    if raw_name.startswith("__wbindgen_describe"):
        return "(wasm-bindgen descriptors: dropped by wasm-bindgen)", None, False
    if not raw_name.startswith(("_ZN", "_R")):
        return "(not Rust-mangled: wasm-bindgen shims, libc)", None, False
    path = demangle(raw_name)
    owner, other = owner_path(path)
    crate = re.split(r"::|<", owner, maxsplit=1)[0].strip() or "?"
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", crate):
        crate = "(other)"
    module = None
    if crate == CRATE:
        parts = [p for p in re.split(r"::", owner.split("<", 1)[0]) if p]
        module = "::".join(parts[1:3]) if len(parts) > 2 else (parts[1] if len(parts) > 1 else "")
    # `<T as serde_core::de::Deserialize>` or `…::_::<impl serde_core::de::Deserialize for T>`,
    # and serde's Visitor/field helpers inside them.
    serde_derive = crate == CRATE and bool(
        (other and other.startswith(("serde::", "serde_core::")))
        or re.search(r"<impl serde(_core)?::|as serde(_core)?::", path))
    return crate, module, serde_derive


def breakdown(path):
    data = path.read_bytes()
    secs = sections(data)
    by_id = {}
    for sid, name, start, end in secs:
        by_id.setdefault(name if sid == 0 else sid, (start, end))
    if "name" not in by_id:
        sys.exit(f"{path} has no name section: cannot attribute code (was it stripped?)")
    imports = imported_functions(data, by_id[2][0]) if 2 in by_id else 0
    bodies = body_sizes(data, by_id[10][0])
    names = function_names(data, *by_id["name"])
    crates, modules, tops = defaultdict(int), defaultdict(int), defaultdict(int)
    functions = []
    serde_derives = 0
    for i, size in enumerate(bodies):
        name = names.get(imports + i, f"<unnamed {imports + i}>")
        crate, module, derive = classify(name)
        functions.append((size, demangle(name)))
        crates[crate] += size
        if module is not None:
            label = module + (" (serde derives)" if derive else "")
            modules[label] += size
            tops[module.split("::")[0] + (" (serde derives)" if derive else "")] += size
        if derive:
            serde_derives += size
    code = by_id[10][1] - by_id[10][0]
    data_bytes = by_id[11][1] - by_id[11][0] if 11 in by_id else 0
    custom = sum(end - start for sid, _, start, end in secs if sid == 0)
    return {"total": len(data), "code": code, "data": data_bytes, "custom": custom,
            "functions": len(bodies), "crates": dict(crates), "modules": dict(modules),
            "top_modules": dict(tops), "serde_derives": serde_derives,
            "is_app": APP_MARKER in data, "functions_by_size": sorted(functions, reverse=True)}


# ---------------------------------------------------------------- report

def target_dir():
    return Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target")


def pre_opt_wasm():
    return target_dir() / "wasm32-unknown-unknown" / "release" / f"{CRATE}.wasm"


def split_first_wasm():
    return target_dir() / "wasm-split" / "release" / f"{CRATE}.wasm"


def package_wasm():
    for pkg in [ROOT / "target" / "pkg", target_dir() / "pkg"]:
        f = pkg / "web" / f"{CRATE}_bg.wasm"
        if f.is_file():
            return f
    return None


def pkg_pre_opt_wasm():
    return target_dir() / "pkg-raw" / f"{CRATE}.wasm"


def measure_pkg():
    """The npm package's figures (web flavour; the bundler flavour holds the same wasm files)."""
    pkg = package_wasm()
    if pkg is None:
        return {"pkg_wasm": None, "pkg_js": None, "pkg_split_js": None, "pkg_chunks": {},
                "pkg_breakdown": None}
    web = pkg.parent
    loader = web / "__wasm_split.js"
    figures = {"pkg_wasm": compressed(pkg.read_bytes()),
               "pkg_js": compressed((web / f"{CRATE}.js").read_bytes()),
               "pkg_split_js": compressed(loader.read_bytes()) if loader.is_file() else None,
               "pkg_chunks": {f.name: compressed(f.read_bytes())
                              for f in sorted(web.glob("*.wasm")) if f != pkg}}
    figures["pkg_split_points"] = split_points(loader, figures["pkg_chunks"]) if loader.is_file() else {}
    pre = pkg_pre_opt_wasm()
    figures["pkg_breakdown"] = breakdown(pre) if pre.is_file() else None
    first = pkg_first_wasm()
    figures["pkg_first_breakdown"] = breakdown(first) if first.is_file() and figures["pkg_chunks"] else None
    return figures


def pkg_first_wasm():
    """The package's first module as wasm-split-cli wrote it, with its names (web/pkg/build.sh)."""
    return target_dir() / "pkg-raw" / f"{CRATE}.first.wasm"


def split_points(loader, chunks):
    """What each split point's first call downloads, from wasm-split-cli's loader: its own
    `split_NAME.wasm` and the shared `chunk_N.wasm` it lists, summed (gzip -9), by split name."""
    js = loader.read_text()
    points = {}
    pattern = (r'export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(\(\) => \{\s*'
               r'const src = fetch\(new URL\("\./([\w.]+)"[^\[]*\[([^\]]*)\]')
    for name, own, deps in re.findall(pattern, js):
        files = [own] + [d.strip().removeprefix("__") + ".wasm" for d in deps.split(",") if d.strip()]
        if all(f in chunks for f in files):
            points[name] = (len(files), sum(chunks[f][1] for f in files))
    return points


def measure():
    """Every figure, as a dict (the budget check and run.py's table read it)."""
    app = ROOT / "dist" / f"{CRATE}_bg.wasm"
    js = ROOT / "dist" / f"{CRATE}.js"
    for f in [app, js]:
        if not f.is_file():
            sys.exit(f"no {f.relative_to(ROOT)}: run `make build-release` first")
    figures = {"app_wasm": compressed(app.read_bytes()), "app_js": compressed(js.read_bytes())}
    loader = ROOT / "dist" / "__wasm_split.js"
    figures["split_js"] = compressed(loader.read_bytes()) if loader.is_file() else None
    figures["chunks"] = {f.name: compressed(f.read_bytes())
                         for f in sorted((ROOT / "dist").glob("*.wasm")) if f != app}
    figures.update(measure_pkg())
    pre = pre_opt_wasm()
    figures["breakdown"] = breakdown(pre) if pre.is_file() else None
    if figures["breakdown"] and not figures["breakdown"]["is_app"]:
        # `make pkg` builds the same file with the API features: the app's was overwritten.
        figures["breakdown"] = None
        figures["breakdown_note"] = f"{pre} is not the app build (make pkg ran after it): run `make build-release` again"
    first = split_first_wasm()
    figures["first_breakdown"] = breakdown(first) if first.is_file() and figures["chunks"] else None
    return figures


def size_rows(figures):
    """(label, value) rows for run.py's table in docs/performance.md."""
    def row(t):
        raw, gz, br = t
        return f"{kb(raw)} raw, {kb(gz)} gzip -9, {kb(br)} brotli"
    rows = [("release app wasm, first module (`dist/careergraph_bg.wasm`)", row(figures["app_wasm"])),
            ("release app JS glue (`dist/careergraph.js`)", row(figures["app_js"]))]
    chunks = figures.get("chunks") or {}
    if chunks:
        total = tuple(sum(t[i] for t in chunks.values()) if all(t[i] is not None for t in chunks.values())
                      else None for i in range(3))
        rows.append((f"release app lazy chunks ({len(chunks)} `dist/*.wasm`, all together)", row(total)))
    if figures["pkg_wasm"]:
        rows.append(("npm package wasm, first module (`target/pkg/web/careergraph_bg.wasm`)",
                     row(figures["pkg_wasm"])))
        pkg_chunks = figures.get("pkg_chunks") or {}
        if pkg_chunks:
            total = tuple(sum(t[i] for t in pkg_chunks.values())
                          if all(t[i] is not None for t in pkg_chunks.values()) else None
                          for i in range(3))
            rows.append((f"npm package lazy chunks ({len(pkg_chunks)} `target/pkg/web/*.wasm`, all together)",
                         row(total)))
    budget = load_budget()
    rows.append(("app wasm budget (`tests/benches/budget.json`)",
                 f"≤ {kb(budget['app_wasm_gzip_bytes'])} gzip -9"))
    rows.append(("npm package wasm budget (`tests/benches/budget.json`)",
                 f"≤ {kb(budget['pkg_wasm_gzip_bytes'])} gzip -9"))
    return rows


def load_budget():
    return json.loads(BUDGET.read_text())


def print_table(title, items, total, limit):
    print(f"\n{title}")
    print(f"  {'bytes':>10}  {'share':>6}  name")
    shown = sorted(items.items(), key=lambda kv: -kv[1])
    for name, size in shown[:limit]:
        print(f"  {size:>10,}  {100 * size / total:5.1f}%  {name}")
    rest = sum(size for _, size in shown[limit:])
    if rest:
        print(f"  {rest:>10,}  {100 * rest / total:5.1f}%  ({len(shown) - limit} more)")


def report_pkg(figures):
    """The package's part of the report: first module, chunks, breakdown of the pre-opt wasm."""
    t = figures["pkg_wasm"]
    if t is None:
        print("\nnpm package: not built (`make pkg`)")
        return
    print("\nnpm package (target/pkg/web; raw / gzip -9 / brotli q11):")
    for label, key in [("first module careergraph_bg.wasm", "pkg_wasm"), ("JS glue careergraph.js", "pkg_js"),
                       ("chunk loader __wasm_split.js", "pkg_split_js")]:
        t = figures.get(key)
        if t is not None:
            print(f"  {label}: {t[0]:,} / {t[1]:,} / {'n/a' if t[2] is None else f'{t[2]:,}'} bytes")
    chunks = figures.get("pkg_chunks") or {}
    if chunks:
        print("  lazily loaded chunks (raw / gzip -9 / brotli), each fetched the first time a call needs it:")
        for name, c in sorted(chunks.items(), key=lambda kv: -kv[1][1]):
            print(f"    {c[0]:>10,} / {c[1]:>9,} / {'n/a' if c[2] is None else f'{c[2]:,}':>9}  {name}")
    points = figures.get("pkg_split_points") or {}
    if points:
        print("  what a workflow's first start() fetches (its split_*.wasm and the shared chunk_*.wasm "
              "it needs, gzip -9, once per page):")
        for name, (files, gz) in sorted(points.items()):
            print(f"    {gz:>9,}  {name} ({files} files)")
    b = figures.get("pkg_breakdown")
    if b is None:
        print(f"  no breakdown: {pkg_pre_opt_wasm()} absent (web/pkg/build.sh writes it)")
        return
    print(f"\nBreakdown of the package's {pkg_pre_opt_wasm()} (before the split, wasm-bindgen and "
          f"wasm-opt; {b['total']:,} bytes, code {b['code']:,}, data {b['data']:,}):")
    print_table("Package code by crate:", b["crates"], b["code"], 15)
    print_table(f"Package code of {CRATE} by top module:", b["top_modules"], b["code"], 15)
    print_table(f"Package code of {CRATE} by module (two levels):", b["modules"], b["code"], 30)
    f = figures.get("pkg_first_breakdown")
    if f is not None:
        print(f"\nWhat stays in the package's first module ({pkg_first_wasm()}, before wasm-bindgen and "
              f"wasm-opt; code {f['code']:,}, data {f['data']:,}):")
        print_table("First module code by crate:", f["crates"], f["code"], 10)
        print_table(f"First module code of {CRATE} by module (two levels):", f["modules"], f["code"], 20)


def report(figures):
    print("Release sizes (raw / gzip -9 / brotli q11" + ("" if brotli else ": brotli n/a, module absent")
          + "):")
    for label, key in [("app wasm  dist/careergraph_bg.wasm", "app_wasm"),
                       ("app JS    dist/careergraph.js", "app_js"),
                       ("npm wasm  target/pkg/web/careergraph_bg.wasm", "pkg_wasm")]:
        t = figures[key]
        if t is None:
            print(f"  {label}: not built (`make pkg`)")
        else:
            print(f"  {label}: {t[0]:,} / {t[1]:,} / {'n/a' if t[2] is None else f'{t[2]:,}'} bytes")
    chunks = figures.get("chunks") or {}
    if chunks:
        first = figures["app_wasm"][1] + figures["app_js"][1] + (figures["split_js"] or (0, 0))[1]
        print(f"\nBefore the first paint (first module wasm + JS glue + chunk loader): {first:,} bytes gzip -9")
        print("Lazily loaded chunks (raw / gzip -9), each fetched the first time a page needs it:")
        for name, t in sorted(chunks.items(), key=lambda kv: -kv[1][1]):
            print(f"  {t[0]:>10,} / {t[1]:>9,}  {name}")
        print(f"  {sum(t[0] for t in chunks.values()):>10,} / {sum(t[1] for t in chunks.values()):>9,}  "
              f"all {len(chunks)} chunks")
    b = figures["breakdown"]
    if b is None:
        print("\nNo breakdown: " + figures.get("breakdown_note", f"{pre_opt_wasm()} absent"))
        return
    app = (ROOT / "dist" / f"{CRATE}_bg.wasm").read_bytes()
    shipped_code = next(end - start for sid, _, start, end in sections(app) if sid == 10)
    print(f"\nBreakdown of {pre_opt_wasm()} (before wasm-bindgen and wasm-opt; "
          f"{b['total']:,} bytes, {b['functions']:,} functions; the shipped code section is "
          f"{shipped_code:,} bytes, {shipped_code / b['code']:.2f} of this one's):")
    print(f"  code {b['code']:,} ({100 * b['code'] / b['total']:.1f}%), data {b['data']:,} "
          f"({100 * b['data'] / b['total']:.1f}%), custom sections (names, wasm-bindgen's, producers) {b['custom']:,}")
    print_table("Code by crate (generic code counts for the crate of the implementing type, so "
                "serde_json::from_str::<T> is serde_json's):", b["crates"], b["code"], 15)
    print_table(f"Code of {CRATE} by top module:", b["top_modules"], b["code"], 15)
    print_table(f"Code of {CRATE} by module (two levels):", b["modules"], b["code"], 25)
    f = figures.get("first_breakdown")
    if f:
        print(f"\nBreakdown of the first module, {split_first_wasm()} (the split tool's output, before "
              f"wasm-bindgen and wasm-opt; code {f['code']:,}, data {f['data']:,}): what is still "
              "downloaded before the first paint")
        print_table("First module's code by crate:", f["crates"], f["code"], 12)
        print_table(f"First module's code of {CRATE} by module (two levels):", f["modules"], f["code"], 25)


def check_pkg_budget(figures):
    budget = load_budget()
    if figures["pkg_wasm"] is None:
        print("\nbudget: npm package not built, not checked (`make pkg`)")
        return True
    gz = figures["pkg_wasm"][1]
    limit = budget["pkg_wasm_gzip_bytes"]
    if gz > limit:
        print(f"\n{'!' * 72}\nSIZE BUDGET EXCEEDED: target/pkg/web/careergraph_bg.wasm (the npm package's first "
              f"module) is {gz:,} bytes gzip -9, budget {limit:,} (tests/benches/budget.json, "
              f"pkg_wasm_gzip_bytes).\nFind what grew with the package breakdown above; raise the "
              f"budget only with a reason in budget.json's pkg_note.\n{'!' * 72}")
        return False
    print(f"budget: npm package wasm {gz:,} bytes gzip -9 ≤ {limit:,} (tests/benches/budget.json): ok")
    return True


def check_budget(figures):
    budget = load_budget()
    gz = figures["app_wasm"][1]
    limit = budget["app_wasm_gzip_bytes"]
    if gz > limit:
        print(f"\n{'!' * 72}\nSIZE BUDGET EXCEEDED: dist/careergraph_bg.wasm (the first module) is {gz:,} bytes gzip -9, "
              f"budget {limit:,} (tests/benches/budget.json).\nFind what grew with the breakdown "
              f"above; raise the budget only with a reason in budget.json's note.\n{'!' * 72}")
        return False
    print(f"\nbudget: app wasm {gz:,} bytes gzip -9 ≤ {limit:,} (tests/benches/budget.json): ok")
    return True


def largest(figures, pattern, limit=40):
    """`--functions REGEX`: the largest functions whose demangled name matches (for digging)."""
    b = figures["breakdown"] or sys.exit("no breakdown to search")
    print(f"\nLargest functions matching /{pattern}/:")
    hits = [(size, name) for size, name in b["functions_by_size"] if re.search(pattern, name)]
    for size, name in hits[:limit]:
        print(f"  {size:>8,}  {name[:220]}")
    print(f"  {sum(s for s, _ in hits):>8,}  in {len(hits)} functions")


def check_budgets_only():
    """`--budgets`: the two first modules against their budgets and nothing else (no breakdown):
    `make test` runs it after its release builds, so a first module that grows over its budget
    fails the test run instead of waiting for someone to run `make size`."""
    app = ROOT / "dist" / f"{CRATE}_bg.wasm"
    if not app.is_file():
        sys.exit(f"no {app.relative_to(ROOT)}: run `make build-release` first")
    pkg = package_wasm()
    if pkg is None:
        sys.exit("no npm package: run `make pkg` first")
    figures = {"app_wasm": compressed(app.read_bytes()), "pkg_wasm": compressed(pkg.read_bytes())}
    ok = check_budget(figures)
    if not check_pkg_budget(figures) or not ok:
        print("`make size` prints what each first module is made of.")
        sys.exit(1)


def main():
    if "--budgets" in sys.argv:
        check_budgets_only()
        return
    if "--pkg" in sys.argv:
        figures = measure_pkg()
        if "--json" in sys.argv:
            b = figures["pkg_breakdown"]
            print(json.dumps({**figures, "pkg_breakdown": b and {k: v for k, v in b.items()
                                                                 if k != "functions_by_size"}}))
        else:
            report_pkg(figures)
        if "--functions" in sys.argv:
            largest({"breakdown": figures["pkg_breakdown"]}, sys.argv[sys.argv.index("--functions") + 1])
        if not check_pkg_budget(figures):
            sys.exit(1)
        return
    figures = measure()
    if "--functions" in sys.argv:
        largest(figures, sys.argv[sys.argv.index("--functions") + 1])
        return
    if "--json" in sys.argv:
        b = figures["breakdown"]
        f = figures["first_breakdown"]
        pb = figures["pkg_breakdown"]
        print(json.dumps({**figures,
                          "pkg_breakdown": pb and {k: v for k, v in pb.items() if k != "functions_by_size"},
                          "breakdown": b and {k: v for k, v in b.items() if k != "functions_by_size"},
                          "first_breakdown": f and {k: v for k, v in f.items() if k != "functions_by_size"}}))
    else:
        report(figures)
        report_pkg(figures)
    ok = check_budget(figures)
    if not check_pkg_budget(figures) or not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
