/**
 * `splice get`, `splice set` and `splice del`: one value of a JSON, JSONC, TOML or YAML file, by key
 * path. The edit is made by the format's own library (comments kept), parsed again and compared with
 * the data it must hold, then written through the same journaled, locked, atomic path as `splice edit`.
 */
import * as Effect from "effect/Effect"
import { unifiedDiff } from "../domain/diff.js"
import { exactJsonValue, mayHoldBigInts } from "../domain/data/exactNumbers.js"
import { DATA_FORMATS, type DataEditor, type DataFormat, formatOf, inLineStyle, type Through } from "../domain/data/formats.js"
import { formatKeyPath, type KeyPath, parseKeyPath } from "../domain/data/keyPath.js"
import { canonicalPath, didYouMean, firstDifference, type Lookup, lookup, type Plain, planSet, prefixText, sameData, withDeleted, withSet } from "../domain/data/tree.js"
import { jsonText } from "../domain/jsonText.js"
import type { Catalog } from "../domain/locale/index.js"
import { type SpliceError, spliceError } from "../domain/SpliceError.js"
import { userPath } from "../domain/workspacePath.js"
import { FileStore } from "../../services/FileStore.js"
import { Output } from "../../services/Output.js"
import { Syntax } from "../../services/Syntax.js"
import type { Verdict } from "../../services/Validator.js"
import { type CompilerVerdict, skippedVerdict } from "./compilerGate.js"
import { graphAfterWrite, type GraphReport } from "./graphAfterWrite.js"
import { commitOne, encodedText, lockedTextTarget, replacing, type SingleFileWriteConfig, withLockedFile } from "./singleFileWrite.js"
import { loadTextTarget, type TextTarget } from "./textTarget.js"
import { compilerLine, previewVerdict, verdictLine } from "./verdictText.js"
import { type LineEndingFields, lineEndingReport } from "../domain/lineEndings.js"

export interface DataReadConfig {
  readonly file: string
  readonly keyPath: string
  readonly maxBytes: number
}

export interface DataWriteConfig extends DataReadConfig, SingleFileWriteConfig {}

export interface SetConfig extends DataWriteConfig {
  /** VALUE: a string, or with --json the JSON text of any value. */
  readonly value: string
  readonly json: boolean
}

/** The editor of a format, loaded when first used (yaml, jsonc-parser and the TOML wasm stay out of start-up). */
const editorFor = (format: DataFormat): Effect.Effect<DataEditor, SpliceError, Syntax> => {
  switch (format) {
    case "json":
      return Effect.promise(() => import("../domain/data/jsonEditor.js")).pipe(Effect.map((m) => m.jsonEditor))
    case "jsonc":
      return Effect.promise(() => import("../domain/data/jsonEditor.js")).pipe(Effect.map((m) => m.jsoncEditor))
    case "yaml":
      return Effect.promise(() => import("../domain/data/yamlEditor.js")).pipe(Effect.map((m) => m.yamlEditor))
    case "toml":
      return Effect.zipWith(Effect.flatMap(Syntax, (s) => s.tomlEngine), Effect.promise(() => import("../domain/data/tomlEditor.js")), (engine, m) => m.tomlEditor(engine))
  }
}

/** The request itself, checked before any file is touched: the key path and the file's format. */
const checkRequest = (config: DataReadConfig) =>
  Effect.gen(function*() {
    const parsed = parseKeyPath(config.keyPath)
    if (!parsed.ok) {
      return yield* Effect.fail(spliceError("SPL-E014", `invalid key path ${JSON.stringify(config.keyPath)}: expected ${parsed.expected} at offset ${parsed.offset}`, {
        context: { key_path: config.keyPath, offset: parsed.offset, expected: parsed.expected }
      }))
    }
    const format = formatOf(config.file)
    if (format === undefined) {
      return yield* Effect.fail(spliceError("SPL-E015", `${config.file}: not a JSON, JSONC, TOML or YAML file name`, {
        context: { file: config.file, formats: [...DATA_FORMATS] }
      }))
    }
    return { path: parsed.path, format }
  })

/** The file parsed; SPL-E048 with the line and column where it does not parse. */
const parseTarget = (target: TextTarget, format: DataFormat) =>
  Effect.gen(function*() {
    const editor = yield* editorFor(format)
    const parsed = editor.parse(target.content.text)
    if (!parsed.ok) {
      const file = target.path.relative
      const what = parsed.unsupported === true ? `${file}: ${parsed.message} (the second begins at line ${parsed.line})` : `${file} is not valid ${format.toUpperCase()}: ${parsed.message} at line ${parsed.line}, column ${parsed.column}`
      return yield* Effect.fail(spliceError("SPL-E048", what, {
        context: { file, format, line: parsed.line, column: parsed.column, reason: parsed.message }
      }))
    }
    return { editor, data: parsed.value }
  })

