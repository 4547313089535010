import type { Tree } from "web-tree-sitter"
import type { SyntaxIssue } from "../../services/Syntax.js"

/**
 * The trees of texts a long-running process (`splice mcp`) parsed lately, so the syntax gate of the
 * next edit of such a text need not parse it again: an edit's before-text is usually the previous
 * edit's after-text. Kept are trees of fresh parses, and incremental trees with no error (what a
 * fresh parse gives for an error-free text). An incremental tree of a text with errors can differ
 * from a fresh parse's (tree-sitter recovers from them differently), and chaining such trees edit
 * after edit lets the differences grow; so such an after-text is parsed afresh once the process is
 * idle (`parseWhenIdle`), never at the cost of the request that edited it. A CLI process keeps
 * nothing (it exits after one edit).
 *
 * Keyed by the exact text (compared only when the lengths are equal) and the grammar; bounded in
 * entries and characters: a tree takes ~10 bytes of wasm memory per character of TypeScript.
 */

export interface Recent {
  readonly wasm: string
  readonly text: string
  readonly tree: Tree
  /** Its errors, once someone collected them. */
  issues: ReadonlyArray<SyntaxIssue> | undefined
}

const ENTRIES = 8
const CHARS = 4 * 1024 * 1024
/** After the last edit, how long the process must be quiet before it parses in the background. */
const IDLE_MS = 250

let keeping = false
let idleMs = IDLE_MS
let busy: () => boolean = () => false
const recent: Recent[] = [] // most recent first

/**
 * Called once by a long-running process: from now on, trees are kept. `isBusy` says whether it is
 * serving a request now: background parses wait until it is not (they would delay its answer).
 * `quietMs`: how long it must be quiet first (tests that wait for every background parse shorten it).
 */
export const keepRecentTrees = (isBusy: () => boolean = () => false, quietMs: number = IDLE_MS): void => {
  keeping = true
  busy = isBusy
  idleMs = quietMs
}

/** Whether this process keeps what it parsed (a long-running one does). */
export const keepsRecent = (): boolean => keeping

const find = (wasm: string, text: string) => recent.findIndex((r) => r.wasm === wasm && r.text.length === text.length && r.text === text)

export const recall = (wasm: string, text: string): Recent | undefined => {
  const i = find(wasm, text)
  if (i <= 0) return recent[i]
  const [r] = recent.splice(i, 1)
  recent.unshift(r!)
  return r
}

/** Keeps a fresh parse's tree, taking ownership: deleted on eviction, or now if nothing is kept. */
export const remember = (wasm: string, text: string, tree: Tree, issues: ReadonlyArray<SyntaxIssue> | undefined): void => {
  if (!keeping || text.length > CHARS) {
    tree.delete()
    return
  }
  const same = find(wasm, text)
  if (same !== -1) recent.splice(same, 1)[0]!.tree.delete()
  recent.unshift({ wasm, text, tree, issues })
  let chars = 0
  for (let i = 0; i < recent.length; i++) {
    chars += recent[i]!.text.length
    if (i >= ENTRIES || chars > CHARS) {
      for (const r of recent.splice(i)) r.tree.delete()
      break
    }
  }
}

interface Job {
  readonly wasm: string
  readonly text: string
  readonly run: () => Promise<void>
}
const waiting: Job[] = [] // newest first
let timer: ReturnType<typeof setTimeout> | undefined

const unref = (t: ReturnType<typeof setTimeout>) => {
  // Node's timers have unref (a quiet server still exits when its input closes); Deno's are numbers.
  if (typeof t === "object" && t !== null && "unref" in t) t.unref()
  return t
}

const idle: Array<() => void> = []

const runNext = async (): Promise<void> => {
  timer = undefined
  if (busy()) {
    timer = unref(setTimeout(() => void runNext(), idleMs))
    return
  }
  const job = waiting.shift()
  if (job !== undefined && find(job.wasm, job.text) === -1) await job.run().catch(() => undefined)
  if (waiting.length > 0) {
    if (timer === undefined) timer = unref(setTimeout(() => void runNext(), 0))
  } else {
    for (const resolve of idle.splice(0)) resolve()
  }
}

/** Resolves once the background parses asked for so far are done (tests wait for it). */
export const idleParsesDone = (): Promise<void> =>
  waiting.length === 0 && timer === undefined ? Promise.resolve() : new Promise((resolve) => idle.push(resolve))

/**
 * Parses a text afresh (through `run`, which keeps what it parsed: a tree, or TypeScript's parse,
 * whose `wasm` key then names no grammar) once the process has been idle for a moment; each new call
 * postpones the work. Nothing happens unless trees are kept.
 */
export const parseWhenIdle = (wasm: string, text: string, run: () => Promise<void>): void => {
  if (!keeping || text.length > CHARS) return
  const i = waiting.findIndex((j) => j.wasm === wasm && j.text === text)
  if (i !== -1) waiting.splice(i, 1)
  waiting.unshift({ wasm, text, run })
  waiting.length = Math.min(waiting.length, ENTRIES)
  if (timer !== undefined) clearTimeout(timer)
  timer = unref(setTimeout(() => void runNext(), idleMs))
}
