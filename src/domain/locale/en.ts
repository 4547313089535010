/**
 * English: the texts splice was written with. An error's message and hint are the ones its call
 * site wrote (they are also the NDJSON `message`/`hint`); every other human text is here.
 */
import { type ErrorCode, ErrorRegistry } from "../errors.js"
import type { Catalog, ErrorText, ErrorTexts, SymbolName, VerdictView } from "./catalog.js"
import { enCommands } from "./enCommands.js"

const asWritten: ErrorText<ErrorCode> = { message: (_, english) => english, hint: (_, english) => english }
const errors = Object.fromEntries(Object.keys(ErrorRegistry).map((code) => [code, asWritten])) as unknown as ErrorTexts

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const span = (a: number, b: number) => (b < a ? "no lines" : a === b ? `line ${a}` : `lines ${a}-${b}`)
const appliedBy = (by: ReadonlyArray<string>) => [...new Set(by)].join(", ")
const named = (w: SymbolName) => (w.kind === null ? w.name : `${w.kind} ${w.name}`)

export const en: Catalog = {
  ...enCommands,
  locale: "en",
  errors,
  error: {
    heading: (code, message) => `error[${code}]: ${message}`,
    hint: "hint",
    candidates: "candidates",
    nearLine: (line, percent, difference) => `line ${line} (${percent}% similar${difference ? `; ${difference}` : ""})`,
    difference: (english) => english,
    didYouMean: "did you mean",
    tried: "tried",
    atLines: "at lines",
    files: "files",
    help: "help",
    project: "(project)",
    exit: (code) => `(exit ${code})`
  },
  verdict: {
    syntax: (v: VerdictView) =>
      v.status === "skipped"
        ? `syntax: skipped (${v.reason})`
        : `syntax: ${v.status}${v.language ? ` (${v.language}${v.parser !== undefined && v.parser !== "tree-sitter" ? `, ${v.parser}` : ""})` : ""}`,
    compiler: (v: VerdictView) =>
      v.status === "skipped"
        ? `compiler: skipped (${v.reason})`
        : `compiler: ${v.status}${v.tool ? ` (${v.tool}${v.preexisting > 0 ? `, ${v.preexisting} error(s) were there before` : ""})` : ""}${v.reason !== undefined ? `: ${v.reason}` : ""}`,
    syntaxOk: (status) => (status === "passed" ? "syntax ok" : `syntax ${status}`),
    reason: (english) => english,
    moreErrors: (count) => `… and ${count} more (nearest the change shown first)`,
    previewUnchanged: (file) => `preview: ${file} not modified`,
    previewRefused: (file) => `preview: ${file} not modified; the syntax gate would refuse this change (SPL-E042)`,
    graphRefreshed: (refreshed, removed, ms) => `graph: ${refreshed} refreshed, ${removed} removed in ${ms} ms`
  },
  summary: {
    action: (action) => action,
    edited: (file, what, syntax, compiler, tx) => `edited ${file}: ${what}, ${syntax}, ${compiler}, tx ${tx}`,
    replacements: (count, tiers) => `${count} replacement(s)${tiers !== undefined ? ` (${tiers})` : ""}`,
    inserted: (from, to, where, line) =>
      `inserted ${span(from, to)} ${where === "after_line" ? `after line ${line}` : where === "before_line" ? `before line ${line}` : `${where} the anchor`}`,
    replacedLines: (from, to, count) => `replaced ${span(from, to)} with ${count} line(s)`,
    deletedLines: (from, to) => `deleted ${span(from, to)}`,
    nothingToChange: (file, by) => `${file}: ${by.length > 0 ? `already applied by ${appliedBy(by)}, ` : ""}nothing to change`,
    linesAlreadySo: (file) => `${file}: the lines already read so, nothing to change`,
    written: (how, file, bytes, added, compiler, tx) =>
      `${how === "appended" || how === "prepended" ? `${how} ${added} bytes to` : how} ${file} (${bytes} bytes), ${compiler}, tx ${tx}`,
    writeUnchanged: (file, position) => `${file}: ${position === undefined ? "content identical" : `nothing to ${position}`}, nothing to write`,
    dataSet: (keyPath, oldValue, value) => (oldValue === undefined ? `set ${keyPath} = ${value} (new)` : `set ${keyPath}: ${oldValue} → ${value}`),
    dataDeleted: (keyPath) => `deleted ${keyPath}`,
    dataSame: (keyPath) => `${keyPath} already holds this value`,
    dataChanged: (file, summary, syntax, compiler, tx) => `${file}: ${summary}, ${syntax}, ${compiler}, tx ${tx}`,
    dataUnchanged: (file, summary) => `${file}: ${summary}, nothing to change`,
    applied: (format, summary, syntax, compiler, tx) => `applied ${format} change set: ${summary}; ${syntax}, ${compiler}, tx ${tx}`,
    applyUnchanged: (n, by) => `nothing to change${n > 0 ? ` (${n} change(s) already applied by ${appliedBy(by)})` : ""}`,
    replaced: (matches, files, listed, syntax, compiler, tx) =>
      `replaced ${plural(matches, "match", "matches")} in ${plural(files, "file")}: ${listed}; ${syntax}, ${compiler}, tx ${tx}`,
    wouldReplace: (matches, files, listed) => `would replace ${plural(matches, "match", "matches")} in ${plural(files, "file")}: ${listed}`,
    replaceNoMatch: (pattern, searched) => `no match of ${JSON.stringify(pattern)} (${searched} files searched)`,
    replaceSame: (matches) => `${matches} match(es) replaced by themselves: nothing to change`,
    searched: (matches, lines, files, searched, binary, limit) =>
      `${plural(matches, "match", "matches")} in ${plural(lines, "line")} of ${plural(files, "file")} (${searched} searched${binary > 0 ? `, ${binary} binary skipped` : ""}${limit !== undefined ? `; stopped at --limit ${limit}` : ""})`,
    undone: (tx, command, done, undoTx, origin) =>
      `undid ${tx} (${command})${origin !== undefined ? `, ${origin.effect === "redo" ? "redoing" : "undoing"} ${origin.tx}${origin.command !== undefined ? ` (${origin.command})` : ""}` : ""}: ${done.join(", ") || "directories only"}; tx ${undoTx}`,
    link: (action, file) => `${action} link ${file}`
  },
  symbol: {
    replaced: (what) => `replaced ${named(what)}`,
    replacedBody: (what) => `replaced the body of ${named(what)}`,
    deleted: (what) => `deleted ${named(what)}`,
    insertedIn: (what) => `inserted at the end of ${named(what)}`,
    inserted: (position, what) => `inserted ${position} ${named(what)}`,
    usesLeft: (count) => `--force: ${count} use(s) left behind`,
    passLeft: "`pass` left in its place: it was its block's only statement",
    docstringKept: "its docstring kept",
    leadingKept: () => "the comments and decorators above it kept",
    lines: (from, to, note) => ` (line${to > from ? `s ${from}-${to}` : ` ${from}`}${note !== undefined ? `; ${note}` : ""})`,
    unchanged: (file, summary) => `${file}: ${summary}: the text already reads so, nothing to change`,
    preview: (file, summary, lines) => `${file}: ${summary}${lines} (preview)`,
    done: (file, summary, lines, syntax, compiler, tx) => `${file}: ${summary}${lines}, ${syntax}, ${compiler}, tx ${tx}`
  }
}
