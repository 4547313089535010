/**
 * `splice mv FROM TO` and `splice cp FROM TO`: a file or a whole directory, as mv(1) and cp(1) place
 * it (into TO when TO is a directory), as one transaction: every file journaled, the destination's
 * missing directories made (and removed again by rollback and undo), nothing replaced without
 * --force. Bytes, not text: binary files move and copy like any other. A move gives the file its new
 * name (the file itself kept: mode, timestamps, hard links); a copy gets the source's mode. Symbolic
 * links go as links (kept by their text in the journal), never followed, except a link cp is given
 * as FROM, whose target it copies, as cp(1) does. A move of TS/JS or Python modules rewrites, in the
 * same transaction, every import that names a moved file, in its importers and in the moved files
 * themselves (moveImports.ts); a copy leaves importers alone.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { baseName, caseOnlyDifference, deepestFirst, isWithin, mapUnder, octalMode, targetOf, type ToState, transferProblem } from "../domain/fileTransfer.js"
import { SpliceError, spliceError } from "../domain/SpliceError.js"
import { movesWhole } from "../domain/dirMove.js"
import type { DirMove } from "./movedDirectory.js"
import { parentWorkspacePath, userPath, WORKSPACE_ROOT, type WorkspacePath } from "../domain/workspacePath.js"
import { childPath, type FileInfo, FileStore, type ResolvedPath } from "../../services/FileStore.js"
import type { TxLink } from "../../services/Journal.js"
import { Hasher } from "../../services/Hasher.js"
import { identityLock, type LockKey } from "../../services/Lock.js"
import { Output } from "../../services/Output.js"
import { COMPILER_OFF, type CompilerSettings, compilerGate, planFor, skippedVerdict } from "./compilerGate.js"
import { listTree, type ListedFile, readSource, refuseUnjournaled, type SourceFile } from "./fileTree.js"
import { graphAfterWrite } from "./graphAfterWrite.js"
import { autoRecover, refuseBlocked } from "./recover.js"
import { checkExpected, refuseReserved } from "./textTarget.js"
import { ABSENT, commitWrites, directoriesToMake, expectedFrom, type PlannedWrite, writeStrategy } from "./transaction.js"
import { compilerLine } from "./verdictText.js"
import type { Catalog } from "../domain/locale/index.js"
import { renderHunks, diffLines, hunksOf, splitKeepEnds } from "../domain/diff.js"
import { decodeText, isDecodeFailure } from "../domain/textContent.js"
import { type ImportPlan, type ImportRewrite, planImportUpdates } from "./moveImports.js"
import { acquireRecovering } from "./lockRecovering.js"

export interface TransferConfig {
  readonly from: string
  readonly to: string
  /** Replace files already at the destination. */
  readonly force: boolean
  readonly preview: boolean
  /** FROM must be a file with this BLAKE3 checksum (or prefix). */
  readonly expectChecksum?: string
  readonly compiler?: CompilerSettings
  readonly maxBytes: number
  readonly lockTimeoutMs: number
  readonly holdMs?: number
  readonly allowGitDir?: boolean
  /** --db: the graph to refresh after the commit. */
  readonly db?: string
  /** mv: rewrite the imports that name a moved TS/JS or Python file (default); false moves bytes only. */
  readonly updateImports?: boolean
}

type Command = "mv" | "cp"
const verbOf = (c: Command) => (c === "mv" ? "move" : "copy")

/**
 * The source, named itself: a file, a directory, or (for mv) a symlink, which moves as a link. cp
 * follows a link named as FROM and copies what it points to, as cp(1) does (inside a directory,
 * links are copied as links, as cp -R does).
 */
