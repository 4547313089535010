/**
 * `splice replace`: every match of a pattern in the tree replaced, as one transaction. The walk and
 * the binary rule are search's; the files that match are then locked (all of them, in one sorted
 * acquisition), read again under their locks, changed in memory, counted (`--expect-count`), judged
 * by the syntax gate file by file, and only then written through the journal: any failure, signal
 * or crash leaves every file as it was, and `splice undo` reverses the whole replace.
 */
import { Buffer } from "node:buffer"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { unifiedDiff } from "../../domain/diff.js"
import { spliceError } from "../../domain/SpliceError.js"
import type { CompiledPattern, PatternOptions } from "../../domain/search/pattern.js"
import { parseTemplate, replaceAll, type TemplatePart } from "../../domain/search/replace.js"
import { detectLineEndingOf, encodeText } from "../../domain/textContent.js"
import type { WorkspacePath } from "../../domain/workspacePath.js"
import type { ResolvedPath } from "../../../services/FileStore.js"
import { Hasher } from "../../../services/Hasher.js"
import { identityLock } from "../../../services/Lock.js"
import { Output } from "../../../services/Output.js"
import { type ValidateMode, Validator, type Verdict } from "../../../services/Validator.js"
import { COMPILER_OFF, type CompilerSettings, compilerGate, planFor, skippedVerdict } from "../compilerGate.js"
import { graphAfterWrite } from "../graphAfterWrite.js"
import { autoRecover, refuseBlocked } from "../recover.js"
import { refuseGrowth } from "../resultLimits.js"
import { loadTextTarget, refuseReserved, type TextTarget } from "../textTarget.js"
import { commitWrites, expectedFrom, type PlannedWrite } from "../transaction.js"
import { compilerLine, filesValidation, multiFilePreview, syntaxErrorLines, syntaxFailure } from "../verdictText.js"
import { scanTree } from "./scanTree.js"
import { compileOrRefuse } from "./search.js"
import type { WalkOptions } from "./walk.js"
import { type LineEndingFields, lineEndingReport } from "../../domain/lineEndings.js"
import { acquireRecovering } from "../lockRecovering.js"

export interface ReplaceConfig extends PatternOptions, WalkOptions {
  readonly pattern: string
  readonly replacement: string
  /** Refuse unless exactly this many matches are replaced. */
  readonly expectCount?: number
  readonly preview: boolean
  readonly showDiff: boolean
  readonly validate: ValidateMode
  readonly compiler?: CompilerSettings
  readonly maxBytes: number
  readonly lockTimeoutMs: number
  readonly holdMs?: number
  readonly db?: string
}

export interface ReplacedFile {
  readonly file: WorkspacePath
  readonly replacements: number
  readonly checksum_before: string
  readonly checksum_after: string
  readonly line_ending: LineEndingFields["line_ending"]
  readonly line_ending_dominant?: LineEndingFields["line_ending_dominant"]
  readonly bom: boolean
}

/** The replacement as replaceAll takes it: a literal's text, or a regex's template checked against its groups. */
const replacementOf = (config: ReplaceConfig, pattern: CompiledPattern) => {
  if (!config.regex) return Effect.succeed<string | ReadonlyArray<TemplatePart>>(config.replacement)
  const parsed = parseTemplate(config.replacement, pattern.groups, pattern.groupNames)
  if (parsed.ok) return Effect.succeed(parsed.parts)
  return Effect.fail(spliceError("SPL-E103", `invalid replacement ${JSON.stringify(config.replacement)}: ${parsed.message}`, {
    context: { replacement: config.replacement, reference: parsed.reference, groups: pattern.groups }
  }))
}

const decoder = new TextDecoder()

/** The files that hold a match: the walk, binary files skipped, a byte prefilter before any decoding. */
const candidates = (config: ReplaceConfig, pattern: CompiledPattern) =>
  Effect.gen(function*() {
    const found: ResolvedPath[] = []
    let searched = 0
    // A literal holding a line break matches a CRLF file in that file's own style: no byte prefilter.
    const required = /[\r\n]/.test(config.pattern) && !config.regex ? undefined : pattern.required
    const { skipped } = yield* scanTree(config, (file, read) => {
      searched++
      if (read.kind === "binary") return
      const bytes = Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength)
      if (required !== undefined && bytes.indexOf(required) === -1) return
      const text = decoder.decode(bytes)
      // Counted as the replace will count them (a literal's line breaks in the file's style).
      if (replaceAll(text, pattern, "", detectLineEndingOf(text)).count > 0) found.push(file.path)
    })
    return { found, searched, skipped }
  })

interface Planned {
  readonly target: TextTarget
  readonly text: string
  readonly count: number
}

