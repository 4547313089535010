/**
 * `splice suggest`'s pure parts: keywords from a name and a description, and a scaffold in the
 * target's language — signature, the imports its types need (written relative to the target) and
 * a body placeholder.
 */

const STOP = new Set(("a an and are as at be by for from get has have in into is it its of on or set that the this to was were will with " +
  "function func fn method return returns value values new make data using use given some all each per then than").split(" "))

/** Words of an identifier: snake_case, kebab-case and camelCase split, lower case. */
export const identifierWords = (s: string): string[] =>
  s.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").split(/[^A-Za-z0-9]+/).map((w) => w.toLowerCase()).filter((w) => w.length > 0)

export const keywordsOf = (fnName: string, desc: string): string[] => {
  const words = [...identifierWords(fnName), ...desc.split(/[^A-Za-z0-9_]+/).flatMap(identifierWords)]
  return [...new Set(words.filter((w) => w.length >= 3 && !STOP.has(w)))]
}

export interface TypeUse {
  /** Type name as written in the signature. */
  readonly name: string
  /** Workspace-relative file that defines it (null for builtins). */
  readonly file: string | null
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

const paramName = (type: string, i: number, style: "camel" | "snake") => {
  const base = type.replace(/[^A-Za-z0-9]/g, "")
  const words = identifierWords(base)
  if (words.length === 0) return `arg${i}`
  return style === "snake" ? words.join("_") : words[0]! + words.slice(1).map((w) => w[0]!.toUpperCase() + w.slice(1)).join("")
}

const snake = (s: string) => identifierWords(s).join("_")
const camel = (s: string) => {
  const w = identifierWords(s)
  return w.length === 0 ? s : w[0]! + w.slice(1).map((x) => x[0]!.toUpperCase() + x.slice(1)).join("")
}
const pascal = (s: string) => identifierWords(s).map((x) => x[0]!.toUpperCase() + x.slice(1)).join("")

export const buildScaffold = (input: ScaffoldInput): Scaffold => {
  const { language, params, returns } = input
  const todo = `TODO: ${input.desc.replace(/["\\]/g, "")}`
  const imports: string[] = []
  const local = (t: TypeUse) => t.file === null || t.file === input.target
  const typed = params.length > 0 ? params : [{ name: "", file: null }]
  switch (language) {
    case "typescript":
    case "tsx":
    case "javascript": {
      const name = camel(input.fnName)
      for (const t of [...params, ...(returns ? [returns] : [])]) {
        if (local(t) || language === "javascript") continue
        const spec = relativeImport(input.target ?? "index.ts", t.file!.replace(/\.(d\.)?(ts|tsx|js|mjs)$/, ""))
        const line = `import type { ${t.name} } from "${spec}"`
        if (!imports.includes(line)) imports.push(line)
      }
      const ps = typed.map((t, i) => (language === "javascript" || t.name === "" ? (t.name === "" ? "input" : paramName(t.name, i, "camel")) : `${paramName(t.name, i, "camel")}: ${t.name}`)).join(", ")
      const sig = language === "javascript"
        ? `export function ${name}(${ps})`
        : `export function ${name}(${params.length === 0 ? "input: unknown" : ps}): ${returns?.name ?? "unknown"}`
      return { signature: sig, imports, scaffold: `${imports.join("\n")}${imports.length ? "\n\n" : ""}${sig} {\n  throw new Error("${todo}")\n}\n` }
    }
    case "python": {
      const name = snake(input.fnName)
      for (const t of [...params, ...(returns ? [returns] : [])]) {
        if (local(t)) continue
        // A sibling module is imported relatively; anything else by its path from the workspace (or src/).
        const sibling = input.target !== null && dirname(t.file!) === dirname(input.target)
        const mod = sibling
          ? "." + t.file!.slice(t.file!.lastIndexOf("/") + 1).replace(/\.py$/, "").replace(/^__init__$/, "")
          : t.file!.replace(/\.py$/, "").replace(/\/__init__$/, "").replace(/^src\//, "").replace(/\//g, ".")
        const line = `from ${mod} import ${t.name}`
        if (!imports.includes(line)) imports.push(line)
      }
      const ps = params.length === 0 ? "data" : params.map((t, i) => `${paramName(t.name, i, "snake")}: ${t.name}`).join(", ")
      const sig = `def ${name}(${ps})${returns ? ` -> ${returns.name}` : ""}:`
      return { signature: sig, imports, scaffold: `${imports.join("\n")}${imports.length ? "\n\n\n" : ""}${sig}\n    raise NotImplementedError("${todo}")\n` }
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
      return { signature: sig, imports, scaffold: `${imports.join("\n")}${imports.length ? "\n\n" : ""}${sig} {\n    todo!("${todo}")\n}\n` }
    }
    case "go": {
      const name = pascal(input.fnName)
      const qualify = (t: TypeUse) => {
        if (local(t) || t.file === null || dirname(t.file) === dirname(input.target ?? "")) return t.name
        const pkgDir = dirname(t.file)
        const pkg = pkgDir.split("/").pop() ?? pkgDir
        if (input.goModule) {
          const line = `import "${input.goModule.module}${pkgDir.slice(input.goModule.dir.length).replace(/^\/?/, "/")}"`.replace(/\/"$/, "\"")
          if (!imports.includes(line)) imports.push(line)
        }
        return `${pkg}.${t.name}`
      }
      imports.push(`import "errors"`)
      const ps = params.length === 0 ? "input string" : params.map((t, i) => `${paramName(t.name, i, "camel")} ${qualify(t)}`).join(", ")
      const sig = `func ${name}(${ps})${returns ? ` (${qualify(returns)}, error)` : " error"}`
      const zero = returns ? `${qualify(returns)}{}, ` : ""
      return { signature: sig, imports, scaffold: `${imports.join("\n")}${imports.length ? "\n\n" : ""}${sig} {\n\treturn ${zero}errors.New("${todo}")\n}\n` }
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
      return { signature: sig, imports, scaffold: `${imports.join("\n")}${imports.length ? "\n\n" : ""}${sig} {\n    throw new UnsupportedOperationException("${todo}");\n}\n` }
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
      return { signature: sig, imports, scaffold: `${imports.join("\n")}${imports.length ? "\n\n" : ""}${sig} {\n    /* ${todo} */\n    ${returns ? `${ret} result = {0};\n    return result;` : "return -1;"}\n}\n` }
    }
  }
}
