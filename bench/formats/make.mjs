// Builds the corpus of bench/formats.mjs from real files (npm packages, Python's stdlib) and the
// case specs in cases.mjs: each case's before/ (whole files), change.<fmt> (the change set as a
// model would write it: the mangling is the point of the case), after/ (the intended result) and
// case.json. after/ is checked with `git apply` of a clean unified diff of the same change.
// Usage: node bench/formats/make.mjs SRC_DIR   (SRC_DIR: where the npm tarballs were unpacked,
// one <name>-<version>/package/ directory each, as `npm pack` + `tar xzf` leave them)
import { execFileSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { cases } from "./cases.mjs"

const here = dirname(new URL(import.meta.url).pathname)
const repo = join(here, "..", "..")
const srcDir = process.argv[2] ?? "/work/scratch/h5/src"

/** "py:tty.py" (Python's stdlib), "nm:pkg/file" (this repo's node_modules), "name-1.2.3/file" (an unpacked npm tarball). */
const sourcePath = (spec) => {
  if (spec.startsWith("py:")) return join("/usr/lib/python3.11", spec.slice(3))
  if (spec.startsWith("nm:")) return join(repo, "node_modules", spec.slice(3))
  const [pkg, ...rest] = spec.split("/")
  return join(srcDir, pkg, "package", ...rest)
}

/** A file as lines: `eol` its line ending, `tail` whether the last line ends with one. */
const asLines = (text) => {
  const eol = text.includes("\r\n") ? "\r\n" : "\n"
  const lines = text.split(eol)
  const tail = lines[lines.length - 1] === ""
  if (tail) lines.pop()
  return { lines, eol, tail }
}
const joinLines = ({ lines, eol, tail }) => lines.join(eol) + (tail && lines.length > 0 ? eol : "")
const L = (s) => (Array.isArray(s) ? s : s.split("\n"))
/** A new file's content as lines, without the empty string after its final newline. */
const contentLines = (s) => (s.endsWith("\n") ? s.slice(0, -1) : s).split("\n")

/** Where `old` sits in `lines` (0-based): at the 1-based line `at` when given, else its only occurrence. */
const locate = (lines, old, at, what) => {
  if (at !== undefined) {
    for (let k = 0; k < old.length; k++) if (lines[at - 1 + k] !== old[k]) throw new Error(`${what}: line ${at + k} is ${JSON.stringify(lines[at - 1 + k])}, not ${JSON.stringify(old[k])}`)
    return at - 1
  }
  const hits = []
  for (let i = 0; i + old.length <= lines.length; i++) if (old.every((l, k) => lines[i + k] === l)) hits.push(i)
  if (hits.length !== 1) throw new Error(`${what}: old text found ${hits.length} times (${hits.map((h) => h + 1)})`)
  return hits[0]
}

const id = (l) => l
const mangler = (m = {}) => ({ ctx: m.ctx ?? id, del: m.del ?? id, add: m.add ?? id })

/** The edits of one file placed in its original lines, sorted, each with its context. */
const placeEdits = (c, file, orig) =>
  c.edits
    .filter((e) => e.file === file)
    .map((e) => {
      const old = L(e.old)
      const pos = locate(orig.lines, old, e.at, `${c.name} ${file}`)
      const [cb, ca] = e.ctx ?? c.ctx ?? [3, 3]
      const before = orig.lines.slice(Math.max(0, pos - cb), pos)
      const after = orig.lines.slice(pos + old.length, pos + old.length + ca)
      // The hunk's last context line is the file's last line, which has no line terminator.
      const noNewlineAtEnd = !orig.tail && pos + old.length + after.length === orig.lines.length && after.length > 0
      return { ...e, old, new: e.new === "" ? [] : L(e.new), pos, before, after, modelOld: e.modelOld ? L(e.modelOld) : old, noNewlineAtEnd }
    })
    .sort((a, b) => a.pos - b.pos)

/** Apply the intended edits (file style, exact) to a file's lines. */
const applyEdits = (orig, placed) => {
  const lines = [...orig.lines]
  for (const e of [...placed].reverse()) lines.splice(e.pos, e.old.length, ...e.new)
  return { ...orig, lines }
}

// ---- renderers: one change set, as each format writes it -----------------------------------

/** A hunk's lines; `bare`: empty context lines written without their leading space, as models often do. */
const hunkBody = (e, m, bare = false, marker = false) => {
  const context = (l) => (bare && m.ctx(l) === "" ? "" : " " + m.ctx(l))
  const body = [...e.before.map(context), ...e.modelOld.map((l) => "-" + m.del(l)), ...e.new.map((l) => "+" + m.add(l)), ...e.after.map(context)]
  return marker ? [...body, "\\ No newline at end of file"] : body
}

const renderUdiff = (c, plan, m, clean = false) => {
  const out = []
  const git = c.git === true || plan.moves.length > 0 || plan.adds.length > 0 || plan.deletes.length > 0
  let h = 0
  for (const f of plan.files) {
    const to = plan.moveOf(f.file) ?? f.file
    if (git) out.push(`diff --git a/${f.file} b/${to}`)
    if (to !== f.file) out.push(`similarity index 90%`, `rename from ${f.file}`, `rename to ${to}`)
    else if (git) out.push(`index 0000000..1111111 100644`)
    if (f.placed.length === 0) continue
    out.push(`--- a/${f.file}`, `+++ b/${to}`)
    let delta = 0
    const rendered = []
    for (const e of f.placed) {
      const oldLen = e.before.length + e.modelOld.length + e.after.length
      const newLen = e.before.length + e.new.length + e.after.length
      let oldStart = e.pos - e.before.length + 1
      let newStart = oldStart + delta
      delta += e.new.length - e.old.length
      let [dOld, dNew] = [0, 0]
      if (!clean) {
        const shift = Array.isArray(c.shift) ? c.shift[h] ?? 0 : c.shift ?? 0
        oldStart += shift
        newStart += shift
        ;[dOld, dNew] = Array.isArray(c.miscount?.[0]) ? c.miscount[h] ?? [0, 0] : c.miscount ?? [0, 0]
      }
      h++
      const header = !clean && c.splitSections && rendered.length > 0 ? [`--- a/${f.file}`, `+++ b/${to}`] : []
      rendered.push([...header, `@@ -${oldStart},${oldLen + dOld} +${newStart},${newLen + dNew} @@`, ...hunkBody(e, clean ? mangler() : m, !clean && c.bareBlankLines, e.noNewlineAtEnd && (clean || !e.omitNoNewlineMarker))])
    }
    // reverseHunks: the model listed the file's hunks bottom-up (each with its own right numbers).
    for (const lines of !clean && c.reverseHunks ? rendered.reverse() : rendered) out.push(...lines)
  }
  for (const a of plan.adds) {
    const lines = contentLines(a.content)
    out.push(`diff --git a/${a.file} b/${a.file}`, "new file mode 100644", "index 0000000..2222222", "--- /dev/null", `+++ b/${a.file}`, `@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => "+" + l))
  }
  for (const d of plan.deletes) {
    // staleLine: the model's copy of the deleted file differs at one line (it read an older version).
    const lines = d.staleLine ? d.orig.lines.map((l, i) => (i === d.staleLine[0] - 1 ? d.staleLine[1] : l)) : d.orig.lines
    out.push(`diff --git a/${d.file} b/${d.file}`, "deleted file mode 100644", "index 3333333..0000000", `--- a/${d.file}`, "+++ /dev/null", `@@ -1,${lines.length} +0,0 @@`, ...lines.map((l) => "-" + l))
  }
  return out.join("\n") + "\n"
}

const renderCodex = (c, plan, m) => {
  const out = ["*** Begin Patch"]
  for (const a of plan.adds) out.push(`*** Add File: ${a.file}`, ...contentLines(a.content).map((l) => "+" + l))
  for (const d of plan.deletes) out.push(`*** Delete File: ${d.file}`)
  for (const f of plan.files) {
    out.push(`*** Update File: ${f.placed[0]?.modelFile ?? f.file}`)
    const to = plan.moveOf(f.file)
    if (to !== undefined) out.push(`*** Move to: ${to}`)
    for (const e of c.reverseHunks ? [...f.placed].reverse() : f.placed) {
      const anchors = e.anchor === undefined ? [] : Array.isArray(e.anchor) ? e.anchor : [e.anchor]
      if (e.codexHeader) out.push(`@@ ${e.codexHeader}`)
      else if (anchors.length === 0) out.push("@@")
      for (const a of anchors) out.push(`@@ ${a}`)
      out.push(...hunkBody(e, m, c.bareBlankLines))
      if (e.eofMarker) out.push("*** End of File")
    }
  }
  out.push("*** End Patch")
  return out.join("\n") + "\n"
}

const fenceLang = (file) => ({ py: "python", js: "javascript", ts: "typescript", c: "c", ps1: "powershell" })[file.split(".").pop()] ?? ""

const renderSearchReplace = (c, plan, m) => {
  const style = c.style ?? "plain"
  const out = [c.prose ?? "Here are the changes:", ""]
  const block = (file, search, replace) => {
    if (style === "bold") out.push(`**${file}**`, "```" + fenceLang(file))
    else if (style === "nofence") out.push(file)
    else if (style === "path-in-fence") out.push("```" + fenceLang(file), file)
    else out.push(file, "```" + fenceLang(file))
    out.push("<<<<<<< SEARCH", ...search, "=======", ...replace, ">>>>>>> REPLACE")
    if (style !== "nofence") out.push("```")
    out.push("")
  }
  for (const f of plan.files) {
    for (const e of f.placed) {
      const ctxB = e.before.map(m.ctx)
      const ctxA = e.after.map(m.ctx)
      block(e.modelFile ?? f.file, [...ctxB, ...e.modelOld.map(m.del), ...ctxA], [...ctxB, ...e.new.map(m.add), ...ctxA])
    }
  }
  for (const a of plan.adds) block(a.file, [], contentLines(a.content))
  if (plan.moves.length > 0 || plan.deletes.length > 0) throw new Error(`${c.name}: search/replace blocks cannot move or delete files`)
  return out.join("\n")
}

const renderPlan = (c, plan, m) => {
  const ops = []
  for (const a of plan.adds) ops.push({ op: "create", file: a.file, content: a.content.endsWith("\n") ? a.content : a.content + "\n" })
  for (const f of plan.files) {
    for (const e of f.placed) {
      const ctxB = e.before.map(m.ctx)
      const ctxA = e.after.map(m.ctx)
      ops.push({ op: "edit", file: e.modelFile ?? f.file, old: [...ctxB, ...e.modelOld.map(m.del), ...ctxA].join("\n"), new: [...ctxB, ...e.new.map(m.add), ...ctxA].join("\n") })
    }
    const to = plan.moveOf(f.file)
    if (to !== undefined) ops.push({ op: "move", from: f.file, to })
  }
  for (const d of plan.deletes) ops.push({ op: "delete", file: d.file })
  return JSON.stringify({ ops }, null, 2) + "\n"
}

const renderers = { udiff: renderUdiff, codex: renderCodex, "search-replace": renderSearchReplace, plan: renderPlan }
const extension = { udiff: "diff", codex: "patch", "search-replace": "md", plan: "json" }

// ---- build ---------------------------------------------------------------------------------

const writeTree = (dir, files) => {
  for (const [p, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true })
    writeFileSync(join(dir, p), bytes)
  }
}
const readTree = (dir, base = dir, out = {}) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) readTree(p, base, out)
    else out[p.slice(base.length + 1)] = readFileSync(p)
  }
  return out
}
const sameTree = (a, b) => Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => b[k] !== undefined && Buffer.compare(a[k], b[k]) === 0)

