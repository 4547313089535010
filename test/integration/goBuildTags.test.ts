/**
 * The go vet gate on files the default build leaves out (`//go:build integration`, `_windows.go`,
 * `linux && arm64` on another machine, `//go:build tools`): vetted under a build configuration that
 * takes them in, with real go in temp modules. A file no configuration takes in, or one go vet did
 * not read after all (go list says), is never "passed".
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import { afterAll, describe, expect, it } from "vitest"
import { liveLayer } from "../../layers/live/index.js"
import { CapturedOutput, OutputMemory } from "../../layers/memory/OutputMemory.js"
import { check } from "../../src/commands/check.js"
import { edit } from "../../src/commands/edit.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { outcomeOf } from "../../src/cli/outcome.js"

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})
process.env["SPLICE_TRUST"] = "1"
process.env["XDG_CONFIG_HOME"] = fs.mkdtempSync(path.join(os.tmpdir(), "splice-cfg-"))
dirs.push(process.env["XDG_CONFIG_HOME"])

const goEnv = (name: string) => spawnSync("go", ["env", name], { encoding: "utf8" })
const hasGo = goEnv("GOROOT").status === 0
const GOROOT = hasGo ? goEnv("GOROOT").stdout.trim() : ""
const GO_MOD = "module example.com/m\n\ngo 1.19\n"

const project = (files: Record<string, string>): string => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-gotags-")))
  dirs.push(dir)
  for (const [p, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true })
    fs.writeFileSync(path.join(dir, p), content)
  }
  return dir
}

const editIn = async (dir: string, file: string, old: string, neu: string, require = true) => {
  const captured = new CapturedOutput()
  const program = edit({
    file, edits: [{ old, new: neu }], preview: false, showDiff: false, validate: "none",
    compiler: { mode: "auto", require, timeoutMs: 300_000 }, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 5_000
  })
  const exit = await Effect.runPromiseExit(program.pipe(
    Effect.provide(OutputMemory(captured)),
    Effect.provide(liveLayer({ workspace: dir, output: "json" })),
    Effect.scoped
  ) as Effect.Effect<void, unknown, never>)
  return { ...outcomeOf(exit, undefined), last: captured.lines[captured.lines.length - 1] ?? {} }
}

const checkIn = async (dir: string, files: string[]) => {
  const captured = new CapturedOutput()
  const program = check({ files, validate: "none", compiler: { mode: "always", require: false, timeoutMs: 300_000 }, maxBytes: DEFAULT_MAX_BYTES })
  const exit = await Effect.runPromiseExit(program.pipe(
    Effect.provide(OutputMemory(captured)),
    Effect.provide(liveLayer({ workspace: dir, output: "json" }))
  ) as Effect.Effect<void, unknown, never>)
  return { ...outcomeOf(exit, undefined), last: captured.lines[captured.lines.length - 1] ?? {} }
}

const rolledBack = (r: Awaited<ReturnType<typeof editIn>>, file: string, line: number) => {
  expect([r.exit, r.error?.code], JSON.stringify(r.error ?? r.last)).toEqual([5, "SPL-E043"])
  expect(r.error?.context?.["diagnostics"]).toEqual([expect.objectContaining({ file, line })])
}

describe.skipIf(!hasGo)("go vet on a file behind build constraints", () => {
  it("`//go:build integration`: vetted with -tags integration; an edit that breaks it is rolled back, a good one passes", async () => {
    const dir = project({
      "go.mod": GO_MOD,
      "m.go": "package m\n\nfunc F() int { return 1 }\n",
      "m_integration_test.go": "//go:build integration\n\npackage m\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) {\n\tvar n int = F()\n\t_ = n\n}\n"
    })
    rolledBack(await editIn(dir, "m_integration_test.go", "var n int = F()", "var n string = F()"), "m_integration_test.go", 8)
    expect(fs.readFileSync(path.join(dir, "m_integration_test.go"), "utf8")).toContain("var n int = F()")
    const fine = await editIn(dir, "m_integration_test.go", "var n int = F()", "var n int = F() + 1")
    expect(fine.exit, JSON.stringify(fine.error)).toBe(0)
    expect(fine.last["compiler"]).toMatchObject({ status: "passed", tool: "go vet" })
    expect((fine.last["compiler"] as { reason?: string }).reason).toBeUndefined()
    // `splice check` of the file takes the same build.
    const checked = await checkIn(dir, ["m_integration_test.go"])
    expect(checked.last["compiler"]).toMatchObject({ status: "passed", tool: "go vet" })
  }, 120_000)

  it("a `_windows.go`/`_unix.go` pair from Go's own path/filepath: the windows file is vetted with GOOS=windows, the unix one as usual", async () => {
    const src = path.join(GOROOT, "src", "path", "filepath")
    const files: Record<string, string> = { "go.mod": GO_MOD }
    for (const f of ["match.go", "path.go", "path_unix.go", "path_windows.go", "symlink.go", "symlink_unix.go", "symlink_windows.go"]) {
      files[`filepath/${f}`] = fs.readFileSync(path.join(src, f), "utf8")
    }
    // An importer used only on windows: a changed signature breaks it under GOOS=windows.
    files["app/app_windows.go"] = "package app\n\nimport \"example.com/m/filepath\"\n\nfunc Norm(p string) string {\n\treturn filepath.NormVolume(p)\n}\n"
    files["filepath/export_windows.go"] = "package filepath\n\nfunc NormVolume(p string) string { return normVolumeName(p) }\n"
    const dir = project(files)
    const call = "p, err := syscall.UTF16PtrFromString(path)"
    rolledBack(await editIn(dir, "filepath/symlink_windows.go", call, "p, err := syscall.UTF16PtrFromString(path, 1)"), "filepath/symlink_windows.go", 27)
    expect(fs.readFileSync(path.join(dir, "filepath/symlink_windows.go"), "utf8")).toBe(files["filepath/symlink_windows.go"])
    rolledBack(await editIn(dir, "filepath/export_windows.go", "func NormVolume(p string) string", "func NormVolume(p string, upper bool) string"), "app/app_windows.go", 6)
    const fine = await editIn(dir, "filepath/symlink_windows.go", "return strings.ToUpper(volume)", "return strings.ToUpper(volume[:])")
    expect(fine.exit, JSON.stringify(fine.error)).toBe(0)
    expect(fine.last["compiler"]).toMatchObject({ status: "passed" })
    const unix = await editIn(dir, "filepath/symlink_unix.go", "package filepath", "package filepath\n\nvar _ int = \"s\"")
    expect([unix.exit, unix.error?.code], JSON.stringify(unix.error)).toEqual([5, "SPL-E043"])
  }, 300_000)

  // `//go:build linux && <another arch>` goes the same way with GOARCH (test/unit/goBuildConstraint.test.ts
  // derives it): not run here, as a cold Go cache compiles the standard library for each platform
  // (~40 s in CI), and the windows pair above already runs that path with GOOS.

  it("`//go:build tools` (a tools.go in a package of its own): vetted with -tags tools", async () => {
    const dir = project({
      "go.mod": GO_MOD,
      "m.go": "package m\n",
      "tools/tools.go": "//go:build tools\n\npackage tools\n\nimport (\n\t_ \"fmt\"\n)\n"
    })
    const r = await editIn(dir, "tools/tools.go", "_ \"fmt\"", "_ \"example.com/m/nope\"")
    expect([r.exit, r.error?.code], JSON.stringify(r.error ?? r.last)).toEqual([5, "SPL-E043"])
    expect(fs.readFileSync(path.join(dir, "tools/tools.go"), "utf8")).toContain("_ \"fmt\"")
  }, 120_000)

  it("an edit of an untagged file reaches its tagged siblings: one the host builds with a tag is vetted in that build; one only another platform builds is named as unchecked in the verdict (it was passed with no word of it)", async () => {
    const dir = project({
      "go.mod": GO_MOD,
      "m.go": "package m\n\nfunc Helper() int { return 1 }\n",
      "m_integration_test.go": "//go:build integration\n\npackage m\n\nimport \"testing\"\n\nfunc TestH(t *testing.T) { _ = Helper() }\n",
      "gen.go": "//go:build ignore\n\npackage main\n\nfunc main() {}\n"
    })
    rolledBack(await editIn(dir, "m.go", "func Helper() int", "func Helper(x int) int"), "m_integration_test.go", 7)
    fs.writeFileSync(path.join(dir, "m_integration_test.go"), "//go:build integration\n\npackage m\n")
    fs.writeFileSync(path.join(dir, "m_windows.go"), "package m\n\nfunc winOnly() int { return Helper() }\n")
    const r = await editIn(dir, "m.go", "func Helper() int", "func Helper(x int) int")
    expect(r.exit, JSON.stringify(r.error)).toBe(0)
    expect(r.last["compiler"]).toMatchObject({ status: "passed", reason: expect.stringMatching(/go vet did not check m_windows\.go \(GOOS=windows( CGO_ENABLED=0)?\), which builds with m\.go only in that configuration/) })
  }, 120_000)

  it("`//go:build ignore && linux` (a generator for one platform) is vetted on its own, never with -tags ignore (which breaks the standard library)", async () => {
    const dir = project({ "go.mod": GO_MOD, "m.go": "package m\n", "gen.go": "//go:build ignore && linux\n\npackage main\n\nfunc main() {\n\tvar x int = 1\n\t_ = x\n}\n" })
    rolledBack(await editIn(dir, "gen.go", "var x int = 1", "var x int = \"s\""), "gen.go", 6)
    const fine = await editIn(dir, "gen.go", "var x int = 1", "var x int = 2")
    expect(fine.exit, JSON.stringify(fine.error)).toBe(0)
    expect(fine.last["compiler"]).toMatchObject({ status: "passed" })
  }, 120_000)

  it("contradictory constraints: no configuration takes the file in, so the gate says so (skipped; SPL-E044 under --require-compiler)", async () => {
    const dir = project({ "go.mod": GO_MOD, "m.go": "package m\n", "never.go": "//go:build linux && windows\n\npackage m\n\nvar x = 1\n" })
    const required = await editIn(dir, "never.go", "var x = 1", "var x = 2")
    expect([required.exit, required.error?.code]).toEqual([5, "SPL-E044"])
    expect(required.error?.message).toMatch(/go vet cannot check never\.go: no build configuration satisfies `\/\/go:build linux && windows`/)
    const lenient = await editIn(dir, "never.go", "var x = 1", "var x = 2", false)
    expect(lenient.exit).toBe(0)
    expect(lenient.last["compiler"]).toMatchObject({ status: "skipped", tool: "go vet", reason: expect.stringMatching(/no build configuration satisfies/) })
  }, 120_000)

  it("a file go vet did not read after all (go list says: a `_`-prefixed file go ignores) is not passed", async () => {
    const dir = project({ "go.mod": GO_MOD, "m.go": "package m\n", "_scratch.go": "package m\n\nvar x int = 1\n" })
    const r = await editIn(dir, "_scratch.go", "var x int = 1", "var x int = \"s\"", false)
    expect(r.exit).toBe(0)
    expect(r.last["compiler"]).toMatchObject({ status: "skipped", tool: "go vet", reason: expect.stringMatching(/go vet did not check _scratch\.go: its build constraints leave it out/) })
  }, 120_000)
})
