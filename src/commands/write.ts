/**
 * `splice write`: replace or create a whole file through the safe write path. An existing file
 * keeps its line-ending style and BOM unless --raw: agents usually send `\n` text back.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { unifiedDiff } from "../domain/diff.js"
import { type AddPosition, inFileStyle, withAdded } from "../domain/addText.js"
import { spliceError } from "../domain/SpliceError.js"
import { encodeText, hasBom } from "../domain/textContent.js"
import { FileStore } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { identityLock } from "../../services/Lock.js"
import { Output } from "../../services/Output.js"
import { type ValidateMode, Validator } from "../../services/Validator.js"
import { skippedVerdict } from "./compilerGate.js"
import { compilerLine, previewVerdict } from "./verdictText.js"
import { commitOne, refuseFailedSyntax, type SingleFileWriteConfig, textDigests, withLockedFile } from "./singleFileWrite.js"
import { checkExpected, decodeOrRefuse, statTarget } from "./textTarget.js"
import { ABSENT, expectedFrom } from "./transaction.js"
import { graphAfterWrite } from "./graphAfterWrite.js"
import { refuseGrowth } from "./resultLimits.js"
import { parentWorkspacePath } from "../domain/workspacePath.js"
import { lineEndingReport } from "../domain/lineEndings.js"
import { acquireRecovering } from "./lockRecovering.js"

export interface WriteConfig extends SingleFileWriteConfig {
  readonly content: Uint8Array
  readonly create: boolean
  readonly allowEmpty: boolean
  readonly raw: boolean
  /** --append / --prepend: add the content at the file's end, or at its start (after the BOM). */
  readonly position?: AddPosition
  readonly validate: ValidateMode
}

