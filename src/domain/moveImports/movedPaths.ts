/**
 * The paths of a move, as module specifiers see them: where a path goes (a moved file, or anything
 * under a moved directory), joining a relative specifier to a directory, and spelling the way from
 * one directory to a path as a relative specifier. Pure; workspace paths use "/" and "" is the root.
 */
import { join } from "../tsconfigExtends.js"

/** One file or directory moved: its workspace path before and after. */
export interface Move {
  readonly from: string
  readonly to: string
}

export const dirOf = (p: string): string => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "")

/** Where `path` is after the moves (itself moved, or under a moved directory); undefined when it stays. */
export const movedPath = (moves: ReadonlyArray<Move>, path: string): string | undefined => {
  for (const m of moves) {
    if (path === m.from) return m.to
    if (path.startsWith(m.from + "/")) return m.to + path.slice(m.from.length)
  }
  return undefined
}

/** Where `path` is after the moves, moved or not. */
export const afterMove = (moves: ReadonlyArray<Move>, path: string): string => movedPath(moves, path) ?? path

export const isRelativeSpecifier = (s: string): boolean => s === "." || s === ".." || s.startsWith("./") || s.startsWith("../")

/** `dir` joined with a relative path, normalized; undefined when it climbs above the workspace root. */
export const joinUnder = (dir: string, relative: string): string | undefined => join(dir, relative)

/** The way from directory `fromDir` to `to` as a relative specifier: `./x`, `../lib/x`, `.` or `..`. */
export const relativeSpecifier = (fromDir: string, to: string): string => {
  const a = fromDir === "" ? [] : fromDir.split("/")
  const b = to === "" ? [] : to.split("/")
  let common = 0
  while (common < a.length && common < b.length && a[common] === b[common]) common++
  const ups = a.length - common
  const rest = b.slice(common).join("/")
  if (ups === 0) return rest === "" ? "." : `./${rest}`
  const up = Array.from({ length: ups }, () => "..").join("/")
  return rest === "" ? up : `${up}/${rest}`
}
