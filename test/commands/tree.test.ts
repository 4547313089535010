/** `splice ls` and `splice count` on the memory layers: every line is checked against its schema by run(). */
import { describe, expect, it } from "vitest"
import { count, type CountConfig } from "../../src/commands/tree/count.js"
import { ls, type LsConfig } from "../../src/commands/tree/ls.js"
import { MemoryFs, run } from "../support/memory.js"

const walk = { paths: [], globs: [], hidden: false, noIgnore: false }
const lsCfg = (over: Partial<LsConfig> = {}): LsConfig => ({ ...walk, long: false, ...over })
const countCfg = (over: Partial<CountConfig> = {}): CountConfig => ({ ...walk, byLanguage: false, ...over })

const TREE = {
  ".gitignore": "*.log\nvendor/\n",
  "README.md": "# demo\n\nhello\n",
  "a.txt": "no newline at end",
  "src/a.ts": "export const a = 1\nexport const b = 2\n",
  "src/b.ts": "export const c = 3\r\n",
  "src/lib/util.py": "def f():\n    return 1\n\n",
  "src/lib/data.json": "{}\n",
  "src/img.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]),
  "debug.log": "ignored\n",
  "vendor/x.js": "ignored\n",
  ".env": "hidden\n"
}

const paths = (lines: ReadonlyArray<Record<string, unknown>>) => lines.filter((l) => l["type"] === "entry").map((l) => `${l["path"]}${l["kind"] === "directory" ? "/" : ""}`)

describe("splice ls", () => {
  it("lists the files git would, in git's order, without hidden names", async () => {
    const r = await run(ls(lsCfg()), new MemoryFs(TREE))
    expect(paths(r.lines)).toEqual(["README.md", "a.txt", "src/a.ts", "src/b.ts", "src/img.png", "src/lib/data.json", "src/lib/util.py"])
    expect(r.last).toEqual({ type: "result", command: "ls", ok: true, files: 7, directories: 0, skipped: [] })
    expect(r.human).toBe("README.md\na.txt\nsrc/a.ts\nsrc/b.ts\nsrc/img.png\nsrc/lib/data.json\nsrc/lib/util.py\n")
  })

  it("--depth stops the walk and lists the directories at the edge; --hidden, --no-ignore and --glob widen or narrow it", async () => {
    const mem = new MemoryFs(TREE)
    expect(paths((await run(ls(lsCfg({ maxDepth: 1 })), mem)).lines)).toEqual(["README.md", "a.txt", "src/"])
    expect(paths((await run(ls(lsCfg({ paths: ["src"], maxDepth: 1 })), mem)).lines)).toEqual(["src/a.ts", "src/b.ts", "src/img.png", "src/lib/"])
    expect(paths((await run(ls(lsCfg({ maxDepth: 1, hidden: true, noIgnore: true })), mem)).lines)).toEqual([".env", ".gitignore", "README.md", "a.txt", "debug.log", "src/", "vendor/"])
    expect(paths((await run(ls(lsCfg({ globs: ["*.ts", "*.py"] })), mem)).lines)).toEqual(["src/a.ts", "src/b.ts", "src/lib/util.py"])
    expect((await run(ls(lsCfg({ maxDepth: 0 })), mem)).error?.code).toBe("SPL-E010")
  })

  it("--long: size, lines (none for binary), language and the BLAKE3 checksum", async () => {
    const r = await run(ls(lsCfg({ paths: ["src"], long: true })), new MemoryFs(TREE))
    const entries = r.lines.filter((l) => l["type"] === "entry")
    expect(entries.map((e) => [e["path"], e["size"], e["lines"], e["language"]])).toEqual([
      ["src/a.ts", 38, 2, "typescript"], ["src/b.ts", 20, 1, "typescript"], ["src/img.png", 10, null, "binary"], ["src/lib/data.json", 3, 1, "json"], ["src/lib/util.py", 23, 3, "python"]
    ])
    // `printf '{}\n' | b3sum`
    expect(entries[3]!["checksum"]).toBe("a7c4d54776fcb179f048728766a52d75dc450cc2a5072b7e2c238aa9b2cff3b6")
    expect(r.last).toMatchObject({ files: 5, bytes: 94 })
    expect(r.human.split("\n")[0]).toMatch(/^\s+38 B\s+2 {2}typescript\s+[0-9a-f]{12} {2}src\/a\.ts$/)
  })

  it("from a nested subdirectory, and errors: a missing path (SPL-E020), outside the workspace (SPL-E061)", async () => {
    const mem = new MemoryFs(TREE)
    expect(paths((await run(ls(lsCfg()), mem, { cwd: "src/lib" })).lines)).toEqual(["src/lib/data.json", "src/lib/util.py"])
    expect((await run(ls(lsCfg({ paths: ["nope"] })), mem)).error?.code).toBe("SPL-E020")
    expect((await run(ls(lsCfg({ paths: ["../x"] })), mem)).error?.code).toBe("SPL-E061")
  })

  it("an unreadable directory is reported in skipped and the rest listed", async () => {
    const mem = new MemoryFs(TREE)
    mem.faults.push({ op: "list", path: "src/lib", errno: "EACCES" })
    const r = await run(ls(lsCfg()), mem)
    expect(paths(r.lines)).toEqual(["README.md", "a.txt", "src/a.ts", "src/b.ts", "src/img.png"])
    expect(r.last["skipped"]).toEqual([{ path: "src/lib", reason: "SPL-E021: permission denied reading src/lib" }])
  })
})

describe("splice count", () => {
  it("files, lines and bytes; binary files apart; the largest files; per language", async () => {
    const r = await run(count(countCfg({ bySize: 2, byLanguage: true })), new MemoryFs(TREE))
    expect(r.last).toMatchObject({
      files: 7,
      lines: 11,
      bytes: 125,
      binary_files: 1,
      largest: [{ file: "src/a.ts", size: 38, lines: 2, language: "typescript" }, { file: "src/lib/util.py", size: 23, lines: 3, language: "python" }],
      by_language: [
        { language: "typescript", files: 2, lines: 3, bytes: 58 },
        { language: "python", files: 1, lines: 3, bytes: 23 },
        { language: "markdown", files: 1, lines: 3, bytes: 14 },
        { language: "text", files: 1, lines: 1, bytes: 17 },
        { language: "json", files: 1, lines: 1, bytes: 3 },
        { language: "binary", files: 1, lines: 0, bytes: 10 }
      ],
      skipped: []
    })
    expect(r.human.split("\n")[0]).toBe("7 files, 11 lines, 125 B (1 binary)")
  })

  it("a path, a glob; --by-size 0 is a usage error", async () => {
    const mem = new MemoryFs(TREE)
    expect((await run(count(countCfg({ paths: ["src"], globs: ["*.ts"] })), mem)).last).toMatchObject({ files: 2, lines: 3, bytes: 58 })
    expect((await run(count(countCfg({ bySize: 0 })), mem)).error?.code).toBe("SPL-E010")
  })

  it("an unreadable file is skipped and reported", async () => {
    const mem = new MemoryFs(TREE)
    mem.faults.push({ op: "read", path: "README.md", errno: "EACCES" })
    const r = await run(count(countCfg()), mem)
    expect(r.last).toMatchObject({ files: 6, skipped: [{ path: "README.md", reason: "SPL-E021: permission denied reading README.md" }] })
  })
})
