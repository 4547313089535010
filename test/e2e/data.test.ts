/**
 * `splice get/set/del` as built, under Node and Deno: each format's success and error paths, undo,
 * and every printed line validated against the JSON Schema `splice schema` prints. The TOML wasm is
 * read from dist/grammars (a copy of the bundle outside the repository proves it needs no node_modules).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Ajv } from "ajv"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BUNDLE, ensureBuilt, logicRuntimes, ROOT, runAsync, runtimes, tempWorkspace, type Result } from "./harness.js"

beforeAll(() => ensureBuilt())

const PACKAGE = '{\n  "name": "demo",\n  "version": "1.0.0",\n  "scripts": { "test": "vitest" }\n}\n'
const TSCONFIG = '{\n  // shared options\n  "compilerOptions": {\n    "strict": true, // always\n  },\n}\n'
const CARGO = '# The demo crate\r\n[package]\r\nname = "demo" # crate name\r\nversion = "0.1.0"\r\n\r\n[servers."api.example.com"]\r\nport = 8080\r\n'
const COMPOSE = "# services\nservices:\n  web:\n    image: nginx:1.25 # pinned\n    ports:\n      - \"80:80\"\n"

describe.each(logicRuntimes)("splice get/set/del under $name", (rt) => {
  const ws = tempWorkspace("splice-data-")
  fs.mkdirSync(path.join(ws, ".git"))
  const ajv = new Ajv({ strict: false, allErrors: true })
  let schemas: { commands: Record<string, { result: object }>; errors: Record<string, object> }
  const write = (f: string, text: string) => fs.writeFileSync(path.join(ws, f), text)
  const read = (f: string) => fs.readFileSync(path.join(ws, f), "utf8")

  /** Runs splice and validates every line it printed against its schema. */
  const run = async (...args: string[]): Promise<Result> => {
    const r = await runAsync(rt, [...args, "--output", "json"], { cwd: ws })
    expect(r.lines.length, `${args.join(" ")}: ${r.stderr}`).toBeGreaterThan(0)
    for (const line of r.lines) {
      const schema = line["type"] === "error" ? schemas.errors[String(line["code"])] : schemas.commands[String(line["command"])]?.result
      expect(schema, JSON.stringify(line).slice(0, 200)).toBeDefined()
      const validate = ajv.compile(schema!)
      expect(validate(line), `${JSON.stringify(line).slice(0, 400)}\n${ajv.errorsText(validate.errors)}`).toBe(true)
    }
    return r
  }

  beforeAll(async () => {
    const all = await runAsync(rt, ["schema", "--output", "json"], { cwd: ws })
    schemas = all.last as unknown as typeof schemas
  })
  afterAll(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("JSON and JSONC: set, get, del, undo; comments kept", async () => {
    write("package.json", PACKAGE)
    write("tsconfig.json", TSCONFIG)
    const s = await run("set", "package.json", "version", "1.1.0")
    expect([s.code, s.last["changed"], s.last["old_value"]]).toEqual([0, true, "1.0.0"])
    expect((await run("get", "package.json", "version")).last).toMatchObject({ value: "1.1.0", format: "json" })
    const u = await run("undo")
    expect(u.code).toBe(0)
    expect(read("package.json")).toBe(PACKAGE)
    expect((await run("set", "tsconfig.json", "compilerOptions.noEmit", "true", "--json")).last).toMatchObject({ changed: true, format: "jsonc", created: true })
    expect(read("tsconfig.json")).toBe(TSCONFIG.replace("    \"strict\": true, // always\n", "    \"strict\": true, // always\n    \"noEmit\": true,\n"))
    expect((await run("del", "tsconfig.json", "compilerOptions.strict")).code).toBe(0)
    expect(read("tsconfig.json")).toContain("// shared options")
  })

  it("JSON errors: key not found (6), unparsable (5), bad key path (2)", async () => {
    write("package.json", PACKAGE)
    write("broken.json", '{\n  "a": 1,\n  "b": \n}\n')
    const nf = await run("del", "package.json", "scripts.tets")
    expect([nf.code, nf.last["code"]]).toEqual([6, "SPL-E073"])
    expect(nf.last["context"]).toMatchObject({ found: "scripts", available: ["test"], did_you_mean: ["test"] })
    const bad = await run("get", "broken.json", "a")
    expect([bad.code, bad.last["code"], bad.last["context"]]).toEqual([5, "SPL-E048", { file: "broken.json", format: "json", line: 4, column: 1, reason: "ValueExpected" }])
    const path = await run("get", "package.json", "scripts[")
    expect([path.code, path.last["code"]]).toEqual([2, "SPL-E014"])
    expect(read("package.json")).toBe(PACKAGE)
  })

  it("TOML: a quoted key, CRLF kept, preview, del; bad TOML with line and column", async () => {
    write("Cargo.toml", CARGO)
    expect((await run("get", "Cargo.toml", 'servers."api.example.com".port')).last).toMatchObject({ value: 8080, value_type: "number" })
    const pv = await run("set", "Cargo.toml", "package.version", "0.2.0", "--preview")
    expect(pv.last).toMatchObject({ preview: true, would_change: true })
    expect(String(pv.last["diff"])).toContain('+version = "0.2.0"')
    expect(read("Cargo.toml")).toBe(CARGO)
    expect((await run("set", "Cargo.toml", "package.version", "0.2.0")).last).toMatchObject({ changed: true, line_ending: "crlf" })
    expect(read("Cargo.toml")).toBe(CARGO.replace('"0.1.0"', '"0.2.0"'))
    expect((await run("del", "Cargo.toml", 'servers["api.example.com"].port')).code).toBe(0)
    expect(read("Cargo.toml")).toBe(CARGO.replace('"0.1.0"', '"0.2.0"').replace("port = 8080\r\n", ""))
    write("bad.toml", 'a = 1\n[b\nc = "x"\n')
    const bad = await run("set", "bad.toml", "a", "2")
    expect([bad.code, bad.last["code"], bad.last["context"]]).toEqual([5, "SPL-E048", { file: "bad.toml", format: "toml", line: 2, column: 3, reason: "unclosed table, expected `]`" }])
    const refused = await run("set", "Cargo.toml", "package.edition", "null", "--json")
    expect([refused.code, refused.last["code"]]).toEqual([5, "SPL-E049"])
  })

  it("YAML: set keeps comments, same value changes nothing, del; bad YAML and a missing key", async () => {
    write("compose.yaml", COMPOSE)
    expect((await run("set", "compose.yaml", "services.web.image", "nginx:1.27")).last).toMatchObject({ changed: true, format: "yaml" })
    expect(read("compose.yaml")).toBe(COMPOSE.replace("nginx:1.25", "nginx:1.27"))
    expect((await run("set", "compose.yaml", "services.web.image", "nginx:1.27")).last).toMatchObject({ changed: false, tx: null })
    expect((await run("del", "compose.yaml", "services.web.ports[0]")).last).toMatchObject({ changed: true, old_value: "80:80" })
    const missing = await run("get", "compose.yaml", "services.db")
    expect([missing.code, missing.last["code"]]).toEqual([6, "SPL-E073"])
    write("bad.yaml", "a: [1\nb: 2\n")
    const bad = await run("get", "bad.yaml", "a")
    expect([bad.code, bad.last["code"]]).toEqual([5, "SPL-E048"])
    expect(bad.last["context"]).toMatchObject({ format: "yaml", line: 2, column: 1 })
  })

  it("negative numbers are values, not flags; integers beyond 2^53 keep their digits in the file and the output", async () => {
    write("n.json", '{\n  "id": 1,\n  "n": 0\n}\n')
    const preview = await run("set", "n.json", "n", "-12", "--json", "--preview")
    expect([preview.code, preview.last["value"], preview.last["preview"]]).toEqual([0, -12, true])
    expect((await run("set", "n.json", "n", "-5")).last).toMatchObject({ value: "-5", changed: true })
    const big = await run("set", "n.json", "id", "12345678901234567890", "--json")
    expect(big.code).toBe(0)
    expect(big.stdout).toContain('"value":12345678901234567890,')
    expect(read("n.json")).toBe('{\n  "id": 12345678901234567890,\n  "n": "-5"\n}\n')
    expect((await run("get", "n.json", "id")).stdout).toContain('"value":12345678901234567890,')
  })

  it("human output of get is the value itself", async () => {
    write("package.json", PACKAGE)
    const r = await runAsync(rt, ["get", "package.json", "scripts", "--output", "human"], { cwd: ws })
    expect(r.stdout).toBe('{\n  "test": "vitest"\n}\n')
  })
})

