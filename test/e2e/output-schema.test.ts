/**
 * The built CLI's output against the JSON Schema that `splice schema` prints: every command runs
 * (results, event lines, errors), and each NDJSON line of stdout is validated with ajv (the validator
 * the MCP SDK itself uses): a result line by its command's result schema, the lines before it by its
 * event schema, an error line by its code's. Under Deno: the CLI under Node prints the same lines
 * from the same code, and mcp-tools.test.ts validates its lines for every command the same way, so
 * this run shows every command working as a Deno process — once or twice each (a success, and a
 * few coded errors), not every variant: previews, usage errors and repeated runs are the same
 * JavaScript under either runtime, and each Deno process costs CI most of a second.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Ajv, type ValidateFunction } from "ajv"
import { beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, type Result, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const TS = "export function add(a: number, b: number): number {\r\n\treturn a + b\r\n}\r\nexport const three = add(1, 2)\r\n"
const PATCH = "*** Begin Patch\n*** Add File: src/c.ts\n+import { add } from \"../a.js\"\n+export const c = add(3, 4)\n*** Delete File: old.ts\n*** Update File: a.ts\n@@\n-\treturn a + b\n+\treturn b + a\n*** End Patch\n"

interface Schemas {
  readonly commands: Record<string, { result: object; events?: object }>
  readonly errors: Record<string, object>
}

describe.each(runtimes.filter((rt) => rt.name === "deno"))("every line the CLI prints under $name matches splice schema", (rt) => {
  it("runs every command and validates each line", async () => {
    const ws = tempWorkspace()
    fs.mkdirSync(path.join(ws, ".git"))
    fs.writeFileSync(path.join(ws, "a.ts"), TS)
    fs.writeFileSync(path.join(ws, "old.ts"), "export const old = 1\n")
    // Asynchronously: a run of 40 processes must not block the test worker's event loop.
    const run = (...args: string[]): Promise<Result> => runAsync(rt, [...args, "--output", "json"], { cwd: ws })

    const all = await run("schema")
    expect(all.code).toBe(0)
    const schemas = all.last as unknown as Schemas
    const ajv = new Ajv({ strict: false, allErrors: true })
    const compiled = new Map<object, ValidateFunction>()
    const validator = (schema: object) => compiled.get(schema) ?? compiled.set(schema, ajv.compile(schema)).get(schema)!

    const seen = new Set<string>()
    const check = (args: string[], r: Result) => {
      expect(r.lines.length, `${args.join(" ")}: no output; stderr ${r.stderr}`).toBeGreaterThan(0)
      const result = r.lines.find((l) => l["type"] === "result")
      const command = String(result?.["command"] ?? args[0])
      for (const line of r.lines) {
        let schema: object | undefined
        if (line["type"] === "error") schema = schemas.errors[String(line["code"])]
        else if (line["type"] === "result") schema = schemas.commands[command]?.result
        else schema = schemas.commands[command]?.events
        expect(schema, `${args.join(" ")}: no schema for ${JSON.stringify(line).slice(0, 200)}`).toBeDefined()
        const validate = validator(schema!)
        const valid = validate(line)
        expect(valid, `${args.join(" ")}: ${JSON.stringify(line).slice(0, 600)}\n${ajv.errorsText(validate.errors)}`).toBe(true)
      }
      seen.add(command)
      return r
    }
    const go = async (...args: string[]) => check(args, await run(...args))

    await go("read", "--file", "a.ts", "--lines", "2:3", "--numbered")
    await go("hash", "a.ts", "old.ts")
    expect((await go("edit", "-f", "a.ts", "--replace-old", "add(1, 2)", "--replace-new", "add(2, 1)", "--diff")).last).toMatchObject({ changed: true })
    expect((await go("edit", "-f", "a.ts", "--after-line", "0", "--replace-new", "// top")).last).toMatchObject({ mode: "after_line" })
    expect((await go("edit", "-f", "a.ts", "--replace-old", "nothing like it", "--replace-new", "x")).code).toBe(6)
    expect((await go("edit", "-f", "a.ts", "--replace-old", "add(2, 1)", "--replace-new", "add(2, ")).code).toBe(5)
    expect((await go("write", "-f", "b.ts", "--create", "--content", "export const b = 1\n")).last).toMatchObject({ created: true })
    expect((await go("apply", "--change-set", PATCH)).last).toMatchObject({ changed: true })
    expect((await go("check", "a.ts", "src/c.ts")).code).toBe(0)
    await go("history")
    expect((await go("undo")).last).toMatchObject({ undid_command: "apply" })
    await go("recover")
    await go("trust", "--status")
    await go("explain", "SPL-E071")
    await go("schema", "edit")
    await go("index")
    await go("status")
    await go("find", "add")
    await go("refs", "add")
    await go("outline", "a.ts")
    await go("files")
    await go("suggest", "--fn-name", "addAll", "--desc", "add every number", "--file", "src/d.ts")
    await go("export")
    fs.writeFileSync(path.join(ws, "c.toml"), "# c\n[a]\nb = 1 # one\n")
    await go("get", "c.toml", "a.b")
    expect((await go("set", "c.toml", "a.b", "2", "--json")).last).toMatchObject({ changed: true })
    expect((await go("del", "c.toml", "a.b")).last).toMatchObject({ changed: true })
    await go("search", "add", "-C", "1")
    expect((await go("replace", "add", "sum", "-w", "--diff")).last).toMatchObject({ changed: true })
    await go("ls")
    await go("count", "--by-size", "3", "--by-language")
    expect((await go("replace", "sum", "add", "-w")).last).toMatchObject({ changed: true })
    fs.mkdirSync(path.join(ws, "empty"))
    expect((await go("cp", "c.toml", "d/c.toml")).last).toMatchObject({ changed: true })
    expect((await go("cp", "empty", "d")).last).toMatchObject({ changed: true, created_directories: ["d/empty"] })
    expect((await go("mv", "d", "e")).last).toMatchObject({ changed: true })
    expect((await go("rm", "e", "--recursive")).last).toMatchObject({ changed: true })
    expect((await go("write", "--file", "c.toml", "--append", "--content", "x = 1\n")).last).toMatchObject({ position: "append", changed: true })
    expect((await go("write", "--file", "c.toml", "--prepend", "--content", "", "--allow-empty")).last).toMatchObject({ position: "prepend", changed: false })

    await go("stat", "a.ts", "c.toml")
    await go("diff", "a.ts", "c.toml")
    await go("extract", "--file", "a.ts", "--lines", "1:2")
    await go("extract", "--file", "a.ts", "--symbol", "add")
    await go("query", "--file", "a.ts", "--kind", "identifier", "--max", "2")
    await go("impact", "add")
    await go("dead-code", "--include-exported")
    await go("complete", "--file", "a.ts", "--line", "4", "--column", "16")
    expect((await go("rename", "--symbol", "add", "--to", "plus")).last).toMatchObject({ changed: true })
    expect((await go("case", "--symbol", "plus", "--to", "pascal")).last).toMatchObject({ new_name: "Plus" })
    fs.writeFileSync(path.join(ws, "s.py"), "def one():\n    return 1\n\n\ndef two():\n    return one() + 1\n")
    expect((await go("patch", "--file", "s.py", "--symbol", "one", "--body", "--content", "return 10")).last).toMatchObject({ changed: true })
    expect((await go("insert", "--file", "s.py", "--after-symbol", "two", "--content", "def three():\n    return 3")).last).toMatchObject({ changed: true })
    expect((await go("delete", "--file", "s.py", "--symbol", "three")).last).toMatchObject({ changed: true })
    expect((await go("delete", "--file", "s.py", "--symbol", "one")).code).toBe(7)

    expect([...seen].sort()).toEqual(Object.keys(schemas.commands).sort())
    fs.rmSync(ws, { recursive: true, force: true })
  }, 180_000)
})