const notFound = (file: string, format: DataFormat, path: KeyPath, miss: Exclude<Lookup, { found: true }>) => {
  const segment = path[miss.depth]!
  const found = prefixText(path, miss.depth)
  const missing = formatKeyPath([segment])
  const suggestions = didYouMean(segment, miss.keys)
  const there = miss.container === "array"
    ? `an array of ${miss.length} element(s)`
    : miss.container === "scalar"
    ? "a value, not an object or array"
    : miss.keys.length === 0
    ? "an empty object"
    : `keys ${miss.keys.slice(0, 20).join(", ")}${miss.keys.length > 20 ? ", …" : ""}`
  return spliceError("SPL-E073", `key path ${formatKeyPath(path)} not found in ${file}: ${found} has no ${missing} (it holds ${there})`, {
    ...(suggestions.length > 0 ? { hint: `Did you mean ${suggestions.map((s) => formatKeyPath([...path.slice(0, miss.depth), { kind: "key", key: s }])).join(" or ")}?` } : {}),
    context: {
      file,
      format,
      key_path: formatKeyPath(path),
      found: miss.depth === 0 ? "" : found,
      missing,
      reason: miss.reason,
      container: miss.container,
      available: [...miss.keys],
      ...(miss.length !== undefined ? { length: miss.length } : {}),
      did_you_mean: [...suggestions]
    }
  })
}

const typeOf = (v: Plain) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "object" ? "object" : typeof v === "bigint" ? "number" : typeof v as "string" | "number" | "boolean")

/** A value for a person: strings as they are, anything else as JSON. */
const show = (v: Plain) => (typeof v === "string" ? v : jsonText(v, 2))

export const get = (config: DataReadConfig) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const output = yield* Output
    const request = yield* checkRequest(config)
    const path = yield* store.resolve(userPath(config.file))
    const target = yield* loadTextTarget(path, config.maxBytes)
    const { editor, data } = yield* parseTarget(target, request.format)
    const keyPath = canonicalPath(data, request.path)
    const found = lookup(data, keyPath)
    if (!found.found) return yield* Effect.fail(notFound(path.relative, request.format, keyPath, found))
    const through = editor.through?.(target.content.text, keyPath)
    return yield* output.result("get", {
      file: path.relative,
      format: request.format,
      key_path: formatKeyPath(keyPath),
      value: found.value,
      value_type: typeOf(found.value),
      ...(through !== undefined ? { through } : {}),
      checksum: target.checksum
    }, `${show(found.value)}\n`)
  })

/** What a set or del computed in memory; F: its own result fields (value, old_value, created). */
interface Change<F> {
  readonly keyPath: KeyPath
  /** The text after the change, or undefined when the data already reads so. */
  readonly text: string | undefined
  readonly fields: F
  readonly summary: (t: Catalog) => string
}

type Planner<F> = (target: TextTarget, editor: DataEditor, data: Plain, path: KeyPath, format: DataFormat) => Effect.Effect<Change<F>, SpliceError>

type SetFields = { readonly value: Plain; readonly old_value?: Plain; readonly created: boolean; readonly through?: Through }
type DelFields = { readonly old_value: Plain }

/** The fields of every set/del result, then those of each outcome (src/schema/results/data.ts). */
type Written<F> = F & {
  readonly file: string
  readonly format: DataFormat
  readonly key_path: string
  readonly line_ending: LineEndingFields["line_ending"]
  readonly line_ending_dominant?: LineEndingFields["line_ending_dominant"]
  readonly bom: boolean
  readonly checksum_before: string
  readonly checksum_after: string
  readonly validation: Verdict
  readonly compiler: CompilerVerdict
}
type Outcome<F> =
  | (Written<F> & { readonly changed: false; readonly tx: null })
  | (Written<F> & { readonly preview: true; readonly changed: false; readonly would_change: true; readonly would_succeed: boolean; readonly tx: null; readonly diff: string })
  | (Written<F> & { readonly changed: true; readonly tx: string; readonly write_strategy: "rename" | "inplace"; readonly graph?: GraphReport; readonly diff?: string })

/**
 * The edited text, parsed again: it must parse, and hold exactly `expected` (the old data with this
 * one change), or nothing is written.
 */
