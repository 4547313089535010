/** `splice outline FILE`: a file's symbols as a tree (by containment), with signatures and spans. */
import type { OutlineNode } from "../../schema/results/graph.js"
import * as Effect from "effect/Effect"
import type { Catalog } from "../../domain/locale/index.js"
import { spliceError } from "../../domain/SpliceError.js"
import { FileStore } from "../../../services/FileStore.js"
import { GraphDb } from "../../../services/GraphDb.js"
import { Output } from "../../../services/Output.js"
import { SYMBOL_COLUMNS, symbolJson, type SymbolRow } from "./find.js"
import { refreshGraph } from "./refresh.js"
import { userPath } from "../../domain/workspacePath.js"

interface Node {
  readonly symbol: ReturnType<typeof symbolJson>
  readonly children: Node[]
  readonly start: number
  readonly end: number
}

export const outlineCommand = (file: string) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const db = yield* GraphDb
    const output = yield* Output
    const path = yield* store.resolve(userPath(file))
    yield* refreshGraph({ full: false, progress: true })
    const known = yield* db.all<{ id: number }>("SELECT id FROM files WHERE path = ?", [path.relative])
    if (known.length === 0) {
      const exists = (yield* store.stat(path))._tag === "Some"
      return yield* Effect.fail(exists
        ? spliceError("SPL-E010", `${path.relative} is not indexed (no grammar for it, or ignored)`, { context: { file: path.relative } })
        : spliceError("SPL-E020", `no such file: ${path.relative}`, { context: { file: path.relative } }))
    }
    const rows = yield* db.all<SymbolRow>(`SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ? ORDER BY s.start_byte, s.end_byte DESC`, [path.relative])
    const roots: Node[] = []
    const stack: Node[] = []
    for (const r of rows) {
      const node: Node = { symbol: symbolJson(r), children: [], start: r.start_byte, end: r.end_byte }
      while (stack.length > 0 && !(stack[stack.length - 1]!.start <= node.start && node.end <= stack[stack.length - 1]!.end)) stack.pop()
      if (stack.length === 0) roots.push(node)
      else stack[stack.length - 1]!.children.push(node)
      stack.push(node)
    }
    // Methods defined apart from their type (Rust impl blocks, Go receivers, C++ Type::method) go
    // under that type when it is defined in the same file.
    for (const n of [...roots]) {
      const owner = n.symbol.container === null ? undefined : roots.find((r) => r !== n && r.symbol.container === null && r.symbol.name === n.symbol.container)
      if (owner !== undefined) {
        owner.children.push(n)
        roots.splice(roots.indexOf(n), 1)
      }
    }
    return yield* output.result("outline", { file: path.relative, symbols: plainTree(roots) }, (t) => humanTree(roots, t))
  })

// Both renderings walk the tree with an explicit stack: code can nest thousands of functions deep,
// more than the call stack holds.

/**
 * Nesting kept in the JSON tree. JSON.stringify recurses (Node's overflowed at 3,000 nested
 * functions), so symbols deeper than this are listed flat in the children of their ancestor at
 * this depth, marked `flattened: true` (their `container` still names the whole chain).
 */
export const MAX_JSON_DEPTH = 200

/** The tree as JSON objects, each symbol with its `children`. */
const plainTree = (roots: ReadonlyArray<Node>): Array<OutlineNode> => {
  const top: Array<OutlineNode> = []
  const work: Array<{ node: Node; into: Array<OutlineNode>; depth: number }> = roots.map((node) => ({ node, into: top, depth: 0 }))
  // Filling each parent's list in order needs the pending nodes in document order: visit from the front.
  for (let i = 0; i < work.length; i++) {
    const { node, into, depth } = work[i]!
    if (depth > MAX_JSON_DEPTH) {
      into.push({ ...node.symbol, children: [], flattened: true })
      for (const c of node.children) work.push({ node: c, into, depth })
      continue
    }
    const children: Array<OutlineNode> = []
    into.push({ ...node.symbol, children })
    for (const c of node.children) work.push({ node: c, into: children, depth: depth + 1 })
  }
  return top
}

/** One indented line per symbol, depth-first in document order. */
const humanTree = (roots: ReadonlyArray<Node>, t: Catalog): string => {
  const lines: string[] = []
  const stack: Array<{ node: Node; depth: number }> = roots.map((node) => ({ node, depth: 0 })).reverse()
  while (stack.length > 0) {
    const { node: n, depth } = stack.pop()!
    lines.push(`${"  ".repeat(depth)}${t.words.kind(n.symbol.kind)} ${n.symbol.name}  ${n.symbol.signature}  [${n.symbol.span.start_line}-${n.symbol.span.end_line}]\n`)
    for (let i = n.children.length - 1; i >= 0; i--) stack.push({ node: n.children[i]!, depth: depth + 1 })
  }
  return lines.join("")
}
