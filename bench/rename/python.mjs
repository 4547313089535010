// The Python project of bench/rename.mjs: the jedi package the interpreter imports (84 files; apt's
// python3-jedi or pip's jedi), against jedi's own `Script.rename` (bench/graph-truth/jedi_oracle.py
// `rename`: the names its Refactoring would rewrite, within the project). Declarations are jedi's:
// module-level functions, classes and variables, methods and class attributes.
// The check after each rename: pyflakes (Debian's pyflakes3) on the changed files, before and after
// (an undefined name is a reference left behind or captured).
import { spawnSync } from "node:child_process"
import { sampleByKind } from "../graph-truth/common.mjs"
import { jediOracle, jediWorkspace } from "../graph-truth/py.mjs"

/** pyflakes' messages for the files, without columns (a longer name moves the ones after it on the line). */
const pyflakes = (ws, files) => {
  const r = spawnSync("pyflakes3", files, { cwd: ws, encoding: "utf8", maxBuffer: 1 << 26 })
  if (r.error !== undefined) return undefined
  return r.stdout.split("\n").filter((l) => l.trim() !== "").map((l) => l.replace(/^([^:]+:\d+):\d+:/, "$1:"))
}

export const prepare = ({ sample, seed, python: interpreter = "python3" }) => {
  const { version, files, ws } = jediWorkspace(interpreter)
  const all = jediOracle(interpreter, ["defs", ws])
  const chosen = sampleByKind(all, sample, seed)
  // jedi answers for every chosen declaration at once (one process: its caches are warm), before any rename.
  const answers = jediOracle(interpreter, ["rename", ws], JSON.stringify(chosen))
  const oracle = new Map(chosen.map((d, i) => [d, answers[i] === null ? undefined : new Set(answers[i].map((s) => `${s.file}:${s.line}:${s.col}`))]))
  // pyflakes' messages for every file as it is before any rename (the workspace is restored after each).
  const baseline = pyflakes(ws, files)
  const messagesOf = (changed) => baseline.filter((m) => changed.some((f) => m.startsWith(`${f}:`)))
  return {
    ws,
    label: `jedi ${version} package (${files.length} files)`,
    oracleName: `jedi ${version} \`Script.rename\``,
    declarations: all.length,
    chosen,
    oracle: (def) => oracle.get(def),
    checkName: "new pyflakes message",
    ...(baseline !== undefined ? { errors: (changed) => ({ before: messagesOf(changed), after: pyflakes(ws, changed) }) } : {}),
    close: () => {}
  }
}
