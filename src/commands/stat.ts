/**
 * `splice stat FILE...`: what a file is — size, mode, owner, mtime, hard links, the link it is
 * reached through — and what it holds: encoding and BOM, line endings, lines, the language the
 * syntax gate would parse it as, its BLAKE3 checksum. Reads only; FIFOs and devices are described
 * without being opened.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { contentFacts, octalMode } from "../domain/contentFacts.js"
import { grammarForPath } from "../domain/languages.js"
import { spliceError } from "../domain/SpliceError.js"
import { userPath } from "../domain/workspacePath.js"
import { childPath, FileStore, type ResolvedPath } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { Output } from "../../services/Output.js"

export interface StatConfig {
  readonly files: ReadonlyArray<string>
}

/** The name itself, not followed when it is a symlink; undefined when the path ends in a directory form (`x/`, `.`, `..`). */
const nameOf = (typed: string) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const slash = typed.lastIndexOf("/")
    const base = typed.slice(slash + 1)
    if (base === "" || base === "." || base === "..") return undefined
    const parent = yield* store.resolve(userPath(slash === -1 ? "." : slash === 0 ? "/" : typed.slice(0, slash)))
    return childPath(parent, base)
  })

const statOne = (typed: string) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    // Resolving first refuses what lies outside the workspace, a link that leads out included.
    const path = yield* store.resolve(userPath(typed))
    const name = yield* nameOf(typed)
    const link = name === undefined ? Option.none<string>() : yield* store.readLink(name)
    const shown: ResolvedPath = Option.isSome(link) && name !== undefined ? name : path
    const st = yield* store.stat(path)
    if (Option.isNone(st)) {
      return yield* Effect.fail(Option.isSome(link)
        ? spliceError("SPL-E020", `${shown.relative} is a symbolic link to ${link.value}, which does not exist`, { context: { file: shown.relative, kind: "symlink" } })
        : spliceError("SPL-E020", `no such file: ${path.relative}`, { context: { file: path.relative } }))
    }
    const info = st.value
    const regular = info.kind === "file"
    const bytes = regular ? yield* store.read(path) : undefined
    const facts = bytes === undefined ? undefined : contentFacts(bytes)
    return {
      file: shown.relative,
      kind: info.kind,
      size: bytes?.length ?? info.size,
      mode: octalMode(info.mode),
      uid: info.uid,
      gid: info.gid,
      mtime: new Date(info.mtimeMs).toISOString(),
      mtime_ms: info.mtimeMs,
      nlink: info.nlink,
      symlink: Option.isSome(link) ? { target: link.value, resolves_to: path.relative } : null,
      encoding: facts?.encoding ?? null,
      bom: facts?.bom ?? null,
      line_ending: facts?.line_ending ?? null,
      line_endings: facts?.line_endings ?? null,
      lines: facts?.lines ?? null,
      language: regular ? grammarForPath(path.relative)?.language ?? null : null,
      checksum: bytes === undefined ? null : yield* hasher.blake3(bytes)
    }
  })

export const stat = (config: StatConfig) =>
  Effect.gen(function*() {
    const output = yield* Output
    if (config.files.length === 0) return yield* Effect.fail(spliceError("SPL-E010", "name at least one file"))
    for (const f of config.files) {
      const s = yield* statOne(f)
      // One line for people: what `ls -l`, `file` and `b3sum` would say together.
      yield* output.event({ type: "stat", ...s }, (t) => t.stat.file(s))
    }
    return yield* output.result("stat", { files: config.files.length }, "")
  })
