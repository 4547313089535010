/**
 * A React component's prop renamed by the built CLI under Node and Deno, from a nested subdirectory:
 * the props interface, the component's destructuring (`{ count: state }`), JSX attributes in another
 * file and `props.state`; TypeScript's checker accepts the result, and undo restores every byte. The
 * graph's refs list the same member read through a local's destructuring (`const { state } = initial`).
 * A Go test table's field (an anonymous struct's) renamed at its literal keys and range-variable reads.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, logicRuntimes, ROOT, runAsync, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const TSC = path.join(ROOT, "node_modules", ".bin", "tsc")

const BASE: Record<string, string> = {
  "tsconfig.json": '{ "compilerOptions": { "strict": true, "noEmit": true, "jsx": "preserve", "module": "esnext", "moduleResolution": "bundler", "target": "es2022" }, "include": ["src"] }\n',
  "src/jsx.d.ts": "declare namespace JSX {\n  interface Element { readonly tag: unknown }\n  interface IntrinsicElements { [name: string]: Record<string, unknown> }\n}\n",
  "src/components/Counter.tsx": [
    "export interface CounterProps {",
    "  /** The count shown. */",
    "  state: number",
    "  label?: string",
    "}",
    "",
    "export function Counter({ state, label }: CounterProps) {",
    "  return <b title={label}>{state}</b>",
    "}",
    "",
    "export const Twice = (props: CounterProps) => <Counter state={props.state * 2} />",
    ""
  ].join("\n"),
  "src/app.tsx": [
    "import { Counter, type CounterProps } from \"./components/Counter\"",
    "",
    "const initial: CounterProps = { state: 1 }",
    "const { state: start } = initial",
    "export const app = <Counter state={initial.state + start} label=\"n\" />",
    ""
  ].join("\n")
}

const AFTER: Record<string, string> = {
  ...BASE,
  "src/components/Counter.tsx": BASE["src/components/Counter.tsx"]!.replace("  state: number", "  count: number").replace("{ state, label }", "{ count: state, label }")
    .replace("<Counter state={props.state * 2}", "<Counter count={props.count * 2}"),
  "src/app.tsx": BASE["src/app.tsx"]!.replace("{ state: 1 }", "{ count: 1 }").replace("{ state: start }", "{ count: start }").replace("<Counter state={initial.state + start}", "<Counter count={initial.count + start}")
}

const typecheck = (ws: string) => spawnSync(TSC, ["-p", "tsconfig.json"], { cwd: ws, encoding: "utf8" })

describe.each(logicRuntimes)("a React prop renamed under $name", (rt) => {
  it("from a nested subdirectory: the interface, the destructuring, JSX attributes and props.x; tsc accepts it; undo restores the bytes", async () => {
    const ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    for (const [f, text] of Object.entries(BASE)) {
      fs.mkdirSync(path.dirname(path.join(ws, f)), { recursive: true })
      fs.writeFileSync(path.join(ws, f), text)
    }
    const files = () => Object.fromEntries(Object.keys(BASE).map((f) => [f, fs.readFileSync(path.join(ws, f), "utf8")]))
    const cwd = path.join(ws, "src/components")
    // The graph's own answer (refs): every use but the JSX attribute of the imported component in app.tsx, which it knows only by name.
    const refs = await runAsync(rt, ["refs", "CounterProps.state", "--output", "json"], { cwd })
    expect((refs.last["references"] as Array<{ file: string; line: number; col: number }>).map((x) => `${x.file}:${x.line}:${x.col}`))
      .toEqual(["src/app.tsx:3:33", "src/app.tsx:4:9", "src/app.tsx:5:44", "src/components/Counter.tsx:7:27", "src/components/Counter.tsx:11:56", "src/components/Counter.tsx:11:69"])
    const r = await runAsync(rt, ["rename", "--symbol", "CounterProps.state", "--to", "count", "--output", "json"], { cwd })
    expect(r.code, r.stdout + r.stderr).toBe(0)
    expect(r.last).toMatchObject({ command: "rename", engine: "typescript", renamed: 8, unresolved: [], symbol: { kind: "property", qualified_name: "CounterProps.state", file: "src/components/Counter.tsx", line: 3 } })
    expect(files()).toEqual(AFTER)
    const checked = typecheck(ws)
    expect(checked.status, checked.stdout + checked.stderr).toBe(0)
    const u = await runAsync(rt, ["undo", "--output", "json"], { cwd })
    expect(u.last).toMatchObject({ command: "undo", undid: r.last["tx"], undid_command: "rename" })
    expect(files()).toEqual(BASE)
  })
})

const GO_TEST = [
  "package split",
  "",
  "import \"testing\"",
  "",
  "func TestSplit(t *testing.T) {",
  "\ttests := []struct {",
  "\t\tin   string",
  "\t\twant int",
  "\t}{",
  "\t\t{in: \"a,b\", want: 2},",
  "\t\t{in: \"\", want: 0},",
  "\t}",
  "\tfor _, tt := range tests {",
  "\t\tif got := count(tt.in); got != tt.want {",
  "\t\t\tt.Errorf(\"count(%q) = %d\", tt.in, got)",
  "\t\t}",
  "\t}",
  "}",
  ""
].join("\n")

const hasGo = spawnSync("go", ["version"]).status === 0

describe.each(logicRuntimes)("a Go test table's field renamed under $name", (rt) => {
  it("from the package's directory: the anonymous struct's field, its literal keys and reads through the range variable; go vet accepts it; undo restores", async () => {
    const ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    fs.mkdirSync(path.join(ws, "split"))
    fs.writeFileSync(path.join(ws, "go.mod"), "module example.com/m\n\ngo 1.19\n")
    fs.writeFileSync(path.join(ws, "split/split.go"), "package split\n\nimport \"strings\"\n\nfunc count(s string) int {\n\tif s == \"\" {\n\t\treturn 0\n\t}\n\treturn len(strings.Split(s, \",\"))\n}\n")
    fs.writeFileSync(path.join(ws, "split/split_test.go"), GO_TEST)
    const cwd = path.join(ws, "split")
    const r = await runAsync(rt, ["rename", "--symbol", "TestSplit.tests.in", "--to", "input", "--output", "json"], { cwd })
    expect(r.code, r.stdout + r.stderr).toBe(0)
    expect(r.last).toMatchObject({ command: "rename", engine: "graph", renamed: 5, unresolved: [], symbol: { kind: "property", qualified_name: "TestSplit.tests.in", file: "split/split_test.go", line: 7 } })
    expect(fs.readFileSync(path.join(cwd, "split_test.go"), "utf8")).toBe(GO_TEST.replace("\t\tin   string", "\t\tinput   string").replace(/\{in: /g, "{input: ").replace(/tt\.in\b/g, "tt.input"))
    if (hasGo) {
      const vet = spawnSync("go", ["vet", "./..."], { cwd: ws, encoding: "utf8", env: { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" } })
      expect(vet.status, vet.stdout + vet.stderr).toBe(0)
    }
    const u = await runAsync(rt, ["undo", "--output", "json"], { cwd })
    expect(u.last).toMatchObject({ command: "undo", undid: r.last["tx"], undid_command: "rename" })
    expect(fs.readFileSync(path.join(cwd, "split_test.go"), "utf8")).toBe(GO_TEST)
  })
})
