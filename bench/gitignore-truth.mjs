// Does splice's tree walk skip exactly what git ignores? For each tree: a copy in a fresh git
// repository (nothing committed, so every file is untracked), with extra files made to hit every
// .gitignore pattern (each pattern's own name, inside the directory and a level below, and a
// negated one's), then `git ls-files --others --exclude-standard` (git's own list of the files it
// does not ignore) against the walk, once with each matcher: splice's own
// src/domain/graph/gitignore.ts, and the `ignore` package (kaelzhang) when it is installed.
// Usage: node bench/gitignore-truth.mjs [DIR | PACKAGE.tgz | GIT_DIR.git ...]   (none: a hand-made nested case)
import { execFileSync, spawnSync } from "node:child_process"
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, dirname, join, resolve } from "node:path"
import { build } from "esbuild"
import { handMade } from "./support/gitignoreCases.mjs"

const ROOT = resolve(import.meta.dirname, "..")
const work = mkdtempSync(join(tmpdir(), "splice-gitignore-"))
const runner = join(work, "walk.mjs")
await build({ entryPoints: [join(ROOT, "bench/support/walkEntry.ts")], bundle: true, platform: "node", format: "esm", outfile: runner, logLevel: "warning", target: "node20" })
/** The `ignore` package is compared when it is installed (its URL is passed to the bundled walk). */
const ignoreUrl = await import("ignore").then(() => import.meta.resolve("ignore"), () => undefined)
const hasIgnore = ignoreUrl !== undefined
const git = (cwd, args) => execFileSync("git", ["-c", "core.excludesFile=/dev/null", ...args], { cwd, encoding: "utf8", maxBuffer: 1 << 28 })

/** A file named after each .gitignore pattern, in its directory and a level below: the cases the patterns were written for. */
const probes = (dir) => {
  let made = 0
  const visit = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === ".git") continue
      const p = join(d, e.name)
      if (e.isDirectory()) visit(p)
      else if (e.name === ".gitignore") {
        for (let line of readFileSync(p, "utf8").split(/\r?\n/)) {
          line = line.trim()
          if (line === "" || line.startsWith("#")) continue
          const name = line.replace(/^!/, "").replace(/^\//, "").replace(/\/$/, "").replace(/\*\*/g, "dd").replace(/\*/g, "x").replace(/\?/g, "q").replace(/\[[^\]]*\]/g, "b").replace(/\\/g, "")
          if (name === "" || name.split("/").some((s) => s === "." || s === ".." || s === "")) continue
          for (const target of [join(d, name), join(d, "probe-sub", name), join(d, name, "inner.txt")]) {
            try {
              mkdirSync(dirname(target), { recursive: true })
              if (!existsSync(target)) { writeFileSync(target, "probe\n"); made++ }
            } catch {}
          }
        }
      }
    }
  }
  visit(dir)
  return made
}

/** HEAD's files of a git directory, written out; blobs the snapshot lacks (large files) are skipped. */
const checkout = (gitDir, dir) => {
  const entries = execFileSync("git", ["--git-dir", gitDir, "ls-tree", "-r", "-z", "HEAD"], { encoding: "utf8", maxBuffer: 1 << 28 })
    .split("\0").filter(Boolean).map((l) => { const [meta, path] = l.split("\t"); const [mode, type, id] = meta.split(" "); return { mode, type, id, path } })
    .filter((e) => e.type === "blob" && e.mode !== "120000")
  const out = spawnSync("git", ["--git-dir", gitDir, "cat-file", "--batch"], { input: entries.map((e) => e.id).join("\n") + "\n", maxBuffer: 1 << 30 }).stdout
  let at = 0
  for (const e of entries) {
    const nl = out.indexOf(10, at)
    const header = out.subarray(at, nl).toString()
    at = nl + 1
    if (header.endsWith("missing")) continue
    const size = Number(header.split(" ")[2])
    mkdirSync(dirname(join(dir, e.path)), { recursive: true })
    writeFileSync(join(dir, e.path), out.subarray(at, at + size))
    at += size + 1
  }
}

const prepare = (source) => {
  const dir = mkdtempSync(join(work, "tree-"))
  if (source === undefined) handMade(dir)
  else if (source.endsWith(".tgz")) execFileSync("tar", ["xzf", source, "-C", dir])
  else if (existsSync(join(source, "HEAD")) && existsSync(join(source, "objects"))) checkout(source, dir)
  else cpSync(source, dir, { recursive: true, filter: (s) => basename(s) !== ".git" })
  git(dir, ["init", "-q"])
  const made = probes(dir)
  return { dir, made }
}

const rows = []
for (const source of process.argv.length > 2 ? process.argv.slice(2).map((s) => resolve(s)) : [undefined]) {
  const { dir, made } = prepare(source)
  const truth = new Set(git(dir, ["ls-files", "-z", "--others", "--exclude-standard"]).split("\0").filter((f) => f !== "" && lstatSync(join(dir, f)).isFile()))
  const all = git(dir, ["ls-files", "-z", "--others"]).split("\0").filter((f) => f !== "").length
  const gitignores = execFileSync("find", [dir, "-name", ".gitignore", "-not", "-path", "*/.git/*"], { encoding: "utf8" }).split("\n").filter(Boolean).length
  for (const [matcher, arg] of [["splice gitignore.ts", "own"], ...(hasIgnore ? [["ignore (kaelzhang)", "ignore"]] : [])]) {
    const r = spawnSync(process.execPath, [runner, dir, arg, ignoreUrl ?? ""], { encoding: "utf8", maxBuffer: 1 << 28 })
    if (r.status !== 0) throw new Error(r.stderr)
    const listed = new Set(r.stdout.split("\0").filter(Boolean))
    const missing = [...truth].filter((f) => !listed.has(f))
    const extra = [...listed].filter((f) => !truth.has(f))
    rows.push({ tree: source === undefined ? "hand-made nested case" : basename(source), files: all, gitignores, probes: made, matcher, git_lists: truth.size, walk_lists: listed.size, wrongly_skipped: missing.length, wrongly_listed: extra.length, ms: r.stderr.match(/walk: ([\d.]+)/)?.[1], examples: [...missing.slice(0, 3).map((f) => `-${f}`), ...extra.slice(0, 3).map((f) => `+${f}`)].join(" ") })
  }
}
console.log("| tree | files | .gitignore files | probes | matcher | git lists | walk lists | wrongly skipped | wrongly listed | walk ms | examples |")
console.log("|---|---|---|---|---|---|---|---|---|---|---|")
for (const r of rows) console.log(`| ${r.tree} | ${r.files} | ${r.gitignores} | ${r.probes} | ${r.matcher} | ${r.git_lists} | ${r.walk_lists} | ${r.wrongly_skipped} | ${r.wrongly_listed} | ${r.ms} | ${r.examples} |`)
rmSync(work, { recursive: true, force: true })
