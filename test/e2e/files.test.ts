/**
 * `splice mv`, `cp` and `rm` as built, under Node and Deno, on a real disk: what only a real file
 * system shows (inodes, hard links, timestamps, another device, a full disk, an immutable file),
 * kill -9 mid-transaction, running from a nested subdirectory, undo of each command, and every line
 * checked against the JSON Schema `splice schema` prints.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { Ajv } from "ajv"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { canChattr, canMountTmpfs, ensureBuilt, type Result, runAsync, runSync, runtimes, startUntil, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe, 0x80, 0x0d, 0x0a, 0x1a, 0])

/** Every path under the workspace but .splice: file bytes (hex) and mode, directories with their mode. */
const tree = (root: string): Record<string, string> => {
  const out: Record<string, string> = {}
  const visit = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const abs = path.join(dir, name)
      const rel = path.relative(root, abs)
      if (rel === ".splice" || rel === ".git") continue
      const st = fs.lstatSync(abs)
      if (st.isDirectory()) {
        out[`${rel}/`] = (st.mode & 0o7777).toString(8)
        visit(abs)
      } else if (st.isSymbolicLink()) out[rel] = `-> ${fs.readlinkSync(abs)}`
      else if (!st.isFile()) out[rel] = "special" // a FIFO: reading it would wait forever
      else out[rel] = `${fs.readFileSync(abs).toString("hex")} ${(st.mode & 0o7777).toString(8)}`
    }
  }
  visit(root)
  return out
}

