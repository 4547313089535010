import * as fs from "node:fs"

/**
 * How splice runs Python checkers without running the workspace's Python. Every run is
 * `python -I` (isolated: no current directory or script directory on sys.path, PYTHON* variables
 * and the user's site-packages ignored) from a fresh empty directory, so no module in the
 * workspace can shadow a standard one (a `traceback.py` beside the file is never imported). The
 * checked file is read and compiled, never imported, and no bytecode is written for it.
 */

/**
 * The syntax check (tool "py_compile"): what `python -m py_compile` decides, without writing
 * bytecode or importing py_compile (whose -m start-up, with bytecode sent elsewhere, recompiled its
 * imports on every run: 0.7 s against 0.05 s). Prints `{"errors": [{class, line, col, message}]}`.
 * `-S` too: nothing outside the standard library is needed.
 */
export const COMPILE_ARGS = ["-I", "-S", "-c", `
import json, sys, warnings
warnings.simplefilter("ignore")
path = sys.argv[1]
with open(path, "rb") as f:
    source = f.read()
errors = []
try:
    compile(source, path, "exec", dont_inherit=True)
except (SyntaxError, ValueError) as e:
    errors.append({"class": type(e).__name__, "line": getattr(e, "lineno", None) or 0, "col": getattr(e, "offset", None) or 0,
                   "message": getattr(e, "msg", None) or str(e)})
print(json.dumps({"errors": errors}))
`.trim()]

/**
 * pyflakes through its API, printing `{"messages": [{class, line, col, message}]}` so that each
 * message keeps its pyflakes class (src/domain/pyflakesClasses.ts decides error or warning). A file
 * that does not compile prints no messages: py_compile reports that syntax error, once. pyflakes installed
 * with `pip install --user` lives in the user's site-packages, which -I leaves out: appended after
 * the standard library, so it can never shadow it.
 */
export const PYFLAKES_ARGS = ["-I", "-c", `
import ast, json, sys
try:
    from pyflakes import checker
except ImportError:
    import site
    sys.path.append(site.getusersitepackages())
    from pyflakes import checker
path = sys.argv[1]
with open(path, "rb") as f:
    source = f.read()
try:
    compile(source, path, "exec", dont_inherit=True)
    tree = ast.parse(source, filename=path)
except (SyntaxError, ValueError):
    print(json.dumps({"messages": []}))
    sys.exit(0)
w = checker.Checker(tree, filename=path)
w.messages.sort(key=lambda m: (m.lineno, getattr(m, "col", 0)))
print(json.dumps({"messages": [
    {"class": type(m).__name__, "line": m.lineno, "col": getattr(m, "col", 0), "message": m.message % m.message_args}
    for m in w.messages
]}))
`.trim()]

/**
 * The interpreter a Python console script runs under, from its `#!` line (`#!/usr/bin/python3`,
 * `#!/venv/bin/python`, `#!/usr/bin/env python3` → `python3`): pyflakes is importable there, and
 * not necessarily under the first python3 on PATH (a pyenv shim, another version).
 */
export const interpreterOf = (script: string): string | undefined => {
  let head: string
  try {
    const fd = fs.openSync(script, "r")
    try {
      const buf = Buffer.alloc(256)
      head = buf.subarray(0, fs.readSync(fd, buf, 0, 256, 0)).toString("utf8")
    } finally {
      fs.closeSync(fd)
    }
  } catch {
    return undefined
  }
  const m = /^#!\s*(\S+)(?:[ \t]+(\S+))?/.exec(head)
  if (m === null) return undefined
  if (/(^|\/)env$/.test(m[1]!)) return m[2]
  return /python/.test(m[1]!) ? m[1] : undefined
}
