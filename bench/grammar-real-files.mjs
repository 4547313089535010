// Does the syntax gate call valid code broken, in the languages beyond TS/JS/Python? Runs the built
// CLI's `splice check --validate syntax` over every file of the given directories (real code
// nobody here wrote, e.g. Debian packages unpacked with `apt-get download <pkg> && dpkg-deb -x`) and
// counts, per language, the files it flags. The files are released code, so every file flagged
// is a false error of the grammar (or a dialect it does not know), worth a look.
// Usage: node scripts/build.mjs && node bench/grammar-real-files.mjs DIR... [--show N]
import { spawnSync } from "node:child_process"
import { readdirSync } from "node:fs"
import { join, relative, resolve } from "node:path"

// The extensions of the languages measured here (binary files in a package would stop `check`).
const EXTENSIONS = new Set(["cs", "html", "htm", "rb", "rake", "gemspec", "php", "scala", "sbt", "hs", "ml", "mli", "ex", "exs", "kt", "kts",
  "lua", "toml", "yml", "yaml", "zig", "hcl", "tf", "tfvars", "go", "java", "c", "h", "cc", "cpp", "hpp", "rs", "sh", "css", "json"])
const ROOT = resolve(import.meta.dirname, "..")
const bundle = join(ROOT, "dist", "splice.mjs")
const args = process.argv.slice(2)
const showAt = args.indexOf("--show")
const show = showAt === -1 ? 3 : Number(args[showAt + 1])
const dirs = (showAt === -1 ? args : args.filter((_, i) => i !== showAt && i !== showAt + 1)).map((d) => resolve(d))

for (const dir of dirs) {
  const files = readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && EXTENSIONS.has(e.name.slice(e.name.lastIndexOf(".") + 1)))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort()
  const per = new Map()
  // In slices: one process per few hundred files keeps the command line short.
  for (let i = 0; i < files.length; i += 200) {
    const r = spawnSync(process.execPath, [bundle, "check", "--validate", "syntax", "--workspace", dir, "--", ...files.slice(i, i + 200)],
      { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: "1" } })
    const events = r.stdout.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l))
    // exit 0: all passed; exit 5: the diagnostics name the files with errors; anything else stops.
    if (r.status !== 0 && r.status !== 5) throw new Error(`splice check exit ${r.status}: ${events.at(-1)?.message ?? r.stderr}`)
    const flagged = new Map()
    for (const e of events) if (e.type === "diagnostic" && !flagged.has(e.file)) flagged.set(e.file, e)
    for (const f of files.slice(i, i + 200)) {
      const ext = f.slice(f.lastIndexOf(".") + 1)
      const entry = per.get(ext) ?? { files: 0, flagged: [] }
      entry.files++
      const d = flagged.get(f)
      if (d !== undefined) entry.flagged.push(`${f}:${d.line}:${d.column}: ${d.message}`)
      per.set(ext, entry)
    }
  }
  console.log(`${dir}`)
  for (const [ext, e] of [...per].sort()) {
    console.log(`  .${ext}: ${e.flagged.length} of ${e.files} files flagged`)
    for (const f of e.flagged.slice(0, show)) console.log(`    ${f.slice(0, 300)}`)
  }
}