const locateSource = (command: Command, from: string, allowGitDir: boolean) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const verb = verbOf(command)
    let path = yield* store.resolveName(userPath(from))
    if (path.relative === WORKSPACE_ROOT) {
      return yield* Effect.fail(spliceError("SPL-E067", `cannot ${verb} the workspace root`, { hint: "Name what is inside it instead.", context: { file: path.relative, reason: "workspace_root" } }))
    }
    yield* refuseReserved(path, allowGitDir)
    let st = yield* store.lstat(path)
    if (st._tag === "None") return yield* Effect.fail(spliceError("SPL-E020", `no such file or directory: ${path.relative}`, { context: { file: path.relative } }))
    if (command === "cp" && st.value.kind === "symlink") {
      const link = path.relative
      path = yield* store.resolve(userPath(from))
      yield* refuseReserved(path, allowGitDir)
      st = yield* store.lstat(path)
      if (st._tag === "None") {
        return yield* Effect.fail(spliceError("SPL-E020", `${link} is a symbolic link to nothing (${path.relative}): nothing to copy`, { context: { file: link, directory: path.relative } }))
      }
    }
    const kind = st.value.kind
    if (kind !== "file" && kind !== "directory" && kind !== "symlink") {
      yield* refuseUnjournaled({ files: [], dirs: [], links: [], others: [{ path: path.relative, kind }] }, verb, allowGitDir)
    }
    return { path, info: st.value, kind: kind as "file" | "directory" | "symlink" }
  })

/** What TO names: a symlink to a directory counts as that directory, as mv(1) has it. */
const locateTo = (to: string) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const name = yield* store.resolveName(userPath(to))
    const st = yield* store.lstat(name)
    const trailingSlash = to.endsWith("/")
    if (st._tag === "Some" && st.value.kind === "symlink") {
      const real = yield* store.resolve(userPath(to))
      const followed = yield* store.stat(real)
      if (followed._tag === "Some" && followed.value.kind === "directory") return { resolved: real, state: { path: real.relative, kind: "directory", trailingSlash } satisfies ToState }
      return { resolved: name, state: { path: name.relative, kind: "other", trailingSlash } satisfies ToState }
    }
    const kind = st._tag === "None" ? undefined : st.value.kind === "directory" ? "directory" : st.value.kind === "file" ? "file" : "other"
    return { resolved: name, state: { path: name.relative, kind, trailingSlash } satisfies ToState }
  })

/** One file to move or copy, and what its destination holds now (only with --force). */
interface Pair {
  readonly source: ListedFile
  readonly target: ResolvedPath
  readonly existing?: FileInfo
}

const kindMismatch = (file: WorkspacePath, kind: string, from: WorkspacePath, verb: string) =>
  spliceError("SPL-E113", `cannot ${verb} ${from} to ${file}: ${file} is a ${kind}${kind === "directory" ? ", not a file" : kind === "file" ? ", not a directory" : ""}`, {
    context: { file, kind, from }
  })

/** The identity of the nearest directory that exists at or above `dir` (the root always does). */
const nearestDirectory = (dir: WorkspacePath) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    for (let d = dir; ; d = parentWorkspacePath(d)) {
      const st = yield* store.stat(yield* store.locate(d))
      if (st._tag === "Some") return st.value.kind === "directory" ? st.value.identity : undefined
      if (d === WORKSPACE_ROOT) return undefined
    }
  })

/**
 * Everything decided before any lock: the files and links, where each goes, and the directories.
 * `whole`: a directory moved to a free name on its device is renamed as one (src/domain/dirMove.ts).
 */
