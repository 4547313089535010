/**
 * The tree walk (src/commands/tree/walk.ts) on the real disk against git's own answer: in a fresh
 * repository where every file is untracked, `git ls-files --others --exclude-standard` lists exactly
 * the files git does not ignore, which is what the walk (hidden files included) must list.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterAll, describe, expect, it } from "vitest"
import { ignoredPathChecker, walkTree, type WalkOptions } from "../../src/commands/tree/walk.js"
import type { WorkspacePath } from "../../src/domain/workspacePath.js"
import { FileStoreLive } from "../../layers/live/FileStoreLive.js"
import { OutputLive } from "../../layers/live/OutputLive.js"
// @ts-expect-error: a plain ES module shared with bench/gitignore-truth.mjs
import { handMade } from "../../bench/support/gitignoreCases.mjs"

const ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-walk-git-")))
afterAll(() => fs.rmSync(ws, { recursive: true, force: true }))

const walk = (options: Partial<WalkOptions> = {}, cwd = ws) =>
  Effect.runPromise(Effect.gen(function*() {
    const files: string[] = []
    yield* walkTree({ paths: [], hidden: true, noIgnore: false, globs: [], ...options }, (batch) => Effect.sync(() => void files.push(...batch.map((f) => f.path.relative))))
    return files
  }).pipe(Effect.provide(Layer.merge(FileStoreLive(ws, cwd), OutputLive("json")))))

const git = (...args: string[]) => execFileSync("git", ["-c", "core.excludesFile=/dev/null", ...args], { cwd: ws, encoding: "utf8" })

describe("the tree walk against git", () => {
  execFileSync("git", ["init", "-q"], { cwd: ws })
  handMade(ws)

  it("lists exactly the files git does not ignore (nested .gitignore files, negation, brackets, info/exclude)", async () => {
    const truth = git("ls-files", "-z", "--others", "--exclude-standard").split("\0").filter(Boolean).sort()
    expect(truth.length).toBeGreaterThan(30)
    // In git's order too: paths compared byte by byte (a directory as its name and a slash).
    expect(await walk()).toEqual(truth)
  })

  it("from a subdirectory, the .gitignore files above it still apply", async () => {
    const truth = git("ls-files", "-z", "--others", "--exclude-standard", "--", "src").split("\0").filter(Boolean).sort()
    expect(await walk({ paths: ["."] }, path.join(ws, "src"))).toEqual(truth)
  })

  it("--no-ignore lists every file but .git's; without --hidden no dot names", async () => {
    const every = git("ls-files", "-z", "--others").split("\0").filter(Boolean).sort()
    expect(await walk({ noIgnore: true })).toEqual(every)
    expect((await walk({ hidden: false })).some((f) => f.split("/").some((part) => part.startsWith(".")))).toBe(false)
  })

  it("one path at a time (after a write): ignoredPath says what `git check-ignore` says, for every file", async () => {
    const every = git("ls-files", "-z", "--others").split("\0").filter(Boolean)
    const r = execFileSync("git", ["-c", "core.excludesFile=/dev/null", "check-ignore", "--no-index", "--stdin", "-z", "-v", "-n"], { cwd: ws, input: every.join("\0"), encoding: "utf8" })
    const fields = r.split("\0")
    const truth = new Map<string, boolean>()
    for (let i = 0; i + 3 < fields.length; i += 4) truth.set(fields[i + 3]!, fields[i + 2] !== "" && !fields[i + 2]!.startsWith("!"))
    expect([...truth.values()].filter(Boolean).length).toBeGreaterThan(20)
    expect([...truth.values()].filter((v) => !v).length).toBeGreaterThan(20)
    const ignored = ignoredPathChecker()
    const ours = await Effect.runPromise(Effect.forEach(every, (f) => ignored(f as WorkspacePath)).pipe(Effect.provide(FileStoreLive(ws, ws))))
    expect(every.filter((f, i) => ours[i] !== truth.get(f))).toEqual([])
  })

  it("in a linked worktree (.git is a file) the walk works, without .git/info/exclude", async () => {
    const wt = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "splice-worktree-")))
    try {
      fs.writeFileSync(path.join(wt, ".git"), "gitdir: /elsewhere/.git/worktrees/x\n")
      fs.writeFileSync(path.join(wt, ".gitignore"), "*.log\n")
      fs.writeFileSync(path.join(wt, "a.txt"), "a\n")
      fs.writeFileSync(path.join(wt, "b.log"), "b\n")
      const files = await Effect.runPromise(Effect.gen(function*() {
        const out: string[] = []
        yield* walkTree({ paths: [], hidden: false, noIgnore: false, globs: [] }, (batch) => Effect.sync(() => void out.push(...batch.map((f) => f.path.relative))))
        return out
      }).pipe(Effect.provide(Layer.merge(FileStoreLive(wt, wt), OutputLive("json")))))
      expect(files).toEqual(["a.txt"])
      expect(await Effect.runPromise(ignoredPathChecker()("b.log" as WorkspacePath).pipe(Effect.provide(FileStoreLive(wt, wt))))).toBe(true)
    } finally {
      fs.rmSync(wt, { recursive: true, force: true })
    }
  })

  it("depth: 1 lists only what the directory holds itself", async () => {
    const truth = git("ls-files", "-z", "--others", "--exclude-standard", "--", "q").split("\0").filter((f) => f !== "" && f.split("/").length === 2).sort()
    expect(truth.length).toBeGreaterThan(2)
    expect(await walk({ paths: ["q"], maxDepth: 1 })).toEqual(truth)
  })
})
