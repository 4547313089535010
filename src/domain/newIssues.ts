/**
 * Which parse errors of an edited text are new. An error that sits at the same place (mapped across
 * the changed region) with the same kind was there before the edit and does not block it; anything
 * else, including every error inside the changed region, is new.
 */
import { changedRegion, toOldOffset } from "./changedRegion.js"

export interface Issue {
  readonly kind: "error" | "missing"
  readonly expected?: string
  readonly offset: number
}

const key = (i: Issue, offset: number) => `${i.kind}:${i.expected ?? ""}:${offset}`

export const newIssues = <I extends Issue>(before: string, beforeIssues: ReadonlyArray<Issue>, after: string, afterIssues: ReadonlyArray<I>): I[] => {
  const region = changedRegion(before, after)
  const old = new Map<string, number>()
  for (const i of beforeIssues) old.set(key(i, i.offset), (old.get(key(i, i.offset)) ?? 0) + 1)
  const fresh: I[] = []
  for (const i of afterIssues) {
    const at = toOldOffset(region, i.offset)
    const k = at === undefined ? undefined : key(i, at)
    const n = k === undefined ? 0 : old.get(k) ?? 0
    if (n > 0) old.set(k!, n - 1)
    else fresh.push(i)
  }
  return fresh
}
