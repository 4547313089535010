/**
 * `splice suggest`'s scaffold: a signature in the target's language, the imports its types need
 * (relative to the target, in the project's own style) and a body that fails until it is written.
 * Generic types get their required type parameters, declared on the function.
 */

export { identifierWords, keywordsOf } from "./suggestRank.js"
import { identifierWords } from "./suggestRank.js"
import { DEFAULT_SCRIPT_STYLE, type ScriptStyle } from "./scriptStyle.js"

export interface TypeParam {
  readonly name: string
  /** `extends` clause text, if any. */
  readonly constraint?: string
}

export interface TypeUse {
  /** Type name as written in the signature. */
  readonly name: string
  /** Workspace-relative file that defines it (null for builtins). */
  readonly file: string | null
  /** The type parameters a reference must give (those without a default), in order. */
  readonly typeParams?: ReadonlyArray<TypeParam>
}

/** How the project writes its imports (TypeScript/JavaScript). */
export interface ImportStyle {
  /** Extension on relative specifiers: "" (none), ".js" (ESM on Node) or ".ts". */
  readonly extension: "" | ".js" | ".ts"
  readonly quote: "\"" | "'"
  readonly semicolon: boolean
}

export const DEFAULT_STYLE: ImportStyle = { extension: "", quote: "\"", semicolon: false }

/**
 * The project's import style from relative specifiers it already writes and sample import lines:
 * the majority wins, ties go to the default (no extension, double quotes, no semicolons).
 */
export const importStyleOf = (specifiers: ReadonlyArray<string>, importLines: ReadonlyArray<string>): ImportStyle => {
  const relative = specifiers.filter((m) => m.startsWith("."))
  const count = (re: RegExp) => relative.filter((m) => re.test(m)).length
  const js = count(/\.(m|c)?js$/)
  const ts = count(/\.(m|c)?tsx?$/)
  const none = relative.length - js - ts
  const extension = js > ts && js > none ? ".js" : ts > js && ts > none ? ".ts" : ""
  const single = importLines.filter((l) => /\bfrom\s*'|^\s*import\s*'/.test(l)).length
  const double = importLines.filter((l) => /\bfrom\s*"|^\s*import\s*"/.test(l)).length
  const semi = importLines.filter((l) => /;\s*$/.test(l)).length
  return { extension, quote: single > double ? "'" : "\"", semicolon: semi * 2 > importLines.length && importLines.length > 0 }
}

/** Top-level comma-separated parts of a bracketed list, brackets of every kind balanced (`=>` is no bracket). */
const splitTopLevel = (text: string): string[] => {
  const parts: string[] = []
  let depth = 0
  let from = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if ("<([{".includes(c)) depth++
    else if (")]}".includes(c) || (c === ">" && text[i - 1] !== "=")) depth--
    else if (c === "," && depth === 0) {
      parts.push(text.slice(from, i))
      from = i + 1
    }
  }
  parts.push(text.slice(from))
  return parts.map((p) => p.trim()).filter((p) => p.length > 0)
}

/**
 * The type parameters of `name`'s declaration in `decl` (TypeScript `<…>`, Go `[…]` after the name):
 * the required ones, with variance and const modifiers dropped (a function cannot declare them).
 */