const plan = (command: Command, config: TransferConfig, whole: boolean) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const verb = verbOf(command)
    const past = command === "mv" ? "moved" : "copied"
    const allowGit = config.allowGitDir === true
    const source = yield* locateSource(command, config.from, allowGit)
    const kind = source.kind
    const from = source.path.relative
    const to = yield* locateTo(config.to)
    const decided = targetOf(from, kind === "directory" ? "directory" : "file", to.state)
    if (!decided.ok) {
      return yield* Effect.fail(
        decided.reason === "not_a_directory"
          ? kindMismatch(to.state.path, "file", from, verb)
          : spliceError("SPL-E020", `no directory ${to.state.path} to ${verb} ${from} into`, {
            hint: `Give the whole new name (splice ${command} ${config.from} ${to.state.path}/${baseName(from)}): missing directories are made.`,
            context: { file: from, directory: to.state.path }
          })
      )
    }
    const target = decided.into ? childPath(to.resolved, baseName(from)) : to.resolved
    yield* refuseReserved(target, allowGit)
    const problem = transferProblem(from, kind === "directory" ? "directory" : "file", target.relative)
    if (problem === "same_path") {
      return yield* Effect.fail(spliceError("SPL-E111", `${from} and ${target.relative} are the same file`, { context: { from, to: target.relative, reason: "same_path" } }))
    }
    if (problem === "into_itself") {
      return yield* Effect.fail(spliceError("SPL-E110", `cannot ${verb} ${from} into itself (${target.relative})`, { context: { from, to: target.relative } }))
    }

    const there = yield* store.lstat(target)
    if (there._tag === "Some") {
      const k = there.value.kind
      if (kind === "directory" && k !== "directory") return yield* Effect.fail(kindMismatch(target.relative, k, from, verb))
      if (kind === "file" && k !== "file") return yield* Effect.fail(kindMismatch(target.relative, k, from, verb))
    }

    const tree = yield* listTree(source.path, source.info)
    yield* refuseUnjournaled(tree, verb, allowGit)

    /** Where an entry of the source goes: its directories resolved, its own name not followed. */
    const destOf = (entry: WorkspacePath) =>
      Effect.gen(function*() {
        const dest = entry === from ? target : yield* store.locateName(mapUnder(from, target.relative, entry))
        yield* refuseReserved(dest, allowGit)
        // A symlinked directory at the destination must not lead back into the source.
        if (kind === "directory" && isWithin(from, dest.relative)) {
          return yield* Effect.fail(spliceError("SPL-E110", `cannot ${verb} ${from} to ${target.relative}: ${entry} would land on ${dest.relative}, inside what is ${past}`, {
            context: { from, to: target.relative }
          }))
        }
        return dest
      })

    const pairs: Pair[] = []
    const clashes: WorkspacePath[] = []
    for (const f of tree.files) {
      const dest = yield* destOf(f.path.relative)
      const st = yield* store.lstat(dest)
      if (st._tag === "None") {
        pairs.push({ source: f, target: dest })
        continue
      }
      if (st.value.kind !== "file") return yield* Effect.fail(kindMismatch(dest.relative, st.value.kind, f.path.relative, verb))
      if (st.value.identity === f.info.identity) {
        // One file under two names: hard links, or one name spelt two ways on a case-insensitive disk.
        const reason = caseOnlyDifference(f.path.relative, dest.relative) && !(yield* store.list(yield* store.locate(parentWorkspacePath(dest.relative)))).includes(baseName(dest.relative))
          ? "case_insensitive" as const
          : "hard_link" as const
        return yield* Effect.fail(spliceError("SPL-E111", `${f.path.relative} and ${dest.relative} are the same file (${reason === "hard_link" ? "two hard links" : "one name on a case-insensitive file system"})`, {
          context: { from: f.path.relative, to: dest.relative, reason }
        }))
      }
      clashes.push(dest.relative)
      pairs.push({ source: f, target: dest, existing: st.value })
    }
    if (clashes.length > 0 && !config.force) {
      return yield* Effect.fail(spliceError("SPL-E033", `${clashes.length === 1 ? `${clashes[0]} already exists` : `${clashes.length} files already exist at the destination: ${clashes.slice(0, 5).join(", ")}${clashes.length > 5 ? ", …" : ""}`}; nothing ${past}`, {
        hint: `Pass --force to replace ${clashes.length === 1 ? "it" : "them"} (undo restores ${clashes.length === 1 ? "it" : "them"}), or choose another destination.`,
        context: { file: clashes[0]!, from, files: clashes }
      }))
    }
    // A link goes where nothing is: --force replaces files with files only.
    const links: Array<{ from: WorkspacePath; file: WorkspacePath; target: string }> = []
    for (const l of tree.links) {
      const dest = yield* destOf(l.path.relative)
      const st = yield* store.lstat(dest)
      if (st._tag === "Some") {
        return yield* Effect.fail(spliceError("SPL-E033", `${dest.relative} already exists (a ${st.value.kind}); the symbolic link ${l.path.relative} is not put over it, even with --force; nothing ${past}`, {
          hint: "Remove what is there first (splice rm), or choose another destination.",
          context: { file: dest.relative, from: l.path.relative, files: [dest.relative] }
        }))
      }
      links.push({ from: l.path.relative, file: dest.relative, target: l.target })
    }
    const txLinks: TxLink[] = links.flatMap((l) => [
      ...(command === "mv" ? [{ path: l.from, target: l.target, change: "removed" as const }] : []),
      { path: l.file, target: l.target, change: "created" as const }
    ])
    // Each directory of the source has its place at the destination (empty ones too), with its mode.
    const makeDirs = tree.dirs.map((d) => ({ path: mapUnder(from, target.relative, d.path), mode: d.mode }))
    const removeDirs = command === "mv" ? deepestFirst(tree.dirs) : []
    const renamesWhole = whole && command === "mv" && movesWhole({ kind, identity: source.info.identity }, there._tag === "Some", yield* nearestDirectory(parentWorkspacePath(target.relative)))
    const dirMoves: DirMove[] = renamesWhole ? [{ from: source.path, to: target, identity: source.info.identity }] : []
    return { source, kind, target, pairs, links, txLinks, makeDirs, removeDirs, dirMoves }
  })

