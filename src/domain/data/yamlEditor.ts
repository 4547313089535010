/**
 * YAML through the `yaml` package's Document API, which keeps comments. That API prints the whole
 * document again, which would also re-space lines the change never touched (`[a]   # c` becomes
 * `[ a ] # c`); so the unedited and the edited document are both printed, and only the lines that
 * differ between those two prints replace lines of the file (when the print lines up with the file
 * line for line; otherwise the whole print is the result). A changed scalar keeps its quoting style.
 */
import { Document, isAlias, isMap, isScalar, isSeq, type Node, type Pair, parseDocument, type ToStringOptions, type YAMLMap } from "yaml"
import { diffLines, splitKeepEnds } from "../diff.js"
import type { DataEditor, Parsed, Through } from "./formats.js"
import { formatKeyPath, type KeyPath } from "./keyPath.js"
import { narrowBigInts } from "./exactNumbers.js"
import type { Plain } from "./tree.js"

/**
 * Merge keys (`<<: *defaults`, YAML 1.1, which GitHub Actions, GitLab CI and Compose files use) are
 * read as merges: a mapping holds the keys it merges, its own first.
 */
const load = (text: string) => parseDocument(text, { uniqueKeys: true, prettyErrors: true, keepSourceTokens: false, merge: true })

const parseYaml = (text: string): Parsed => {
  // Integers as bigints, then those a number holds exactly as numbers: 12345678901234567890 stays exact.
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true, keepSourceTokens: false, intAsBigInt: true, merge: true })
  const e = doc.errors[0]
  if (e?.code === "MULTIPLE_DOCS") {
    const at = e.linePos?.[0]
    return { ok: false, unsupported: true, line: at?.line ?? 1, column: at?.col ?? 1, message: "it holds several YAML documents (a stream separated by ---); get, set and del edit a file of one document: split it, or use splice edit" }
  }
  if (e !== undefined) {
    const at = e.linePos?.[0]
    return { ok: false, line: at?.line ?? 1, column: at?.col ?? 1, message: e.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "") }
  }
  return { ok: true, value: narrowBigInts(doc.toJS({ maxAliasCount: 1000 }) ?? null) }
}

/** Printer options to try; the one that prints the unedited file closest to its text wins. */
const candidates = (text: string): ReadonlyArray<ToStringOptions> => {
  const m = /^( +)\S/m.exec(text)
  const indent = m === null ? 2 : Math.min(Math.max(m[1]!.length, 1), 8)
  const out: ToStringOptions[] = []
  for (const indentSeq of [true, false]) {
    for (const flowCollectionPadding of [true, false]) out.push({ indent, indentSeq, flowCollectionPadding, lineWidth: 0 })
  }
  return out
}

/** How many of the text's lines the printed text lacks, as they are and with runs of spaces collapsed (-1: printed exactly). */
const distance = (text: string, printed: string): number => {
  if (text === printed) return -1
  const missing = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => {
    const have = new Map<string, number>()
    for (const l of b) have.set(l, (have.get(l) ?? 0) + 1)
    let n = 0
    for (const l of a) {
      const c = have.get(l) ?? 0
      if (c === 0) n++
      else have.set(l, c - 1)
    }
    return n
  }
  const collapse = (t: string) => t.split("\n").map((l) => l.replace(/ +/g, " "))
  return missing(text.split("\n"), printed.split("\n")) + missing(collapse(text), collapse(printed))
}

const printerFor = (text: string): ToStringOptions => {
  const original = load(text)
  // One print per candidate: a large file is printed only once.
  if (text.length > 256 * 1024) return candidates(text)[0]!
  let best: { readonly options: ToStringOptions; readonly score: number } | undefined
  for (const options of candidates(text)) {
    const score = distance(text, original.toString(options))
    if (best === undefined || score < best.score) best = { options, score }
    if (score < 0) break
  }
  return best!.options
}