describe.each(runtimes)("the bundle outside the repository under $name", (rt) => {
  it("reads TOML with the wasm from dist/grammars (no node_modules)", async () => {
    const copy = tempWorkspace("splice-dist-")
    fs.cpSync(path.dirname(BUNDLE), path.join(copy, "dist"), { recursive: true })
    fs.mkdirSync(path.join(copy, "ws", ".git"), { recursive: true })
    fs.writeFileSync(path.join(copy, "ws", "a.toml"), "[x]\ny = 1\n")
    const moved = { name: rt.name, argv: (args: ReadonlyArray<string>): [string, string[]] => {
      const [cmd, argv] = rt.argv(args)
      return [cmd, argv.map((a) => (a.startsWith(path.dirname(BUNDLE) + path.sep) ? path.join(copy, "dist", path.basename(a)) : a))]
    } }
    const r = await runAsync(moved, ["set", "a.toml", "x.y", "2", "--json"], { cwd: path.join(copy, "ws") })
    expect(r.last, r.stderr).toMatchObject({ type: "result", changed: true, old_value: 1, value: 2 })
    expect(fs.readFileSync(path.join(copy, "ws", "a.toml"), "utf8")).toBe("[x]\ny = 2\n")
    expect(path.relative(ROOT, copy).startsWith("..")).toBe(true)
    fs.rmSync(copy, { recursive: true, force: true })
  })
})