/** `git apply` of a clean diff (LF, right numbers) to the original files gives the intended after/ (CRLF files compared as LF). */
const checkWithGit = (c, plan, orig, after) => {
  const dir = mkdtempSync(join(tmpdir(), "formats-make-"))
  try {
    const lf = (b) => Buffer.from(b.toString("utf8").replaceAll("\r\n", "\n"))
    writeTree(dir, Object.fromEntries(Object.entries(orig).map(([p, b]) => [p, lf(b)])))
    writeFileSync(join(dir, ".clean.diff"), renderUdiff(c, plan, mangler(), true))
    execFileSync("git", ["apply", "--unidiff-zero", "--whitespace=nowarn", ".clean.diff"], { cwd: dir, stdio: "pipe" })
    rmSync(join(dir, ".clean.diff"))
    const got = readTree(dir)
    const want = Object.fromEntries(Object.entries(after).map(([p, b]) => [p, lf(b)]))
    if (!sameTree(got, want)) throw new Error(`${c.name}: git apply of the clean diff differs from after/`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const only = process.argv[3]
let failed = 0
for (const c of cases) {
  if (only && c.name !== only) continue
  try {
    build(c)
  } catch (e) {
    failed++
    console.error(`${c.name}: ${e.message}`)
  }
}
if (failed > 0) process.exit(1)
if (!only) {
  const names = new Set(cases.map((c) => c.name))
  for (const e of readdirSync(here, { withFileTypes: true })) if (e.isDirectory() && !names.has(e.name)) rmSync(join(here, e.name), { recursive: true })
}
console.log(`wrote ${only ? 1 : cases.length} case(s)`)

function build(c) {
  const orig = Object.fromEntries(Object.entries(c.files).map(([p, spec]) => [p, readFileSync(sourcePath(spec))]))
  const moves = c.moves ?? []
  const plan = {
    files: Object.keys(orig)
      .filter((p) => !(c.deletes ?? []).some((d) => d === p || d.file === p))
      .map((file) => ({ file, placed: placeEdits(c, file, asLines(orig[file].toString("utf8"))) }))
      .filter((f) => f.placed.length > 0 || moves.some((mv) => mv.from === f.file)),
    adds: c.adds ?? [],
    deletes: (c.deletes ?? []).map((d) => (typeof d === "string" ? { file: d } : d)).map((d) => ({ ...d, orig: asLines(orig[d.file].toString("utf8")) })),
    moves,
    moveOf: (file) => moves.find((mv) => mv.from === file)?.to
  }
  // Intended result, from the exact edits in each file's own style.
  const intended = { ...orig }
  for (const f of plan.files) {
    intended[f.file] = Buffer.from(joinLines(applyEdits(asLines(orig[f.file].toString("utf8")), f.placed)))
    const to = plan.moveOf(f.file)
    if (to !== undefined) {
      intended[to] = intended[f.file]
      delete intended[f.file]
    }
  }
  for (const a of plan.adds) intended[a.file] = Buffer.from(a.content.endsWith("\n") ? a.content : a.content + "\n")
  for (const d of plan.deletes) delete intended[d.file]
  if (!c.modelOldDiffers && c.raw === undefined) checkWithGit(c, plan, orig, intended)

  // preapplied: the whole change (or, per edit, that edit) was already made by hand.
  const handEdited = { ...orig }
  for (const f of plan.files) {
    const done = f.placed.filter((e) => e.preapplied === true)
    if (done.length > 0) handEdited[f.file] = Buffer.from(joinLines(applyEdits(asLines(orig[f.file].toString("utf8")), done)))
  }
  if (c.rawAfter !== undefined) {
    // A hand-written change set (raw) and its intended result: exact unique replacements, then a move.
    let text = orig[c.rawAfter.from].toString("utf8")
    for (const [o, n] of c.rawAfter.edits) {
      if (text.split(o).length !== 2) throw new Error(`${c.name}: rawAfter old text is not unique`)
      text = text.replace(o, () => n)
    }
    delete intended[c.rawAfter.from]
    intended[c.rawAfter.to] = Buffer.from(text)
  }
  const before = c.preapplied ? intended : handEdited
  const after = c.expect === "refuse" ? before : intended
  const dir = join(here, c.name)
  rmSync(dir, { recursive: true, force: true })
  writeTree(join(dir, "before"), before)
  writeTree(join(dir, "after"), after)
  const rendered = c.raw ?? renderers[c.format](c, plan, mangler(c.mangle))
  // changeEol: the change set itself was saved with CRLF line endings.
  const change = c.changeEol === "\r\n" ? rendered.replaceAll("\r\n", "\n").replaceAll("\n", "\r\n") : rendered
  writeFileSync(join(dir, `change.${extension[c.format]}`), change)
  const sources = Object.fromEntries(Object.entries(c.files).map(([p, spec]) => [p, spec]))
  writeFileSync(join(dir, "case.json"), JSON.stringify({ kind: c.kind, format: c.format, expect: c.expect, why: c.why, sources }, null, 2) + "\n")
}
