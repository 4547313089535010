/**
 * How a JavaScript/TypeScript package writes its code, read from the files nearest a target: module
 * system (package.json `"type"`, `.cjs`/`.mjs`, what the neighbours do), string quotes, semicolons,
 * the indentation unit, a `'use strict'` header and how CommonJS files export. `splice suggest`
 * drafts new code in this style. The samples come nearest first (the target itself, then its
 * directory, then further up); each style question is decided by the nearest samples that show it.
 * Pure.
 */
import { indentUnit } from "../reindent.js"

export type ModuleSystem = "esm" | "commonjs"

/** How CommonJS files export: `exports.f = f`, `module.exports = { f: f }` / `{ f }`, `module.exports = f`. */
export type CommonJsExport =
  | { readonly kind: "member"; readonly prefix: "exports" | "module.exports" }
  | { readonly kind: "object"; readonly shorthand: boolean }
  | { readonly kind: "single" }

export interface ScriptStyle {
  readonly module: ModuleSystem
  readonly quote: "\"" | "'"
  readonly semicolon: boolean
  /** One level of indentation: spaces or a tab. */
  readonly indent: string
  /** The draft starts with `'use strict'`: CommonJS neighbours do, and the target has no content yet (modules are strict already). */
  readonly useStrict: boolean
  readonly commonJsExport: CommonJsExport
}

export interface SourceSample {
  /** Workspace-relative path. */
  readonly path: string
  readonly text: string
}

/** The nearest package.json's `"type"` field; `null` when there is no package.json. */
export type PackageType = "module" | "commonjs" | null

export const DEFAULT_SCRIPT_STYLE: ScriptStyle = {
  module: "esm", quote: "\"", semicolon: false, indent: "  ", useStrict: false, commonJsExport: { kind: "single" }
}

/** The `"type"` of a package.json's text (`"commonjs"` when absent or unreadable, as Node reads it). */
export const packageTypeOf = (packageJson: string): "module" | "commonjs" => {
  try {
    const parsed: unknown = JSON.parse(packageJson)
    return typeof parsed === "object" && parsed !== null && (parsed as Record<string, unknown>)["type"] === "module" ? "module" : "commonjs"
  } catch {
    return "commonjs"
  }
}

/** What one file's code shows; undefined where it shows nothing. */
interface Facts {
  readonly module?: ModuleSystem
  readonly single: number
  readonly double: number
  readonly withSemicolon: number
  readonly withoutSemicolon: number
  readonly useStrict: boolean
  readonly commonJsExport?: CommonJsExport
}

/**
 * The code of a text with comments blanked and string/template contents replaced by spaces (quotes
 * kept), so that line ends and keywords can be read without being fooled by either; plus the count
 * of '…' and "…" strings (JSX attribute values, `a="b"`, left out: they follow their own rule).
 */
const codeOf = (text: string) => {
  let out = ""
  let single = 0
  let double = 0
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text[i]!
    const next = text[i + 1]
    if (c === "/" && next === "/") {
      while (i < n && text[i] !== "\n") {
        out += " "
        i++
      }
      continue
    }
    if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2)
      const stop = end === -1 ? n : end + 2
      out += text.slice(i, stop).replace(/[^\n]/g, " ")
      i = stop
      continue
    }
    if (c === "'" || c === "\"" || c === "`") {
      const jsxAttribute = c === "\"" && text[i - 1] === "=" && /[\w-]/.test(text[i - 2] ?? "")
      if (c === "'") single++
      else if (c === "\"" && !jsxAttribute) double++
      out += c
      i++
      while (i < n && text[i] !== c) {
        if (text[i] === "\\") {
          out += "  "
          i += 2
          continue
        }
        // A quote string ends at the line's end whatever comes (an unterminated one is not ours to read).
        if (text[i] === "\n" && c !== "`") break
        out += text[i] === "\n" ? "\n" : " "
        i++
      }
      if (i < n && text[i] === c) {
        out += c
        i++
      }
      continue
    }
    out += c
    i++
  }
  return { code: out, single, double }
}

