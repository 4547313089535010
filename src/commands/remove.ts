/**
 * `splice rm PATH... [--recursive]`: remove files (and, with --recursive, directories with
 * everything in them) as one transaction. The journal keeps every file's bytes and mode and every
 * directory's mode, so a failure or Ctrl-C puts them all back and `splice undo` brings them back.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { deepestFirst, octalMode } from "../domain/fileTransfer.js"
import { spliceError } from "../domain/SpliceError.js"
import { userPath, WORKSPACE_ROOT, type WorkspacePath } from "../domain/workspacePath.js"
import { FileStore } from "../../services/FileStore.js"
import { Output } from "../../services/Output.js"
import { readSource, refuseUnjournaled, listTree, type SourceFile, type ListedDir, type ListedFile, type ListedLink } from "./fileTree.js"
import { graphAfterWrite } from "./graphAfterWrite.js"
import { autoRecover, refuseBlocked } from "./recover.js"
import { checkExpected, refuseReserved } from "./textTarget.js"
import { ABSENT, commitWrites, type PlannedWrite } from "./transaction.js"
import { acquireRecovering } from "./lockRecovering.js"

export interface RemoveConfig {
  readonly paths: ReadonlyArray<string>
  /** Directories too, with everything in them. */
  readonly recursive: boolean
  readonly preview: boolean
  /** The one file named must have this BLAKE3 checksum (or prefix). */
  readonly expectChecksum?: string
  readonly maxBytes: number
  readonly lockTimeoutMs: number
  readonly holdMs?: number
  readonly allowGitDir?: boolean
  readonly db?: string
}

/** Every file and directory the paths name, once each (`rm -r a a/b.ts` names a/b.ts twice). */
const collect = (config: RemoveConfig) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const allowGit = config.allowGitDir === true
    if (config.paths.length === 0) {
      return yield* Effect.fail(spliceError("SPL-E010", "rm needs at least one path", { context: { parameter: "paths", expected: "one or more files or directories" } }))
    }
    const files = new Map<WorkspacePath, ListedFile>()
    const links = new Map<WorkspacePath, ListedLink>()
    const dirs = new Map<WorkspacePath, ListedDir>()
    const named: WorkspacePath[] = []
    for (const typed of config.paths) {
      const path = yield* store.resolveName(userPath(typed))
      if (path.relative === WORKSPACE_ROOT) {
        return yield* Effect.fail(spliceError("SPL-E067", "refusing to remove the workspace root", { hint: "Name what is inside it instead.", context: { file: path.relative, reason: "workspace_root" } }))
      }
      yield* refuseReserved(path, allowGit)
      const st = yield* store.lstat(path)
      if (st._tag === "None") return yield* Effect.fail(spliceError("SPL-E020", `no such file or directory: ${path.relative}`, { context: { file: path.relative } }))
      if (st.value.kind === "directory" && !config.recursive) {
        return yield* Effect.fail(spliceError("SPL-E112", `${path.relative} is a directory; pass --recursive to remove it and everything in it`, { context: { file: path.relative } }))
      }
      const tree = yield* listTree(path, st.value)
      yield* refuseUnjournaled(tree, "remove", allowGit)
      named.push(path.relative)
      for (const f of tree.files) files.set(f.path.relative, f)
      for (const l of tree.links) links.set(l.path.relative, l)
      for (const d of tree.dirs) dirs.set(d.path, d)
    }
    return { named, files: [...files.values()], links: [...links.values()], dirs: deepestFirst([...dirs.values()]) }
  })

export const remove = (config: RemoveConfig) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const output = yield* Output
    const blocked = config.preview ? new Map() : yield* autoRecover
    const found = yield* collect(config)
    if (config.expectChecksum !== undefined && (found.named.length !== 1 || found.dirs.length > 0 || found.links.length > 0)) {
      return yield* Effect.fail(spliceError("SPL-E010", "--expect-checksum takes a single file to remove", { context: { flag: "expect-checksum", expected: "one file" } }))
    }
    const paths = [...found.files.map((f) => f.path.relative), ...found.links.map((l) => l.path.relative)]
    yield* refuseBlocked(blocked, paths)
    return yield* Effect.scoped(Effect.gen(function*() {
      // Files, links and directories: what recovery locks to tell a live transaction from a dead one.
      if (!config.preview) yield* acquireRecovering([...paths, ...found.dirs.map((d) => d.path)], Duration.millis(config.lockTimeoutMs))
      const sources: SourceFile[] = []
      for (const f of found.files) {
        // Read under the lock: the journal keeps what is removed.
        const st = yield* store.lstat(f.path)
        if (st._tag === "None" || st.value.kind !== "file") {
          return yield* Effect.fail(spliceError("SPL-E034", `${f.path.relative} changed while splice was planning its removal`, {
            context: { file: f.path.relative, files: [f.path.relative], race: "content" }
          }))
        }
        sources.push(yield* readSource({ path: f.path, info: st.value }, config.maxBytes))
      }
      if (config.expectChecksum !== undefined) yield* checkExpected({ relative: found.named[0]! }, sources[0]?.checksum ?? ABSENT, config.expectChecksum)

      const files = sources.map((s) => ({ file: s.path.relative, bytes: s.bytes.length, mode: octalMode(s.info.mode), checksum: s.checksum }))
      const bytes = files.reduce((n, f) => n + f.bytes, 0)
      const links = found.links.map((l) => ({ file: l.path.relative, target: l.target }))
      const base = { paths: found.named, files, ...(links.length > 0 ? { links } : {}), bytes }
      const counts = { files: files.length, links: links.length, bytes, directories: found.dirs.length }
      if (config.preview) {
        return yield* output.result("rm", { ...base, removed_directories: found.dirs.map((d) => d.path), preview: true, changed: false, would_change: true, tx: null },
          (t) => `${t.remove.preview(found.named, counts)}${files.map((f) => `  ${f.file}\n`).join("")}${links.map((l) => t.remove.link(l.file, l.target)).join("")}${found.dirs.map((d) => `  ${d.path}/\n`).join("")}`)
      }
      const writes: PlannedWrite[] = sources.map((s) => ({
        target: s.path,
        original: s.bytes,
        mode: s.info.mode,
        next: null,
        checksumBefore: s.checksum,
        checksumAfter: ABSENT
      }))
      const { tx } = yield* commitWrites(writes, {
        command: "rm",
        removeDirs: found.dirs,
        links: links.map((l) => ({ path: l.file, target: l.target, change: "removed" as const })),
        ...(config.holdMs !== undefined ? { holdMs: config.holdMs } : {})
      })
      // Links are not in the graph (its walk does not follow them): the files are what changed.
      const graph = yield* graphAfterWrite(found.files.map((f) => f.path.relative), config)
      return yield* output.result("rm", { ...base, removed_directories: (tx.removedDirs ?? []).map((d) => d.path), changed: true, tx: tx.id, ...graph.fields },
        (t) => `${t.remove.done(found.named, counts, tx.id)}${graph.human}`)
    }))
  })
