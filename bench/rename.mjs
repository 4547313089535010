// Issue #12's rename figures: `splice rename` against each language's own rename on real code nobody
// here wrote — TypeScript's `findRenameLocations` on zod 3.25.76's and effect 3.22.4's src/ (from the
// npm registry), jedi's `Script.rename` on the jedi package, go/types on net/http (from the Go
// installation). Declarations of every kind are sampled with a fixed seed; each is renamed through
// `splice mcp` (as an agent would), the locations it rewrote are compared with the oracle's, the
// project is checked for new errors (TypeScript's diagnostics of the changed files, pyflakes, go/types),
// and the rename is undone. See bench/rename/compare.mjs for what counts; each language's module
// (bench/rename/typescript.mjs, python.mjs, go.mjs) says what its oracle and its check are.
// Usage: npm run build && node bench/rename.mjs [--project zod,effect,jedi,net/http|all] [--sample 60] [--seed 12] [--kinds K,K] [--no-typecheck] [--python python3]
import { parseArgs, removeWorkspace, splice, spliceServer } from "./graph-truth/common.mjs"
import { renameAll, summarize, TABLE_HEADER } from "./rename/compare.mjs"
import * as goProject from "./rename/go.mjs"
import * as pythonProject from "./rename/python.mjs"
import * as typescriptProject from "./rename/typescript.mjs"

const args = parseArgs(process.argv.slice(2).filter((a) => a !== "--no-typecheck"), { project: "all", sample: 60, seed: 12, python: "python3", kinds: "" })
// --kinds method,"interface method": only the sampled declarations of these kinds (the same draw as the whole sample).
const kinds = args.kinds === "" ? undefined : new Set(String(args.kinds).split(","))
const check = !process.argv.includes("--no-typecheck")

const ALL = ["zod", "effect", "jedi", "net/http"]
const prepare = (project) =>
  typescriptProject.TYPESCRIPT_PROJECTS.includes(project) ? typescriptProject.prepare({ ...args, project })
    : project === "jedi" ? pythonProject.prepare(args)
    : /^[\w./-]+$/.test(project) && project.includes("/") ? goProject.prepare({ ...args, package: project })
    : (() => { throw new Error(`--project: one of ${ALL.join(", ")} (or a Go standard-library package path), or all`) })()

const rows = []
for (const project of args.project === "all" ? ALL : args.project.split(",")) {
  const started = performance.now()
  const prepared = await prepare(project)
  if (kinds !== undefined) prepared.chosen = prepared.chosen.filter((d) => kinds.has(d.kind))
  try {
    splice(prepared.ws, ["index", "--full"])
    const server = await spliceServer(prepared.ws)
    let outcomes
    try {
      outcomes = await renameAll(prepared, server, { check })
    } finally {
      await server.close()
    }
    const s = summarize(prepared, outcomes, { check })
    console.log(`\n## ${prepared.label}: ${prepared.declarations} declarations, sample ${prepared.chosen.length} (seed ${args.seed}; ${s.kinds}), ${((performance.now() - started) / 1000).toFixed(0)} s`)
    for (const d of s.details) console.log(d)
    rows.push(s.row)
  } finally {
    prepared.close()
    removeWorkspace(prepared.ws)
  }
}
console.log(`\n# splice rename vs each language's own rename (sample ${args.sample} per project, seed ${args.seed}; node bench/rename.mjs --project ${args.project} --sample ${args.sample} --seed ${args.seed})\n`)
for (const l of [...TABLE_HEADER, ...rows]) console.log(l)
