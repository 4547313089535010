// The code graph on a real codebase: date-fns 4.4.0 from the npm registry (5,120 JavaScript and
// TypeScript files), and a 2,000-file slice of it. Times, as whole processes:
//   splice index --full, a no-change refresh, a refresh after changing one file, find/refs against
//   `node -e 0`, peak RSS, and universal-ctags on the same tree (ctags records definitions only;
//   splice also records references, imports and their resolution).
// The measuring is bench/graph-truth/speed.mjs's (which also runs effect and CPython's stdlib).
// Usage: npm run build && node bench/graph.mjs [--runs 5]  (needs `npm` and `ctags`: apt-get install universal-ctags)
import { parseArgs } from "./graph-truth/common.mjs"
import { benchTree, speedTable, TREES } from "./graph-truth/speed.mjs"

const { runs } = parseArgs(process.argv.slice(2), { runs: 5 })
const rows = TREES["date-fns"](runs).map((t) => benchTree(t))
console.log(`\nnode ${process.version}; medians of ${runs} runs (full index: 1 run); wall = whole process\n`)
console.log(speedTable(rows))
