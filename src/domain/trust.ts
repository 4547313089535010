/**
 * The trust records and the one rule that reads them. A record names a workspace by its real path
 * and pins its splice.json by BLAKE3 (null: the workspace had no splice.json when it was trusted).
 * Pure: the layers do the reading, hashing and atomic writing.
 */

export interface TrustRecord {
  /** BLAKE3 of splice.json when it was trusted, or null when there was none. */
  readonly splice_json: string | null
  readonly trusted_at: string
}

/** The file's shape: `{"version":1,"workspaces":{"/real/path":{"splice_json":…,"trusted_at":…}}}`. */
export type TrustRecords = Readonly<Record<string, TrustRecord>>

export type TrustState =
  | { readonly trusted: true; readonly via: "env" | "record"; readonly workspace: string; readonly spliceJson: string | null }
  | {
    readonly trusted: false
    /** never: no record; changed: splice.json is not the one that was trusted. */
    readonly why: "never" | "changed"
    readonly workspace: string
    readonly spliceJson: string | null
  }

/** SPLICE_TRUST=1 (or true/yes) trusts every workspace. */
export const envTrusts = (value: string | undefined): boolean => value !== undefined && /^(1|true|yes)$/i.test(value.trim())

/**
 * Records from the file's text. Anything malformed counts as no record at all: trust fails closed,
 * and the next `splice trust` rewrites the file.
 */
export const parseTrustRecords = (text: string): TrustRecords => {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return {}
  }
  const ws = (parsed as { workspaces?: unknown } | null)?.workspaces
  if (ws === null || typeof ws !== "object" || Array.isArray(ws)) return {}
  const out: Record<string, TrustRecord> = {}
  for (const [root, r] of Object.entries(ws as Record<string, unknown>)) {
    const rec = r as { splice_json?: unknown; trusted_at?: unknown } | null
    if (rec === null || typeof rec !== "object") continue
    if (rec.splice_json !== null && (typeof rec.splice_json !== "string" || !/^[0-9a-f]{64}$/.test(rec.splice_json))) continue
    out[root] = { splice_json: rec.splice_json, trusted_at: typeof rec.trusted_at === "string" ? rec.trusted_at : "" }
  }
  return out
}

export const serializeTrustRecords = (records: TrustRecords): string => JSON.stringify({ version: 1, workspaces: records }, null, 2) + "\n"

/** The state of `workspace` whose splice.json hashes to `spliceJson` (null: none). */
export const trustStateOf = (records: TrustRecords, workspace: string, spliceJson: string | null, env: boolean): TrustState => {
  if (env) return { trusted: true, via: "env", workspace, spliceJson }
  const rec = Object.hasOwn(records, workspace) ? records[workspace] : undefined
  if (rec === undefined) return { trusted: false, why: "never", workspace, spliceJson }
  if (rec.splice_json !== spliceJson) return { trusted: false, why: "changed", workspace, spliceJson }
  return { trusted: true, via: "record", workspace, spliceJson }
}
