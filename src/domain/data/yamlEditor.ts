/**
 * YAML through the `yaml` package's Document API, which keeps comments. That API prints the whole
 * document again, which would also re-space lines the change never touched (`[a]   # c` becomes
 * `[ a ] # c`); so the unedited and the edited document are both printed, and only the lines that
 * differ between those two prints replace lines of the file (when the print lines up with the file
 * line for line; otherwise the whole print is the result). A changed scalar keeps its quoting style.
 */
import { Document, isAlias, isCollection, isMap, isNode, isScalar, isSeq, type Node, type Pair, parseDocument, type ToStringOptions, type YAMLMap } from "yaml"
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
  const ops = diffLines(printed, splitKeepEnds(after))
  for (let k = 0; k < ops.length; k++) {
    const op = ops[k]!
    if (op.tag === " ") out.push(file[i++]!)
    else if (op.tag === "-") {
      // One line replaced by one: the new line in the old one's spelling (flow padding, comment column).
      const next = ops[k + 1]
      if (next?.tag === "+" && ops[k + 2]?.tag !== "+" && ops[k - 1]?.tag !== "-") {
        out.push(inLineSpelling(file[i]!, next.line))
        k++
      }
      i++
    } else out.push(op.line)
  }
  return out.join("")
}

/**
 * A changed line as the file spelled the line it replaces: its flow collections padded as that
 * line's were (`[ main ]`, not `[main, dev]`), and its end-of-line comment as far from the code
 * (at the same column when the code still fits before it). The caller checks that the data is the same.
 */
export const inLineSpelling = (old: string, line: string): string => {
  let out = line
  const padded = /[[{] \S/.test(old) && /\S [\]}]/.test(old)
  const bare = /[[{][^\s\]}]/.test(old) && /[^\s[{][\]}]/.test(old)
  if (padded && !bare) out = out.replace(/([[{])(?=[^\s\]}])/g, "$1 ").replace(/([^\s[{])(?=[\]}])/g, "$1 ")
  else if (bare && !padded) out = out.replace(/([[{]) +(?=\S)/g, "$1").replace(/(\S) +(?=[\]}])/g, "$1")
  const comment = (l: string) => /^(.*?\S)([ \t]+)(#[^\r\n]*)(\r?\n?)$/.exec(l)
  const was = comment(old)
  const now = comment(out)
  if (was !== null && now !== null && was[3] === now[3]) {
    const column = was[1]!.length + was[2]!.length
    const gap = now[1]!.length < column ? " ".repeat(column - now[1]!.length) : was[2]!
    out = now[1]! + gap + now[3]! + now[4]!
  }
  return out
}

/** Load, change, print with the options that fit the file best, and keep untouched lines as they were. */
const change = (text: string, edit: (doc: Document) => void): string => {
  const options = printerFor(text)
  const doc = load(text)
  const before = doc.toString(options)
  edit(doc)
  const after = doc.toString(options)
  const patched = patchLines(text, before, after)
  // The old lines' spelling is cosmetic: if it reads as other data (a `[` inside a quoted string), the printer's lines stand.
  const same = (a: string, b: string) => JSON.stringify(load(a).toJS({ maxAliasCount: 1000 }), bigints) === JSON.stringify(load(b).toJS({ maxAliasCount: 1000 }), bigints)
  return patched === after || same(patched, after) ? patched : after
}

const bigints = (_: string, v: unknown) => (typeof v === "bigint" ? `${v}n` : v)

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
      // A scalar goes in as it is, so an existing scalar node keeps its style and comment; a
      // collection replacing a flow collection (`[a, b]`) is written in flow style too.
      const keys = nodeKeys(doc, at)
      const old = doc.getIn(keys, true)
      if (isScalarValue(value)) return doc.setIn(keys, value)
      const node = doc.createNode(value, { flow: isCollection(old) && old.flow === true })
      // The comments that were on the replaced node (`[a, b]  # why`) stay with its replacement.
      if (isNode(old)) Object.assign(node, { comment: old.comment, commentBefore: old.commentBefore, spaceBefore: old.spaceBefore })
      doc.setIn(keys, node)
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
