// The Python project of bench/rename.mjs: the jedi package the interpreter imports (84 files; apt's
// python3-jedi or pip's jedi), against jedi's own `Script.rename` (bench/graph-truth/jedi_oracle.py
// `rename`: the names its Refactoring would rewrite, within the project). Declarations are jedi's:
// module-level functions, classes and variables, methods and class attributes.
// The check after each rename: pyflakes (Debian's pyflakes3) on the changed files, before and after
// (an undefined name is a reference left behind or captured).
import { execFileSync, spawnSync } from "node:child_process"
import { dirname, join } from "node:path"
import { listFiles, sampleByKind, workspace } from "../graph-truth/common.mjs"

const ORACLE = join(import.meta.dirname, "..", "graph-truth", "jedi_oracle.py")
const jedi = (interpreter, args, input) =>
  JSON.parse(execFileSync(interpreter, [ORACLE, ...args], { input, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["pipe", "pipe", "inherit"] }))

/** pyflakes' messages for the files, without columns (a longer name moves the ones after it on the line). */
const pyflakes = (ws, files) => {
  const r = spawnSync("pyflakes3", files, { cwd: ws, encoding: "utf8", maxBuffer: 1 << 26 })
  if (r.error !== undefined) return undefined
  return r.stdout.split("\n").filter((l) => l.trim() !== "").map((l) => l.replace(/^([^:]+:\d+):\d+:/, "$1:"))
}

export const prepare = ({ sample, seed, python: interpreter = "python3" }) => {
  let jediDir, version
  try {
    ;[jediDir, version] = execFileSync(interpreter, ["-c", "import jedi, os; print(os.path.dirname(jedi.__file__)); print(jedi.__version__)"], { encoding: "utf8" }).trim().split("\n")
  } catch {
    throw new Error(`${interpreter} cannot import jedi: apt-get install python3-jedi (or pip install jedi), or pass --python`)
  }
  const files = listFiles(jediDir, /\.py$/).map((f) => `jedi/${f}`)
  const ws = workspace(dirname(jediDir), files)
  const all = jedi(interpreter, ["defs", ws])
  const chosen = sampleByKind(all, sample, seed)
  // jedi answers for every chosen declaration at once (one process: its caches are warm), before any rename.
  const answers = jedi(interpreter, ["rename", ws], JSON.stringify(chosen))
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
