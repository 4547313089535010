/**
 * Two kinds of "relative path" pass through splice: what the user typed (relative to the current
 * directory) and the names splice stores and shares between services (relative to the workspace
 * root: the journal's file list, lock keys, graph rows, gate plans). Mixing them up resolved a
 * workspace path a second time against the current directory whenever splice ran from a
 * subdirectory. So the second kind is a branded type: only the FileStore's resolver and
 * `parseWorkspacePath` (which validates a stored name) produce one, and the services that take
 * workspace paths accept nothing else.
 */
import type * as Brand from "effect/Brand"

/** A path as the user typed it (a flag or argument): relative ones are taken from the current directory. */
export type UserPath = string & Brand.Brand<"UserPath">
/** Marks a string as typed by the user; only command-line input should pass through here. */
export const userPath = (s: string): UserPath => s as UserPath

/** `/`-separated, normalised, relative to the workspace root; `.` is the root itself. */
export type WorkspacePath = string & Brand.Brand<"WorkspacePath">

export const WORKSPACE_ROOT = "." as WorkspacePath

/**
 * A stored name as a workspace path, or undefined when it is not one (absolute, `..`, empty
 * segments, backslashes, NUL): a journal entry or database row naming such a path is damaged or
 * hostile, never a path to touch.
 */
export const parseWorkspacePath = (s: string): WorkspacePath | undefined => {
  if (s === ".") return WORKSPACE_ROOT
  if (s.length === 0 || s.includes("\0") || s.includes("\\") || s.startsWith("/")) return undefined
  for (const part of s.split("/")) if (part === "" || part === "." || part === "..") return undefined
  return s as WorkspacePath
}

/** A name inside a workspace directory. */
export const joinWorkspacePath = (dir: WorkspacePath, name: string): WorkspacePath =>
  (dir === WORKSPACE_ROOT || dir === "" ? name : `${dir}/${name}`) as WorkspacePath

/** The directory holding a workspace path (the root for a top-level name). */
export const parentWorkspacePath = (p: WorkspacePath): WorkspacePath => {
  const i = p.lastIndexOf("/")
  return (i === -1 ? WORKSPACE_ROOT : p.slice(0, i)) as WorkspacePath
}

/** splice's own state directory and its parts, as workspace paths. */
export const STATE_DIR = ".splice" as WorkspacePath
export const statePath = (...parts: ReadonlyArray<string>): WorkspacePath => [STATE_DIR, ...parts].join("/") as WorkspacePath
