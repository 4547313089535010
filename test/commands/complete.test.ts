/** `splice complete` on the memory layers: TypeScript's completions for TS/JS, the graph's for the rest. */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { type CompleteConfig, completeCommand } from "../../src/commands/graph/complete.js"
import { DependencyTypesCache, makeDependencyTypesCache } from "../../services/DependencyTypesCache.js"
import { runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs } from "../support/memory.js"
import { tsconfigMonorepo } from "../support/tsconfigProject.js"

const at = (file: string, line: number, column: number, more: Partial<CompleteConfig> = {}): CompleteConfig => ({ file, line, column, limit: 20, maxBytes: 1 << 24, ...more })
const names = (r: { last: Record<string, unknown> }) => (r.last["candidates"] as Array<{ name: string }>).map((c) => c.name)

describe("splice complete on the memory layers", () => {
  it("TS: the members of a typed receiver, narrowed to the partial word, with signatures", async () => {
    const mem = new MemoryFs()
    mem.put("box.ts", "export class Box {\n  get(k: string): string { return k }\n  getAll(): string[] { return [] }\n  put(v: number) {}\n}\n")
    mem.put("use.ts", "import { Box } from \"./box\"\nconst b: Box = new Box()\nb.ge\n")
    const r = await runGraph(completeCommand(at("use.ts", 3, 5)), mem, new SavedGraph())
    expect(r.exit).toBe(0)
    expect(r.last).toMatchObject({ command: "complete", engine: "typescript", prefix: "ge", receiver: "b" })
    expect(names(r)).toEqual(["get", "getAll"])
    expect((r.last["candidates"] as Array<{ signature: string }>)[0]!.signature).toBe("(method) Box.get(k: string): string")
    const scope = await runGraph(completeCommand(at("use.ts", 3, 1)), mem, new SavedGraph())
    expect(names(scope)).toEqual(expect.arrayContaining(["Box", "b"]))
  })

  it("TS: members of the standard library's types (a string, an array's element), the DOM only when the tsconfig's lib asks for it", async () => {
    const mem = new MemoryFs()
    mem.put("s.ts", "export class Box {\n  get(k: string) { return k }\n}\nconst boxes: Box[] = []\nexport const a = \"x\".toUp\nexport const b = boxes[0].ge\nexport const c = boxes.fi\nexport const d = document.getElementBy\n")
    const stringMembers = await runGraph(completeCommand(at("s.ts", 5, 25)), mem, new SavedGraph())
    expect(names(stringMembers)).toEqual(["toUpperCase", "toLocaleUpperCase"])
    expect(names(await runGraph(completeCommand(at("s.ts", 6, 28)), mem, new SavedGraph()))).toEqual(["get"])
    expect(names(await runGraph(completeCommand(at("s.ts", 7, 25)), mem, new SavedGraph()))).toEqual(expect.arrayContaining(["fill", "filter", "find", "findIndex"]))
    // No tsconfig: ES2020 without the DOM, so `document` is unknown; a tsconfig whose lib lists "dom" brings it.
    expect(names(await runGraph(completeCommand(at("s.ts", 8, 39)), mem, new SavedGraph()))).toEqual([])
    mem.put("tsconfig.json", "{ \"compilerOptions\": { \"lib\": [\"es2020\", \"dom\"] } }\n")
    expect(names(await runGraph(completeCommand(at("s.ts", 8, 39)), mem, new SavedGraph()))).toEqual(["getElementById", "getElementsByClassName", "getElementsByName", "getElementsByTagName", "getElementsByTagNameNS"])
  })

  it("TS: the tsconfig's checking options are the LanguageService's (strict: what an optional parameter returns may be undefined)", async () => {
    const mem = new MemoryFs()
    mem.put("f.ts", "export function scale(a?: number) { return a }\nsc\n")
    const signature = async () => ((await runGraph(completeCommand(at("f.ts", 2, 3)), mem, new SavedGraph())).last["candidates"] as Array<{ signature: string }>)[0]!.signature
    expect(await signature()).toBe("function scale(a?: number): number")
    mem.put("tsconfig.json", "{ \"compilerOptions\": { \"strict\": true, \"outDir\": \"dist\" } }\n")
    expect(await signature()).toBe("function scale(a?: number): number | undefined")
  })

  it("TS: the options come from the whole extends chain (an array; a package from node_modules by name and by subpath; a relative path without .json)", async () => {
    const mem = new MemoryFs()
    tsconfigMonorepo(mem)
    // The DOM from the base's lib (which overrides node20's), strict from @tsconfig/strictest two levels down.
    expect(names(await runGraph(completeCommand(at("packages/app/src/main.ts", 4, 40)), mem, new SavedGraph()))).toEqual(["getElementById", "getElementsByClassName", "getElementsByName", "getElementsByTagName", "getElementsByTagNameNS"])
    const scale = await runGraph(completeCommand(at("packages/app/src/main.ts", 3, 1, { limit: 200 })), mem, new SavedGraph())
    expect((scale.last["candidates"] as Array<{ name: string; signature: string }>).find((c) => c.name === "scale")?.signature).toBe("function scale(a?: number): number | undefined")
  })

  it("TS: after a value typed any, where TypeScript knows no member, the file's words that match, nearest first, as kind text", async () => {
    const mem = new MemoryFs()
    mem.put("log.ts", "const target = 1\nexport const show = (e: any, total: number) => `${e.ta} ${e.to}`\nexport const tally = () => target + 1\n")
    const r = await runGraph(completeCommand(at("log.ts", 2, 55)), mem, new SavedGraph())
    // TypeScript offers nothing there (undefined), nor does the graph: the words are all there is.
    expect(r.last).toMatchObject({ engine: "graph", prefix: "ta", receiver: "e" })
    expect(r.last["candidates"]).toEqual([
      { name: "target", kind: "text", signature: null, source: null },
      { name: "tally", kind: "text", signature: null, source: null },
      { name: "total", kind: "text", signature: null, source: null } // the letters in order, last
    ])
    // Where TypeScript has candidates, no word is added to them.
    const typed = await runGraph(completeCommand(at("log.ts", 3, 30)), mem, new SavedGraph())
    expect((typed.last["candidates"] as Array<{ name: string; kind: string }>).slice(0, 2)).toEqual([
      expect.objectContaining({ name: "tally", kind: "var" }), // (TypeScript's kind for a const being declared)
      expect.objectContaining({ name: "target", kind: "const" })
    ])
    expect((typed.last["candidates"] as Array<{ kind: string }>).every((c) => c.kind !== "text")).toBe(true)
  })

  it("TS: a receiver typed by a dependency has its members (the package's declarations from node_modules: exports map, .js specifiers, its own dependencies, @types)", async () => {
    const mem = new MemoryFs({
      "package.json": "{ \"name\": \"app\", \"type\": \"module\" }\n",
      "node_modules/@acme/client/package.json": JSON.stringify({ name: "@acme/client", exports: { ".": { import: { types: "./dist/index.d.ts", default: "./dist/index.js" } } } }),
      "node_modules/@acme/client/dist/index.d.ts": "export { QueryClient } from \"./client.js\";\n",
      "node_modules/@acme/client/dist/index.js": "export class QueryClient {}\n",
      "node_modules/@acme/client/dist/client.d.ts": "import type { Options } from \"@acme/options\";\nexport declare class QueryClient {\n  mount(): void;\n  unmount(): void;\n  getQueryData(key: string): unknown;\n  options: Options;\n}\n",
      "node_modules/@acme/options/package.json": "{ \"name\": \"@acme/options\", \"types\": \"index.d.ts\" }",
      "node_modules/@acme/options/index.d.ts": "export interface Options { verbose: boolean }\n",
      "node_modules/legacy/package.json": "{ \"name\": \"legacy\", \"main\": \"index.js\" }",
      "node_modules/legacy/index.js": "module.exports = { run() {} }\n",
      "node_modules/@types/legacy/package.json": "{ \"name\": \"@types/legacy\" }",
      "node_modules/@types/legacy/index.d.ts": "declare const legacy: { run(): void; reset(): void };\nexport default legacy;\n",
      "src/use.ts": [
        "import { QueryClient } from \"@acme/client\"",
        "import legacy from \"legacy\"",
        "/** Mounts the client: calls client.mount() and moves on. */",
        "export function go(client: QueryClient) {",
        "  client.m",
        "  client.options.ve",
        "  legacy.r",
        "}",
        ""
      ].join("\n")
    })
    const saved = new SavedGraph()
    const client = await runGraph(completeCommand(at("src/use.ts", 5, 11)), mem, saved)
    expect(client.last).toMatchObject({ engine: "typescript", receiver: "client", prefix: "m" })
    expect(names(client)).toEqual(["mount", "unmount"])
    expect((client.last["candidates"] as Array<{ signature: string }>)[0]!.signature).toBe("(method) QueryClient.mount(): void")
    expect(names(await runGraph(completeCommand(at("src/use.ts", 6, 20)), mem, saved))).toEqual(["verbose"])
    expect(names(await runGraph(completeCommand(at("src/use.ts", 7, 11)), mem, saved))).toEqual(["reset", "run"])
  })

  it("TS, a server's kept dependency declarations: reused while unchanged, read again when a package is upgraded, edited, removed or installed", async () => {
    const mem = new MemoryFs({
      ".gitignore": "node_modules/\n",
      "node_modules/@acme/client/package.json": "{ \"name\": \"@acme/client\", \"types\": \"index.d.ts\" }",
      "node_modules/@acme/client/index.d.ts": "export declare class QueryClient {\n  mount(): void;\n  unmount(): void;\n}\n",
      "src/use.ts": "import { QueryClient } from \"@acme/client\"\nexport function go(client: QueryClient) {\n  client.m\n}\n"
    })
    const saved = new SavedGraph()
    const cache = makeDependencyTypesCache()
    // The members TypeScript offers (without the package, only the file's words are: kind "text").
    const members = async (kept = true) => {
      const r = await runGraph(kept ? completeCommand(at("src/use.ts", 3, 11)).pipe(Effect.provideService(DependencyTypesCache, cache)) : completeCommand(at("src/use.ts", 3, 11)), mem, saved)
      return (r.last["candidates"] as Array<{ name: string; kind: string }>).filter((c) => c.kind !== "text").map((c) => c.name)
    }
    expect(await members()).toEqual(["mount", "unmount"])
    expect([...cache.files.keys()].sort()).toEqual(["node_modules/@acme/client/index.d.ts", "node_modules/@acme/client/package.json"])
    // Nothing in node_modules can be read now: a call without the cache loses the members, one with it reads nothing and keeps them.
    mem.faults.push({ op: "read", path: "node_modules/", errno: "EACCES" })
    expect(await members(false)).toEqual([])
    expect(await members()).toEqual(["mount", "unmount"])
    mem.faults = []
    // Upgraded (a new member), then edited in place at the same size (`mount` → `mouse`): the mtime moved, read again.
    mem.put("node_modules/@acme/client/index.d.ts", "export declare class QueryClient {\n  mount(): void;\n  unmount(): void;\n  mutate(): void;\n}\n")
    expect(await members()).toEqual(["mount", "mutate", "unmount"])
    mem.put("node_modules/@acme/client/index.d.ts", "export declare class QueryClient {\n  mouse(): void;\n  unmount(): void;\n  mutate(): void;\n}\n")
    expect(await members()).toEqual(["mouse", "mutate", "unmount"])
    // A version whose files kept their old mtime (yarn, `tar -p`, `cp -p`), same size: the ctime moved.
    const file = "/ws/node_modules/@acme/client/index.d.ts"
    const old = mem.entries.get(file)!
    mem.put("node_modules/@acme/client/index.d.ts", "export declare class QueryClient {\n  mourn(): void;\n  unmount(): void;\n  mutate(): void;\n}\n")
    const copied = mem.entries.get(file)!
    if (copied.kind === "file" && old.kind === "file") Object.assign(copied, { mtimeMs: old.mtimeMs, ctimeMs: mem.tick() })
    expect(await members()).toEqual(["mourn", "mutate", "unmount"])
    // Removed: nothing types the client; installed again, nearer, under src/: that one.
    for (const f of ["node_modules/@acme/client/package.json", "node_modules/@acme/client/index.d.ts"]) mem.entries.delete(`/ws/${f}`)
    expect(cache.files.size).toBe(2)
    expect(await members()).toEqual([])
    expect(cache.files.size).toBe(0)
    mem.put("src/node_modules/@acme/client/package.json", "{ \"name\": \"@acme/client\", \"types\": \"index.d.ts\" }")
    mem.put("src/node_modules/@acme/client/index.d.ts", "export declare class QueryClient {\n  migrate(): void;\n}\n")
    expect(await members()).toEqual(["migrate"])
    // A file whose mtime is the time it was read may yet be rewritten within the same tick at the same size: not kept.
    mem.put("src/node_modules/@acme/client/index.d.ts", "export declare class QueryClient {\n  migrant(): void;\n}\n")
    const entry = mem.entries.get("/ws/src/node_modules/@acme/client/index.d.ts")!
    if (entry.kind === "file") entry.mtimeMs = Date.now()
    expect(await members()).toEqual(["migrant"])
    expect([...cache.files.keys()]).toEqual(["src/node_modules/@acme/client/package.json"])
  })

  it("after a receiver no engine knows, the words offered come from the code, never from its comments", async () => {
    const mem = new MemoryFs()
    mem.put("m.ts", "// Mounts the client and moves on.\n/** Then it mutates. */\nexport const f = (e: any) => e.mo\nexport const mode = 1\n")
    const r = await runGraph(completeCommand(at("m.ts", 3, 34)), mem, new SavedGraph())
    expect(r.last).toMatchObject({ receiver: "e", prefix: "mo" })
    expect(names(r)).toEqual(["mode"])
  })

  it("TS: a file changed since the last call is read again (the LanguageService is kept between calls)", async () => {
    const mem = new MemoryFs()
    mem.put("box.ts", "export class Box {\n  get(k: string) { return k }\n}\n")
    mem.put("use.ts", "import { Box } from \"./box\"\nnew Box().ge\n")
    const saved = new SavedGraph()
    expect(names(await runGraph(completeCommand(at("use.ts", 2, 13)), mem, saved))).toEqual(["get"])
    mem.put("box.ts", "export class Box {\n  get(k: string) { return k }\n  getAll() { return [] }\n}\n")
    expect(names(await runGraph(completeCommand(at("use.ts", 2, 13)), mem, saved))).toEqual(["get", "getAll"])
    mem.put("box.ts", "export class Box {\n  gather() { return [] }\n}\n")
    expect(names(await runGraph(completeCommand(at("use.ts", 2, 13)), mem, saved))).toEqual(["gather"])
  })

  it("Python (the graph): an imported module's exports after `m.`, and the file's own names", async () => {
    const mem = new MemoryFs()
    mem.put("pkg/__init__.py", "")
    mem.put("pkg/geometry.py", "def area(r):\n    return r * r\n\ndef perimeter(r):\n    return 2 * r\n")
    mem.put("pkg/main.py", "from pkg import geometry\n\ndef report():\n    return geometry.ar\n\nrep\n")
    const r = await runGraph(completeCommand(at("pkg/main.py", 4, 23)), mem, new SavedGraph())
    expect(r.last).toMatchObject({ engine: "graph", prefix: "ar", receiver: "geometry" })
    expect(names(r)).toEqual(["area"])
    const own = await runGraph(completeCommand(at("pkg/main.py", 6, 4)), mem, new SavedGraph())
    expect(names(own)[0]).toBe("report")
  })

  it("Go: a method's receiver type is a type of the file's own package (same directory and package clause), a test type only in a test file; never another package's, a function or an interface", async () => {
    const mem = new MemoryFs()
    mem.put("go.mod", "module example.com/m\n\ngo 1.19\n")
    mem.put("set/set.go", "package set\n\ntype Set struct{ items []int }\n\ntype Sequence []int\n\ntype Sizer interface{ Size() int }\n\nfunc Sum(s Set) int { return 0 }\n\nfunc (s *Se\n")
    mem.put("set/more.go", "package set\n\ntype SetOf[T any] struct{ items []T }\n")
    mem.put("set/set_test.go", "package set\n\ntype SetFixture struct{}\n\nfunc (f SetF\n")
    mem.put("set/ext_test.go", "package set_test\n\ntype SetExternal struct{}\n")
    mem.put("set/gen.go", "//go:build ignore\n\npackage main\n\ntype SetGenerator struct{}\n")
    mem.put("other/other.go", "package other\n\ntype Session struct{}\n")
    mem.put("other/other_test.go", "package other\n\ntype SetupCase struct{}\n")
    const r = await runGraph(completeCommand(at("set/set.go", 11, 12)), mem, new SavedGraph())
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(r.last).toMatchObject({ engine: "graph", prefix: "Se" })
    expect(names(r).sort()).toEqual(["Sequence", "Set", "SetOf"])
    // Without a name, with no star, nothing typed yet: the package's types, nothing else.
    mem.put("set/set.go", "package set\n\ntype Set struct{ items []int }\n\nfunc (\n")
    expect(names(await runGraph(completeCommand(at("set/set.go", 5, 7)), mem, new SavedGraph())).sort()).toEqual(["Set", "SetOf"])
    // A test file: its package's test types too ("SetF" also matches SetOf's letters in order).
    const test = await runGraph(completeCommand(at("set/set_test.go", 5, 13)), mem, new SavedGraph())
    expect(names(test).sort()).toEqual(["SetFixture", "SetOf"])
  })

  it("refuses a position outside the file and a limit below 1 (SPL-E010), a missing file (SPL-E020)", async () => {
    const mem = new MemoryFs()
    mem.put("a.ts", "export const a = 1\n")
    for (const bad of [at("a.ts", 9, 1), at("a.ts", 1, 40), at("a.ts", 1, 1, { limit: 0 })]) {
      expect((await runGraph(completeCommand(bad), mem, new SavedGraph())).error?.code).toBe("SPL-E010")
    }
    expect((await runGraph(completeCommand(at("gone.ts", 1, 1)), mem, new SavedGraph())).error?.code).toBe("SPL-E020")
  })
})
