/**
 * The whole command set run from a nested subdirectory of a git repository — with no --workspace,
 * with --workspace as a relative path, with SPLICE_WORKSPACE — gives the same results as from the
 * root, under Node and Deno. Paths the user types are taken from the current directory; journal,
 * locks, graph and gates use the one workspace root.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, type Result, runAsync, runSync, runtimes, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const SUB = "pkg/inner"

const makeWorkspace = (): string => {
  const ws = tempWorkspace("splice-subdir-")
  fs.mkdirSync(path.join(ws, ".git"))
  fs.mkdirSync(path.join(ws, SUB, "deeper"), { recursive: true })
  fs.writeFileSync(path.join(ws, "top.ts"), "export function top(n: number): number {\n  return n + 1\n}\n")
  fs.writeFileSync(path.join(ws, SUB, "x.ts"), "import { top } from \"../../top\"\n\nexport const x = top(1)\n")
  fs.writeFileSync(path.join(ws, SUB, "deeper", "y.py"), "def y():\n    return 1\n")
  return ws
}

/** How a command is run: from where, and how the workspace is named. */
interface Way {
  readonly name: string
  readonly cwd: string
  readonly flags: ReadonlyArray<string>
  readonly env: Record<string, string>
  /** The flags before the command (`splice --workspace ../.. edit …`), as `git -C` takes them. */
  readonly first?: boolean
}
const ways: ReadonlyArray<Way> = [
  { name: "the root", cwd: "", flags: [], env: {} },
  { name: "a nested subdirectory (git root found)", cwd: SUB, flags: [], env: {} },
  { name: "a nested subdirectory with --workspace ../.. before the command", cwd: SUB, flags: ["--workspace", "../.."], env: {}, first: true },
  { name: "a nested subdirectory with SPLICE_WORKSPACE=../..", cwd: SUB, flags: [], env: { SPLICE_WORKSPACE: "../.." } }
]

/** A root-relative path as the user would type it from `cwd`. */
const typed = (way: Way, p: string) => path.relative(way.cwd === "" ? "." : way.cwd, p) || "."

