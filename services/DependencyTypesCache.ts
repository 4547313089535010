import * as Context from "effect/Context"

/**
 * The dependency declaration files (node_modules) one call read, kept by a long-running process
 * (`splice mcp`, one per workspace) so the next call reads again only what changed. Optional: a
 * process without one (the CLI) reads them every time.
 *
 * Never stale: each call still walks every package it needs (so a package installed, removed or
 * upgraded, a file added or deleted, is seen: the walk lists what is there now, at the cost of a
 * stat per file) and takes a kept text only when the file's size, mtime and ctime are those it had
 * when read (a new version whose tarball kept every mtime, as yarn or `tar -p` extract, has new
 * ctimes; pnpm links other inodes). Lock files (.package-lock.json, pnpm's .modules.yaml) are not
 * trusted alone: a .d.ts patched in place (patch-package, a hand edit) changes none of them.
 * Bounded: after a call it holds exactly the files that call used, within the caps of one call
 * (dependencyTypes.ts: 4000 files, 48 MB).
 */
export interface KeptDeclaration {
  readonly size: number
  /** The later of its mtime and ctime (refresh.ts changeStamp): a package manager or `cp -p` that keeps an old mtime still moves the ctime. */
  readonly stamp: number
  readonly text: string
  /** The packages it imports by name (domain/dependencyTypes.ts importedPackages). */
  readonly packages: ReadonlyArray<string>
}

export interface DependencyTypesCacheService {
  /** Real workspace path (links resolved: pnpm's store files are shared by every link) → what it held when read. */
  files: ReadonlyMap<string, KeptDeclaration>
}

export class DependencyTypesCache extends Context.Tag("splice/DependencyTypesCache")<DependencyTypesCache, DependencyTypesCacheService>() {}

/** An empty cache, for the services of one workspace. */
export const makeDependencyTypesCache = (): DependencyTypesCacheService => ({ files: new Map() })
