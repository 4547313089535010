/**
 * `splice apply`: one change set (a plan, a Codex patch, search/replace blocks or a unified diff)
 * applied to many files as one transaction. Every file is read under its lock and every change is
 * made in memory first; the syntax gate judges each result; only then is anything written, through
 * the journal, so any failure, signal or crash leaves every file as it was.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { type ChangeFormat, type ChangeOp, type ChangeSet, pathsOf } from "../domain/changeSet.js"
import { applyChangeSet, type FileText, type StepReport } from "../domain/changeEngine.js"
import { unifiedDiff } from "../domain/diff.js"
import { detectFormat } from "../domain/formats/detect.js"
import { parseChangeSet } from "../domain/formats/index.js"
import { spliceError } from "../domain/SpliceError.js"
import type { Catalog } from "../domain/locale/index.js"
import { encodeText } from "../domain/textContent.js"
import { ALL_TIERS } from "../domain/tolerantMatch.js"
import { parseWorkspacePath, userPath, type WorkspacePath } from "../domain/workspacePath.js"
import { FileStore, type ResolvedPath } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { Input } from "../../services/Input.js"
import { identityLock } from "../../services/Lock.js"
import { Output } from "../../services/Output.js"
import { type ValidateMode, Validator, type Verdict } from "../../services/Validator.js"
import { engineError, invalidInput, unprovenClaim } from "./applyFailure.js"
import { COMPILER_OFF, type CompilerSettings, compilerGate, planFor, skippedVerdict } from "./compilerGate.js"
import { editEvidence, removalEvidence } from "./editEvidence.js"
import { autoRecover, refuseBlocked } from "./recover.js"
import { refuseGrowth } from "./resultLimits.js"
import { checkExpected, loadTextTarget, refuseReserved, statTarget, type TextTarget } from "./textTarget.js"
import { ABSENT, commitWrites, expectedFrom, type PlannedWrite, writeStrategy } from "./transaction.js"
import { graphAfterWrite } from "./graphAfterWrite.js"
import type { ApplyFileReport } from "../schema/results/apply.js"
import { compilerLine, filesValidation, multiFilePreview, syntaxErrorLines, syntaxFailure } from "./verdictText.js"
import { lineEndingReport } from "../domain/lineEndings.js"
import { acquireRecovering } from "./lockRecovering.js"
import { textDigests } from "./singleFileWrite.js"

export interface ApplyConfig {
  /** Where the change set comes from: a file, or "-" for stdin. */
  readonly input: string
  /** The change set itself, given inline (an MCP client has no stdin); `input` is then unused. */
  readonly text?: string
  readonly format: ChangeFormat | "auto"
  readonly preview: boolean
  readonly showDiff: boolean
  /** Exact matching only (no tolerance tiers). */
  readonly exact: boolean
  /** --expect-checksum FILE=HEX, as typed. */
  readonly expectChecksums: ReadonlyArray<string>
  readonly validate: ValidateMode
  readonly compiler?: CompilerSettings
  readonly maxBytes: number
  readonly lockTimeoutMs: number
  readonly holdMs?: number
  readonly allowGitDir?: boolean
  /** --db: the graph to refresh after the commit (default: the discovery chain; none found = skipped). */
  readonly db?: string
}

const decoder = new TextDecoder("utf-8", { fatal: true })

/** The change set's bytes, decoded and parsed. */
const readChangeSet = (config: ApplyConfig) =>
  Effect.gen(function*() {
    const input = yield* Input
    const source = config.text !== undefined ? "--change-set" : config.input === "-" ? "stdin" : config.input
    const bytes = config.text !== undefined
      ? new TextEncoder().encode(config.text)
      : config.input === "-" ? yield* input.stdin : yield* input.argumentFile(config.input)
    if (bytes.length === 0) {
      return yield* Effect.fail(spliceError("SPL-E012", `${source} is empty: no change set to apply`, {
        hint: "Pipe the change set into `splice apply`, name a file holding it, or give it with --change-set.",
        context: { input: config.text !== undefined ? source : config.input }
      }))
    }
    let text: string
    try {
      text = decoder.decode(bytes)
    } catch {
      return yield* Effect.fail(spliceError("SPL-E051", "the change set is not valid UTF-8", { context: { input: config.input, line: 0 } }))
    }
    const parsed = parseChangeSet(text.replace(/^\uFEFF/, ""), config.format)
    if (!parsed.ok) return yield* Effect.fail(invalidInput(config.format === "auto" ? detectFormat(text) ?? "change set" : config.format, parsed.failure))
    return parsed.changeSet
  })