const checkedEdit = (target: TextTarget, editor: DataEditor, format: DataFormat, path: KeyPath, expected: Plain, edit: (text: string) => string) =>
  Effect.gen(function*() {
    const file = target.path.relative
    const keyPath = formatKeyPath(path)
    const refuse = (reason: "unparsable_result" | "data_mismatch" | "editor_failed", detail: string, more: { line?: number; column?: number; differs_at?: string } = {}) =>
      Effect.fail(spliceError("SPL-E049", `refused to change ${keyPath} in ${file}: ${detail}; nothing written`, {
        context: { file, format, key_path: keyPath, reason, detail, ...more }
      }))
    let text: string
    try {
      text = inLineStyle(target.content.text, edit)
    } catch (e) {
      return yield* refuse("editor_failed", typeof e === "string" ? e.trim() : e instanceof Error ? e.message : String(e))
    }
    const again = editor.parse(text)
    if (!again.ok) return yield* refuse("unparsable_result", `the result would not parse: ${again.message} at line ${again.line}, column ${again.column}`, { line: again.line, column: again.column })
    const diff = firstDifference(expected, again.value)
    if (diff !== undefined) {
      const at = diff.length === 0 ? "(the top level)" : formatKeyPath(diff)
      // Changing an anchor's node changes what aliases and merges it too: say which.
      const through = diff.length === 0 ? undefined : editor.through?.(target.content.text, diff)
      const why = through === undefined ? "" : ` (${at} is reached through ${through.kind === "merge" ? `the merge key \`<<: *${through.anchor}\` of ${through.at}` : `the alias \`*${through.anchor}\` at ${through.at}`})`
      return yield* refuse("data_mismatch", `the result would hold other data than asked for, at ${at}${why}`, { differs_at: diff.length === 0 ? "" : at })
    }
    return text
  })

/**
 * A change of a value reached through a YAML alias or merge key would change the anchor's node (and
 * every other user of it): refused, except setting a key a mapping merges, which the mapping then
 * holds itself (its own keys win over merged ones).
 */
const throughRefusal = (target: TextTarget, editor: DataEditor, format: DataFormat, path: KeyPath, command: "set" | "del") => {
  const through = editor.through?.(target.content.text, path)
  // The node itself is the alias (`b: *defaults`): replacing or removing it leaves the anchor alone.
  if (through === undefined || through.at === formatKeyPath(path)) return Effect.succeed(undefined)
  const parent = formatKeyPath(path.slice(0, -1))
  if (command === "set" && through.kind === "merge" && through.at === parent) return Effect.succeed(through)
  const file = target.path.relative
  const keyPath = formatKeyPath(path)
  const how = through.kind === "merge" ? `the merge key \`<<: *${through.anchor}\` of ${through.at || "the top level"}` : `the alias \`*${through.anchor}\` at ${through.at || "the top level"}`
  const detail = `${keyPath} is reached through ${how}: changing it would change the anchor &${through.anchor} and everything that uses it` +
    (command === "del" && through.kind === "merge" && through.at === parent ? ` (${parent} does not hold the key itself: a merged key cannot be deleted from one mapping)` : "")
  return Effect.fail(spliceError("SPL-E049", `refused to change ${keyPath} in ${file}: ${detail}; nothing written`, {
    hint: "Change the anchor's node itself (its own key path), or write the value out in place of the alias with splice edit.",
    context: { file, format, key_path: keyPath, reason: "through_alias", detail, through }
  }))
}

const planSetChange = (value: Plain): Planner<SetFields> => (target, editor, data, path, format) =>
  Effect.gen(function*() {
    const plan = planSet(data, path, value)
    if (!plan.ok) return yield* Effect.fail(notFound(target.path.relative, format, path, { found: false, ...plan }))
    const through = plan.old === undefined ? undefined : yield* throughRefusal(target, editor, format, path, "set")
    const fields: SetFields = { value, ...(plan.old !== undefined ? { old_value: plan.old.value } : {}), created: plan.old === undefined, ...(through !== undefined ? { through } : {}) }
    if (plan.old !== undefined && sameData(plan.old.value, value)) {
      return { keyPath: path, text: undefined, fields, summary: (t: Catalog) => t.summary.dataSame(formatKeyPath(path)) }
    }
    const text = yield* checkedEdit(target, editor, format, path, withSet(data, plan.at, plan.value), (t) => editor.set(t, plan.at, plan.value, plan.append))
    const old = plan.old === undefined ? undefined : jsonText(plan.old.value)
    const summary = (t: Catalog) => t.summary.dataSet(formatKeyPath(path), old, jsonText(value))
    return { keyPath: path, text, fields, summary }
  })

const planDelChange: Planner<DelFields> = (target, editor, data, path, format) =>
  Effect.gen(function*() {
    const found = lookup(data, path)
    if (!found.found) return yield* Effect.fail(notFound(target.path.relative, format, path, found))
    yield* throughRefusal(target, editor, format, path, "del")
    const text = yield* checkedEdit(target, editor, format, path, withDeleted(data, path), (t) => editor.del(t, path))
    return { keyPath: path, text, fields: { old_value: found.value }, summary: (t: Catalog) => t.summary.dataDeleted(formatKeyPath(path)) }
  })