export const replace = (config: ReplaceConfig) =>
  Effect.gen(function*() {
    const hasher = yield* Hasher
    const validator = yield* Validator
    const output = yield* Output
    if (config.expectCount !== undefined && config.expectCount < 0) {
      return yield* Effect.fail(spliceError("SPL-E010", "--expect-count takes a number of replacements, 0 or more", { context: { flag: "expect-count" } }))
    }
    const pattern = yield* compileOrRefuse(config.pattern, config, false)
    const replacement = yield* replacementOf(config, pattern)
    const { found, searched, skipped } = yield* candidates(config, pattern)
    for (const p of found) yield* refuseReserved(p)
    const paths = found.map((p) => p.relative)
    const blocked = config.preview ? new Map() : yield* autoRecover
    yield* refuseBlocked(blocked, paths)

    return yield* Effect.scoped(Effect.gen(function*() {
      // Every lock first, in one sorted acquisition: two replaces over overlapping files never deadlock.
      if (!config.preview && paths.length > 0) yield* acquireRecovering(paths, Duration.millis(config.lockTimeoutMs))
      const targets: TextTarget[] = []
      for (const p of found) targets.push(yield* loadTextTarget(p, config.maxBytes))
      const linked = targets.filter((t) => t.info.nlink > 1)
      if (!config.preview && linked.length > 0) {
        // Other names of these files may be edited meanwhile: lock the files themselves, then read again.
        yield* acquireRecovering(linked.flatMap((t) => identityLock(t.info)), Duration.millis(config.lockTimeoutMs))
        for (const [i, t] of targets.entries()) if (t.info.nlink > 1) targets[i] = yield* loadTextTarget(t.path, config.maxBytes)
      }

      // Every file changed in memory (read under its lock: what the scan saw may have changed since).
      const planned: Planned[] = []
      for (const target of targets) {
        const r = replaceAll(target.content.text, pattern, replacement, target.content.lineEnding)
        if (r.count > 0) planned.push({ target, text: r.text, count: r.count })
      }
      const total = planned.reduce((n, p) => n + p.count, 0)
      const counts = planned.map((p) => ({ file: p.target.path.relative, replacements: p.count }))
      if (config.expectCount !== undefined && total !== config.expectCount) {
        return yield* Effect.fail(spliceError("SPL-E102", `expected ${config.expectCount} replacement${config.expectCount === 1 ? "" : "s"}, found ${total} in ${planned.length} file${planned.length === 1 ? "" : "s"}; nothing written`, {
          context: { expected: config.expectCount, actual: total, files: counts }
        }))
      }

      // Bytes, checksums and the syntax verdict of every result, before anything is written.
      const writes: PlannedWrite[] = []
      const files: ReplacedFile[] = []
      const verdicts: Array<{ file: string; verdict: Verdict }> = []
      const diffs: string[] = []
      for (const p of planned) {
        const t = p.target
        const rel = t.path.relative
        if (p.text === t.content.text) continue // every match replaced by itself
        const next = encodeText(p.text, t.content.bom)
        yield* refuseGrowth(rel, next.length, config.maxBytes)
        const checksumAfter = yield* hasher.blake3(next)
        verdicts.push({ file: rel, verdict: yield* validator.validate({ path: rel, before: t.content.text, after: p.text, mode: config.validate }) })
        diffs.push(unifiedDiff(t.content.text, p.text, rel))
        writes.push({ target: t.path, original: t.bytes, mode: t.info.mode, next, checksumBefore: t.checksum, checksumAfter, ...expectedFrom(t.info, t.bytes) })
        files.push({ file: rel, replacements: p.count, checksum_before: t.checksum, checksum_after: checksumAfter, ...lineEndingReport(p.text), bom: t.content.bom })
      }
      const failed = verdicts.filter((v) => v.verdict.status === "failed")
      const validation = filesValidation(verdicts)
      const base = { pattern: config.pattern, replacement: config.replacement, regex: config.regex, replacements: total, files_searched: searched, files, skipped }
      const listed = files.map((f) => `${f.file} (${f.replacements})`).join(", ")

      if (writes.length === 0) {
        return yield* output.result("replace", { ...base, changed: false, tx: null, validation, compiler: skippedVerdict("nothing to change") },
          (t) => `${total === 0 ? t.summary.replaceNoMatch(config.pattern, searched) : t.summary.replaceSame(total)}\n`)
      }
      const diff = diffs.join("")
      if (config.preview) {
        const preview = multiFilePreview(verdicts, config.compiler, diff)
        return yield* output.result("replace", { ...base, ...preview.fields, validation },
          (t) => `${preview.human(t)}${t.summary.wouldReplace(total, files.length, listed)}\n`)
      }
      if (failed.length > 0) {
        return yield* Effect.fail(spliceError("SPL-E042", `the replace would introduce syntax errors in ${failed.map((v) => v.file).join(", ")}; nothing written`, {
          context: {
            files: failed.map((v) => syntaxFailure(v.file, v.verdict).context),
            summary: failed.map((v) => syntaxErrorLines(v.file, v.verdict)).join("")
          }
        }))
      }

      const gate = config.compiler ?? COMPILER_OFF
      const compilerPlans = yield* planFor(writes.map((w) => w.target.relative), gate)
      const { tx, verified: compiler } = yield* commitWrites(
        writes,
        { command: "replace", ...(config.holdMs !== undefined ? { holdMs: config.holdMs } : {}) },
        compilerGate(writes, gate, compilerPlans)
      )
      const graph = yield* graphAfterWrite(writes.map((w) => w.target.relative), config)
      return yield* output.result("replace", {
        ...base,
        changed: true,
        tx: tx.id,
        validation,
        compiler,
        ...graph.fields,
        ...(config.showDiff ? { diff } : {})
      }, (t) => `${config.showDiff ? diff : ""}${t.summary.replaced(total, files.length, listed, t.verdict.syntaxOk(validation.status), compilerLine(compiler, t), tx.id)}\n${graph.human}`)
    }))
  })