export const write = (config: WriteConfig) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    const validator = yield* Validator
    const output = yield* Output

    if (config.position !== undefined && config.create) {
      return yield* Effect.fail(spliceError("SPL-E010", `--${config.position} adds to a file, --create makes a new one: give one of them`, {
        context: { flag: config.position, expected: "--append, --prepend or --create, not two of them" }
      }))
    }
    if (config.content.length === 0 && !config.allowEmpty) {
      return yield* Effect.fail(spliceError("SPL-E012", config.position === undefined
        ? "refusing to write empty content (pass --allow-empty to truncate on purpose)"
        : `refusing to ${config.position} empty content (an empty stdin is more likely a mistake; --allow-empty makes it a no-op)`))
    }
    // Refused as new text, before the target is looked at: the file would turn binary.
    const nul = config.content.indexOf(0)
    if (nul !== -1) {
      return yield* Effect.fail(spliceError("SPL-E069", `the content has a NUL byte at offset ${nul}; splice writes text files only`, { context: { file: config.file, offset: nul } }))
    }
    if (config.content.length > config.maxBytes) {
      return yield* Effect.fail(spliceError("SPL-E064", `content is ${config.content.length} bytes, over the limit of ${config.maxBytes}`, {
        context: { file: config.file, size: config.content.length, max_bytes: config.maxBytes }
      }))
    }
    return yield* withLockedFile(config, (path) => Effect.gen(function*() {
      const info = yield* statTarget(path, config.maxBytes)
      if (!config.preview && info !== undefined && info.nlink > 1) yield* acquireRecovering(identityLock(info), Duration.millis(config.lockTimeoutMs))
      if (info !== undefined && config.create) {
        return yield* Effect.fail(spliceError("SPL-E033", `${path.relative} already exists`, { context: { file: path.relative } }))
      }
      const parent = yield* store.locate(parentWorkspacePath(path.relative))
      const parentInfo = yield* store.stat(parent)
      // --create makes the missing directories (recorded in the journal, removed again by rollback
      // and undo); without it a missing directory is more likely a typo in the path.
      if (!config.create && (parentInfo._tag === "None" || parentInfo.value.kind !== "directory")) {
        return yield* Effect.fail(spliceError("SPL-E020", `directory ${parent.relative} does not exist`, {
          hint: "Pass --create to create the file and its missing directories.",
          context: { file: path.relative, directory: parent.relative }
        }))
      }
      const originalBytes = info === undefined ? null : yield* store.read(path)
      const original = originalBytes === null ? null : yield* decodeOrRefuse(path, originalBytes)
      const checksumBefore = originalBytes === null ? null : yield* hasher.blake3(originalBytes)
      yield* checkExpected(path, checksumBefore ?? ABSENT, config.expectChecksum)

      const incoming = yield* decodeOrRefuse(path, config.content)
      let next = config.content
      let text = incoming.text
      const converted: string[] = []
      if (original !== null && originalBytes !== null && config.position !== undefined) {
        // Added to one end: every byte there stays; the new text takes the file's line endings and
        // never brings a BOM of its own into the middle of the file (unless --raw).
        const styled = config.raw ? { text: incoming.text, converted: false } : inFileStyle(incoming.text, original.lineEnding)
        if (styled.converted) converted.push(`line endings to ${original.lineEnding}`)
        if (original.bom && config.position === "prepend") converted.push("after the BOM")
        next = withAdded(originalBytes, config.raw ? config.content : encodeText(styled.text, false), config.position)
        text = (yield* decodeOrRefuse(path, next)).text
      } else if (original !== null && !config.raw) {
        // Keep the file's conventions when the new text has none of its own.
        const styled = inFileStyle(incoming.text, original.lineEnding)
        if (styled.converted) {
          text = styled.text
          converted.push(`line endings to ${original.lineEnding}`)
        }
        const bom = incoming.bom || original.bom
        if (original.bom && !hasBom(config.content)) converted.push("kept BOM")
        if (converted.length > 0) next = encodeText(text, bom)
      }
      yield* refuseGrowth(path.relative, next.length, config.maxBytes)
      const checksumAfter = yield* hasher.blake3(next)
      const position = config.position !== undefined ? { position: config.position } : {}
      if (checksumAfter === checksumBefore) {
        return yield* output.result("write", {
          file: path.relative, changed: false, created: false, checksum_before: checksumBefore, checksum_after: checksumAfter, bytes: next.length, tx: null, ...position
        }, (t) => `${t.summary.writeUnchanged(path.relative, config.position)}\n`)
      }
      const verdict = yield* validator.validate({
        path: path.relative,
        before: original?.text ?? null,
        after: text,
        mode: config.validate,
        ...(original !== null && checksumBefore !== null && !original.bom ? textDigests(hasBom(next), checksumBefore, checksumAfter) : {})
      })
      // Only when shown: a diff of a large rewrite is the costliest step of a write.
      const diffNow = () => unifiedDiff(original?.text ?? "", text, path.relative)
      const base = {
        file: path.relative,
        created: original === null,
        bytes: next.length,
        ...lineEndingReport(text),
        conversions: converted,
        checksum_before: checksumBefore,
        checksum_after: checksumAfter,
        validation: verdict,
        ...position
      }
      if (config.preview) {
        const pv = previewVerdict(path.relative, verdict)
        const diff = diffNow()
        return yield* output.result("write", {
          ...base,
          compiler: skippedVerdict("not run by --preview: the checker reads the files on disk"),
          preview: true,
          changed: false,
          would_change: true,
          would_succeed: pv.wouldSucceed,
          tx: null,
          diff
        }, (t) => `${diff}${pv.human(t)}`)
      }
      yield* refuseFailedSyntax(path.relative, verdict, (count) => `the content has ${count} new syntax error(s)`)
      const { tx, compiler, writeStrategy } = yield* commitOne({
        target: path,
        original: originalBytes,
        mode: info?.mode ?? null,
        next,
        checksumBefore,
        checksumAfter,
        createOnly: original === null,
        ...(info !== undefined && originalBytes !== null ? expectedFrom(info, originalBytes) : {})
      }, config, { command: "write" })
      const graph = yield* graphAfterWrite([path.relative], config)
      const diff = config.showDiff ? diffNow() : undefined
      return yield* output.result("write", { ...base, compiler, changed: true, tx: tx.id, write_strategy: writeStrategy, created_directories: tx.dirs ?? [], ...graph.fields, ...(diff !== undefined ? { diff } : {}) },
        (t) => `${diff ?? ""}${t.summary.written(original === null ? "created" : config.position === "append" ? "appended" : config.position === "prepend" ? "prepended" : "wrote", path.relative, next.length, next.length - (originalBytes?.length ?? 0), compilerLine(compiler, t), tx.id)}\n${graph.human}`)
    }))
  })
