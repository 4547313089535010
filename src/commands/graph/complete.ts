/**
 * `splice complete --file F --line L --column C`: names that can be written at a position, best
 * first. TS/JS: TypeScript's LanguageService (it knows scopes and the type before a `.`, with the
 * declarations of the packages in node_modules the scripts import); other
 * languages: the graph — after `x.`, the members of what x names (a class, or an imported module's
 * exports); elsewhere the file's own declarations and imports, then the workspace's exports.
 * Candidates are narrowed to the partial word before the position, the best matches first. When no
 * engine offers a match, the file's own words do (kind "text"); after `x.` only words of its code,
 * never of its comments.
 */
import * as Effect from "effect/Effect"
import { codeWords, rankCandidates, wordProximity } from "../../domain/completionRank.js"
import { atGoReceiverType, goPackageName, RECEIVER_KINDS, receiverFileFits } from "../../domain/goReceiverTypes.js"
import { grammarForPath, type Grammar } from "../../domain/languages.js"
import { spliceError } from "../../domain/SpliceError.js"
import { userPath } from "../../domain/workspacePath.js"
import { FileStore, type WorkspacePath } from "../../../services/FileStore.js"
import { GraphDb } from "../../../services/GraphDb.js"
import { Output } from "../../../services/Output.js"
import { Syntax } from "../../../services/Syntax.js"
import { loadTextTarget } from "../textTarget.js"
import { fileFacts, SCRIPT_LANGUAGES } from "./fileFacts.js"
import { refreshGraph } from "./refresh.js"
import { workspaceScripts } from "./workspaceScripts.js"
import { dependencyTypes } from "./dependencyTypes.js"

export interface CompleteConfig {
  readonly file: string
  readonly line: number
  /** 1-based UTF-8 byte column, as every splice position. */
  readonly column: number
  readonly limit: number
  readonly maxBytes: number
}

export interface Candidate {
  readonly name: string
  readonly kind: string
  readonly signature: string | null
  /** Where it comes from when it is not in scope here: the module to import it from. */
  readonly source: string | null
}

