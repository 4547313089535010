/** Reading a file that splice is about to edit, with every refusal the safe write path requires. */
import * as Effect from "effect/Effect"
import { spliceError } from "../domain/SpliceError.js"
import { decodeText, isDecodeFailure, type TextContent } from "../domain/textContent.js"
import { type FileInfo, FileStore, type ResolvedPath } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"

export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024

export interface TextTarget {
  readonly path: ResolvedPath
  readonly info: FileInfo
  readonly bytes: Uint8Array
  readonly content: TextContent
  readonly checksum: string
}

/**
 * splice's own state (journal, locks) is not a target: a hand-edited journal could misguide
 * recovery. Nor is anything inside a .git/ directory unless asked for: a hook written there runs
 * on the next git command.
 */
export const refuseReserved = (path: Pick<ResolvedPath, "relative">, allowGitDir = false) => {
  if (path.relative === ".splice" || path.relative.startsWith(".splice/")) {
    return Effect.fail(spliceError("SPL-E067", `${path.relative} is splice's own state`, { context: { file: path.relative } }))
  }
  if (!allowGitDir && path.relative.split("/").includes(".git")) {
    return Effect.fail(spliceError("SPL-E067", `${path.relative} is inside a .git directory`, {
      hint: "Pass --allow-git-dir if you mean to change git's own files.",
      context: { file: path.relative, reason: "git_dir" }
    }))
  }
  return Effect.void
}

/** Refuse what is not a regular file, or too large; None when nothing exists there. */
export const statTarget = (path: ResolvedPath, maxBytes: number) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const st = yield* store.stat(path)
    if (st._tag === "None") return undefined
    const info = st.value
    if (info.kind !== "file") {
      return yield* Effect.fail(spliceError("SPL-E065", `not a regular file (${info.kind}): ${path.relative}`, { context: { file: path.relative, kind: info.kind } }))
    }
    if (info.size > maxBytes) {
      return yield* Effect.fail(spliceError("SPL-E064", `${path.relative} is ${info.size} bytes, over the limit of ${maxBytes}`, {
        context: { file: path.relative, size: info.size, max_bytes: maxBytes }
      }))
    }
    return info
  })

export const decodeOrRefuse = (path: ResolvedPath, bytes: Uint8Array) => {
  const decoded = decodeText(bytes)
  if (!isDecodeFailure(decoded)) return Effect.succeed(decoded)
  return Effect.fail(
    decoded.reason === "binary"
      ? spliceError("SPL-E063", `${path.relative} is binary (NUL byte at offset ${decoded.offset})`, { context: { file: path.relative, reason: "binary", offset: decoded.offset } })
      : spliceError("SPL-E063", `${path.relative} is not valid UTF-8 (byte 0x${bytes[decoded.offset]?.toString(16).padStart(2, "0") ?? "??"} at offset ${decoded.offset})`, {
        hint: "The file is text in another encoding (Latin-1 or Windows-1252, most likely) or holds a stray byte: convert it to UTF-8 first (iconv -f latin1 -t utf-8), or edit it with a tool for its encoding. splice never guesses an encoding.",
        context: { file: path.relative, reason: "invalid_utf8", offset: decoded.offset }
      })
  )
}

/** An existing text file: SPL-E020 when missing. */
export const loadTextTarget = (path: ResolvedPath, maxBytes: number) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    const info = yield* statTarget(path, maxBytes)
    if (info === undefined) {
      return yield* Effect.fail(spliceError("SPL-E020", `no such file: ${path.relative}`, { context: { file: path.relative } }))
    }
    const bytes = yield* store.read(path)
    if (bytes.length > maxBytes) {
      return yield* Effect.fail(spliceError("SPL-E064", `${path.relative} is over the limit of ${maxBytes} bytes`, { context: { file: path.relative, max_bytes: maxBytes } }))
    }
    const content = yield* decodeOrRefuse(path, bytes)
    const checksum = yield* hasher.blake3(bytes)
    return { path, info, bytes, content, checksum } satisfies TextTarget
  })

/** Shortest checksum prefix --expect-checksum accepts: 48 bits, unique in practice. */
export const MIN_CHECKSUM_PREFIX = 12

/**
 * --expect-checksum: the whole BLAKE3 checksum, or a prefix of at least 12 hex digits (what a
 * human or an agent copies from a message). Messages always print whole checksums.
 */
export const checkExpected = (target: { readonly relative: string }, actual: string, expected: string | undefined) => {
  if (expected === undefined) return Effect.void
  const want = expected.trim().toLowerCase()
  if (want === "absent") {
    // `splice write`: the file must not exist yet.
    return actual === want ? Effect.void : Effect.fail(spliceError("SPL-E031", `${target.relative} exists (checksum ${actual}), expected it absent`, { context: { file: target.relative, expected: want, actual } }))
  }
  if (!/^[0-9a-f]+$/.test(want) || want.length < MIN_CHECKSUM_PREFIX || want.length > 64) {
    return Effect.fail(spliceError("SPL-E010", `--expect-checksum takes a BLAKE3 checksum: ${MIN_CHECKSUM_PREFIX} to 64 hex digits (got ${JSON.stringify(expected)})`, {
      context: { expected }
    }))
  }
  return actual.startsWith(want)
    ? Effect.void
    : Effect.fail(spliceError("SPL-E031", `${target.relative} changed: its checksum is ${actual}, expected ${want}${want.length < 64 ? "…" : ""}`, {
      context: { file: target.relative, expected: want, actual }
    }))
}
