import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { describe, expect, it } from "vitest"
import { CapturedOutput } from "../../layers/memory/OutputMemory.js"
import type { CompilerSettings } from "../../src/commands/compilerGate.js"
import { check } from "../../src/commands/check.js"
import { edit } from "../../src/commands/edit.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { write } from "../../src/commands/write.js"
import type { Diagnostic } from "../../src/domain/diagnostics.js"
import { oneEdit, writeConfig } from "../support/configs.js"
import { layerFor, MemoryFs, run, ScriptedChecker } from "../support/memory.js"
import { isStateMark, txStates } from "../support/journal.js"

const ON: CompilerSettings = { mode: "auto", require: false, timeoutMs: 1000 }

/**
 * A tiny "type checker" over .ts files: every line `let NAME: number = "…"` is an error TS2322,
 * reported by file, line and column like tsc; `import "./x"` of a missing file is TS2307.
 */
const fakeTsc = (mem: MemoryFs, ...files: string[]) =>
  new ScriptedChecker(mem, {
    tool: "tsc",
    extensions: [".ts"],
    check: (read) => {
      const ds: Diagnostic[] = []
      for (const f of files) {
        const text = read(f)
        if (text === undefined) continue
        text.split("\n").forEach((l, i) => {
          const m = /let (\w+): number = "/.exec(l)
          if (m) ds.push({ tool: "tsc", file: f, line: i + 1, column: l.indexOf("let") + 5, code: "TS2322", severity: "error", message: `Type 'string' is not assignable to type 'number' (${m[1]}).` })
          const imp = /import "\.\/(\w+)"/.exec(l)
          if (imp && read(`${imp[1]}.ts`) === undefined) ds.push({ tool: "tsc", file: f, line: i + 1, column: 1, code: "TS2307", severity: "error", message: `Cannot find module './${imp[1]}'.` })
          if (/\/\/ lint/.test(l)) ds.push({ tool: "tsc", file: f, line: i + 1, column: 1, code: "TS6133", severity: "warning", message: "declared but never read" })
        })
      }
      return ds
    }
  })