/** A line's code could end a statement here: a value, a call, an index — not an operator or an opening. */
const STATEMENT_END = /[\w$)\]'"`]$/
/** Lines that end a statement yet never take a semicolon: block heads and keywords before a block. */
const NO_SEMICOLON_LINE = /^\s*(?:if|for|while|else|do|try|finally|switch|catch)\b|^\s*[}\])]*\s*$|^\s*(?:@|#!)|^\s*[\w$-]+=["'{]/

const factsOf = (sample: SourceSample): Facts => {
  const { code, single, double } = codeOf(sample.text)
  let withSemicolon = 0
  let withoutSemicolon = 0
  const lines = code.split(/\r?\n/)
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!.trimEnd()
    if (line.trim() === "") continue
    if (line.endsWith(";")) {
      withSemicolon++
      continue
    }
    if (!STATEMENT_END.test(line) || NO_SEMICOLON_LINE.test(line)) continue
    // A line the next one continues (`.then(`, `+ b`, `? a : b`) is no statement end.
    const following = lines.slice(k + 1).find((l) => l.trim() !== "")?.trim() ?? ""
    if (/^[.?:+\-*/%&|=,)\]>]/.test(following) && !/^(\+\+|--)/.test(following)) continue
    withoutSemicolon++
  }
  const esm = /^\s*(?:import\s*[\w${*'"]|export\s+(?:default|const|let|var|function|async|class|type|interface|enum|\{|\*))/m.test(code)
  const commonJs = /\brequire\s*\(\s*['"]|^\s*(?:module\.)?exports\b\s*(?:\.|\[|=[^=])/m.test(code)
  const ext = /\.(c|m)?[jt]sx?$/.exec(sample.path)?.[1]
  const module: ModuleSystem | undefined = ext === "c" ? "commonjs" : ext === "m" ? "esm" : esm && !commonJs ? "esm" : commonJs && !esm ? "commonjs" : undefined
  return {
    ...(module !== undefined ? { module } : {}),
    single,
    double,
    withSemicolon,
    withoutSemicolon,
    useStrict: /^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/|#![^\n]*)*['"]use strict['"]/.test(sample.text),
    ...(module === "commonjs" ? commonJsExportOf(code, sample.text) : {})
  }
}

/** How a CommonJS file exports, from its code (`code`: comments and string contents blanked) and its text (for an object's keys). */
const commonJsExportOf = (code: string, text: string): { commonJsExport?: CommonJsExport } => {
  const member = /^\s*(module\.exports|exports)\.[\w$]+\s*=[^=]/m.exec(code)
  if (member !== null) return { commonJsExport: { kind: "member", prefix: member[1] === "exports" ? "exports" : "module.exports" } }
  const whole = /^module\.exports\s*=\s*(\{)?/m.exec(code)
  if (whole === null) return {}
  if (whole[1] === undefined) return { commonJsExport: { kind: "single" } }
  // The object literal's entries: `a: a` pairs against bare `a` shorthands.
  const body = text.slice(whole.index + whole[0].length, code.indexOf("}", whole.index + whole[0].length))
  const entries = body.split(",").map((e) => e.trim()).filter((e) => e !== "")
  const shorthand = entries.filter((e) => /^[\w$]+$/.test(e)).length
  return { commonJsExport: { kind: "object", shorthand: shorthand * 2 > entries.length } }
}

/** The first sample (nearest first) that answers, else the fallback. */
const nearest = <A>(facts: ReadonlyArray<Facts>, pick: (f: Facts) => A | undefined, fallback: A): A => {
  for (const f of facts) {
    const a = pick(f)
    if (a !== undefined) return a
  }
  return fallback
}

/**
 * The style of new code at `target`: `samples` are the files nearest it (the target itself first if
 * it has content, then its directory, then further out). TypeScript writes `import`/`export`
 * whatever it compiles to; a `.cjs`/`.mjs` target's module system is its extension's; a `.js`
 * target follows package.json's `"type": "module"`, else what its nearest neighbours write, else
 * CommonJS when a package.json says so by leaving `"type"` out. Quotes and semicolons are what most
 * strings and statements show in the target's directory, else in all the samples; the indentation unit, the export form and the
 * module system are the nearest sample's that shows one. Code drafted for a target that has content
 * goes into it: no second `'use strict'`, and an export that adds to `module.exports` rather than
 * replacing what the file assigns it.
 */
export const scriptStyleOf = (target: string, packageType: PackageType, samples: ReadonlyArray<SourceSample>): ScriptStyle => {
  const facts = samples.map(factsOf)
  const ext = /\.(c|m)?([jt])sx?$/.exec(target)
  const module: ModuleSystem = ext?.[2] === "t" ? "esm" : ext?.[1] === "c" ? "commonjs" : ext?.[1] === "m" || packageType === "module"
    ? "esm"
    : nearest(facts, (f) => f.module, packageType === "commonjs" ? "commonjs" : DEFAULT_SCRIPT_STYLE.module)
  // Quotes and semicolons: the majority in the target's own directory if it shows any, else in all samples.
  const dirOf = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf("/")))
  const local = facts.filter((_, i) => dirOf(samples[i]!.path) === dirOf(target))
  const majority = <A>(a: "single" | "withSemicolon", b: "double" | "withoutSemicolon", yes: A, no: A, fallback: A): A => {
    for (const group of [local, facts]) {
      const x = group.reduce((sum, f) => sum + f[a], 0)
      const y = group.reduce((sum, f) => sum + f[b], 0)
      if (x !== y) return x > y ? yes : no
    }
    return fallback
  }
  const quote = majority<"'" | "\"">("single", "double", "'", "\"", DEFAULT_SCRIPT_STYLE.quote)
  const semicolon = majority("withSemicolon", "withoutSemicolon", true, false, DEFAULT_SCRIPT_STYLE.semicolon)
  // The unit of the nearest file that indents at all (a one-line file shows none).
  const indented = samples.find((s) => /\n[ \t]+\S/.test(s.text))
  const indent = indented === undefined ? DEFAULT_SCRIPT_STYLE.indent : indentUnit(indented.text.split(/\r?\n/))
  const own = samples[0]?.path === target && samples[0].text.trim() !== "" ? facts[0] : undefined
  const commonJsFacts = facts.filter((f) => f.module === "commonjs")
  const useStrict = module === "commonjs" && own === undefined && commonJsFacts.filter((f) => f.useStrict).length * 2 > commonJsFacts.length
  const nearestExport = nearest(facts, (f) => f.commonJsExport, DEFAULT_SCRIPT_STYLE.commonJsExport)
  // The target assigns module.exports already: a new function is added to it, whatever the neighbours do.
  const commonJsExport: CommonJsExport = own?.commonJsExport !== undefined && own.commonJsExport.kind !== "member"
    ? { kind: "member", prefix: "module.exports" }
    : nearestExport
  return { module, quote, semicolon, indent, useStrict, commonJsExport }
}
