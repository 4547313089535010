import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

/**
 * Where the tree-sitter wasm files are. The bundle carries them in `grammars/` beside itself (or
 * beside a single executable); from source they are read from the grammar packages in node_modules.
 * `SPLICE_GRAMMARS` names the folder explicitly.
 */

declare const __dirname: string | undefined

const here = (): string | undefined => {
  // The CommonJS bundle (Node launcher, single executable) has no import.meta.url.
  if (typeof __dirname === "string") return __dirname
  try {
    const url = import.meta.url
    return url === undefined ? undefined : path.dirname(fileURLToPath(url))
  } catch {
    return undefined
  }
}

const candidateDirs = (): string[] => {
  const dirs: string[] = []
  const env = process.env["SPLICE_GRAMMARS"]
  if (env) dirs.push(env)
  const h = here()
  if (h !== undefined) dirs.push(path.join(h, "grammars"))
  dirs.push(path.join(path.dirname(process.execPath), "grammars"))
  return dirs
}

/**
 * The path of an asset shipped beside the bundle (`grammars/<shipped>`, by default `grammars/<file>`)
 * or, from source, of `node_modules/<pkg>/<file>`.
 */
export const findAsset = (file: string, pkg: string, shipped: string = file): string => {
  for (const dir of candidateDirs()) {
    const p = path.join(dir, shipped)
    if (fs.existsSync(p)) return p
  }
  // From source: the package in the nearest node_modules up the tree.
  let dir = here()
  while (dir !== undefined) {
    const p = path.join(dir, "node_modules", pkg, file)
    if (fs.existsSync(p)) return p
    const up = path.dirname(dir)
    dir = up === dir ? undefined : up
  }
  throw new Error(`grammar file ${file} not found (looked in ${candidateDirs().join(", ")})`)
}

/** The bytes of a wasm file by name (`web-tree-sitter.wasm`, `tree-sitter-python.wasm`, …) from package `pkg`. */
export const readWasm = (file: string, pkg: string): Uint8Array => new Uint8Array(fs.readFileSync(findAsset(file, pkg)))
