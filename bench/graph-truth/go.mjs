// Go: splice's graph against go/types (types.Info.Uses) on net/http and its sub-packages from the Go
// installation's own sources (Debian's golang-go; CI's Go). bench/graph-truth/go_oracle/main.go
// type-checks each package as `go test` sees it, standard library only, no network; splice indexes
// exactly the files it checked. Package-level functions, types, constants and variables, methods and
// interface methods are sampled by kind with a fixed seed.
// Usage: npm run build && node bench/graph-truth/go.mjs [--sample 66] [--fields 30] [--seed 11] [--package net/http]
import { execFileSync } from "node:child_process"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { ctagsCoverage, ctagsText, env, parseArgs, querySymbol, removeWorkspace, report, sampleByKind, siteClass, sourceLines, splice, spliceServer, workspace } from "./common.mjs"

/** The Go toolchain, offline (no module proxy, no toolchain download): its environment, GOROOT and version. */
export const goToolchain = () => {
  const goEnv = { ...env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" }
  try {
    const goroot = execFileSync("go", ["env", "GOROOT"], { env: goEnv, encoding: "utf8" }).trim()
    const version = execFileSync("go", ["env", "GOVERSION"], { env: goEnv, encoding: "utf8" }).trim()
    return { goEnv, goroot, version }
  } catch {
    throw new Error("no Go toolchain: apt-get install golang-go")
  }
}

export const run = async ({ sample, seed, package: pkg = "net/http", fields = 30 }) => {
  const { goEnv, goroot, version } = goToolchain()
  const oracle = JSON.parse(execFileSync("go", ["run", "main.go", pkg], { cwd: join(import.meta.dirname, "go_oracle"), env: goEnv, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "inherit"] }))
  const ws = workspace(join(goroot, "src"), oracle.files)
  try {
    const index = splice(ws, ["index", "--full"])
    const ctags = ctagsCoverage(ws, "Go", ["func", "const", "var", "type", "struct", "interface", "talias", "methodSpec"])
    // Struct fields apart (--fields, 0 for none), so the declarations' sample stays the one of earlier figures.
    const decls = oracle.defs.filter((d) => d.kind !== "field")
    const fieldDecls = oracle.defs.filter((d) => d.kind === "field")
    const chosen = [...sampleByKind(decls, sample, seed), ...sampleByKind(fieldDecls, fields, seed)]
    const t = performance.now()
    const server = await spliceServer(ws)
    const lines = sourceLines(ws)
    const outcomes = []
    try {
      for (const def of chosen) outcomes.push(await querySymbol(server, lines, { ...def, declarations: [{ file: def.file, line: def.line, col: def.col }] }))
    } finally {
      await server.close()
    }
    const label = `Go, ${pkg} (${version}, ${oracle.files.length} files) vs go/types Uses; ${decls.length} declarations and ${fieldDecls.length} struct fields, sample ${chosen.length}, seed ${seed}`
    const rep = report(label, outcomes, lines, siteClass)
    return { ...rep, text: rep.text + "\n" + ctagsText(ctags, lines), ctags, label, row: `Go, ${pkg} (${version})`, oracle: "go/types `Uses`", index, queryMs: performance.now() - t }
  } finally {
    removeWorkspace(ws)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await run(parseArgs(process.argv.slice(2), { package: "net/http", fields: 30 }))
  console.log(r.text)
  console.log(`(splice index --full ${(r.index.ms / 1000).toFixed(1)} s, peak RSS ${r.index.peakRssMb?.toFixed(0) ?? "?"} MB; queries ${(r.queryMs / 1000).toFixed(1)} s)`)
}