/** Every path of the change set as a workspace path (jail and reserved paths checked). */
const resolveAll = (set: ChangeSet, allowGitDir: boolean) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const byTyped = new Map<string, ResolvedPath>()
    // Paths are taken from the current directory, like every splice path; but patches written
    // against the repository (git diff, most agents' patches) name files from its root. When a file
    // is only there, it is the one meant: never a guess between two existing files. A change set
    // that named one file from the root names them all from there: the paths that exist nowhere yet
    // (a Move to, an added file) go there too, not under the current directory.
    const found: Array<{ typed: string; p: ResolvedPath; exists: boolean; atRoot: ResolvedPath | undefined }> = []
    for (const typed of pathsOf(set)) {
      const rooted = set.pathsFrom === "root" ? parseWorkspacePath(typed) : undefined
      const p = rooted !== undefined ? yield* store.locate(rooted) : yield* store.resolve(userPath(typed))
      const exists = (yield* store.lstat(p))._tag === "Some"
      const fromRoot = parseWorkspacePath(typed)
      const atRoot = fromRoot !== undefined && fromRoot !== p.relative ? yield* store.locate(fromRoot) : undefined
      found.push({ typed, p, exists, atRoot })
    }
    let rootBased = false
    for (const f of found) {
      if (f.exists || f.atRoot === undefined || (yield* store.lstat(f.atRoot))._tag === "None") continue
      f.p = f.atRoot
      f.exists = true
      rootBased = true
    }
    for (const f of found) {
      const p = rootBased && !f.exists && f.atRoot !== undefined ? f.atRoot : f.p
      yield* refuseReserved(p, allowGitDir)
      byTyped.set(f.typed, p)
    }
    const at = (typed: string) => byTyped.get(typed)!.relative as string
    const ops: ChangeOp[] = set.ops.map((op) =>
      op.kind === "move"
        ? { ...op, from: at(op.from), to: at(op.to) }
        : op.kind === "patch" && op.moveTo !== undefined
        ? { ...op, file: at(op.file), moveTo: at(op.moveTo) }
        : { ...op, file: at(op.file) }
    )
    const resolved = new Map<WorkspacePath, ResolvedPath>()
    for (const p of byTyped.values()) resolved.set(p.relative, p)
    return { ops, resolved }
  })

/** FILE=HEX pairs of --expect-checksum, by workspace path. */
const expectedChecksums = (pairs: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const out = new Map<WorkspacePath, string>()
    for (const pair of pairs) {
      const eq = pair.lastIndexOf("=")
      if (eq <= 0) {
        return yield* Effect.fail(spliceError("SPL-E010", `--expect-checksum takes FILE=CHECKSUM with apply (got ${JSON.stringify(pair)})`, { context: { expect_checksum: pair } }))
      }
      out.set((yield* store.resolve(userPath(pair.slice(0, eq)))).relative, pair.slice(eq + 1))
    }
    return out
  })

type Action = "update" | "add" | "delete" | "move"

interface FilePlan {
  readonly path: ResolvedPath
  readonly action: Action
  readonly from?: WorkspacePath
  /** What the file (or, for a move, its source) held before. */
  readonly before: TextTarget | undefined
  readonly after: FileText | null
}

