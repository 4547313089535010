/**
 * `splice rename` as a real process under Node and Deno: run from a nested subdirectory it renames
 * across files (import specifiers, a shorthand property), undo takes it back, a clash and an unknown
 * name are coded errors that write nothing, and kill -9 between the writes and the commit is undone
 * by `splice recover`.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, logicRuntimes, runAsync, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const BASE: Record<string, string> = {
  "src/geo/area.ts": "export function area(r: number): number {\n  return r * r\n}\nexport const shapes = { area }\n",
  "src/app/main.ts": "import { area } from \"../geo/area\"\r\nexport const total = area(2) + area(3)\r\n", // CRLF
  "src/app/deep/other.ts": "import { area as a } from \"../../geo/area\"\nexport const one = a(1)\n"
}
const AFTER: Record<string, string> = {
  "src/geo/area.ts": "export function surface(r: number): number {\n  return r * r\n}\nexport const shapes = { area: surface }\n",
  "src/app/main.ts": "import { surface } from \"../geo/area\"\r\nexport const total = surface(2) + surface(3)\r\n",
  "src/app/deep/other.ts": "import { surface as a } from \"../../geo/area\"\nexport const one = a(1)\n"
}

describe.each(logicRuntimes)("splice rename under $name", (rt) => {
  const setup = () => {
    const ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    for (const [f, text] of Object.entries(BASE)) {
      fs.mkdirSync(path.dirname(path.join(ws, f)), { recursive: true })
      fs.writeFileSync(path.join(ws, f), text)
    }
    return ws
  }
  const files = (ws: string) => Object.fromEntries(Object.keys(BASE).map((f) => [f, fs.readFileSync(path.join(ws, f), "utf8")]))

  it("from a nested subdirectory (--file relative to it): every file renamed in one transaction, CRLF kept, then undone", async () => {
    const ws = setup()
    const cwd = path.join(ws, "src/app/deep")
    // --file (refs' and find's spelling of --path), relative to the current directory.
    const r = await runAsync(rt, ["rename", "--symbol", "area", "--to", "surface", "--file", "../../geo/area.ts", "--output", "json"], { cwd })
    expect(r.code, r.stdout + r.stderr).toBe(0)
    expect(r.last).toMatchObject({ command: "rename", changed: true, renamed: 6, new_name: "surface", symbol: { file: "src/geo/area.ts", line: 1 } })
    expect((r.last["files"] as Array<{ file: string }>).map((f) => f.file)).toEqual(["src/app/deep/other.ts", "src/app/main.ts", "src/geo/area.ts"])
    expect(files(ws)).toEqual(AFTER)
    const refs = await runAsync(rt, ["refs", "surface", "--output", "json"], { cwd })
    expect((refs.last["references"] as unknown[]).length).toBe(6) // a(1) through the alias too
    const u = await runAsync(rt, ["undo", "--output", "json"], { cwd })
    expect(u.last).toMatchObject({ command: "undo", undid: r.last["tx"], undid_command: "rename" })
    expect(files(ws)).toEqual(BASE)
  })

  it("a use typed through a dependency in node_modules (a library function's result) is renamed, and undone; an override of the library's method is SPL-E140", async () => {
    const ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    const put = (f: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(ws, f)), { recursive: true })
      fs.writeFileSync(path.join(ws, f), text)
    }
    put(".gitignore", "node_modules/\n")
    put("node_modules/@acme/query/package.json", "{ \"name\": \"@acme/query\", \"types\": \"index.d.ts\" }\n")
    put("node_modules/@acme/query/index.d.ts", "export declare function useQuery<T>(options: { queryFn: () => Promise<T> }): { data: T | undefined };\nexport declare class QueryClient {\n  mount(): void;\n}\n")
    const todos = "import { useQuery } from \"@acme/query\"\nimport { QueryClient } from \"@acme/query\"\nexport interface Todo {\n  title: string\n}\nexport function first() {\n  const q = useQuery({ queryFn: async (): Promise<Todo[]> => [] })\n  return q.data?.[0]?.title\n}\nexport class Logging extends QueryClient {\n  mount() {}\n}\n"
    put("src/app/todos.ts", todos)
    const cwd = path.join(ws, "src/app")
    const r = await runAsync(rt, ["rename", "--symbol", "Todo.title", "--to", "heading", "--output", "json"], { cwd })
    expect(r.code, r.stdout + r.stderr).toBe(0)
    expect(r.last).toMatchObject({ engine: "typescript", renamed: 2, unresolved: [] })
    expect(fs.readFileSync(path.join(cwd, "todos.ts"), "utf8")).toBe(todos.replace("  title: string", "  heading: string").replace("?.title", "?.heading"))
    expect((await runAsync(rt, ["undo", "--output", "json"], { cwd })).code).toBe(0)
    expect(fs.readFileSync(path.join(cwd, "todos.ts"), "utf8")).toBe(todos)
    const refused = await runAsync(rt, ["rename", "--symbol", "Logging.mount", "--to", "start", "--output", "json"], { cwd })
    expect(refused.code).toBe(7)
    expect(refused.last).toMatchObject({ code: "SPL-E140", context: { clashes: [{ file: "src/app/todos.ts", line: 11, name: "mount" }] } })
    expect(fs.readFileSync(path.join(cwd, "todos.ts"), "utf8")).toBe(todos)
  })

  it("a clash (SPL-E140, exit 7) and an unknown name (SPL-E001, exit 6) write nothing", async () => {
    const ws = setup()
    fs.writeFileSync(path.join(ws, "src/app/main.ts"), BASE["src/app/main.ts"]!.replace("export const total", "const surface = 1\r\nexport const total"))
    const clash = await runAsync(rt, ["rename", "--symbol", "area", "--to", "surface", "--output", "json"], { cwd: ws })
    expect(clash.code).toBe(7)
    expect(clash.last).toMatchObject({ code: "SPL-E140", context: { clashes: [{ file: "src/app/main.ts", line: 1, name: "surface" }] } })
    const unknown = await runAsync(rt, ["rename", "--symbol", "aera", "--to", "x", "--output", "json"], { cwd: ws })
    expect(unknown.code).toBe(6)
    expect(unknown.last).toMatchObject({ code: "SPL-E001", context: { did_you_mean: ["area"] } })
    expect(files(ws)["src/geo/area.ts"]).toBe(BASE["src/geo/area.ts"])
  })

  it("JavaScript: a call through an untyped parameter refuses the rename (SPL-E159, exit 7, nothing written); --keep-unresolved renames the rest and lists it", async () => {
    const ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    const lib = "export class Queue {\n  push(v) { return v }\n}\nexport const use = (q) => q.push(1)\nexport const run = () => new Queue().push(2)\n"
    fs.writeFileSync(path.join(ws, "lib.js"), lib)
    const refused = await runAsync(rt, ["rename", "--symbol", "Queue.push", "--to", "enqueue", "--output", "json"], { cwd: ws })
    expect(refused.code, refused.stdout + refused.stderr).toBe(7)
    expect(refused.last).toMatchObject({ code: "SPL-E159", context: { uses: [{ file: "lib.js", line: 4, kind: "call" }], total: 1 } })
    expect(fs.readFileSync(path.join(ws, "lib.js"), "utf8")).toBe(lib)
    const kept = await runAsync(rt, ["rename", "--symbol", "Queue.push", "--to", "enqueue", "--keep-unresolved", "--output", "json"], { cwd: ws })
    expect(kept.code, kept.stdout + kept.stderr).toBe(0)
    expect(kept.last).toMatchObject({ renamed: 2, unresolved: [{ file: "lib.js", line: 4, kind: "call", renamed: false }] })
    expect(fs.readFileSync(path.join(ws, "lib.js"), "utf8")).toBe(lib.replace("  push(v)", "  enqueue(v)").replace("Queue().push", "Queue().enqueue"))
  })

  it("kill -9 between the writes and the commit, then `splice recover`: every file as before", async () => {
    const ws = setup()
    const p = startUntil(rt, ["rename", "--symbol", "area", "--to", "surface", "--workspace", ws], { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "10000" } }, /test hold/)
    await p.reached
    expect(files(ws)).toEqual(AFTER) // written, not committed
    p.child.kill("SIGKILL")
    expect((await p.done).signal).toBe("SIGKILL")
    const rec = await runAsync(rt, ["recover", "--output", "json"], { cwd: ws })
    expect(rec.code).toBe(0)
    expect(rec.lines.find((l) => l["type"] === "transaction")).toMatchObject({ command: "rename", status: "rolled_back" })
    expect(files(ws)).toEqual(BASE)
  })

  it("splice case --to snake renames as rename does, and undo takes it back", async () => {
    const ws = setup()
    fs.writeFileSync(path.join(ws, "src/geo/shape.ts"), "export function makeShape() { return 1 }\nexport const s = makeShape()\n")
    const r = await runAsync(rt, ["case", "--symbol", "makeShape", "--to", "snake", "--output", "json"], { cwd: path.join(ws, "src") })
    expect(r.code, r.stdout + r.stderr).toBe(0)
    expect(r.last).toMatchObject({ command: "case", new_name: "make_shape", renamed: 2 })
    expect(fs.readFileSync(path.join(ws, "src/geo/shape.ts"), "utf8")).toBe("export function make_shape() { return 1 }\nexport const s = make_shape()\n")
    const bad = await runAsync(rt, ["case", "--symbol", "make_shape", "--to", "kebab", "--output", "json"], { cwd: ws })
    expect(bad.code).toBe(2)
    expect(bad.last).toMatchObject({ code: "SPL-E141" })
    expect((await runAsync(rt, ["undo", "--output", "json"], { cwd: ws })).last).toMatchObject({ undid_command: "case" })
    expect(fs.readFileSync(path.join(ws, "src/geo/shape.ts"), "utf8")).toBe("export function makeShape() { return 1 }\nexport const s = makeShape()\n")
  })
})