describe("the compiler gate on the memory layers", () => {
  it("a clean result passes with one checker run and no baseline", async () => {
    const mem = new MemoryFs({ "a.ts": "let x: number = 1\n" })
    const checker = fakeTsc(mem, "a.ts")
    const r = await run(edit(oneEdit("a.ts", "= 1", "= 2", { compiler: ON })), mem, { checker })
    expect(r.exit).toBe(0)
    expect(r.last["compiler"]).toMatchObject({ gate: "compiler", status: "passed", tool: "tsc", baseline: false, preexisting: 0 })
    expect(checker.runs).toBe(1)
  })

  it("a new error blocks: SPL-E043, exit 5, file restored byte for byte, transaction rolled back", async () => {
    const before = "let x: number = 1\r\nlet y = 2\r\n"
    const mem = new MemoryFs({ "a.ts": before })
    const checker = fakeTsc(mem, "a.ts")
    const r = await run(edit(oneEdit("a.ts", "x: number = 1", "x: number = \"one\"", { compiler: ON })), mem, { checker })
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E043"])
    expect(r.error?.context?.["diagnostics"]).toEqual([expect.objectContaining({ file: "a.ts", line: 1, code: "TS2322", severity: "error" })])
    expect(mem.text("a.ts")).toBe(before)
    expect(checker.runs).toBe(2) // the error needed a baseline
    expect(txStates(mem)).toEqual(["rolled_back"])
  })

  it("a file the checker's project does not take in (outside a tsconfig's include) is not checked: skipped with the reason, never passed; with others it did check, passed and the reason says which it did not", async () => {
    const mem = new MemoryFs({ "src/a.ts": "let x: number = 1\n", "scripts/x.ts": "let y: number = 1\n" })
    const reads = (f: string) => f.startsWith("src/")
    const checker = (files: string[]) => new ScriptedChecker(mem, { ...fakeTsc(mem, ...files).script, reads })
    const outside = await run(edit(oneEdit("scripts/x.ts", "y: number = 1", "y: number = 2", { compiler: ON })), mem, { checker: checker(["scripts/x.ts"]) })
    expect(outside.exit).toBe(0)
    expect(outside.last["compiler"]).toMatchObject({ status: "skipped", tool: "tsc", reason: expect.stringMatching(/tsc did not check scripts\/x\.ts: outside its project/) })
    const both = await run(check({ files: ["src/a.ts", "scripts/x.ts"], validate: "syntax", compiler: ON, maxBytes: DEFAULT_MAX_BYTES }), mem, { checker: checker(["src/a.ts"]) })
    expect(both.exit, JSON.stringify(both.error)).toBe(0)
    expect(both.last["compiler"]).toMatchObject({ status: "passed", reason: expect.stringMatching(/did not check scripts\/x\.ts/) })
    expect(both.human).toMatch(/tsc did not check scripts\/x\.ts/)
  })

  it("a finding the checker prints twice (go vet: a package and its test package) is listed once", async () => {
    const mem = new MemoryFs({ "a.ts": "let x: number = 1\n" })
    const once = fakeTsc(mem, "a.ts")
    const checker = new ScriptedChecker(mem, { tool: "tsc", extensions: [".ts"], check: (read, files) => { const ds = once.script.check(read, files); return Array.isArray(ds) ? [...ds, ...ds] : ds } })
    const r = await run(edit(oneEdit("a.ts", "x: number = 1", "x: number = \"one\"", { compiler: ON })), mem, { checker })
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E043"])
    expect(r.error?.context?.["diagnostics"]).toHaveLength(1)
  })

  it("errors that were there before do not block, even when the edit moves them to other lines", async () => {
    const mem = new MemoryFs({ "a.ts": "let old: number = \"bad\"\nlet x = 1\n" })
    const checker = fakeTsc(mem, "a.ts")
    const r = await run(edit(oneEdit("a.ts", "let old", "// a new first line\n\nlet old", { compiler: ON })), mem, { checker })
    expect(r.exit).toBe(0)
    expect(r.last["compiler"]).toMatchObject({ status: "passed", baseline: true, preexisting: 1 })
    expect(mem.text("a.ts")).toBe("// a new first line\n\nlet old: number = \"bad\"\nlet x = 1\n")
  })

  it("a second error just like an old one is still new (diagnostics are counted, not just compared)", async () => {
    const mem = new MemoryFs({ "a.ts": "let x: number = \"bad\"\nlet y = 1\n" })
    const r = await run(edit({ ...oneEdit("a.ts", "let y = 1", "let x: number = \"bad\""), compiler: ON }), mem, { checker: fakeTsc(mem, "a.ts") })
    expect(r.error?.code).toBe("SPL-E043")
    expect(mem.text("a.ts")).toBe("let x: number = \"bad\"\nlet y = 1\n")
  })

  it("an error the edit causes in another file blocks it; one that file already had does not", async () => {
    const mem = new MemoryFs({ "lib.ts": "export const helper = 1\n", "app.ts": "use(helper)\n" })
    const checker = new ScriptedChecker(mem, {
      tool: "tsc",
      extensions: [".ts"],
      check: (read) => {
        const exported = [...(read("lib.ts") ?? "").matchAll(/export const (\w+)/g)].map((m) => m[1])
        return [...(read("app.ts") ?? "").matchAll(/use\((\w+)\)/g)].filter((m) => !exported.includes(m[1]))
          .map((m) => ({ tool: "tsc", file: "app.ts", line: 1, column: 5, code: "TS2304", severity: "error" as const, message: `Cannot find name '${m[1]}'.` }))
      }
    })
    const broken = await run(edit({ ...oneEdit("lib.ts", "helper", "renamed"), compiler: ON }), mem, { checker })
    expect([broken.exit, broken.error?.code]).toEqual([5, "SPL-E043"])
    expect(broken.error?.context?.["diagnostics"]).toEqual([expect.objectContaining({ file: "app.ts", code: "TS2304" })])
    expect(mem.text("lib.ts")).toBe("export const helper = 1\n")
    mem.put("app.ts", "use(helper)\nuse(missing)\n") // app.ts now has an error of its own
    const fine = await run(edit({ ...oneEdit("lib.ts", "= 1", "= 2"), compiler: ON }), mem, { checker })
    expect(fine.exit).toBe(0)
    expect(fine.last["compiler"]).toMatchObject({ status: "passed", preexisting: 1, baseline: true })
  })

  it("warnings never block", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    const r = await run(edit({ ...oneEdit("a.ts", "let x = 1", "let x = 1 // lint"), compiler: ON }), mem, { checker: fakeTsc(mem, "a.ts") })
    expect(r.exit).toBe(0)
  })

  it("no checker for the file: skipped with the reason; --require-compiler makes it an error", async () => {
    const mem = new MemoryFs({ "notes.md": "draft\n" })
    const checker = fakeTsc(mem)
    const r = await run(edit({ ...oneEdit("notes.md", "draft", "final"), compiler: ON }), mem, { checker })
    expect(r.last["compiler"]).toMatchObject({ status: "skipped", reason: "no checker for notes.md" })
    const strict = await run(edit({ ...oneEdit("notes.md", "final", "again"), compiler: { ...ON, require: true } }), mem, { checker })
    expect([strict.exit, strict.error?.code]).toEqual([5, "SPL-E044"])
    expect(mem.text("notes.md")).toBe("final\n")
  })

  it("a checker that is not installed is skipped, not passed", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    const checker = new ScriptedChecker(mem, { tool: "tsc", extensions: [".ts"], missing: true, check: () => [] })
    const r = await run(edit({ ...oneEdit("a.ts", "1", "2"), compiler: ON }), mem, { checker })
    expect(r.last["compiler"]).toMatchObject({ status: "skipped", tool: "tsc", reason: "tsc is not installed" })
    const writes = mem.log.length
    const strict = await run(edit({ ...oneEdit("a.ts", "2", "3"), compiler: { ...ON, require: true } }), mem, { checker })
    expect(strict.error?.code).toBe("SPL-E044")
    expect(mem.text("a.ts")).toBe("let x = 2\n")
    expect(mem.log.length).toBe(writes) // refused before anything was written
    // Many files, one missing checker: said once.
    mem.put("b.ts", "let y = 1\n")
    mem.put("c.ts", "let z = 1\n")
    const many = await run(check({ files: ["a.ts", "b.ts", "c.ts"], validate: "syntax", compiler: ON, maxBytes: DEFAULT_MAX_BYTES }), mem, { checker })
    expect(many.last["compiler"]).toMatchObject({ status: "skipped", reason: "tsc is not installed" })
  })

  it("a checker timeout is SPL-E045 (retryable, exit 5) and the edit is rolled back", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    const checker = new ScriptedChecker(mem, { tool: "tsc", extensions: [".ts"], check: () => "timeout" })
    const r = await run(edit({ ...oneEdit("a.ts", "1", "2"), compiler: ON }), mem, { checker })
    expect([r.exit, r.error?.code, r.error?.retryable]).toEqual([5, "SPL-E045", true])
    expect(mem.text("a.ts")).toBe("let x = 1\n")
  })

  it("an interrupt while the checker runs rolls the edit back", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    const checker = new ScriptedChecker(mem, { tool: "tsc", extensions: [".ts"], check: () => "hang" })
    const captured = new CapturedOutput()
    const fiber = Effect.runFork(edit({ ...oneEdit("a.ts", "1", "2"), compiler: ON }).pipe(Effect.provide(layerFor(mem, captured, { checker }))))
    for (let i = 0; i < 200 && checker.runs === 0; i++) await new Promise((r) => setTimeout(r, 5))
    expect(mem.text("a.ts")).toBe("let x = 2\n")
    const exit = await Effect.runPromise(Fiber.interrupt(fiber))
    expect(Exit.isInterrupted(exit)).toBe(true)
    expect(mem.text("a.ts")).toBe("let x = 1\n")
  })

  it("preview does not run the checker", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    const checker = fakeTsc(mem, "a.ts")
    const r = await run(edit({ ...oneEdit("a.ts", "1", "2", { preview: true }), compiler: ON }), mem, { checker })
    expect(r.last["compiler"]).toMatchObject({ status: "skipped" })
    expect(checker.runs).toBe(0)
  })

  it("write is gated too, and a new file's errors are all new", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    const checker = fakeTsc(mem, "a.ts", "n.ts")
    const r = await run(write(writeConfig("n.ts", "let n: number = \"x\"\n", { compiler: ON })), mem, { checker })
    expect(r.error?.code).toBe("SPL-E043")
    expect(mem.exists("n.ts")).toBe(false)
  })

  it("splice check reports every diagnostic and fails on errors", async () => {
    const mem = new MemoryFs({ "a.ts": "let x: number = \"bad\"\nlet y = 1 // lint\n", "ok.ts": "let z = 1\n" })
    const checker = fakeTsc(mem, "a.ts")
    const bad = await run(check({ files: ["a.ts"], validate: "syntax", compiler: { ...ON, mode: "always" }, maxBytes: DEFAULT_MAX_BYTES }), mem, { checker })
    expect([bad.exit, bad.error?.code]).toEqual([5, "SPL-E043"])
    expect(bad.lines.filter((l) => l["type"] === "diagnostic").map((l) => l["severity"])).toEqual(["error", "warning"])
    const good = await run(check({ files: ["ok.ts"], validate: "syntax", compiler: { ...ON, mode: "always" }, maxBytes: DEFAULT_MAX_BYTES }), mem, { checker: fakeTsc(mem, "ok.ts") })
    expect(good.last).toMatchObject({ type: "result", command: "check", errors: 0 })
    const syntax = await run(check({ files: ["s.ts"], validate: "syntax", compiler: { ...ON, mode: "off" }, maxBytes: DEFAULT_MAX_BYTES }), new MemoryFs({ "s.ts": "let = ;\n" }))
    expect([syntax.exit, syntax.error?.code]).toEqual([5, "SPL-E042"])
  })

  it("a file another program saves while the checker runs: the verdict is not about the edit — SPL-E034, rolled back, the other program's bytes kept", async () => {
    for (const broken of [false, true]) {
      const mem = new MemoryFs({ "a.ts": "let x: number = 1\n", "b.ts": "let y: number = 1\n" })
      const tsc = fakeTsc(mem, "a.ts", "b.ts")
      let saved = false
      // An editor saves a.ts during the first run: the checker reads the editor's (clean) bytes.
      const checker = new ScriptedChecker(mem, {
        tool: "tsc",
        extensions: [".ts"],
        check: (read, files) => {
          if (!saved) {
            saved = true
            mem.put("a.ts", "let x: number = 42 // the editor's\n")
          }
          return tsc.script.check(read, files)
        }
      })
      const next = broken ? "x: number = \"one\"" : "x: number = 2"
      const r = await run(edit(oneEdit("a.ts", "x: number = 1", next, { compiler: ON })), mem, { checker })
      expect(r.exit, `broken ${broken}`).not.toBe(0)
      expect(["SPL-E034", "SPL-E035"]).toContain(r.error?.code)
      expect(JSON.stringify(r.error?.context)).toContain("a.ts")
      expect(mem.text("a.ts")).toBe("let x: number = 42 // the editor's\n")
      expect(mem.text("b.ts")).toBe("let y: number = 1\n")
    }
  })

  it("an editor's save during the baseline run (the originals put back) is caught too, and kept", async () => {
    const mem = new MemoryFs({ "a.ts": "let x: number = \"old\"\n" })
    const tsc = fakeTsc(mem, "a.ts")
    let runs = 0
    const checker = new ScriptedChecker(mem, {
      tool: "tsc",
      extensions: [".ts"],
      check: (read, files) => {
        if (++runs === 2) mem.put("a.ts", "let x: number = 7 // the editor's\n")
        return tsc.script.check(read, files)
      }
    })
    const r = await run(edit(oneEdit("a.ts", "= \"old\"", "= \"new\"", { compiler: ON })), mem, { checker })
    expect(runs).toBe(2)
    expect(["SPL-E034", "SPL-E035"]).toContain(r.error?.code)
    expect(mem.text("a.ts")).toBe("let x: number = 7 // the editor's\n")
  })
})

