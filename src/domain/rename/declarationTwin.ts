/**
 * The hand-written declaration file of a JavaScript module, and the module of a declaration file:
 * `index.js` ↔ `index.d.ts` (`.mjs` ↔ `.d.mts`, `.cjs` ↔ `.d.cts`), the rule by which TypeScript
 * reads `./index.js` through `index.d.ts`, and a package.json's `main` ↔ `types` (or `typings`).
 * TypeScript never links the two (the importers see only the declaration file), so a rename of one
 * must rename the other, or the published types no longer match the code. Pure.
 */

const JS_TO_DTS: ReadonlyArray<readonly [string, string]> = [[".mjs", ".d.mts"], [".cjs", ".d.cts"], [".jsx", ".d.ts"], [".js", ".d.ts"]]

const dirOf = (file: string) => (file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "")

/** `./lib/../index.js` relative to a package's directory → a workspace path. */
const joinPath = (dir: string, relative: string): string | undefined => {
  const parts = dir === "" ? [] : dir.split("/")
  for (const p of relative.split("/")) {
    if (p === "" || p === ".") continue
    if (p === "..") {
      if (parts.length === 0) return undefined
      parts.pop()
    } else parts.push(p)
  }
  return parts.join("/")
}

/** A package's `main` and `types` (when both name files), as workspace paths. */
const manifestPair = (manifest: string, text: string): readonly [string, string] | undefined => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof json !== "object" || json === null) return undefined
  const m = json as Record<string, unknown>
  const types = typeof m["types"] === "string" ? m["types"] : typeof m["typings"] === "string" ? m["typings"] : undefined
  const main = m["main"]
  if (types === undefined || typeof main !== "string") return undefined
  const dir = dirOf(manifest)
  const js = joinPath(dir, main)
  const dts = joinPath(dir, types)
  return js === undefined || dts === undefined ? undefined : [js, dts]
}

/**
 * The files paired with `file` (a JS module's declaration files, a declaration file's modules) among
 * `files` (workspace path → text; the package.json files are read for `main`/`types`).
 */
export const declarationTwins = (file: string, files: ReadonlyMap<string, string>): ReadonlyArray<string> => {
  const out = new Set<string>()
  for (const [js, dts] of JS_TO_DTS) {
    if (file.endsWith(dts)) {
      const twin = file.slice(0, -dts.length) + js
      if (files.has(twin)) out.add(twin)
    } else if (file.endsWith(js) && !file.endsWith(".d" + js)) {
      const twin = file.slice(0, -js.length) + dts
      if (files.has(twin)) out.add(twin)
    }
  }
  for (const [path, text] of files) {
    if (path !== "package.json" && !path.endsWith("/package.json")) continue
    const pair = manifestPair(path, text)
    if (pair === undefined) continue
    const [js, dts] = pair
    if (file === js && files.has(dts)) out.add(dts)
    if (file === dts && files.has(js)) out.add(js)
  }
  out.delete(file)
  return [...out].sort()
}