describe.each(runtimes)("splice mv/cp/rm under $name", (rt) => {
  let ws: string
  const ajv = new Ajv({ strict: false, allErrors: true })
  let schemas: { commands: Record<string, { result: object }>; errors: Record<string, object> } | undefined
  const at = (p: string) => path.join(ws, p)

  beforeEach(() => {
    ws = tempWorkspace("splice-files-")
    fs.mkdirSync(at(".git"))
    fs.mkdirSync(at("src/deep/er"), { recursive: true })
    fs.mkdirSync(at("src/empty"), { mode: 0o700 })
    fs.chmodSync(at("src/empty"), 0o700)
    fs.writeFileSync(at("src/a.ts"), "export const a = 1\n")
    fs.writeFileSync(at("src/deep/b.ts"), "export const b = 2\n")
    fs.writeFileSync(at("src/deep/er/logo.png"), BINARY)
    fs.writeFileSync(at("run.sh"), "#!/bin/sh\necho hi\n", { mode: 0o755 })
    fs.chmodSync(at("run.sh"), 0o755)
  })
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }))

  /** Runs splice from `cwd` (default the workspace) and validates every line against its schema. */
  const run = async (args: string[], cwd = ws): Promise<Result> => {
    schemas ??= (await runAsync(rt, ["schema", "--output", "json"], { cwd: ws })).last as unknown as typeof schemas
    const r = await runAsync(rt, [...args, "--output", "json"], { cwd })
    expect(r.lines.length, `${args.join(" ")}: ${r.stderr}`).toBeGreaterThan(0)
    for (const line of r.lines) {
      const schema = line["type"] === "error" ? schemas!.errors[String(line["code"])] : schemas!.commands[String(line["command"])]?.result
      expect(schema, JSON.stringify(line).slice(0, 200)).toBeDefined()
      const validate = ajv.compile(schema!)
      expect(validate(line), `${JSON.stringify(line).slice(0, 400)}\n${ajv.errorsText(validate.errors)}`).toBe(true)
    }
    return r
  }

  it("mv, cp and rm of files and directories (binary and modes kept), each undone", async () => {
    const before = tree(ws)
    const m = await run(["mv", "src", "pkg/src"])
    expect(m.last).toMatchObject({ command: "mv", changed: true, created_directories: ["pkg", "pkg/src", "pkg/src/deep", "pkg/src/empty", "pkg/src/deep/er"] })
    expect(fs.readFileSync(at("pkg/src/deep/er/logo.png")).equals(BINARY)).toBe(true)
    expect(fs.statSync(at("pkg/src/empty")).mode & 0o777).toBe(0o700)
    expect(fs.existsSync(at("src"))).toBe(false)
    expect((await run(["undo"])).code).toBe(0)
    expect(tree(ws)).toEqual(before)

    const c = await run(["cp", "run.sh", "bin/"])
    expect([c.code, c.last["code"]]).toEqual([4, "SPL-E020"]) // bin/ does not exist: give the whole name
    expect((await run(["cp", "run.sh", "bin/run.sh"])).last).toMatchObject({ files: [{ mode: "0755", write_strategy: "rename" }] })
    expect(fs.statSync(at("bin/run.sh")).mode & 0o777).toBe(0o755)
    const clash = await run(["cp", "src/a.ts", "bin/run.sh"])
    expect([clash.code, clash.last["code"], (clash.last["context"] as Record<string, unknown>)["file"]]).toEqual([7, "SPL-E033", "bin/run.sh"])
    expect((await run(["undo"])).code).toBe(0)
    expect(tree(ws)).toEqual(before)

    const r = await run(["rm", "-r", "src", "run.sh"])
    expect(r.last).toMatchObject({ command: "rm", removed_directories: ["src/deep/er", "src/deep", "src/empty", "src"] })
    expect(fs.existsSync(at("src"))).toBe(false)
    expect((await run(["undo"])).code).toBe(0)
    expect(tree(ws)).toEqual(before)
  })

  it("refusals exit with their codes and change nothing", async () => {
    expect(spawnSync("mkfifo", [at("src/pipe")]).status).toBe(0)
    const before = tree(ws)
    const cases: Array<[string[], number, string]> = [
      [["mv", "nope.ts", "x.ts"], 4, "SPL-E020"],
      [["mv", "src", "src/deep"], 2, "SPL-E110"],
      [["cp", "src/a.ts", "src/"], 2, "SPL-E111"],
      [["mv", "src", "run.sh"], 7, "SPL-E113"],
      [["rm", "src"], 2, "SPL-E112"],
      [["rm", "src/pipe"], 8, "SPL-E065"],
      [["mv", "src", "elsewhere"], 8, "SPL-E065"], // the FIFO inside
      [["rm", "-r", "."], 8, "SPL-E067"],
      [["mv", "run.sh", "../outside.sh"], 8, "SPL-E061"]
    ]
    for (const [args, exit, code] of cases) {
      const r = await run(args)
      expect([r.code, r.last["code"]], args.join(" ")).toEqual([exit, code])
    }
    expect(tree(ws)).toEqual(before)
  })

  it("symlinks move and go as links (never followed), a link FROM is copied as what it points to; undo puts every link back", async () => {
    fs.symlinkSync("a.ts", at("src/link.ts"))
    fs.symlinkSync("/etc/hostname", at("src/deep/outside")) // never followed: moving it is harmless
    const before = tree(ws)
    const m = await run(["mv", "src", "pkg"])
    expect(m.last).toMatchObject({ links: [{ from: "src/deep/outside", file: "pkg/deep/outside", target: "/etc/hostname" }, { from: "src/link.ts", file: "pkg/link.ts", target: "a.ts" }] })
    expect([fs.readlinkSync(at("pkg/link.ts")), fs.readFileSync(at("pkg/link.ts"), "utf8")]).toEqual(["a.ts", "export const a = 1\n"])
    const c = await run(["cp", "pkg/link.ts", "copy.ts"])
    expect(c.last).toMatchObject({ from: "pkg/a.ts", files: [{ file: "copy.ts" }] })
    expect(fs.lstatSync(at("copy.ts")).isFile()).toBe(true)
    const r = await run(["rm", "pkg/link.ts"])
    expect(r.last).toMatchObject({ links: [{ file: "pkg/link.ts", target: "a.ts" }] })
    expect(fs.existsSync(at("pkg/a.ts"))).toBe(true)
    for (let i = 0; i < 3; i++) expect((await run(["undo"])).code).toBe(0)
    expect(tree(ws)).toEqual(before)
  })

  it("from a nested subdirectory, paths are taken from there", async () => {
    const r = await run(["mv", "b.ts", "../b2.ts"], at("src/deep"))
    expect(r.last).toMatchObject({ from: "src/deep/b.ts", to: "src/b2.ts" })
    const c = await run(["cp", "er", "../er-copy"], at("src/deep"))
    expect(c.last).toMatchObject({ to: "src/er-copy" })
    expect(fs.readFileSync(at("src/er-copy/logo.png")).equals(BINARY)).toBe(true)
    const d = await run(["rm", "../b2.ts"], at("src/deep"))
    expect(d.last).toMatchObject({ paths: ["src/b2.ts"] })
    expect((await run(["undo"], at("src/deep"))).code).toBe(0)
    expect(fs.readFileSync(at("src/b2.ts"), "utf8")).toBe("export const b = 2\n")
  })

  it("mv and its undo keep the file itself (inode, mode, mtime, its other hard link); a case-only rename works on this disk", async () => {
    fs.linkSync(at("src/a.ts"), at("other-name.ts"))
    const old = new Date("2020-01-02T03:04:05Z")
    fs.chmodSync(at("src/a.ts"), 0o750)
    fs.utimesSync(at("src/a.ts"), old, old)
    const ino = fs.statSync(at("src/a.ts")).ino
    const kept = (p: string) => {
      const st = fs.statSync(p)
      return [st.ino, st.nlink, st.mode & 0o7777, st.mtime.toISOString()]
    }
    expect((await run(["mv", "src/a.ts", "lib/a.ts"])).code).toBe(0)
    expect(kept(at("lib/a.ts"))).toEqual([ino, 2, 0o750, old.toISOString()])
    expect(fs.statSync(at("other-name.ts")).ino).toBe(ino)
    // Undo renames it back: the same file, not a copy of its bytes.
    expect((await run(["undo"])).code).toBe(0)
    expect(kept(at("src/a.ts"))).toEqual([ino, 2, 0o750, old.toISOString()])
    expect(fs.existsSync(at("lib/a.ts"))).toBe(false)
    const same = await run(["mv", "src/a.ts", "other-name.ts"])
    expect([same.code, same.last["code"], (same.last["context"] as Record<string, unknown>)["reason"]]).toEqual([2, "SPL-E111", "hard_link"])
    expect((await run(["mv", "src/a.ts", "src/A.ts"])).code).toBe(0)
    expect(fs.readdirSync(at("src")).filter((n) => n.toLowerCase() === "a.ts")).toEqual(["A.ts"])
  })

  it("mv --force of a hard-linked file, then undo: the file's other name keeps its content", async () => {
    fs.linkSync(at("src/a.ts"), at("twin.ts"))
    fs.writeFileSync(at("dest.ts"), "old destination\n")
    const m = await run(["mv", "src/a.ts", "dest.ts", "--force"])
    expect(m.last).toMatchObject({ files: [{ file: "dest.ts", write_strategy: "rename" }] })
    expect(m.last["files"]).toMatchObject([{ replaced: expect.stringMatching(/^[0-9a-f]{64}$/) }])
    expect(fs.statSync(at("dest.ts")).ino).toBe(fs.statSync(at("twin.ts")).ino)
    expect((await run(["undo"])).code).toBe(0)
    expect(fs.readFileSync(at("dest.ts"), "utf8")).toBe("old destination\n")
    expect(fs.readFileSync(at("twin.ts"), "utf8")).toBe("export const a = 1\n")
    expect(fs.readFileSync(at("src/a.ts"), "utf8")).toBe("export const a = 1\n")
  })

  it("cp --force onto a hard-linked file rewrites it in place (write_strategy inplace): both names change, undo restores both", async () => {
    fs.writeFileSync(at("shared.ts"), "shared\n")
    fs.linkSync(at("shared.ts"), at("shared-twin.ts"))
    const c = await run(["cp", "src/a.ts", "shared.ts", "--force"])
    expect(c.last).toMatchObject({ files: [{ file: "shared.ts", write_strategy: "inplace" }] })
    expect(fs.readFileSync(at("shared-twin.ts"), "utf8")).toBe("export const a = 1\n")
    expect((await run(["undo"])).code).toBe(0)
    expect([fs.readFileSync(at("shared.ts"), "utf8"), fs.readFileSync(at("shared-twin.ts"), "utf8")]).toEqual(["shared\n", "shared\n"])
    expect(fs.statSync(at("shared.ts")).ino).toBe(fs.statSync(at("shared-twin.ts")).ino)
  })

  it("a file another splice holds: mv waits --lock-timeout, then SPL-E032 (exit 7) and nothing moved", async () => {
    const holder = startUntil(rt, ["edit", "--workspace", ws, "-f", "src/a.ts", "--replace-old", "1", "--replace-new", "2"], { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "20000" } }, /test hold/)
    await holder.reached
    const r = await run(["mv", "src", "pkg", "--lock-timeout", "1"])
    expect([r.code, r.last["code"]]).toEqual([7, "SPL-E032"])
    expect(fs.existsSync(at("src/deep/b.ts"))).toBe(true)
    holder.child.kill("SIGTERM")
    expect((await holder.done).code).toBe(143)
    expect(fs.readFileSync(at("src/a.ts"), "utf8")).toBe("export const a = 1\n")
  })

  it("kill -9 in the middle of moving a directory: `splice recover` makes its directories again and puts every file and link back", async () => {
    fs.symlinkSync("../a.ts", at("src/deep/up.ts"))
    const before = tree(ws)
    const p = startUntil(rt, ["mv", "--workspace", ws, "src", "pkg"], { cwd: ws, env: { SPLICE_TEST_HOLD_MS: "10000" } }, /test hold/)
    await p.reached
    expect(fs.existsSync(at("src"))).toBe(false) // moved, directories removed, not yet committed
    p.child.kill("SIGKILL")
    await p.done
    const r = runSync(rt, ["recover", "--workspace", ws], { cwd: ws })
    expect(r.code, r.stdout).toBe(0)
    expect(r.lines.find((l) => l["type"] === "transaction")).toMatchObject({ command: "mv", status: "rolled_back" })
    expect(tree(ws)).toEqual(before)
  })

  it.runIf(canMountTmpfs())("across devices (a tmpfs inside the workspace) a move copies and removes; a full disk rolls a copy back", async () => {
    fs.mkdirSync(at("mnt"))
    expect(spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", at("mnt")]).status).toBe(0)
    try {
      const mtime = fs.statSync(at("run.sh")).mtimeMs
      const m = await run(["mv", "run.sh", "mnt/run.sh"])
      expect(m.code, m.stdout).toBe(0)
      expect([fs.readFileSync(at("mnt/run.sh"), "utf8"), fs.statSync(at("mnt/run.sh")).mode & 0o777]).toEqual(["#!/bin/sh\necho hi\n", 0o755])
      // The copy's times are set from the original's (to the millisecond: what utimes takes from a runtime).
      expect(Math.abs(fs.statSync(at("mnt/run.sh")).mtimeMs - mtime)).toBeLessThan(1)
      expect(fs.existsSync(at("run.sh"))).toBe(false)
      expect((await run(["undo"])).code).toBe(0)
      expect(fs.existsSync(at("mnt/run.sh"))).toBe(false)
      expect(fs.readFileSync(at("run.sh"), "utf8")).toBe("#!/bin/sh\necho hi\n")

      // 64 KiB: the third 30 KB file does not fit; the first two are taken back.
      for (const n of [1, 2, 3]) fs.writeFileSync(at(`big/f${n}.bin`.replace("big/", "")), Buffer.alloc(30_000, n))
      fs.mkdirSync(at("big"))
      for (const n of [1, 2, 3]) fs.renameSync(at(`f${n}.bin`), at(`big/f${n}.bin`))
      const full = await run(["cp", "big", "mnt/big"])
      expect([full.code, full.last["code"]]).toEqual([9, "SPL-E081"])
      expect(fs.existsSync(at("mnt/big"))).toBe(false)
      expect(runSync(rt, ["recover", "--workspace", ws], { cwd: ws }).last).toMatchObject({ rolled_back: 0 })
    } finally {
      spawnSync("umount", [at("mnt")])
    }
  })

  it.runIf(canChattr())("permission denied half-way (an immutable file) rolls a recursive rm back", async () => {
    const before = tree(ws)
    expect(spawnSync("chattr", ["+i", at("src/deep/er/logo.png")]).status).toBe(0)
    try {
      const r = await run(["rm", "-r", "src"])
      expect([r.code, r.last["code"]]).toEqual([9, "SPL-E082"])
    } finally {
      spawnSync("chattr", ["-i", at("src/deep/er/logo.png")])
    }
    expect(tree(ws)).toEqual(before)
  })
})