export const typeParamsOf = (decl: string, name: string, language: string): TypeParam[] => {
  const esc = name.replace(/[$]/g, "\\$&")
  const open = language === "go" ? "[" : "<"
  const close = language === "go" ? "]" : ">"
  const m = new RegExp(`(^|[^\\w$])${esc}\\s*\\${open}`).exec(decl)
  if (m === null) return []
  const start = m.index + m[0].length
  let depth = 1
  let i = start
  for (; i < decl.length && depth > 0; i++) {
    const c = decl[i]!
    if (c === open || (language !== "go" && "([{".includes(c))) depth++
    else if ((c === close && !(close === ">" && decl[i - 1] === "=")) || (language !== "go" && ")]}".includes(c))) depth--
  }
  if (depth !== 0) return []
  const params: TypeParam[] = []
  for (const part of splitTopLevel(decl.slice(start, i - 1))) {
    if (language === "go") {
      // Go: `K comparable, V any` or `K, V any`: the constraint applies to the names before it.
      const g = /^([\w]+)(?:\s+(.+))?$/.exec(part)
      if (g !== null) params.push({ name: g[1]!, ...(g[2] !== undefined ? { constraint: g[2] } : {}) })
      continue
    }
    const t = /^(?:(?:in|out|const)\s+)*([\w$]+)(?:\s+extends\s+([\s\S]*?))?(\s*=(?!>)[\s\S]*)?$/.exec(part)
    if (t === null) return []
    if (t[3] !== undefined) break // from the first default on, every parameter has one
    params.push({ name: t[1]!, ...(t[2] !== undefined ? { constraint: t[2].trim() } : {}) })
  }
  if (language === "go") {
    // Fill `K, V any`: a name without a constraint takes the next one's.
    for (let j = params.length - 2; j >= 0; j--) {
      if (params[j]!.constraint === undefined) params[j] = { ...params[j]!, constraint: params[j + 1]!.constraint ?? "any" }
    }
  }
  return params
}

/**
 * The function's own type parameters for these types, and each type as a reference. A parameter
 * name two types declare differently is renamed for the second (T, T2).
 */
export const genericsFor = (uses: ReadonlyArray<TypeUse>, qualify: (t: TypeUse) => string, language: string) => {
  const declared = new Map<string, string>()
  const refs = new Map<TypeUse, string>()
  for (const t of uses) {
    const ps = t.typeParams ?? []
    const renames = new Map<string, string>()
    for (const p of ps) {
      let n = p.name
      for (let k = 2; declared.has(n) && declared.get(n) !== declText(p, language, renames); k++) n = `${p.name}${k}`
      renames.set(p.name, n)
    }
    for (const p of ps) declared.set(renames.get(p.name)!, declText(p, language, renames))
    const args = ps.map((p) => renames.get(p.name)!)
    refs.set(t, args.length === 0 ? qualify(t) : language === "go" ? `${qualify(t)}[${args.join(", ")}]` : `${qualify(t)}<${args.join(", ")}>`)
  }
  const list = [...declared.values()]
  const typeParams = list.length === 0 ? "" : language === "go" ? `[${list.join(", ")}]` : `<${list.join(", ")}>`
  return { typeParams, ref: (t: TypeUse) => refs.get(t) ?? qualify(t) }
}

const declText = (p: TypeParam, language: string, renames: ReadonlyMap<string, string>) => {
  const rename = (s: string) => s.replace(/[\w$]+/g, (w) => renames.get(w) ?? w)
  const name = renames.get(p.name) ?? p.name
  if (p.constraint === undefined) return language === "go" ? `${name} any` : name
  return language === "go" ? `${name} ${rename(p.constraint)}` : `${name} extends ${rename(p.constraint)}`
}

export interface ScaffoldInput {
  readonly language: string
  readonly fnName: string
  readonly desc: string
  readonly params: ReadonlyArray<TypeUse>
  readonly returns: TypeUse | null
  /** Workspace-relative target file, if any. */
  readonly target: string | null
  readonly goModule?: { readonly dir: string; readonly module: string }
  /** TS/JS: how the project writes imports (default: no extension, double quotes, no semicolons). */
  readonly style?: ImportStyle
  /** TS/JS: module system, indentation, `'use strict'` header and CommonJS export form (default: ES module, 2 spaces). */
  readonly script?: Pick<ScriptStyle, "module" | "indent" | "useStrict" | "commonJsExport">
  /** Python: the module to import each file's names from, as the project would write it (`.geometry`, `urllib.parse`). */
  readonly pythonModules?: ReadonlyMap<string, string>
  /** Types the type parameters' constraints name: imported, not used as parameters. */
  readonly alsoImport?: ReadonlyArray<TypeUse>
  /** Go: the package clause a new target file needs. */
  readonly goPackage?: string
}

export interface Scaffold {
  readonly signature: string
  readonly imports: ReadonlyArray<string>
  readonly scaffold: string
}

