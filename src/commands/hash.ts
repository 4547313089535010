/** `splice hash`: BLAKE3 of files, printed like b3sum (`<hex>  <path>`) in human mode; `--verify` compares. */
import * as Effect from "effect/Effect"
import { spliceError } from "../domain/SpliceError.js"
import { FileStore } from "../../services/FileStore.js"
import { Hasher } from "../../services/Hasher.js"
import { Output } from "../../services/Output.js"
import { userPath } from "../domain/workspacePath.js"

export interface HashConfig {
  readonly files: ReadonlyArray<string>
  readonly verify?: string
}

const hashOne = (file: string) =>
  Effect.gen(function*() {
    const store = yield* FileStore
    const hasher = yield* Hasher
    const path = yield* store.resolve(userPath(file))
    const st = yield* store.stat(path)
    if (st._tag === "None") return yield* Effect.fail(spliceError("SPL-E020", `no such file: ${file}`, { context: { file } }))
    if (st.value.kind !== "file") {
      return yield* Effect.fail(spliceError("SPL-E065", `not a regular file (${st.value.kind}): ${file}`, { context: { file, kind: st.value.kind } }))
    }
    const bytes = yield* store.read(path)
    // JSON names the workspace path, like every other command; human output the name as typed, like b3sum.
    return { file: path.relative, typed: file, checksum: yield* hasher.blake3(bytes), size: bytes.length }
  })

/** b3sum's line for a name: a name with a backslash or newline is escaped and the line starts with `\`. */
export const b3sumLine = (checksum: string, name: string): string =>
  /[\\\n]/.test(name)
    ? `\\${checksum}  ${name.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")}\n`
    : `${checksum}  ${name}\n`

export const hash = (config: HashConfig) =>
  Effect.gen(function*() {
    const output = yield* Output
    if (config.files.length === 0) return yield* Effect.fail(spliceError("SPL-E010", "name at least one file"))
    if (config.verify !== undefined) {
      if (config.files.length !== 1) return yield* Effect.fail(spliceError("SPL-E010", "--verify takes exactly one file"))
      const expected = config.verify.toLowerCase()
      if (!/^[0-9a-f]{64}$/.test(expected)) {
        return yield* Effect.fail(spliceError("SPL-E010", "--verify takes a 64-digit hex BLAKE3 checksum"))
      }
      const h = yield* hashOne(config.files[0]!)
      if (h.checksum !== expected) {
        return yield* Effect.fail(spliceError("SPL-E031", `${h.file}: checksum mismatch`, { context: { file: h.file, expected, actual: h.checksum } }))
      }
      return yield* output.result("hash", { file: h.file, checksum: h.checksum, verified: true }, (t) => t.hash.verified(h.typed))
    }
    const results = []
    for (const f of config.files) {
      const { typed, ...h } = yield* hashOne(f)
      results.push(h)
      yield* output.event({ type: "hash", ...h }, b3sumLine(h.checksum, typed))
    }
    return yield* output.result("hash", { files: results.length }, "")
  })