/** A file read now and its destination's current content (with --force), under the locks. */
interface Loaded {
  readonly source: SourceFile
  readonly target: ResolvedPath
  readonly existing?: { readonly info: FileInfo; readonly bytes: Uint8Array; readonly checksum: string }
  /** mv: the moved file's text with its own imports rewritten (written over the file once it has its new name). */
  readonly rewrite?: { readonly bytes: Uint8Array; readonly checksum: string }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

const changedMeanwhile = (file: string) =>
  spliceError("SPL-E034", `${file} changed while splice was planning the move`, { context: { file, files: [file], race: "content" } })

/** A file's text for a diff ("" for one that is not text: its diff is left out). */
const textOf = (bytes: Uint8Array) => {
  const d = decodeText(bytes)
  return isDecodeFailure(d) ? "" : d.text
}

/** The `imports` field of mv's result: what was (or would be) rewritten, what could not be, and what is not followed. */
const importsReport = (plan: ImportPlan | undefined, moved: ReadonlyArray<{ from: string; to: string }>, preview: boolean) => {
  if (plan === undefined) return { updated: false as const, reason: "--no-update-imports" }
  const newName = (f: string) => moved.find((m) => m.from === f)?.to
  const entry = (r: ImportRewrite) => {
    const to = newName(r.file)
    return {
      file: to ?? r.file,
      ...(to !== undefined ? { from: r.file } : {}),
      language: r.language,
      specifiers: r.specifiers,
      ...(preview ? { diff: renderHunks(hunksOf(diffLines(splitKeepEnds(textOf(r.before)), splitKeepEnds(textOf(r.after)))), `a/${r.file}`, `b/${to ?? r.file}`) } : {})
    }
  }
  const importers = plan.rewrites.filter((r) => newName(r.file) === undefined).map(entry)
  const movedFiles = plan.rewrites.filter((r) => newName(r.file) !== undefined).map(entry)
  return {
    updated: true as const,
    importers,
    moved: movedFiles,
    specifiers: plan.rewrites.reduce((n, r) => n + r.specifiers.length, 0),
    not_rewritten: plan.notRewritten,
    not_followed: plan.otherLanguages
  }
}

/** mv's imports line (and, previewed, the diffs), for human output; "" when imports were not followed or nothing names the moved files. */
const importsHuman = (field: { readonly imports?: ReturnType<typeof importsReport> }, preview: boolean, t: Catalog) => {
  const i = field.imports
  if (i === undefined || !i.updated || (i.specifiers === 0 && i.not_rewritten.length === 0)) return ""
  const diffs = preview ? [...i.importers, ...i.moved].map((e) => e.diff ?? "").join("") : ""
  return t.transfer.imports(preview, { importers: i.importers.length, moved: i.moved.length, specifiers: i.specifiers }, i.not_rewritten) + diffs
}

/** `carried`: the files go with their directory, renamed as a whole (PlannedWrite.carried). */
const planWrites = (command: Command, loaded: ReadonlyArray<Loaded>, carried: boolean): PlannedWrite[] =>
  loaded.flatMap(({ source, target, existing, rewrite }): PlannedWrite[] => {
    const replaced = existing === undefined
      ? { original: null, checksumBefore: null }
      : { original: existing.bytes, checksumBefore: existing.checksum }
    /** New bytes written at the target: created, or replacing the file there (guarded by what it held). */
    const written = (next: Uint8Array, checksumAfter: string): PlannedWrite => ({
      target,
      ...replaced,
      mode: existing?.info.mode ?? source.info.mode,
      next,
      checksumAfter,
      ...(existing === undefined ? { createOnly: true } : expectedFrom(existing.info, existing.bytes))
    })
    // A new copy gets the source's mode; a file replaced keeps its own, as cp(1) does.
    if (command === "cp") return [written(source.bytes, source.checksum)]
    const removeSource: PlannedWrite = { target: source.path, original: source.bytes, mode: source.info.mode, next: null, checksumBefore: source.checksum, checksumAfter: ABSENT, ...(carried ? { carried } : {}) }
    return [
      {
        target,
        ...replaced,
        // What a rollback restores a replaced file with; the moved file keeps its own.
        mode: existing?.info.mode ?? source.info.mode,
        ...(existing !== undefined ? { nextMode: source.info.mode } : {}),
        // Its imports rewritten: the file moved, then its new text written into it (in place: movedFile.ts).
        next: rewrite?.bytes ?? source.bytes,
        checksumAfter: rewrite?.checksum ?? source.checksum,
        ...(rewrite !== undefined ? { inPlace: true } : {}),
        moveFrom: source.path,
        moveExpect: expectedFrom(source.info, source.bytes).expect!,
        // The file moved in replaces the name; the file that was there is not written in place.
        ...(existing !== undefined ? { expect: expectedFrom(existing.info, existing.bytes).expect! } : {}),
        ...(carried ? { carried } : {})
      },
      removeSource
    ]
  })

export const transfer = (command: Command, config: TransferConfig, whole = true) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    const output = yield* Output
    const blocked = config.preview ? new Map() : yield* autoRecover
    const p = yield* plan(command, config, whole)
    if (config.expectChecksum !== undefined && p.kind !== "file") {
      return yield* Effect.fail(spliceError("SPL-E010", `--expect-checksum takes a single file; ${p.source.path.relative} is a ${p.kind === "symlink" ? "symbolic link" : "directory"}`, {
        context: { flag: "expect-checksum", file: p.source.path.relative }
      }))
    }
    // Planned from the files as they are now; each is checked again once locked.
    const imports = command === "mv" && config.updateImports !== false
      ? yield* planImportUpdates([{ from: p.source.path.relative, to: p.target.relative }], p.pairs.map((x) => x.source.path.relative))
      : undefined
    const movedRewrites = new Map((imports?.rewrites ?? []).map((r) => [r.file as string, r]))
    const importers = (imports?.rewrites ?? []).filter((r) => !p.pairs.some((x) => x.source.path.relative === r.file))
    const importerPaths = yield* Effect.forEach(importers, (r) => store.locate(r.file))
    const paths = [...p.pairs.flatMap((x) => [x.source.path.relative, x.target.relative]), ...p.txLinks.map((l) => l.path), ...importerPaths.map((x) => x.relative)]
    yield* refuseBlocked(blocked, paths)