/** Output with what legitimately differs between runs (ids, times, the temp dir) taken out. */
const normalise = (r: Result, ws: string) =>
  JSON.parse(
    JSON.stringify({ code: r.code, lines: r.lines })
      .replaceAll(ws, "<ws>")
      .replace(/\d{8}T\d{9}Z-[0-9a-z]{8}/g, "<tx>")
      .replace(/"(duration_ms|elapsed_ms|created|at|since|mtime|ms|files_per_second)":[^,}]+/g, "\"$1\":0")
      // An error quotes the path as the user typed it, which differs by design.
      .replace(/"path":"[^"]*"/g, "\"path\":\"<typed>\"")
      .replace(/outside the workspace: [^"]*/g, "outside the workspace: <typed>")
  )

/** The command set, each step given root-relative paths. */
const script = (way: Way): ReadonlyArray<{ readonly args: ReadonlyArray<string>; readonly input?: string }> => {
  const p = (rel: string) => typed(way, rel)
  return [
    { args: ["edit", "--file", p(`${SUB}/x.ts`), "--replace-old", "top(1)", "--replace-new", "top(2)"] },
    { args: ["edit", "--preview", "--file", p("top.ts"), "--replace-old", "n + 1", "--replace-new", "n + 2"] },
    { args: ["write", "--create", "--file", p(`${SUB}/deeper/new.py`)], input: "def n():\n    return 2\n" },
    { args: ["read", "--file", p(`${SUB}/x.ts`), "--lines", "3:3", "--numbered"] },
    { args: ["hash", p(`${SUB}/x.ts`), p("top.ts")] },
    { args: ["check", "--validate", "syntax", p(`${SUB}/deeper/y.py`)] },
    { args: ["edit", "--file", p(`${SUB}/missing.ts`), "--replace-old", "a", "--replace-new", "b"] },
    { args: ["edit", "--file", p("../outside.ts"), "--replace-old", "a", "--replace-new", "b"] },
    { args: ["edit", "--file", p(`${SUB}/x.ts`), "--replace-old", "top(2)", "--replace-new", "top(2"] },
    { args: ["undo"] },
    { args: ["undo"] },
    { args: ["recover"] },
    { args: ["index"] },
    { args: ["status"] },
    { args: ["find", "top"] },
    { args: ["find", "x", "--file", p(`${SUB}/x.ts`)] },
    { args: ["refs", "top"] },
    { args: ["outline", p("top.ts")] },
    { args: ["files"] },
    { args: ["suggest", "--fn-name", "double_top", "--desc", "Double the top value", "--file", p(`${SUB}/z.ts`)] },
    { args: ["export", "--format", "jsonl"] }
  ]
}

describe.each(runtimes)("every command from a nested subdirectory under $name", (rt) => {
  const made: string[] = []
  const fresh = () => {
    const ws = makeWorkspace()
    made.push(ws)
    return ws
  }
  afterEach(() => {
    for (const ws of made.splice(0)) fs.rmSync(ws, { recursive: true, force: true })
  })

  const runAll = async (way: Way) => {
    const ws = fresh()
    const outputs = []
    for (const step of script(way)) {
      const r = await runAsync(rt, way.first === true ? [...way.flags, ...step.args] : [...step.args, ...way.flags], {
        cwd: path.join(ws, way.cwd),
        env: { HOME: ws, ...way.env },
        ...(step.input !== undefined ? { input: step.input } : {})
      })
      outputs.push({ step: step.args[0], ...normalise(r, ws) })
    }
    const tree = spawnSync("find", [".", "-path", "./.splice", "-prune", "-o", "-print"], { cwd: ws, encoding: "utf8" }).stdout.split("\n").sort()
    const state = fs.readdirSync(path.join(ws, ".splice")).sort()
    return { outputs, tree, state }
  }

  // ~20 processes per way: each way is its own test, with room for a loaded machine.
  const SLOW = 240_000
  let root: ReturnType<typeof runAll> | undefined
  const reference = () => (root ??= runAll(ways[0]!))

  it("from the root: the reference run does what the script says", async () => {
    const r = await reference()
    expect(r.outputs.map((o) => o.code)).toEqual([0, 0, 0, 0, 0, 0, 4, 8, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(r.state).toEqual([".gitignore", "graph.db", "locks", "tx"])
    expect(r.tree).not.toContain("./pkg/inner/.splice")
  }, SLOW)

  // Under Deno, the git root found from a subdirectory; how a relative --workspace or
  // SPLICE_WORKSPACE is resolved is the same code under both runtimes (Node runs all three).
  for (const way of rt.name === "node" ? ways.slice(1) : ways.slice(1, 2)) {
    it(`from ${way.name}: the same results as from the root`, async () => {
      expect(await runAll(way)).toEqual(await reference())
    }, SLOW)
  }

  it("kill -9 mid-write in a subdirectory; `splice recover` from the root rolls it back", async () => {
    const ws = fresh()
    const original = fs.readFileSync(path.join(ws, SUB, "x.ts"), "utf8")
    const p = startUntil(rt, ["edit", "--file", "x.ts", "--replace-old", "top(1)", "--replace-new", "top(3)"], {
      cwd: path.join(ws, SUB),
      env: { SPLICE_TEST_HOLD_MS: "10000" }
    }, /test hold/)
    await p.reached
    p.child.kill("SIGKILL")
    await p.done
    expect(fs.readFileSync(path.join(ws, SUB, "x.ts"), "utf8")).toContain("top(3)")
    expect(fs.existsSync(path.join(ws, SUB, ".splice"))).toBe(false)
    const r = runSync(rt, ["recover"], { cwd: ws })
    expect(r.code).toBe(0)
    expect(r.lines.find((l) => l["type"] === "transaction")).toMatchObject({ status: "rolled_back", files: [{ file: `${SUB}/x.ts`, action: "restored" }] })
    expect(fs.readFileSync(path.join(ws, SUB, "x.ts"), "utf8")).toBe(original)
  })

  const hasGo = spawnSync("go", ["version"]).status === 0
  it.skipIf(!hasGo)("the compiler gate from a subdirectory checks the right package and really rolls back (go vet)", () => {
    const ws = fresh()
    fs.writeFileSync(path.join(ws, "go.mod"), "module example.com/m\n\ngo 1.19\n")
    fs.writeFileSync(path.join(ws, SUB, "inner.go"), "package inner\n\nfunc F() int {\n\treturn 1\n}\n")
    const r = runSync(rt, ["edit", "--file", "inner.go", "--replace-old", "return 1", "--replace-new", "return undeclaredName", "--validate", "full"], {
      cwd: path.join(ws, SUB),
      env: { SPLICE_TRUST: "1", GOFLAGS: "-mod=mod", GOCACHE: path.join(ws, ".gocache"), GOPATH: path.join(ws, ".gopath") }
    })
    expect([r.code, r.last["code"]]).toEqual([5, "SPL-E043"])
    expect(JSON.stringify(r.last["context"])).toContain("undeclaredName")
    expect(fs.readFileSync(path.join(ws, SUB, "inner.go"), "utf8")).toContain("return 1")
  })
})