/** The path in the document's own keys: a key segment matches a key whose text is equal (`1:` for "1"). */
const nodeKeys = (doc: Document, path: KeyPath): unknown[] => {
  const keys: unknown[] = []
  let node: unknown = doc.contents
  for (const s of path) {
    if (isSeq(node) && s.kind === "index") {
      keys.push(s.index)
      node = node.items[s.index]
    } else if (isMap(node) && s.kind === "key") {
      const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === s.key)
      const k = pair === undefined ? s.key : isScalar(pair.key) ? pair.key.value : pair.key
      keys.push(k)
      node = pair?.value
    } else {
      keys.push(s.kind === "key" ? s.key : s.index)
      node = undefined
    }
  }
  return keys
}

/**
 * The file with the change between two prints of it applied: lines the change left alone keep the
 * file's own spelling. `before` is the unedited document printed, `after` the edited one.
 */
export const patchLines = (text: string, before: string, after: string): string => {
  const file = splitKeepEnds(text)
  const printed = splitKeepEnds(before)
  if (file.length !== printed.length) return after
  const out: string[] = []
  let i = 0
  for (const op of diffLines(printed, splitKeepEnds(after))) {
    if (op.tag === " ") out.push(file[i++]!)
    else if (op.tag === "-") i++
    else out.push(op.line)
  }
  return out.join("")
}

/** Load, change, print with the options that fit the file best, and keep untouched lines as they were. */
const change = (text: string, edit: (doc: Document) => void): string => {
  const options = printerFor(text)
  const doc = load(text)
  const before = doc.toString(options)
  edit(doc)
  return patchLines(text, before, doc.toString(options))
}

const keyText = (p: Pair) => (isScalar(p.key) ? String(p.key.value) : String(p.key))
const isMergePair = (p: Pair) => isScalar(p.key) && typeof p.key.value === "symbol"

/** `key`'s pair in a mapping, its own or (else) one a merge brings, with the alias that brought it; merges in order, the first wins. */
const pairIn = (doc: Document, map: YAMLMap, key: string, depth = 0): { pair: Pair; alias?: string } | undefined => {
  const own = map.items.find((p) => !isMergePair(p) && keyText(p) === key)
  if (own !== undefined || depth > 32) return own === undefined ? undefined : { pair: own }
  for (const merge of map.items.filter(isMergePair)) {
    const sources = isSeq(merge.value) ? merge.value.items : [merge.value]
    for (const source of sources) {
      if (!isAlias(source)) continue
      const target = source.resolve(doc)
      const found = isMap(target) ? pairIn(doc, target, key, depth + 1) : undefined
      if (found !== undefined) return { pair: found.pair, alias: source.source }
    }
  }
  return undefined
}

/** Whether the value at `path` (which exists) is reached through an alias or a merge key: the first one on the way. */
const throughOf = (text: string, path: KeyPath): Through | undefined => {
  const doc = load(text)
  let node: unknown = doc.contents
  for (let i = 0; i <= path.length; i++) {
    const at = formatKeyPath(path.slice(0, i))
    if (isAlias(node)) return { kind: "alias", anchor: node.source, at }
    const s = path[i]
    if (s === undefined) return undefined
    if (isMap(node) && s.kind === "key") {
      const found = pairIn(doc, node, s.key)
      if (found?.alias !== undefined) return { kind: "merge", anchor: found.alias, at }
      node = found?.pair.value
    } else if (isSeq(node) && s.kind === "index") node = (node.items as Node[])[s.index]
    else return undefined
  }
  return undefined
}

const isScalarValue = (v: Plain) => v === null || typeof v !== "object"

export const yamlEditor: DataEditor = {
  format: "yaml",
  parser: "yaml",
  parse: parseYaml,
  through: throughOf,
  set: (text, at, value) =>
    change(text, (doc) => {
      // A scalar goes in as it is, so an existing scalar node keeps its style and comment.
      doc.setIn(nodeKeys(doc, at), isScalarValue(value) ? value : doc.createNode(value))
    }),
  del: (text, path) =>
    change(text, (doc) => {
      const root = doc.contents
      const keys = nodeKeys(doc, path)
      // The comment above the first key of the document is usually the file's own header: keep it.
      if (path.length === 1 && isMap(root)) {
        const first = root.items[0]
        if (first !== undefined && isScalar(first.key) && first.key.value === keys[0] && first.key.commentBefore) {
          doc.commentBefore = [doc.commentBefore, first.key.commentBefore].filter((c) => c).join("\n")
        }
      }
      doc.deleteIn(keys)
    })
}