export const completeCommand = (config: CompleteConfig) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const syntax = yield* Syntax
    const output = yield* Output
    if (!Number.isInteger(config.limit) || config.limit < 1) {
      return yield* Effect.fail(spliceError("SPL-E010", `--limit must be a positive integer (got ${config.limit})`, { context: { flag: "limit" } }))
    }
    const path = yield* store.resolve(userPath(config.file))
    const target = yield* loadTextTarget(path, config.maxBytes)
    const text = target.content.text
    const lines = text.split(/\r\n|\r|\n/)
    const lineText = lines[config.line - 1]
    if (!Number.isInteger(config.line) || lineText === undefined || config.line < 1) {
      return yield* Effect.fail(spliceError("SPL-E010", `--line ${config.line} is not a line of ${path.relative} (it has ${lines.length})`, { context: { flag: "line" } }))
    }
    const lineBytes = new TextEncoder().encode(lineText)
    if (!Number.isInteger(config.column) || config.column < 1 || config.column > lineBytes.length + 1) {
      return yield* Effect.fail(spliceError("SPL-E010", `--column ${config.column} is not in line ${config.line} of ${path.relative} (columns 1 to ${lineBytes.length + 1})`, { context: { flag: "column" } }))
    }
    // The position as a UTF-16 offset of the whole text.
    let lineStart = 0
    for (let l = 1; l < config.line; l++) lineStart = text.indexOf("\n", lineStart) + 1 || text.indexOf("\r", lineStart) + 1
    const before = new TextDecoder().decode(lineBytes.subarray(0, config.column - 1))
    const offset = lineStart + before.length
    const prefix = /[\p{L}\p{Nd}_$]*$/u.exec(before)![0]
    const receiver = /([\p{L}\p{Nd}_$]+)\s*(?:\.|::|->)\s*$/u.exec(before.slice(0, before.length - prefix.length))?.[1] ?? null

    yield* refreshGraph({ full: false, progress: true })
    const grammar = grammarForPath(path.relative)
    let engine: "typescript" | "graph" = "graph"
    let all: ReadonlyArray<Candidate> = []
    const scripts = grammar !== undefined && SCRIPT_LANGUAGES.has(grammar.language) ? yield* workspaceScripts : undefined
    if (scripts !== undefined) {
      const { texts, tsconfig, conditions } = scripts
      texts.set(path.relative, text)
      // The declarations of the packages the scripts import (this file's first): a receiver typed by a dependency has members.
      const importers = new Map([[path.relative, text], ...texts])
      for (const [file, declaration] of yield* dependencyTypes(importers)) texts.set(file, declaration)
      const found = yield* syntax.scriptCompletions({ files: texts, tsconfig, conditions, file: path.relative, offset, describe: [] })
      if (found !== undefined) {
        engine = "typescript"
        all = found
      }
    }
    if (engine === "graph") {
      all = grammar?.language === "go" && atGoReceiverType(before)
        ? yield* goReceiverCandidates(path.relative, text)
        : yield* graphCandidates(path.relative, text, receiver, new TextEncoder().encode(text.slice(0, offset)).length)
    }
    const proximity = wordProximity(text, config.line, before.length)
    let ranked = rankCandidates(all, prefix, proximity).slice(0, config.limit)
    // Nothing the engine knows matches (a member of a value typed any): the file's own words that do,
    // as an editor's word completion offers them — kind "text", nearest first.
    // After `x.`, only words of its code: the prose of its comments names no member.
    if (ranked.length === 0 && prefix !== "") {
      const code = receiver === null ? undefined : codeWords(text, grammar === undefined ? [] : yield* commentSpans(grammar, text))
      const words = [...proximity.keys()].filter((w) => code === undefined || code.has(w))
      ranked = rankCandidates(words.map((name): Candidate => ({ name, kind: "text", signature: null, source: null })), prefix, proximity).slice(0, config.limit)
    }
    // Signatures for what is shown: TypeScript's for its own candidates, asked again for the few kept.
    let shown = ranked
    if (engine === "typescript" && scripts !== undefined && ranked.some((c) => c.kind !== "text")) {
      const { texts, tsconfig, conditions } = scripts
      const detailed = yield* syntax.scriptCompletions({ files: texts, tsconfig, conditions, file: path.relative, offset, describe: ranked })
      const byKey = new Map((detailed ?? []).map((c) => [`${c.name}\0${c.source}`, c]))
      shown = ranked.map((c) => byKey.get(`${c.name}\0${c.source}`) ?? c)
    }
    return yield* output.result("complete", {
      file: path.relative,
      line: config.line,
      column: config.column,
      prefix,
      receiver,
      engine,
      count: shown.length,
      candidates: shown
    }, (t) => shown.map((c) => t.graph.candidate(c.name, c.kind, c.signature ?? "", c.source)).join("") + t.graph.candidates(shown.length, prefix, receiver, engine))
  })

