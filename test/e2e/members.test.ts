/**
 * A React component's prop renamed by the built CLI under Node and Deno, from a nested subdirectory:
 * the props interface, the component's destructuring (`{ count: state }`), JSX attributes in another
 * file and `props.state`; TypeScript's checker accepts the result, and undo restores every byte.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, ROOT, runAsync, runtimes, tempWorkspace } from "./harness.js"

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
    "export const app = <Counter state={initial.state + 1} label=\"n\" />",
    ""
  ].join("\n")
}

const AFTER: Record<string, string> = {
  ...BASE,
  "src/components/Counter.tsx": BASE["src/components/Counter.tsx"]!.replace("  state: number", "  count: number").replace("{ state, label }", "{ count: state, label }")
    .replace("<Counter state={props.state * 2}", "<Counter count={props.count * 2}"),
  "src/app.tsx": BASE["src/app.tsx"]!.replace("{ state: 1 }", "{ count: 1 }").replace("<Counter state={initial.state + 1}", "<Counter count={initial.count + 1}")
}

const typecheck = (ws: string) => spawnSync(TSC, ["-p", "tsconfig.json"], { cwd: ws, encoding: "utf8" })

describe.each(runtimes)("a React prop renamed under $name", (rt) => {
  it("from a nested subdirectory: the interface, the destructuring, JSX attributes and props.x; tsc accepts it; undo restores the bytes", async () => {
    const ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    for (const [f, text] of Object.entries(BASE)) {
      fs.mkdirSync(path.dirname(path.join(ws, f)), { recursive: true })
      fs.writeFileSync(path.join(ws, f), text)
    }
    const files = () => Object.fromEntries(Object.keys(BASE).map((f) => [f, fs.readFileSync(path.join(ws, f), "utf8")]))
    const cwd = path.join(ws, "src/components")
    const r = await runAsync(rt, ["rename", "--symbol", "CounterProps.state", "--to", "count", "--output", "json"], { cwd })
    expect(r.code, r.stdout + r.stderr).toBe(0)
    expect(r.last).toMatchObject({ command: "rename", engine: "typescript", renamed: 7, unresolved: [], symbol: { kind: "property", qualified_name: "CounterProps.state", file: "src/components/Counter.tsx", line: 3 } })
    expect(files()).toEqual(AFTER)
    const checked = typecheck(ws)
    expect(checked.status, checked.stdout + checked.stderr).toBe(0)
    const u = await runAsync(rt, ["undo", "--output", "json"], { cwd })
    expect(u.last).toMatchObject({ command: "undo", undid: r.last["tx"], undid_command: "rename" })
    expect(files()).toEqual(BASE)
  })
})