const dirname = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "")

export const relativeImport = (from: string, to: string): string => {
  const a = dirname(from).split("/").filter((s) => s.length > 0)
  const b = to.split("/")
  let i = 0
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++
  const up = a.length - i
  const rest = b.slice(i).join("/")
  return (up === 0 ? "./" : "../".repeat(up)) + rest
}

/**
 * A Python file's module as an import names it: relative (`.geometry`) from a sibling in the same
 * package, else dotted from the workspace (a leading src/ dropped). The command passes better answers
 * (the package root found by its __init__.py files) through `pythonModules`.
 */
export const pythonModule = (file: string, target: string | null): string =>
  target !== null && dirname(file) === dirname(target)
    ? "." + file.slice(file.lastIndexOf("/") + 1).replace(/\.pyi?$/, "").replace(/^__init__$/, "")
    : file.replace(/\.pyi?$/, "").replace(/\/__init__$/, "").replace(/^src\//, "").replace(/\//g, ".")

/** Words no parameter can be named in one of the scaffold languages (TS/JS, Python, Go, Rust, Java, C). */
const RESERVED = new Set(("break case catch class const continue debugger default delete do else enum export extends false finally for " +
  "function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static " +
  "implements interface package private protected public await async and as assert def del elif except from global is lambda " +
  "nonlocal not or pass raise chan defer fallthrough func go goto map range select struct type fn impl loop match mod move mut pub " +
  "ref self trait unsafe use where abstract boolean byte char double final float int long native short synchronized throws " +
  "transient volatile auto extern register signed sizeof typedef union unsigned None True False").split(" "))

const paramName = (type: string, i: number, style: "camel" | "snake") => {
  const base = type.replace(/[^A-Za-z0-9]/g, "")
  const words = identifierWords(base)
  if (words.length === 0) return `arg${i}`
  const name = style === "snake" ? words.join("_") : words[0]! + words.slice(1).map((w) => w[0]!.toUpperCase() + w.slice(1)).join("")
  return RESERVED.has(name) ? (style === "snake" ? `${name}_value` : `${name}Value`) : name
}

/** Parameter names made distinct from each other and from `taken` (a suffix: urlValue, point2). */
export const distinctNames = (names: ReadonlyArray<string>, taken: ReadonlySet<string>, style: "camel" | "snake"): string[] => {
  const used = new Set(taken)
  return names.map((n) => {
    let name = taken.has(n) ? (style === "snake" ? `${n}_value` : `${n}Value`) : n
    for (let k = 2; used.has(name); k++) name = `${n}${k}`
    used.add(name)
    return name
  })
}

const snake = (s: string) => identifierWords(s).join("_")
const camel = (s: string) => {
  const w = identifierWords(s)
  return w.length === 0 ? s : w[0]! + w.slice(1).map((x) => x[0]!.toUpperCase() + x.slice(1)).join("")
}
const pascal = (s: string) => identifierWords(s).map((x) => x[0]!.toUpperCase() + x.slice(1)).join("")

/** The text inside a string literal quoted with `quote` (C-family and Python escapes alike: backslash, the quote, line ends). */
const escaped = (text: string, quote: string) =>
  text.replace(/\\/g, "\\\\").replace(new RegExp(quote, "g"), `\\${quote}`).replace(/\r/g, "\\r").replace(/\n/g, "\\n")

export const buildScaffold = (input: ScaffoldInput): Scaffold => {
  const { language, params, returns } = input
  const todo = `TODO: ${input.desc}`
  const imports: string[] = []
  const local = (t: TypeUse) => t.file === null || t.file === input.target
  const typed = params.length > 0 ? params : [{ name: "", file: null }]
  switch (language) {
    case "typescript":
    case "tsx":
    case "javascript": {
      const name = camel(input.fnName)
      const style = input.style ?? DEFAULT_STYLE
      const end = style.semicolon ? ";" : ""
      const q = style.quote
      // One import line per module, its names sorted as written.
      const byModule = new Map<string, string[]>()
      for (const t of [...params, ...(returns ? [returns] : []), ...(input.alsoImport ?? [])]) {
        if (local(t) || language === "javascript") continue
        const spec = relativeImport(input.target ?? "index.ts", t.file!.replace(/\.(d\.)?(ts|tsx|js|mjs|cjs|mts|cts)$/, "").replace(/\.d$/, "")) + style.extension
        const names = byModule.get(spec) ?? []
        if (!names.includes(t.name)) names.push(t.name)
        byModule.set(spec, names)
      }
      for (const [spec, names] of byModule) imports.push(`import type { ${names.join(", ")} } from ${q}${spec}${q}${end}`)
      const generics = genericsFor([...params, ...(returns ? [returns] : [])], (t) => t.name, language)
      const names = distinctNames(typed.map((t, i) => (t.name === "" ? "input" : paramName(t.name, i, "camel"))), new Set(), "camel")
      const ps = typed.map((t, i) => (language === "javascript" || t.name === "" ? names[i]! : `${names[i]}: ${generics.ref(t)}`)).join(", ")
      const script = input.script ?? DEFAULT_SCRIPT_STYLE
      // CommonJS is JavaScript's alone: TypeScript writes `export` whatever it compiles to.
      const commonJs = language === "javascript" && script.module === "commonjs"
      const sig = language === "javascript"
        ? `${commonJs ? "" : "export "}function ${name}(${ps})`
        : `export function ${name}${generics.typeParams}(${params.length === 0 ? "input: unknown" : ps}): ${returns ? generics.ref(returns) : "unknown"}`
      const header = commonJs && script.useStrict ? `${q}use strict${q}${end}\n\n` : ""
      const how = script.commonJsExport
      const exported = !commonJs
        ? ""
        : how.kind === "member"
        ? `\n${how.prefix}.${name} = ${name}${end}\n`
        : how.kind === "object"
        ? `\nmodule.exports = { ${how.shorthand ? name : `${name}: ${name}`} }${end}\n`
        : `\nmodule.exports = ${name}${end}\n`
      const body = `${sig} {\n${script.indent}throw new Error(${q}${escaped(todo, q)}${q})${end}\n}\n`
      return { signature: sig, imports, scaffold: `${header}${imports.join("\n")}${imports.length ? "\n\n" : ""}${body}${exported}` }
    }
    case "python": {
      const name = snake(input.fnName)
      const byModule = new Map<string, string[]>()
      for (const t of [...params, ...(returns ? [returns] : [])]) {
        if (local(t)) continue
        const mod = input.pythonModules?.get(t.file!) ?? pythonModule(t.file!, input.target)
        const names = byModule.get(mod) ?? []
        if (!names.includes(t.name)) names.push(t.name)
        byModule.set(mod, names)
      }
      for (const [mod, names] of byModule) imports.push(`from ${mod} import ${names.join(", ")}`)
      const names = distinctNames(params.map((t, i) => paramName(t.name, i, "snake")), new Set(), "snake")
      const ps = params.length === 0 ? "data" : params.map((t, i) => `${names[i]}: ${t.name}`).join(", ")
      const sig = `def ${name}(${ps})${returns ? ` -> ${returns.name}` : ""}:`
      return { signature: sig, imports, scaffold: `${imports.join("\n")}${imports.length ? "\n\n\n" : ""}${sig}\n    raise NotImplementedError("${escaped(todo, "\"")}")\n` }
    }
    case "rust": {
      const name = snake(input.fnName)
      for (const t of [...params, ...(returns ? [returns] : [])]) {
        if (local(t)) continue
        const mod = t.file!.replace(/^.*?src\//, "").replace(/\.rs$/, "").replace(/\/mod$/, "").replace(/\//g, "::")
        const line = mod === "main" || mod === "lib" ? `use crate::${t.name};` : `use crate::${mod}::${t.name};`
        if (!imports.includes(line)) imports.push(line)
      }
      const ps = params.length === 0 ? "input: &str" : params.map((t, i) => `${paramName(t.name, i, "snake")}: &${t.name}`).join(", ")
      const sig = `pub fn ${name}(${ps})${returns ? ` -> ${returns.name}` : ""}`
      return { signature: sig, imports, scaffold: `${imports.join("\n")}${imports.length ? "\n\n" : ""}${sig} {\n    todo!("${escaped(todo, "\"").replace(/[{}]/g, "$&$&")}")\n}\n` }
    }
    case "go": {
      const name = pascal(input.fnName)
      const qualify = (t: TypeUse) => {
        if (local(t) || t.file === null || dirname(t.file) === dirname(input.target ?? "")) return t.name
        const pkgDir = dirname(t.file)
        const pkg = pkgDir.split("/").pop() ?? pkgDir
        if (input.goModule) {
          const rel = input.goModule.dir === "" ? pkgDir : pkgDir.slice(input.goModule.dir.length + 1)
          const line = `import "${input.goModule.module}${rel === "" ? "" : "/" + rel}"`
          if (!imports.includes(line)) imports.push(line)
        }
        return `${pkg}.${t.name}`
      }
      imports.push(`import "errors"`)
      const generics = genericsFor([...params, ...(returns ? [returns] : [])], qualify, language)
      // A parameter named like a package it uses would hide that package (`url url.URL`).
      const packages = new Set([...params, ...(returns ? [returns] : [])].map((t) => qualify(t).split(".")).filter((q) => q.length > 1).map((q) => q[0]!))
      const names = distinctNames(params.map((t, i) => paramName(t.name, i, "camel")), packages, "camel")
      const ps = params.length === 0 ? "input string" : params.map((t, i) => `${names[i]} ${generics.ref(t)}`).join(", ")
      const sig = `func ${name}${generics.typeParams}(${ps})${returns ? ` (${generics.ref(returns)}, error)` : " error"}`
      const zero = returns ? `*new(${generics.ref(returns)}), ` : ""
      const pkgLine = input.goPackage !== undefined ? `package ${input.goPackage}\n\n` : ""
      return { signature: sig, imports, scaffold: `${pkgLine}${imports.join("\n")}${imports.length ? "\n\n" : ""}${sig} {\n\treturn ${zero}errors.New("${escaped(todo, "\"")}")\n}\n` }
    }
    case "java": {
      const name = camel(input.fnName)
      for (const t of [...params, ...(returns ? [returns] : [])]) {
        if (local(t)) continue
        const cls = t.file!.replace(/^.*?\/java\//, "").replace(/^src\//, "").replace(/\.java$/, "").replace(/\//g, ".")
        const line = `import ${cls};`
        if (!imports.includes(line)) imports.push(line)
      }
      const ps = params.map((t, i) => `${t.name} ${paramName(t.name, i, "camel")}`).join(", ")
      const sig = `public static ${returns?.name ?? "void"} ${name}(${ps})`
      return { signature: sig, imports, scaffold: `${imports.join("\n")}${imports.length ? "\n\n" : ""}${sig} {\n    throw new UnsupportedOperationException("${escaped(todo, "\"")}");\n}\n` }
    }
    default: {
      const name = snake(input.fnName)
      for (const t of [...params, ...(returns ? [returns] : [])]) {
        if (local(t) || !/\.(h|hh|hpp|hxx)$/.test(t.file!)) continue
        const line = `#include "${relativeImport(input.target ?? "x.c", t.file!).replace(/^\.\//, "")}"`
        if (!imports.includes(line)) imports.push(line)
      }
      const cType = (t: TypeUse) => (language === "c" ? `struct ${t.name}` : t.name)
      const ps = params.length === 0 ? "void" : params.map((t, i) => `const ${cType(t)} *${paramName(t.name, i, "snake")}`).join(", ")
      const ret = returns ? cType(returns) : "int"
      const sig = `${ret} ${name}(${ps})`
      return { signature: sig, imports, scaffold: `${imports.join("\n")}${imports.length ? "\n\n" : ""}${sig} {\n    /* ${todo.replace(/\*\//g, "* /").replace(/\s*\n\s*/g, " ")} */\n    ${returns ? `${ret} result = {0};\n    return result;` : "return -1;"}\n}\n` }
    }
  }
}