describe("a save between the read-back and the put-back", () => {
  it("an editor's save right after splice read the file back, before it put the original back for the baseline: caught by the put-back's guard, and kept", async () => {
    const mem = new MemoryFs({ "a.ts": "let x: number = \"old\"\n" })
    let writesOfA = 0
    // No fault: the hook runs right before the write, after the gate's read-back of a.ts.
    mem.faults.push({ op: "write", errno: "EIO", match: (p) => {
      if (p === "a.ts" && ++writesOfA === 2) mem.put("a.ts", "let x: number = 7 // the editor's\n")
      return false
    } })
    const r = await run(edit(oneEdit("a.ts", "= \"old\"", "= \"new\"", { compiler: ON })), mem, { checker: fakeTsc(mem, "a.ts") })
    expect(writesOfA).toBeGreaterThanOrEqual(2)
    expect(["SPL-E034", "SPL-E035"]).toContain(r.error?.code)
    expect(mem.text("a.ts")).toBe("let x: number = 7 // the editor's\n")
  })

  it("and a rollback's restore is guarded the same way: another program's write right before it is left alone (a conflict, SPL-E035)", async () => {
    const mem = new MemoryFs({ "a.ts": "let x = 1\n" })
    let writesOfA = 0
    mem.faults.push({ op: "write", errno: "EIO", match: (p) => {
      if (p === "a.ts" && ++writesOfA === 2) mem.put("a.ts", "let x = 3 // someone else\n")
      return false
    } })
    // The commit mark cannot be written: the transaction rolls back, and its restore is the second write of a.ts.
    mem.faults.push({ op: "write", match: (p) => isStateMark("write", p), errno: "ENOSPC", times: 1 })
    const r = await run(edit(oneEdit("a.ts", "x = 1", "x = 2")), mem)
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E035"])
    expect(r.error?.context).toMatchObject({ files: [{ file: "a.ts", state: "changed_externally" }] })
    expect(mem.text("a.ts")).toBe("let x = 3 // someone else\n")
  })
})

