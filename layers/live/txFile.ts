/**
 * A transaction as one file, `.splice/tx/<id>.<state>` (see JournalLive's header): the bytes are
 * written once, at begin, in one write; the state is the file's name, changed by a rename.
 *
 *   splice-tx 1\n
 *   owner <length>\n<JSON>\n             the writing process (pid, host, start time)
 *   intent <length> <blake3>\n<JSON>\n    the signed intent, with the BLAKE3 of its own bytes
 *   orig <index> <length>\n<bytes>\n      each original (verified against the intent's checksums)
 *
 * A crash before the write's fdatasync can leave any prefix of it, or holes: a record that is
 * incomplete (or an intent whose bytes do not match their BLAKE3) ends the file there. Nothing
 * was touched then (targets are written after the fdatasync).
 */

export const TX_FILE_MAGIC = "splice-tx 1\n"

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * The states a transaction file's name carries. `spare`: a file made ahead of a begin (by a
 * long-running writer, after it answered), holding just its owner record until a begin fills it
 * and renames it `<new id>.tx`; a power loss can leave it filled under this name, its intent then
 * naming the transaction (see JournalLive's header).
 */
export type FileTxState = "pending" | "committed" | "rolled_back" | "undone" | "spare"

/** Not finished: a pending transaction, or a spare file (empty, or filled by a begin). */
export const isOpenState = (state: FileTxState): boolean => state === "pending" || state === "spare"

/** `<id>.tx`, `<id>.committed`, `<id>.rolled_back`, `<id>.undone.<undo id>`, `<id>.spare`. */
export const txFileName = (id: string, state: FileTxState, undoneBy?: string): string =>
  state === "pending" ? `${id}.tx` : state === "undone" ? `${id}.undone${undoneBy !== undefined ? `.${undoneBy}` : ""}` : `${id}.${state}`

const ID = "\\d{8}T\\d{9}Z-[0-9a-z]{8}"
const NAME = new RegExp(`^(${ID})(?:\\.(tx|committed|rolled_back|undone|spare)(?:\\.(${ID}))?)?$`)

/** What a name under .splice/tx/ is: a transaction directory (the first layout), a transaction file, or neither. */
export type TxName =
  | { readonly id: string; readonly layout: "directory" }
  | { readonly id: string; readonly layout: "file"; readonly state: FileTxState; readonly undoneBy?: string }

export const parseTxName = (name: string): TxName | undefined => {
  const m = NAME.exec(name)
  if (m === null) return undefined
  const [, id, suffix, by] = m
  if (suffix === undefined) return { id: id!, layout: "directory" }
  if (by !== undefined && suffix !== "undone") return undefined
  const state: FileTxState = suffix === "tx" ? "pending" : (suffix as FileTxState)
  return { id: id!, layout: "file", state, ...(by !== undefined ? { undoneBy: by } : {}) }
}

const concat = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

const headParts = (owner: unknown): Uint8Array[] => {
  const ownerBytes = encoder.encode(JSON.stringify(owner))
  return [encoder.encode(`${TX_FILE_MAGIC}owner ${ownerBytes.length}\n`), ownerBytes, encoder.encode("\n")]
}

/** The magic line and the owner record: what a spare holds, and how every transaction file begins. */
export const encodeTxHead = (owner: unknown): Uint8Array => concat(headParts(owner))

/** The file's bytes, for one write. */
export const encodeTxFile = (owner: unknown, intent: Uint8Array, intentSum: string, originals: ReadonlyArray<Uint8Array | null>): Uint8Array => {
  const parts: Uint8Array[] = [
    ...headParts(owner),
    encoder.encode(`intent ${intent.length} ${intentSum}\n`),
    intent,
    encoder.encode("\n")
  ]
  originals.forEach((o, i) => {
    if (o === null) return
    parts.push(encoder.encode(`orig ${i} ${o.length}\n`), o, encoder.encode("\n"))
  })
  return concat(parts)
}

export interface ParsedTxFile {
  /** The owner record, when complete and JSON. */
  readonly owner?: unknown
  /** The intent record's bytes and the BLAKE3 its header names, when complete (the caller checks the sum). */
  readonly intent?: { readonly bytes: Uint8Array; readonly sum: string }
  /** Complete originals by index, as views of the file's bytes. */
  readonly originals: ReadonlyMap<number, Uint8Array>
  /** Where the intent record ends: what is kept when the originals are dropped. */
  readonly intentEnd?: number
  /** Not a transaction file at all (no magic line): damage, not a torn write. */
  readonly foreignHeader: boolean
}

/**
 * How many of the file's first bytes hold its owner and intent records, from `prefix` (its first
 * bytes): what a reader of the intent alone (history, the scans, undo's search) needs, instead of
 * the originals after it (a 1 MB file edited 50 times is 50 MB of them). undefined when the prefix
 * does not say: a record header not in it, or not a header at all (the caller reads the whole file
 * and parseTxFile tells what it is).
 */
export const txHeadLength = (prefix: Uint8Array): number | undefined => {
  let at = encoder.encode(TX_FILE_MAGIC).length
  for (let records = 0; records < 2; records++) {
    const nl = prefix.indexOf(0x0a, at)
    if (nl === -1 || nl - at > 200) return undefined
    const words = decoder.decode(prefix.subarray(at, nl)).split(" ")
    const length = Number(words[words.length - (words[0] === "intent" ? 2 : 1)])
    if (!Number.isSafeInteger(length) || length < 0) return undefined
    at = nl + 1 + length + 1
    if (words[0] === "intent") return at
    if (words[0] !== "owner") return undefined
  }
  return undefined
}

/** Reads records up to the first incomplete one (with `intentOnly`, none after the intent: a head read by txHeadLength). */
export const parseTxFile = (bytes: Uint8Array, options?: { readonly intentOnly?: boolean }): ParsedTxFile => {
  const originals = new Map<number, Uint8Array>()
  const magic = encoder.encode(TX_FILE_MAGIC)
  // A prefix of the magic line is a torn write (zeros or nothing yet); anything else is not ours.
  const head = bytes.subarray(0, Math.min(bytes.length, magic.length))
  if (!head.every((b, i) => b === magic[i])) return { originals, foreignHeader: !head.every((b) => b === 0) }
  let at = magic.length
  /** One record: its header's words and its payload, or undefined when it is incomplete. */
  const next = (): { words: string[]; payload: Uint8Array } | undefined => {
    const nl = bytes.indexOf(0x0a, at)
    if (nl === -1 || nl - at > 200) return undefined
    const words = decoder.decode(bytes.subarray(at, nl)).split(" ")
    const length = Number(words[words.length - (words[0] === "intent" ? 2 : 1)])
    if (!Number.isSafeInteger(length) || length < 0) return undefined
    const start = nl + 1
    const end = start + length
    if (end + 1 > bytes.length || bytes[end] !== 0x0a) return undefined
    at = end + 1
    return { words, payload: bytes.subarray(start, end) }
  }
  let owner: unknown
  let intent: ParsedTxFile["intent"]
  let intentEnd: number | undefined
  for (let r = next(); r !== undefined; r = next()) {
    const [kind] = r.words
    if (kind === "owner" && r.words.length === 2) {
      try {
        owner = JSON.parse(decoder.decode(r.payload))
      } catch {
        break
      }
    } else if (kind === "intent" && r.words.length === 3 && intent === undefined) {
      intent = { bytes: r.payload, sum: r.words[2]! }
      intentEnd = at
      if (options?.intentOnly === true) break
    } else if (kind === "orig" && r.words.length === 3 && intent !== undefined) {
      const index = Number(r.words[1])
      if (!Number.isSafeInteger(index) || index < 0) break
      originals.set(index, r.payload)
    } else break
  }
  return { ...(owner !== undefined ? { owner } : {}), ...(intent !== undefined ? { intent, intentEnd: intentEnd! } : {}), originals, foreignHeader: false }
}
