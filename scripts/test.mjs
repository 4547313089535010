// The whole check, as CI runs it: build, type-check, the suite under Node (unit, commands on the
// memory layers, integration on real disks, e2e on the bundle under Node and Deno), the suite again
// under Deno (all but e2e), and a smoke test of the Node single executable. Ends with one line:
// "N passed, N failed".
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

let passed = 0
let failed = 0
const failures = []

const step = (name, cmd, args, options = {}) => {
  console.log(`\n=== ${name}: ${[cmd, ...args].join(" ")}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: "inherit", ...options })
  console.log(`=== ${name}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return r.status === 0
}

const check = (name, ok) => {
  if (ok) passed++
  else {
    failed++
    failures.push(name)
  }
}

/** Run vitest under a runtime, counting its tests from the JSON report. */
const vitest = (name, cmd, args) => {
  const dir = mkdtempSync(join(tmpdir(), "splice-report-"))
  const report = join(dir, "report.json")
  const ok = step(name, cmd, [...args, "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`])
  if (!existsSync(report)) {
    check(`${name} (no report)`, false)
    return
  }
  const r = JSON.parse(readFileSync(report, "utf8"))
  passed += r.numPassedTests
  failed += r.numFailedTests
  for (const file of r.testResults) {
    for (const t of file.assertionResults) if (t.status === "failed") failures.push(`${name}: ${t.fullName}`)
  }
  if (!ok && r.numFailedTests === 0) check(`${name} (runner failed)`, false)
  rmSync(dir, { recursive: true, force: true })
}

const npx = (bin) => join("node_modules", ".bin", bin)
const denoExe = (() => {
  const scope = join("node_modules", "@deno")
  for (const d of existsSync(scope) ? readdirSync(scope) : []) if (existsSync(join(scope, d, "deno"))) return join(scope, d, "deno")
  return npx("deno")
})()

check("build", step("build", process.execPath, ["scripts/build.mjs"]))
check("typecheck", step("typecheck", npx("tsc"), ["--noEmit", "-p", "tsconfig.json"]))
vitest("node", process.execPath, [join("node_modules", "vitest", "vitest.mjs")])
vitest("deno", denoExe, ["run", "-A", join("node_modules", "vitest", "vitest.mjs")])

// The Node single executable: built offline, then used for real.
if (step("sea build", process.execPath, ["scripts/sea.mjs"])) {
  passed++
  const ws = mkdtempSync(join(tmpdir(), "splice-sea-"))
  writeFileSync(join(ws, "a.ts"), "export const a = 1\r\n")
  const sea = join(process.cwd(), "dist", "splice-sea")
  const run = (args) => spawnSync(sea, [...args, "--workspace", ws], { encoding: "utf8" })
  const help = spawnSync(sea, ["--help"], { encoding: "utf8" })
  check("sea --help", help.status === 0 && help.stdout.includes("Usage: splice COMMAND"))
  const ok = run(["edit", "--file", "a.ts", "--replace-old", "a = 1", "--replace-new", "a = 2"])
  check("sea edit", ok.status === 0 && readFileSync(join(ws, "a.ts"), "utf8") === "export const a = 2\r\n")
  const bad = run(["edit", "--file", "a.ts", "--replace-old", "a = 2", "--replace-new", "a = (2"])
  check("sea syntax gate", bad.status === 5 && JSON.parse(bad.stdout.trim().split("\n").pop()).code === "SPL-E042")
  const undo = run(["undo"])
  check("sea undo", undo.status === 0 && readFileSync(join(ws, "a.ts"), "utf8") === "export const a = 1\r\n")
  const index = run(["index"])
  const find = run(["find", "a"])
  check("sea graph", index.status === 0 && find.status === 0 && JSON.parse(find.stdout.trim().split("\n")[0]).name === "a")
  // TypeScript's standard library ships beside the executable (dist/grammars/typescript-lib): an
  // array's methods are known.
  writeFileSync(join(ws, "b.ts"), "const xs = [1, 2]\nexport const ys = xs.ma\n")
  const complete = run(["complete", "--file", "b.ts", "--line", "2", "--column", "24"])
  check("sea complete (shipped lib)", complete.status === 0 && JSON.parse(complete.stdout.trim().split("\n").pop()).candidates?.some((c) => c.name === "map") === true)
  // The MCP server too: three requests on stdin, then end of input (the server answers, then exits 0).
  const rpc = [
    { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "ci", version: "1" } } },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
    { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "read", arguments: { file: "a.ts" } } }
  ]
  const mcp = spawnSync(sea, ["mcp", "--workspace", ws], { input: rpc.map((m) => JSON.stringify(m)).join("\n") + "\n", encoding: "utf8", timeout: 60_000 })
  const answers = new Map(mcp.stdout.trim().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l)).map((m) => [m.id, m]))
  check("sea mcp", mcp.status === 0 && answers.get(2)?.result?.tools?.some((t) => t.name === "edit") === true &&
    answers.get(3)?.result?.structuredContent?.content === "export const a = 1\r\n")
  rmSync(ws, { recursive: true, force: true })
} else check("sea build", false)

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  - ${f}`).join("\n")}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