/**
 * Lock, read, plan, then preview or commit: the write path of `splice edit`, for one data change.
 * Returns the result's fields and its human text for set or del to print.
 */
const change = <F>(command: "set" | "del", config: DataWriteConfig, planner: Planner<F>) =>
  Effect.gen(function*() {
    const request = yield* checkRequest(config)

    return yield* withLockedFile(config, (path) => Effect.gen(function*() {
      const target = yield* lockedTextTarget(path, config)
      const { editor, data } = yield* parseTarget(target, request.format)
      const planned = yield* planner(target, editor, data, canonicalPath(data, request.path), request.format)
      const base = {
        file: path.relative,
        format: request.format,
        key_path: formatKeyPath(planned.keyPath),
        ...planned.fields,
        ...lineEndingReport(target.content.text),
        bom: target.content.bom,
        checksum_before: target.checksum
      }

      if (planned.text === undefined || planned.text === target.content.text) {
        const outcome: Outcome<F> = {
          ...base,
          changed: false,
          checksum_after: target.checksum,
          validation: { gate: "syntax", status: "skipped", reason: "nothing to change", errors: [], preexisting: 0 },
          compiler: skippedVerdict("nothing to change"),
          tx: null
        }
        return { outcome, human: (t: Catalog) => `${t.summary.dataUnchanged(path.relative, planned.summary(t))}\n` }
      }
      const text = planned.text
      // The syntax gate of a data change is the format's own parser, which checkedEdit ran (tree-sitter's
      // JSON grammar would call a JSONC file's comments and trailing commas errors).
      const verdict: Verdict = { gate: "syntax", status: "passed", language: request.format, parser: editor.parser, errors: [], preexisting: 0 }
      const { next, checksumAfter } = yield* encodedText(path.relative, text, target.content.bom, config.maxBytes)
      const diffNow = () => unifiedDiff(target.content.text, text, path.relative)

      if (config.preview) {
        const diff = diffNow()
        const pv = previewVerdict(path.relative, verdict)
        const outcome: Outcome<F> = {
          ...base,
          preview: true,
          changed: false,
          would_change: true,
          would_succeed: pv.wouldSucceed,
          checksum_after: checksumAfter,
          validation: verdict,
          compiler: skippedVerdict("not run by --preview: the checker reads the files on disk"),
          tx: null,
          diff
        }
        return { outcome, human: (t: Catalog) => `${diff}${pv.human(t)}` }
      }
      const { tx, compiler, writeStrategy } = yield* commitOne(replacing(target, next, checksumAfter), config, { command })
      const graph = yield* graphAfterWrite([path.relative], config)
      const diff = config.showDiff ? diffNow() : undefined
      const outcome: Outcome<F> = {
        ...base,
        changed: true,
        checksum_after: checksumAfter,
        validation: verdict,
        compiler,
        tx: tx.id,
        write_strategy: writeStrategy,
        ...graph.fields,
        ...(diff !== undefined ? { diff } : {})
      }
      return { outcome, human: (t: Catalog) => `${diff ?? ""}${t.summary.dataChanged(path.relative, planned.summary(t), verdictLine(verdict, t), compilerLine(compiler, t), tx.id)}\n${graph.human}` }
    }))
  })

/** VALUE as given: a string, or with --json any JSON value. */
const valueOf = (config: SetConfig) => {
  if (!config.json) return Effect.succeed<Plain>(config.value)
  try {
    const value = JSON.parse(config.value) as Plain
    // A long integer is kept as written (JSON.parse would round 12345678901234567890).
    return Effect.succeed(mayHoldBigInts(config.value) ? exactJsonValue(config.value, { allowTrailingComma: false }) : value)
  } catch (e) {
    return Effect.fail(spliceError("SPL-E010", `--json: VALUE is not valid JSON (${e instanceof Error ? e.message : String(e)}); without --json it is taken as a string`, {
      context: { flag: "json", expected: "a JSON value: 1, true, null, \"text\", [..] or {..}" }
    }))
  }
}

export const set = (config: SetConfig) =>
  Effect.gen(function*() {
    const value = yield* valueOf(config)
    const { outcome, human } = yield* change("set", config, planSetChange(value))
    return yield* (yield* Output).result("set", outcome, human)
  })

export const del = (config: DataWriteConfig) =>
  Effect.gen(function*() {
    const { outcome, human } = yield* change("del", config, planDelChange)
    return yield* (yield* Output).result("del", outcome, human)
  })