export const apply = (config: ApplyConfig) =>
  Effect.gen(function*() {
    const hasher = yield* Hasher
    const validator = yield* Validator
    const output = yield* Output

    const set = yield* readChangeSet(config)
    const { ops, resolved } = yield* resolveAll(set, config.allowGitDir === true)
    const expected = yield* expectedChecksums(config.expectChecksums)
    const paths = [...resolved.keys()]
    for (const p of expected.keys()) {
      if (!resolved.has(p)) {
        return yield* Effect.fail(spliceError("SPL-E010", `--expect-checksum names ${p}, which the change set does not touch`, { context: { file: p } }))
      }
    }
    const blocked = config.preview ? new Map() : yield* autoRecover
    yield* refuseBlocked(blocked, paths)

    return yield* Effect.scoped(Effect.gen(function*() {
      // Every lock first, in one sorted acquisition: two applies over overlapping files never deadlock.
      if (!config.preview) yield* acquireRecovering(paths, Duration.millis(config.lockTimeoutMs))
      const targets = new Map<WorkspacePath, TextTarget | undefined>()
      for (const [p, r] of resolved) {
        const info = yield* statTarget(r, config.maxBytes)
        targets.set(p, info === undefined ? undefined : yield* loadTextTarget(r, config.maxBytes))
      }
      const linked = [...targets.values()].filter((t) => t !== undefined && t.info.nlink > 1)
      if (!config.preview && linked.length > 0) {
        // Other names of these files may be edited meanwhile: lock the files themselves, then read again.
        yield* acquireRecovering(linked.flatMap((t) => identityLock(t!.info)), Duration.millis(config.lockTimeoutMs))
        for (const t of linked) targets.set(t!.path.relative, yield* loadTextTarget(t!.path, config.maxBytes))
      }

      // Checksums: per op (expect_checksum) and per file (--expect-checksum), against the state on disk.
      for (const op of ops) {
        if (op.expectChecksum === undefined) continue
        const file = (op.kind === "move" ? op.from : op.file) as WorkspacePath
        yield* checkExpected({ relative: file }, targets.get(file)?.checksum ?? ABSENT, op.expectChecksum)
      }
      for (const [file, sum] of expected) yield* checkExpected({ relative: file }, targets.get(file)?.checksum ?? ABSENT, sum)

      const initial = new Map<string, FileText | null>()
      for (const [p, t] of targets) initial.set(p, t === undefined ? null : t.content)
      const run = applyChangeSet(ops, initial, { tiers: config.exact ? ["exact"] : ALL_TIERS })
      if (!run.ok) return yield* Effect.fail(engineError(run.failure, ops))
      const result = run.result

      // "Already applied" only with the journal's evidence that splice made this very change.
      const evidence = new Map<string, string>()
      for (const c of result.claims) {
        if (c.removed !== undefined) {
          // A file that is not there is missing unless splice is known to have removed (or moved) it.
          const tx = yield* removalEvidence(c.file as WorkspacePath, c.removed.to as WorkspacePath | undefined)
          if (tx === undefined) return yield* Effect.fail(engineError({ kind: "missing_file", op: c.op, file: c.file }, ops))
          evidence.set(`${c.op}:${c.hunk}`, tx)
          continue
        }
        const tx = yield* editEvidence(c.file as WorkspacePath, { old: c.old, new: c.new })
        if (tx === undefined) return yield* Effect.fail(unprovenClaim(c.file, c.op, c.hunk, c.line, ops))
        evidence.set(`${c.op}:${c.hunk}`, tx)
      }

      const plans: FilePlan[] = []
      const movedFrom = new Set(result.moves.values())
      for (const [p, after] of result.files) {
        const path = resolved.get(p as WorkspacePath)!
        const before = targets.get(p as WorkspacePath)
        const source = result.moves.get(p) as WorkspacePath | undefined
        if (source !== undefined && after !== null) {
          plans.push({ path, action: "move", from: source, before: targets.get(source), after })
        } else if (after === null) {
          if (before !== undefined && !movedFrom.has(p)) plans.push({ path, action: "delete", before, after })
        } else if (before === undefined) plans.push({ path, action: "add", before, after })
        else if (after.text !== before.content.text || after.bom !== before.content.bom) plans.push({ path, action: "update", before, after })
      }
      const stepsOf = (plan: FilePlan) =>
        result.steps.filter((s) => s.file === plan.path.relative || (plan.from !== undefined && s.file === plan.from)).map((s: StepReport) => ({
          change: s.op + 1,
          hunk: s.hunk + 1,
          input_line: ops[s.op]!.kind === "patch" ? (ops[s.op] as Extract<ChangeOp, { kind: "patch" }>).hunks[s.hunk]?.origin.line ?? ops[s.op]!.origin.line : ops[s.op]!.origin.line,
          matched_with: s.matchedWith,
          lines: s.lines,
          already_applied: s.alreadyApplied,
          ...(evidence.has(`${s.op}:${s.hunk}`) ? { applied_by: evidence.get(`${s.op}:${s.hunk}`) } : {})
        }))

      // Bytes, checksums and the syntax verdict of every result, before anything is written.
      const writes: PlannedWrite[] = []
      const reports: Array<ApplyFileReport> = []
      const verdicts: Array<{ file: string; verdict: Verdict }> = []
      const diffs: string[] = []
      for (const plan of plans) {
        const rel = plan.path.relative
        const beforeText = plan.before?.content.text ?? null
        const next = plan.after === null ? null : encodeText(plan.after.text, plan.after.bom)
        if (next !== null) {
          yield* refuseGrowth(rel, next.length, config.maxBytes)
          const nul = plan.after!.text.indexOf("\0")
          if (nul !== -1 && (beforeText === null || !beforeText.includes("\0"))) {
            return yield* Effect.fail(spliceError("SPL-E069", `the change set puts a NUL byte into ${rel}; splice writes text files only`, { context: { file: rel, offset: nul } }))
          }
        }
        const checksumAfter = next === null ? ABSENT : yield* hasher.blake3(next)
        if (plan.after !== null) {
          const verdict = yield* validator.validate({
            path: rel,
            before: beforeText,
            after: plan.after.text,
            mode: config.validate,
            ...(plan.before !== undefined && !plan.before.content.bom ? textDigests(plan.after.bom, plan.before.checksum, checksumAfter) : {})
          })
          verdicts.push({ file: rel, verdict })
        }
        const shownFrom = plan.action === "move" ? plan.from! : rel
        diffs.push(plan.after === null ? unifiedDiff(beforeText ?? "", "", rel).replace(/^\+\+\+ b\/.*$/m, "+++ /dev/null") : plan.before === undefined
          ? unifiedDiff("", plan.after.text, rel).replace(/^--- a\/.*$/m, "--- /dev/null")
          : unifiedDiff(beforeText ?? "", plan.after.text, rel).replace(/^--- a\/.*$/m, `--- a/${shownFrom}`))
        if (plan.action === "move" && result.files.get(plan.from!) === null) {
          // The file itself is given the new name (inode, mode, timestamps, hard links kept), its
          // hunks written into it after (in place: movedFile.ts); then its old name's entry.
          const src = plan.before!
          const rewritten = next === null || !Buffer.from(next).equals(Buffer.from(src.bytes))
          writes.push({
            target: plan.path, original: null, mode: src.info.mode, next, checksumBefore: null, checksumAfter,
            moveFrom: src.path, moveExpect: expectedFrom(src.info, src.bytes).expect!, ...(rewritten ? { inPlace: true } : {})
          })
          writes.push({ target: src.path, original: src.bytes, mode: src.info.mode, next: null, checksumBefore: src.checksum, checksumAfter: ABSENT })
        } else if (plan.action === "move") {
          // Its old name is written again by another change of the set: the source goes, the destination is created with the source's mode.
          const src = plan.before!
          writes.push({ target: src.path, original: src.bytes, mode: src.info.mode, next: null, checksumBefore: src.checksum, checksumAfter: ABSENT, ...expectedFrom(src.info, src.bytes) })
          writes.push({ target: plan.path, original: null, mode: src.info.mode, next, checksumBefore: null, checksumAfter, createOnly: true })
        } else {
          const t = plan.before
          writes.push({
            target: plan.path,
            original: t?.bytes ?? null,
            mode: t?.info.mode ?? null,
            next,
            checksumBefore: t?.checksum ?? null,
            checksumAfter,
            ...(t === undefined ? { createOnly: true } : expectedFrom(t.info, t.bytes))
          })
        }
        reports.push({
          file: rel,
          action: plan.action,
          ...(plan.from !== undefined ? { from: plan.from } : {}),
          checksum_before: plan.before?.checksum ?? null,
          checksum_after: next === null ? null : checksumAfter,
          ...(plan.after !== null ? lineEndingReport(plan.after.text) : {}),
          hunks: stepsOf(plan)
        })
      }
      const failedSyntax = verdicts.filter((v) => v.verdict.status === "failed")
      const validation = filesValidation(verdicts)
      const alreadyApplied = result.steps.filter((s) => s.alreadyApplied).length
      const base = { format: set.format, changes: ops.length, already_applied: alreadyApplied }

      if (plans.length === 0) {
        return yield* output.result("apply", {
          ...base, changed: false, tx: null, files: [], validation, compiler: skippedVerdict("nothing to change")
        }, (t) => `${t.summary.applyUnchanged(alreadyApplied, [...evidence.values()])}\n`)
      }
      const diff = diffs.join("")
      if (config.preview) {
        const preview = multiFilePreview(verdicts, config.compiler, diff)
        return yield* output.result("apply", { ...base, ...preview.fields, files: reports, validation }, preview.human)
      }
      if (failedSyntax.length > 0) {
        const errors = failedSyntax.map((v) => syntaxErrorLines(v.file, v.verdict)).join("")
        return yield* Effect.fail(spliceError("SPL-E042", `the change set would introduce syntax errors in ${failedSyntax.map((v) => v.file).join(", ")}; nothing written`, {
          context: {
            files: failedSyntax.map((v) => syntaxFailure(v.file, v.verdict).context),
            // The errors as compiler-style lines, for a reader that shows one string.
            summary: errors
          }
        }))
      }

      const gate = config.compiler ?? COMPILER_OFF
      const checked = writes.filter((w) => w.next !== null).map((w) => w.target.relative)
      const compilerPlans = yield* planFor(checked, gate)
      const { tx, verified: compiler } = yield* commitWrites(
        writes,
        { command: "apply", edits: result.edits.map((e) => ({ ...e, file: e.file as WorkspacePath })), ...(config.holdMs !== undefined ? { holdMs: config.holdMs } : {}) },
        compilerGate(writes, gate, compilerPlans)
      )
      // Every path the transaction touched: a moved file's rows leave its old path too.
      const graph = yield* graphAfterWrite(writes.map((w) => w.target.relative), config)
      const summary = (t: Catalog) => reports.map((r) => `${t.summary.action(String(r["action"]))} ${r["from"] !== undefined ? `${r["from"]} → ` : ""}${r["file"]}`).join(", ")
      return yield* output.result("apply", {
        ...base,
        changed: true,
        tx: tx.id,
        // How each file that was written landed (a deleted one was not written).
        files: reports.map((r) => {
          const w = writes.find((x) => x.target.relative === r.file && x.next !== null)
          return w === undefined ? r : { ...r, write_strategy: writeStrategy(w) }
        }),
        created_directories: tx.dirs ?? [],
        validation,
        compiler,
        ...graph.fields,
        ...(config.showDiff ? { diff } : {})
      }, (t) => `${config.showDiff ? diff : ""}${t.summary.applied(set.format, summary(t), t.verdict.syntaxOk(validation.status), compilerLine(compiler, t), tx.id)}\n${graph.human}`)
    }))
  })
