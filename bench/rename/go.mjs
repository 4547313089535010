// The Go project of bench/rename.mjs: net/http and its sub-packages from the Go installation's own
// sources, against go/types (bench/graph-truth/go_oracle: every identifier whose Uses point at the
// declaration's object, and the declaration itself), each directory checked as `go test` sees it.
// The oracle is built once into the scratch directory and run on the workspace copy (-root), so
// the check after each rename, -check, type-checks the renamed tree itself (its packages read from
// the copy, the rest of the standard library from GOROOT): any type error it did not have is new.
// A method's locations are gopls's: those of every declaration of the method tied to it through an
// interface (the oracle's `tied`), and none — a refusal — when one of them is outside the tree (`outside`).
import { execFileSync } from "node:child_process"
import { join } from "node:path"
import { sampleByKind, WORK, workspace } from "../graph-truth/common.mjs"
import { goToolchain } from "../graph-truth/go.mjs"

export const prepare = ({ sample, seed, package: pkg = "net/http" }) => {
  const { goEnv, goroot, version } = goToolchain()
  const binary = join(WORK, "go-oracle")
  execFileSync("go", ["build", "-o", binary, "main.go"], { cwd: join(import.meta.dirname, "..", "graph-truth", "go_oracle"), env: goEnv, stdio: ["ignore", "inherit", "inherit"] })
  const oracleOf = (args) => JSON.parse(execFileSync(binary, args, { env: goEnv, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "inherit"] }))
  const listed = oracleOf([pkg])
  const ws = workspace(join(goroot, "src"), listed.files)
  // The copy answers as GOROOT does (same declarations, same uses, no type error): the oracle of the copy is the one compared.
  const tree = oracleOf(["-root", ws, pkg])
  const baseline = oracleOf(["-check", "-root", ws, pkg])
  const chosen = sampleByKind(tree.defs, sample, seed)
  const bySite = new Map(tree.defs.map((d) => [`${d.file}:${d.line}:${d.col}`, d]))
  return {
    ws,
    label: `${pkg} (${version}, ${tree.files.length} files)`,
    oracleName: "go/types `Defs` + `Uses`",
    declarations: tree.defs.length,
    chosen,
    oracle: (def) => {
      if (def.outside) return { refuse: `tied to ${def.outside}, outside the tree` }
      const at = (d) => [`${d.file}:${d.line}:${d.col}`, ...d.refs.map((r) => `${r.file}:${r.line}:${r.col}`)]
      return new Set([...at(def), ...(def.tied ?? []).flatMap((t) => at(bySite.get(`${t.file}:${t.line}:${t.col}`) ?? { ...t, refs: [] }))])
    },
    checkName: "new go/types error",
    errors: () => ({ before: baseline, after: oracleOf(["-check", "-root", ws, pkg]) }),
    close: () => {}
  }
}
