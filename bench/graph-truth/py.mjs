// Python: splice's graph against jedi (`Script.get_references`, project scope) on a real package that
// is already on the machine: jedi's own sources (84 files; `apt-get install python3-jedi` or pip).
// Module-level functions, classes and variables and class-level methods and attributes are sampled by
// kind with a fixed seed; bench/graph-truth/jedi_oracle.py answers for jedi.
// Usage: npm run build && node bench/graph-truth/py.mjs [--sample 66] [--seed 11] [--python python3]
import { execFileSync } from "node:child_process"
import { dirname, join } from "node:path"
import { pathToFileURL } from "node:url"
import { ctagsCoverage, ctagsText, listFiles, parseArgs, querySymbol, removeWorkspace, report, sampleByKind, siteClass, sourceLines, splice, spliceServer, workspace } from "./common.mjs"

const ORACLE = join(import.meta.dirname, "jedi_oracle.py")

/** jedi_oracle.py's answer (JSON) to a mode, with `input` on its stdin. */
export const jediOracle = (interpreter, args, input) =>
  JSON.parse(execFileSync(interpreter, [ORACLE, ...args], { input, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["pipe", "pipe", "inherit"] }))

/** The jedi package the interpreter imports (its directory and version) and a workspace holding a copy of it. */
export const jediWorkspace = (interpreter) => {
  let jediDir, version
  try {
    ;[jediDir, version] = execFileSync(interpreter, ["-c", "import jedi, os; print(os.path.dirname(jedi.__file__)); print(jedi.__version__)"], { encoding: "utf8" }).trim().split("\n")
  } catch {
    throw new Error(`${interpreter} cannot import jedi: apt-get install python3-jedi (or pip install jedi), or pass --python`)
  }
  const files = listFiles(jediDir, /\.py$/).map((f) => `jedi/${f}`)
  return { version, files, ws: workspace(dirname(jediDir), files) }
}

export const run = async ({ sample, seed, python: interpreter = "python3" }) => {
  const { version, files, ws } = jediWorkspace(interpreter)
  try {
    const index = splice(ws, ["index", "--full"])
    const ctags = ctagsCoverage(ws, "Python", ["class", "function", "member", "variable"])
    const all = jediOracle(interpreter, ["defs", ws])
    const chosen = sampleByKind(all, sample, seed)
    const t = performance.now()
    const answers = jediOracle(interpreter, ["refs", ws], JSON.stringify(chosen))
    const server = await spliceServer(ws)
    const lines = sourceLines(ws)
    const outcomes = []
    try {
      for (let i = 0; i < chosen.length; i++) outcomes.push(await querySymbol(server, lines, { ...chosen[i], ...answers[i] }))
    } finally {
      await server.close()
    }
    const label = `Python, jedi ${version} package (${files.length} files) vs jedi get_references; ${all.length} declarations, sample ${chosen.length}, seed ${seed}`
    const rep = report(label, outcomes, lines, siteClass)
    return { ...rep, text: rep.text + "\n" + ctagsText(ctags, lines), ctags, label, row: `Python, jedi ${version} package (${files.length} files)`, oracle: "jedi `get_references`", index, queryMs: performance.now() - t }
  } finally {
    removeWorkspace(ws)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await run(parseArgs(process.argv.slice(2), { python: "python3" }))
  console.log(r.text)
  console.log(`(splice index --full ${(r.index.ms / 1000).toFixed(1)} s, peak RSS ${r.index.peakRssMb?.toFixed(0) ?? "?"} MB; oracle + queries ${(r.queryMs / 1000).toFixed(1)} s)`)
}