/** Names the graph knows that fit here: members after `x.`, else the file's names, then the workspace's exports. */
const graphCandidates = (file: string, text: string, receiver: string | null, at: number) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const grammar = grammarForPath(file)
    const facts = grammar === undefined ? undefined : yield* fileFacts(file, grammar, text)
    const out: Candidate[] = []
    const symbolCandidate = (s: { name: string; kind: string; signature: string }, source: string | null): Candidate => ({ name: s.name, kind: s.kind, signature: s.signature, source })
    if (receiver === "this" || receiver === "self") {
      // The members of the class around the position.
      const around = (facts?.symbols ?? []).filter((s) => (s.kind === "class" || s.kind === "struct") && s.startByte <= at && at <= s.endByte)
        .sort((a, b) => (a.endByte - a.startByte) - (b.endByte - b.startByte))[0]
      for (const s of facts?.symbols ?? []) if (around !== undefined && s.container === around.qualifiedName) out.push(symbolCandidate(s, null))
      return out
    }
    if (receiver !== null) {
      // An imported module (Python `import m`, Go packages, `import * as ns`): its exports.
      // (`from pkg import geometry` names a submodule: the import's resolved files include it.)
      const imported = facts?.imports.find((i) => i.namespace === receiver || i.names.some((n) => (n.alias ?? n.name) === receiver) || i.module.split(/[./]/).pop() === receiver)
      if (imported !== undefined) {
        const resolved = (yield* db.all<{ path: string }>(
          "SELECT t.path FROM imports i JOIN files f ON f.id = i.file_id, json_each(i.resolved_files) j JOIN files t ON t.id = j.value WHERE f.path = ? AND i.module = ?", [file, imported.module]
        )).map((r) => r.path)
        const named = resolved.filter((t) => t.replace(/\/(__init__|index|mod)\.\w+$/, "").replace(/\.\w+$/, "").split("/").pop() === receiver)
        const targets = named.length > 0 ? named : resolved
        for (const t of targets) {
          for (const s of yield* db.all<{ name: string; kind: string; signature: string }>("SELECT s.name, s.kind, s.signature FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ? AND s.container IS NULL AND s.exported = 1 ORDER BY s.name", [t])) {
            out.push(symbolCandidate(s, null))
          }
        }
      }
      // A class (or struct) of that name, or of the receiver's capitalised name: its members.
      for (const s of yield* db.all<{ name: string; kind: string; signature: string }>(
        "SELECT s.name, s.kind, s.signature FROM symbols s WHERE s.container IN (?, ?) ORDER BY s.name", [receiver, receiver.charAt(0).toUpperCase() + receiver.slice(1)]
      )) out.push(symbolCandidate(s, null))
      return out
    }
    for (const s of facts?.symbols ?? []) if (s.container === null) out.push(symbolCandidate(s, null))
    for (const i of facts?.imports ?? []) {
      for (const n of i.names) out.push({ name: n.alias ?? n.name, kind: "import", signature: null, source: null })
      if (i.namespace !== null) out.push({ name: i.namespace, kind: "module", signature: null, source: null })
    }
    for (const s of yield* db.all<{ name: string; kind: string; signature: string; path: string }>(
      "SELECT s.name, s.kind, s.signature, f.path FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.container IS NULL AND s.exported = 1 AND f.path <> ? AND f.language = (SELECT language FROM files WHERE path = ?) ORDER BY s.name LIMIT 5000", [file, file]
    )) out.push(symbolCandidate(s, s.path))
    return out
  })

/** A Go method's receiver type: the types of the file's own package (goReceiverTypes.ts), its own first. */
const goReceiverCandidates = (file: string, text: string) =>
  Effect.gen(function*() {
    const db = yield* GraphDb
    const store = yield* FileStore
    const grammar = grammarForPath(file)!
    const here = { path: file, pkg: goPackageName(text) }
    const out: Candidate[] = []
    for (const s of (yield* fileFacts(file, grammar, text)).symbols) {
      if (s.container === null && RECEIVER_KINDS.includes(s.kind)) out.push({ name: s.name, kind: s.kind, signature: s.signature, source: null })
    }
    const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : ""
    const rows = yield* db.all<{ name: string; kind: string; signature: string; path: string }>(
      `SELECT s.name, s.kind, s.signature, f.path FROM symbols s JOIN files f ON f.id = s.file_id
       WHERE f.language = 'go' AND f.path <> ? AND substr(f.path, 1, ?) = ? AND instr(substr(f.path, ? + 1), '/') = 0
       AND s.container IS NULL AND s.kind IN (${RECEIVER_KINDS.map(() => "?").join(", ")}) ORDER BY f.path, s.name`,
      [file, dir.length, dir, dir.length, ...RECEIVER_KINDS]
    )
    // The package clause of each sibling that declares a type: a directory may hold another package (`package main` behind `//go:build ignore`, an external `_test` package).
    const packages = new Map<string, string | undefined>()
    for (const p of new Set(rows.map((r) => r.path))) {
      const bytes = yield* store.locate(p as WorkspacePath).pipe(Effect.flatMap((r) => store.read(r)), Effect.orElseSucceed(() => undefined))
      packages.set(p, bytes === undefined ? undefined : goPackageName(new TextDecoder().decode(bytes)))
    }
    for (const r of rows) {
      if (receiverFileFits(here, { path: r.path, pkg: packages.get(r.path) })) out.push({ name: r.name, kind: r.kind, signature: r.signature, source: null })
    }
    return out
  })

/** The comments of a file as UTF-16 spans (grammars name them `comment`, Rust `line_comment` and `block_comment`); none when the query fails. */
const commentSpans = (grammar: Grammar, text: string) =>
  Effect.gen(function*() {
    const syntax = yield* Syntax
    for (const q of ["(comment) @c", "[(line_comment) (block_comment)] @c"]) {
      const found = yield* Effect.either(syntax.query(grammar, text, q))
      if (found._tag === "Right") return found.right.flat().map((c) => ({ start: c.start, end: c.end }))
    }
    return []
  })