describe("a checker without a verdict (failed_to_run) and an untrusted workspace", () => {
  const offline = { failedToRun: { exitCode: 101, reason: "cargo exited with 101 without reporting an error in a file", outputTail: "error: no matching package named `serde` found" } }
  /** Fails to run whenever `broken` is in a.ts (or always, with `always`). */
  const flaky = (mem: MemoryFs, always: boolean) =>
    new ScriptedChecker(mem, { tool: "cargo", extensions: [".rs"], check: (read) => (always || (read("a.rs") ?? "").includes("broken") ? offline : []) })

  it("the edit stands, the verdict is failed_to_run with exit code and output tail, and says it failed before the edit too", async () => {
    const mem = new MemoryFs({ "a.rs": "fn main() {}\n" })
    const checker = flaky(mem, true)
    const r = await run(edit(oneEdit("a.rs", "main", "start", { compiler: ON })), mem, { checker })
    expect(r.exit).toBe(0)
    expect(mem.text("a.rs")).toBe("fn start() {}\n")
    expect(r.last["compiler"]).toMatchObject({
      status: "failed_to_run", tool: "cargo", baseline: true,
      failures: [{ tool: "cargo", exit_code: 101, output_tail: "error: no matching package named `serde` found", before: "failed_to_run" }]
    })
    expect(String((r.last["compiler"] as { reason: string }).reason)).toMatch(/failed the same way before the edit; the gate did not run/)
    expect(checker.runs).toBe(2)
  })

  it("when it ran before the edit, the verdict says the edit may be the cause", async () => {
    const mem = new MemoryFs({ "a.rs": "fn main() {}\n" })
    const r = await run(edit(oneEdit("a.rs", "main", "broken", { compiler: ON })), mem, { checker: flaky(mem, false) })
    expect(r.exit).toBe(0)
    expect(r.last["compiler"]).toMatchObject({ status: "failed_to_run", failures: [{ before: "ran" }] })
    expect(String((r.last["compiler"] as { reason: string }).reason)).toMatch(/the edit may be the cause/)
  })

  it("--require-compiler: SPL-E046, exit 5, the file restored and the transaction rolled back", async () => {
    const mem = new MemoryFs({ "a.rs": "fn main() {}\n" })
    const r = await run(edit(oneEdit("a.rs", "main", "start", { compiler: { ...ON, require: true } })), mem, { checker: flaky(mem, true) })
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E046"])
    expect(r.error?.context?.["failures"]).toEqual([expect.objectContaining({ tool: "cargo", exit_code: 101, before: "failed_to_run" })])
    expect(mem.text("a.rs")).toBe("fn main() {}\n")
    expect(txStates(mem)).toEqual(["rolled_back"])
  })

  it("splice check: failed_to_run, exit 0 with the reason; SPL-E046 under --require-compiler", async () => {
    const mem = new MemoryFs({ "a.rs": "fn main() {}\n" })
    const settings = (require: boolean) => ({ files: ["a.rs"], validate: "syntax" as const, compiler: { ...ON, mode: "always" as const, require }, maxBytes: DEFAULT_MAX_BYTES })
    const r = await run(check(settings(false)), mem, { checker: flaky(mem, true) })
    expect(r.exit).toBe(0)
    expect(r.last["compiler"]).toMatchObject({ status: "failed_to_run", failures: [{ exit_code: 101 }] })
    const strict = await run(check(settings(true)), mem, { checker: flaky(mem, true) })
    expect([strict.exit, strict.error?.code]).toEqual([5, "SPL-E046"])
  })

  it("untrusted: skipped with the reason, never passed; --require-compiler is SPL-E047 before anything is written", async () => {
    const mem = new MemoryFs({ "a.rs": "fn main() {}\n" })
    const checker = new ScriptedChecker(mem, { tool: "cargo", extensions: [".rs"], untrusted: true, check: () => [] })
    const r = await run(edit(oneEdit("a.rs", "main", "start", { compiler: ON })), mem, { checker })
    expect(r.last["compiler"]).toMatchObject({ status: "skipped", tool: "cargo", reason: "workspace not trusted; run splice trust" })
    const writes = mem.log.length
    const strict = await run(edit(oneEdit("a.rs", "start", "again", { compiler: { ...ON, require: true } })), mem, { checker })
    expect([strict.exit, strict.error?.code]).toEqual([5, "SPL-E047"])
    expect(strict.error?.message).toContain("workspace not trusted; run splice trust")
    expect(mem.log.length).toBe(writes)
    expect(checker.runs).toBe(0)
  })
})
