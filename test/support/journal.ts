/**
 * The journal on a memory file system, in either layout (a file per transaction, or the first
 * layout's directory): what tests crash on, fault and inspect.
 */
import { parseTxFile, parseTxName } from "../../layers/live/txFile.js"
import type { MemoryFs } from "../../layers/memory/MemoryFs.js"

/**
 * A transaction's state change, the commit mark first: the rename of its `<id>.tx` file (the
 * memory layer names a rename by its source), or the write of a directory's state.json.
 */
export const isStateMark = (op: string, p: string): boolean =>
  (op === "write" && /(^|\/)\.splice\/tx\/[^/]+\.tx$/.test(p)) || p.endsWith("/state.json") || p === "state.json"

/** The names under .splice/tx/. */
export const txNames = (mem: MemoryFs): string[] => {
  const prefix = `${mem.root}/.splice/tx/`
  return [...new Set([...mem.entries.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length).split("/")[0]!))].sort()
}

/** Each transaction's state, oldest first, from its name or its state.json. */
export const txStates = (mem: MemoryFs): string[] =>
  txNames(mem).flatMap((name) => {
    const tx = parseTxName(name)
    if (tx === undefined) return []
    if (tx.layout === "file") return [tx.state]
    const state = mem.text(`.splice/tx/${name}/state.json`)
    return [state === undefined ? "pending" : (JSON.parse(state) as { state: string }).state]
  })

/** A transaction's begin: the creation of its `<id>.tx` file, or the write of a directory's intent.json. */
export const isBeginMark = (op: string, p: string): boolean =>
  (op === "create" && /(^|\/)\.splice\/tx\/[^/]+\.tx$/.test(p)) || p.endsWith("/intent.json")

/** How many originals the journal still keeps, in either layout. */
export const savedOriginals = (mem: MemoryFs): number =>
  txNames(mem).reduce((n, name) => {
    const tx = parseTxName(name)
    if (tx?.layout === "directory") return n + [...mem.entries.keys()].filter((k) => k.startsWith(`${mem.root}/.splice/tx/${name}/orig-`)).length
    const e = mem.entries.get(`${mem.root}/.splice/tx/${name}`)
    return n + (e?.kind === "file" ? parseTxFile(e.data).originals.size : 0)
  }, 0)
