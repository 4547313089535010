/**
 * YAML through the `yaml` package's Document API, which keeps comments. The document is printed
 * again as a whole, so the printer's options are chosen to reproduce the file as closely as they can
 * (indentation, sequence indentation, flow padding); a changed scalar keeps its quoting style.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, type ToStringOptions } from "yaml"
import type { DataEditor, Parsed } from "./formats.js"
import type { KeyPath } from "./keyPath.js"
import type { Plain } from "./tree.js"

const load = (text: string) => parseDocument(text, { uniqueKeys: true, prettyErrors: true, keepSourceTokens: false })

const parseYaml = (text: string): Parsed => {
  const doc = load(text)
  const e = doc.errors[0]
  if (e !== undefined) {
    const at = e.linePos?.[0]
    return { ok: false, line: at?.line ?? 1, column: at?.col ?? 1, message: e.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "") }
  }
  return { ok: true, value: (doc.toJS({ maxAliasCount: 1000 }) ?? null) as Plain }
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

/** How many of the text's lines the printed text does not have (0: printed exactly). */
const distance = (text: string, printed: string): number => {
  if (text === printed) return -1
  const have = new Map<string, number>()
  for (const l of printed.split("\n")) have.set(l, (have.get(l) ?? 0) + 1)
  let missing = 0
  for (const l of text.split("\n")) {
    const n = have.get(l) ?? 0
    if (n === 0) missing++
    else have.set(l, n - 1)
  }
  return missing
}

const printerFor = (text: string): ToStringOptions => {
  const original = load(text)
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

const isScalarValue = (v: Plain) => v === null || typeof v !== "object"

export const yamlEditor: DataEditor = {
  format: "yaml",
  parse: parseYaml,
  set: (text, at, value) => {
    const doc = load(text)
    const options = printerFor(text)
    // A scalar goes in as it is, so an existing scalar node keeps its style and comment.
    doc.setIn(nodeKeys(doc, at), isScalarValue(value) ? value : doc.createNode(value))
    return doc.toString(options)
  },
  del: (text, path) => {
    const doc = load(text)
    const options = printerFor(text)
    const root = doc.contents
    // The comment above the first key of the document is usually the file's own header: keep it.
    if (path.length === 1 && isMap(root)) {
      const first = root.items[0]
      const keys = nodeKeys(doc, path)
      if (first !== undefined && isScalar(first.key) && first.key.value === keys[0] && first.key.commentBefore) {
        doc.commentBefore = [doc.commentBefore, first.key.commentBefore].filter((c) => c).join("\n")
      }
    }
    doc.deleteIn(nodeKeys(doc, path))
    return doc.toString(options)
  }
}
