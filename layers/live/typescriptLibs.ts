import * as fs from "node:fs"
import type * as TS from "typescript-parser"
import { findAsset } from "./grammarFiles.js"

/**
 * TypeScript's standard library declarations (lib.es2020.d.ts, lib.dom.d.ts, …) for the
 * LanguageService: without them the element type of an array, a Promise's `then` or a string's
 * methods are unknown, so completions after them are empty and renames miss calls made through them.
 * The build ships them from the bundled typescript package into `grammars/typescript-lib/`
 * (scripts/build.mjs); from source they are read from the package itself.
 */

/** Where the LanguageService sees them: under `.splice/`, which the graph never indexes, so no workspace file is there. */
export const LIB_DIR = "/.splice/typescript-lib"

/** The target and libraries when the tsconfig names none: ES2020, without the DOM. */
const DEFAULT_TARGET = "ES2020"

/**
 * The lib files for a tsconfig's options (file names, `lib.es2020.d.ts`): its `lib` when it has one
 * (the DOM only if it lists it), else its target's library without the DOM and host libraries that
 * tsc's default (`lib.<target>.full.d.ts`) adds; ES2020's when it names no target.
 */
export const libFiles = (ts: typeof TS, options: TS.CompilerOptions): ReadonlyArray<string> => {
  if (options.lib !== undefined) return options.lib.map((l) => l.replace(/^.*[\\/]/, ""))
  const target = options.target ?? ts.ScriptTarget[DEFAULT_TARGET]
  // lib.d.ts is ES5 with the DOM; lib.<target>.full.d.ts the target with the DOM.
  const full = ts.getDefaultLibFileName({ target })
  return [full === "lib.d.ts" ? "lib.es5.d.ts" : full.replace(/\.full\.d\.ts$/, ".d.ts")]
}

export const defaultTarget = (ts: typeof TS): TS.ScriptTarget => ts.ScriptTarget[DEFAULT_TARGET]

const texts = new Map<string, string | undefined>()

/** The text of a lib file by name (`lib.es2020.d.ts`), read once per process; undefined if it is not one TypeScript ships. */
export const libText = (name: string): string | undefined => {
  if (!/^lib(\.[\w-]+)*\.d\.ts$/.test(name)) return undefined
  if (!texts.has(name)) {
    let text: string | undefined
    try {
      text = fs.readFileSync(findAsset(name, "typescript-parser/lib", `typescript-lib/${name}`), "utf8")
    } catch {
      text = undefined
    }
    texts.set(name, text)
  }
  return texts.get(name)
}
