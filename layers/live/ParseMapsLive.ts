import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { VERSION } from "../../src/cli/version.js"
import type { Grammar } from "../../src/domain/languages.js"
import { isParseMap, type ParseMap } from "../../src/domain/parseMap.js"
import { ParseMaps, type ParseMapsService } from "../../services/ParseMaps.js"
import { cacheDir, cachesOn } from "./cacheDir.js"
import { findAsset } from "./grammarFiles.js"
import { startBlake3 } from "./HasherLive.js"

/**
 * Parse maps as small JSON files in the cache directory (`parse-maps/`), each named by what parsed
 * it (splice's version, the map format, and the sizes of the grammar's and the runtime's wasm: a
 * rebuilt grammar has other trees) and by the length and BLAKE3 of the text it maps. Written atomically (temp +
 * rename: a reader sees a whole map or none) but not synced: a map lost in a crash is parsed again.
 * A file that does not read back as a map of a text of that length is ignored. Bounded to the
 * `KEEP` maps used last (a use touches the file).
 */

const FORMAT = 1
const KEEP = 64
/** Pruning starts when this many are there, so most writes list the directory and stop. */
const PRUNE_AT = KEEP + 16

const dir = () => path.join(cacheDir(), "parse-maps")

const stamps = new Map<string, string>()
/** What parsed a map, in its file name; undefined when a wasm cannot be found (nothing is kept then). */
const stampOf = (grammar: Grammar): string | undefined => {
  let s = stamps.get(grammar.wasm)
  if (s === undefined) {
    try {
      const size = (file: string, pkg: string) => fs.statSync(findAsset(file, pkg)).size
      s = `${grammar.language}-${VERSION}-f${FORMAT}-${size(grammar.wasm, grammar.pkg)}-${size("web-tree-sitter.wasm", "web-tree-sitter")}`
    } catch {
      return undefined
    }
    stamps.set(grammar.wasm, s)
  }
  return s
}

/** A map's file: what parsed it, the text's length, and the BLAKE3 of the text's UTF-8 (the caller's, or computed). */
const fileOf = (stamp: string, text: string, digest: string | undefined): Effect.Effect<string> =>
  digest !== undefined && /^[0-9a-f]{64}$/.test(digest)
    ? Effect.succeed(path.join(dir(), `${stamp}-${text.length}-${digest}.json`))
    : Effect.promise(async () => {
      const h = await startBlake3()
      h.init()
      h.update(text) // hash-wasm hashes a string as its UTF-8 bytes
      return path.join(dir(), `${stamp}-${text.length}-${h.digest("hex")}.json`)
    })

/**
 * Whether a map of a text this long may be kept: the length in the names spares hashing a text no
 * map can be of (in a new process, BLAKE3 runs as unoptimised wasm: ~30 ms for 1 MB), such as every
 * big file tree-sitter finds errors in.
 */
const mayHave = (stamp: string, length: number): boolean => {
  try {
    const prefix = `${stamp}-${length}-`
    return fs.readdirSync(dir()).some((n) => n.startsWith(prefix))
  } catch {
    return false
  }
}

/** Removes the maps used longest ago beyond KEEP. */
const prune = (): void => {
  const names = fs.readdirSync(dir()).filter((n) => n.endsWith(".json"))
  if (names.length < PRUNE_AT) return
  const used = names.map((n) => {
    try {
      return { n, at: fs.statSync(path.join(dir(), n)).mtimeMs }
    } catch {
      return { n, at: 0 }
    }
  }).sort((a, b) => b.at - a.at)
  for (const { n } of used.slice(KEEP)) fs.rmSync(path.join(dir(), n), { force: true })
}

export const parseMapsService: ParseMapsService = {
  recall: (grammar, text, digest) => Effect.suspend(() => {
    const stamp = cachesOn() ? stampOf(grammar) : undefined
    return stamp !== undefined && mayHave(stamp, text.length)
      ? Effect.flatMap(fileOf(stamp, text, digest), (file) =>
        Effect.sync((): ParseMap | undefined => {
          try {
            const value: unknown = JSON.parse(fs.readFileSync(file, "utf8"))
            if (!isParseMap(value, text.length)) return undefined
            const now = new Date()
            fs.utimesSync(file, now, now)
            return value
          } catch {
            return undefined // none kept, or unreadable: parse in full
          }
        }))
      : Effect.succeed(undefined)
  }),
  keep: (grammar, text, map, digest) => Effect.suspend(() => {
    const stamp = cachesOn() ? stampOf(grammar) : undefined
    return stamp !== undefined
      ? Effect.flatMap(fileOf(stamp, text, digest), (file) =>
        Effect.sync(() => {
          const tmp = `${file}.${process.pid}.tmp`
          try {
            fs.mkdirSync(dir(), { recursive: true })
            fs.writeFileSync(tmp, JSON.stringify(map))
            fs.renameSync(tmp, file)
            prune()
          } catch {
            try {
              fs.rmSync(tmp, { force: true })
            } catch {
              // a cache is an optimisation
            }
          }
        }))
      : Effect.void
  })
}

export const ParseMapsLive: Layer.Layer<ParseMaps> = Layer.succeed(ParseMaps, parseMapsService)
