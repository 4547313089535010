/**
 * toml_edit as wasm (@rainbowatcher/toml-edit-js), initialised once from bytes: the bundle carries
 * the wasm in grammars/ beside itself (scripts/build.mjs), like the tree-sitter grammars; from source
 * it is read from the package. Never fetched.
 */
import { edit, initSync, parse } from "@rainbowatcher/toml-edit-js/index"
import type { TomlEngine } from "../../src/domain/data/tomlEditor.js"
import { readWasm } from "./grammarFiles.js"

const PKG = "@rainbowatcher/toml-edit-js"
/** Its name in dist/grammars (the package's own name for it, index_bg.wasm, says nothing). */
export const TOML_WASM = "toml-edit.wasm"

let engine: TomlEngine | undefined

const wasmBytes = (): Uint8Array => {
  try {
    return readWasm(TOML_WASM, PKG)
  } catch {
    return readWasm("index_bg.wasm", PKG)
  }
}

export const tomlEngine = (): TomlEngine => {
  if (engine === undefined) {
    initSync({ module: wasmBytes() })
    engine = { parse, edit }
  }
  return engine
}