    return yield* Effect.scoped(Effect.gen(function*() {
      // Files, links and directories: what recovery locks to tell a live transaction from a dead one.
      if (!config.preview) yield* acquireRecovering([...paths, ...p.makeDirs.map((d) => d.path), ...p.removeDirs.map((d) => d.path)], Duration.millis(config.lockTimeoutMs))
      const loaded: Loaded[] = []
      const linked: LockKey[] = []
      for (const pair of p.pairs) {
        // Read under the locks: what the journal keeps is what is moved.
        const st = yield* store.lstat(pair.source.path)
        if (st._tag === "None" || st.value.kind !== "file") {
          return yield* Effect.fail(spliceError("SPL-E034", `${pair.source.path.relative} changed while splice was planning the ${verbOf(command)}`, {
            context: { file: pair.source.path.relative, files: [pair.source.path.relative], race: "content" }
          }))
        }
        const source = yield* readSource({ path: pair.source.path, info: st.value }, config.maxBytes)
        const rewrite = movedRewrites.get(pair.source.path.relative)
        if (rewrite !== undefined && !sameBytes(rewrite.before, source.bytes)) return yield* Effect.fail(changedMeanwhile(pair.source.path.relative))
        let existing: Loaded["existing"]
        if (pair.existing !== undefined) {
          const now = yield* store.lstat(pair.target)
          if (now._tag === "Some" && now.value.kind === "file") {
            const bytes = yield* store.read(pair.target, { noFollow: true })
            existing = { info: now.value, bytes, checksum: yield* hasher.blake3(bytes) }
            // cp rewrites a hard-linked destination in place: its other names must not be written meanwhile.
            if (command === "cp") linked.push(...identityLock(now.value))
          }
        }
        loaded.push({ source, target: pair.target, ...(existing !== undefined ? { existing } : {}), ...(rewrite !== undefined ? { rewrite: { bytes: rewrite.after, checksum: yield* hasher.blake3(rewrite.after) } } : {}) })
      }
      // The importers, read under their locks: rewritten only as they were when the move was planned.
      const importerWrites: PlannedWrite[] = []
      for (const [i, r] of importers.entries()) {
        const target = importerPaths[i]!
        const st = yield* store.lstat(target)
        const bytes = st._tag === "Some" && st.value.kind === "file" ? yield* store.read(target, { noFollow: true }) : undefined
        if (st._tag === "None" || st.value.kind !== "file" || bytes === undefined || !sameBytes(bytes, r.before)) return yield* Effect.fail(changedMeanwhile(r.file))
        importerWrites.push({
          target,
          original: bytes,
          mode: st.value.mode,
          next: r.after,
          checksumBefore: yield* hasher.blake3(bytes),
          checksumAfter: yield* hasher.blake3(r.after),
          ...expectedFrom(st.value, bytes)
        })
      }
      if (!config.preview && linked.length > 0) yield* acquireRecovering(linked, Duration.millis(config.lockTimeoutMs))
      if (config.expectChecksum !== undefined) yield* checkExpected(p.source.path, loaded[0]?.source.checksum ?? ABSENT, config.expectChecksum)

      const writes = [...planWrites(command, loaded, p.dirMoves.length > 0), ...importerWrites]
      const files = loaded.map((l) => {
        const w = writes.find((x) => x.target.relative === l.target.relative)!
        return {
          from: l.source.path.relative,
          file: l.target.relative,
          bytes: (l.rewrite?.bytes ?? l.source.bytes).length,
          mode: octalMode(command === "cp" ? w.mode ?? l.source.info.mode : l.source.info.mode),
          checksum: l.rewrite?.checksum ?? l.source.checksum,
          replaced: l.existing?.checksum ?? null,
          write_strategy: writeStrategy(w)
        }
      })
      const bytes = files.reduce((n, f) => n + f.bytes, 0)
      const importsField = command === "mv" ? { imports: importsReport(imports, p.pairs.map((x) => ({ from: x.source.path.relative, to: x.target.relative })), config.preview) } : {}
      const base = { from: p.source.path.relative, to: p.target.relative, files, ...(p.links.length > 0 ? { links: p.links } : {}), bytes, ...importsField }
      const from = p.source.path.relative
      const to = p.target.relative
      const counts = { files: files.length, links: p.links.length, bytes, replaced: files.filter((f) => f.replaced !== null).length }
      const extra = (dirs: ReadonlyArray<WorkspacePath>) => (command === "mv" ? { removed_directories: dirs } : {})
      const gate = config.compiler ?? COMPILER_OFF

      const toMake = yield* directoriesToMake(writes, { makeDirs: p.makeDirs, links: p.txLinks })
      if (config.preview) {
        return yield* output.result(command, {
          ...base,
          created_directories: toMake,
          ...extra(p.removeDirs.map((d) => d.path)),
          compiler: skippedVerdict(gate.mode === "off" ? "disabled by --validate" : "not run by --preview: the checker reads the files on disk"),
          preview: true,
          changed: false,
          would_change: true,
          tx: null
        }, (t) =>
          t.transfer.preview(command, from, to, counts) + files.map((f) => t.transfer.previewFile(f.from, f.file, f.replaced !== null)).join("") +
          p.links.map((l) => t.transfer.previewLink(l.from, l.file, l.target)).join("") + importsHuman(importsField, true, t))
      }
      if (writes.length === 0 && p.txLinks.length === 0 && toMake.length === 0 && p.removeDirs.length === 0) {
        // Only reachable for cp of an empty directory onto an existing one: nothing to do.
        return yield* output.result(command, { ...base, created_directories: [], ...extra([]), compiler: skippedVerdict("nothing to change"), changed: false, tx: null },
          (t) => t.transfer.nothing(command, from, to))
      }
      const checked = writes.filter((w) => w.next !== null).map((w) => w.target.relative)
      const plans = yield* planFor(checked, gate)
      const carriedPairs = p.pairs.map((x) => ({ from: x.source.path.relative, to: x.target.relative }))
      // Before, a moved or copied file is checked where it was (its new name holds nothing yet).
      const sourceOf = new Map(carriedPairs.map((x) => [x.to, x.from]))
      const beforePlans = yield* planFor(checked.map((f) => sourceOf.get(f) ?? f), gate)
      const { tx, verified: compiler } = yield* commitWrites(
        writes,
        { command, makeDirs: p.makeDirs, removeDirs: p.removeDirs, links: p.txLinks, dirMoves: p.dirMoves, ...(config.holdMs !== undefined ? { holdMs: config.holdMs } : {}) },
        compilerGate(writes, gate, plans, { pairs: carriedPairs, copy: command === "cp", before: beforePlans, dirMoves: p.dirMoves })
      )
      // Every name the transaction touched: a moved file's rows leave its old path.
      const graph = yield* graphAfterWrite(writes.map((w) => w.target.relative), config)
      return yield* output.result(command, {
        ...base,
        created_directories: tx.dirs ?? [],
        ...extra((tx.removedDirs ?? []).map((d) => d.path)),
        compiler,
        changed: true,
        tx: tx.id,
        ...graph.fields
      }, (t) => `${t.transfer.done(command, from, to, counts, compilerLine(compiler, t), tx.id)}${importsHuman(importsField, false, t)}${graph.human}`)
    }))
  })

/** rename(2) refused the directory across devices (a mount inside the workspace): nothing moved, its transaction rolled back. */
const acrossDevices = (e: unknown) => e instanceof SpliceError && e.code === "SPL-E083" && e.context?.["errno"] === "EXDEV"

/** A directory that cannot be renamed as one (across devices) is moved file by file instead. */
export const mv = (config: TransferConfig) => transfer("mv", config).pipe(Effect.catchIf(acrossDevices, () => transfer("mv", config, false)))
export const cp = (config: TransferConfig) => transfer("cp", config)
