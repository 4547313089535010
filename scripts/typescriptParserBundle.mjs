// Derives a parser-only TypeScript (grammars/typescript-parser.cjs) from typescript's lib/typescript.js
// (9 MB: parser, binder, checker, emitter, services, server), for the code graph's facts and the
// syntax check, which use only the names in src/domain/typescriptParserApi.ts.
//
// lib/typescript.js is esbuild output: the compiler's modules as top-level declarations inside one
// `var ts = {}; ((module) => { … })(…)` wrapper. The wrapper's body is bundled again as an ES module
// exporting only those names, with esbuild's tree shaking. Declarations shake by themselves; what
// keeps code alive is a top-level statement with effects, so every one is classified (by
// TypeScript's own parser, not by text) and an unknown kind fails the build, so that an upgrade of
// TypeScript cannot silently bring the whole compiler back or drop something the parser needs:
// - the public export object (`__export(typescript_exports, …)`, `module.exports = …`) and no-ops
//   are removed: the bundle exports its own names;
// - a statement that only fills in one top-level binding (a namespace's IIFE
//   `((X2) => {…})(X || (X = {}))`, `__export(ts_X_exports, …)`, `_Class.field = …`,
//   `registerCodeFix(…)` / `registerRefactor(…)` into their registry, `if (sys && …)`) is kept
//   exactly when that binding is: the bundle is built without them, those whose binding survives are
//   added back, and again until nothing changes;
// - a top-level `var x = <expression>` computes the value it names (tables, factories, scanners), so
//   it is marked pure (a call annotated, anything else wrapped in an annotated arrow called at once):
//   dropped with x when nothing uses x;
// - `setObjectAllocator(getServicesObjectAllocator())` is kept with the node constructors only: the
//   parser's nodes are the services' node objects, whose methods (getStart, getText) scriptFacts
//   calls, without the services' Symbol and Type objects, which reach completions and the checker;
// - the `Diagnostics` table (every message of the compiler) keeps the entries the bundle names;
// - createProgram's getJSSyntacticDiagnosticsForFile (a JavaScript file's errors for TypeScript-only
//   syntax) is lifted out of createProgram, which needs the whole compiler.
// The result is then checked against the whole TypeScript on real sources (same tree, same errors).
import { build } from "esbuild"
import { readFileSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, resolve } from "node:path"

const fail = (message) => {
  throw new Error(`scripts/typescriptParserBundle.mjs: ${message} (lib/typescript.js changed shape: check the transform)`)
}

/** The names in src/domain/typescriptParserApi.ts's PARSER_API, read by compiling that module. */
export const parserApiNames = async (file = "src/domain/typescriptParserApi.ts") => {
  const out = await build({ entryPoints: [resolve(file)], bundle: false, format: "esm", write: false, logLevel: "warning" })
  const mod = await import("data:text/javascript;base64," + Buffer.from(out.outputFiles[0].text).toString("base64"))
  if (!Array.isArray(mod.PARSER_API) || mod.PARSER_API.length === 0) fail(`${file} exports no PARSER_API`)
  if (JSON.stringify(mod.LIFTED_API) !== JSON.stringify([LIFTED])) fail(`${file}'s LIFTED_API is not [${LIFTED}]`)
  return [...mod.PARSER_API, ...mod.LIFTED_API]
}

const unwrap = (ts, e) => {
  while (ts.isParenthesizedExpression(e)) e = e.expression
  return e
}

/** An initialiser esbuild drops with its variable by itself: a function, a literal, a name. */
const isPlainlyPure = (ts, e) => {
  e = unwrap(ts, e)
  return ts.isFunctionExpression(e) || ts.isArrowFunction(e) || ts.isIdentifier(e) || ts.isStringLiteral(e) || ts.isNumericLiteral(e) ||
    ts.isNoSubstitutionTemplateLiteral(e) || ts.isRegularExpressionLiteral(e) || e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword ||
    e.kind === ts.SyntaxKind.NullKeyword || (ts.isVoidExpression(e) && ts.isNumericLiteral(e.expression))
}

/** Placeholder for the Diagnostics table's entries, filled with those the parser names (see buildTypescriptParser). */
const DIAGNOSTICS = "{ /* DIAGNOSTICS */ }"

/** `getNodeConstructor: () => NodeObject`, … of getServicesObjectAllocator's object: the five node kinds. */
const nodeConstructors = (ts, sf) => {
  const fn = sf.statements.flatMap((s) => (ts.isExpressionStatement(s) ? [unwrap(ts, s.expression)] : []))
    .flatMap((e) => (ts.isCallExpression(e) ? [unwrap(ts, e.expression)] : []))
    .flatMap((f) => (ts.isArrowFunction(f) && ts.isBlock(f.body) ? f.body.statements : []))
    .find((s) => ts.isFunctionDeclaration(s) && s.name?.text === "getServicesObjectAllocator")
  const ret = fn?.body.statements.find(ts.isReturnStatement)?.expression
  if (!ret || !ts.isObjectLiteralExpression(ret)) fail("no getServicesObjectAllocator returning an object")
  const kinds = ["Node", "Token", "Identifier", "PrivateIdentifier", "SourceFile"]
  const props = ret.properties.filter((p) => kinds.some((k) => p.name?.text === `get${k}Constructor`))
  if (props.length !== kinds.length) fail("getServicesObjectAllocator does not give the five node constructors")
  return props.map((p) => p.getText(sf))
}

/** A program's extra syntax errors for a JavaScript file, lifted out of createProgram (see liftJavascriptDiagnostics). */
export const LIFTED = "getJSSyntacticDiagnosticsForFile"
const GLOBALS = new Set(["undefined", "Object", "Array"])

/**
 * A JavaScript file's syntax errors are its parse's and those of TypeScript-only syntax (`x: number`,
 * `interface`), which createProgram's getJSSyntacticDiagnosticsForFile finds by a walk of the tree;
 * createProgram itself needs the checker, the emitter and module resolution (2 MB). The function is
 * lifted to the top level with what it takes from createProgram's closure: `options` (it reads only
 * `experimentalDecorators`, which splice's one-file program leaves unset) and
 * runWithCancellationToken (no token: it just runs). Any other name it takes from the closure fails.
 */
const liftJavascriptDiagnostics = (ts, sf, createProgram, topLevel) => {
  const fn = createProgram.body.statements.find((s) => ts.isFunctionDeclaration(s) && s.name?.text === LIFTED)
  if (fn === undefined) fail(`no ${LIFTED} in createProgram`)
  const closure = new Set(["options", "runWithCancellationToken"])
  const declared = new Set()
  const used = new Map()
  const visit = (n) => {
    if ((ts.isFunctionDeclaration(n) || ts.isVariableDeclaration(n) || ts.isParameter(n) || ts.isBindingElement(n)) && n.name && ts.isIdentifier(n.name)) declared.add(n.name.text)
    if (ts.isIdentifier(n)) {
      const p = n.parent
      const isName = p && ((ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n))
      if (!isName) used.set(n.text, n)
    }
    ts.forEachChild(n, visit)
  }
  // Parent pointers for the property-name test: reparse the function alone.
  const own = ts.createSourceFile("f.js", fn.getText(sf), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)
  visit(own)
  const free = [...used.keys()].filter((n) => !declared.has(n) && !topLevel.has(n) && !closure.has(n) && !GLOBALS.has(n))
  if (free.length > 0) fail(`${LIFTED} takes ${free.join(", ")} from createProgram's closure`)
  for (const n of closure) if (!used.has(n)) fail(`${LIFTED} no longer uses ${n}`)
  return `function ${LIFTED}(sourceFile) {\n  const options = {};\n  const runWithCancellationToken = (func) => func();\n  return ${LIFTED}(sourceFile);\n  ${fn.getText(sf)}\n}`
}

/** `X` of `X.a.b`, `X[…]`. */
const rootIdentifier = (ts, e) => {
  e = unwrap(ts, e)
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = unwrap(ts, e.expression)
  return ts.isIdentifier(e) ? e.text : undefined
}

/** The wrapper's top-level statements, each as { text, subject? }: subject set when it is kept only with that binding. */
const classify = (ts, source) => {
  const sf = ts.createSourceFile("typescript.js", source, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, ts.ScriptKind.JS)
  const wrapper = sf.statements.find((s) => ts.isExpressionStatement(s) && ts.isCallExpression(unwrap(ts, s.expression)))
  const fn = wrapper && unwrap(ts, unwrap(ts, wrapper.expression).expression)
  if (!fn || !ts.isArrowFunction(fn) || !ts.isBlock(fn.body) || fn.parameters.length !== 1 || fn.parameters[0].name.text !== "module") fail("no `((module) => { … })` wrapper")
  const out = []
  const counts = {}
  let publicExports, diagnostics
  const count = (k) => (counts[k] = (counts[k] ?? 0) + 1)
  const text = (node) => source.slice(node.getStart(sf), node.end)
  const topLevel = new Set(fn.body.statements.flatMap((s) =>
    ts.isVariableStatement(s) ? s.declarationList.declarations.map((d) => d.name.text) : (ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name ? [s.name.text] : []))
  if (topLevel.has(LIFTED)) fail(`a top-level ${LIFTED} already exists`)
  for (const s of fn.body.statements) {
    const t = text(s)
    if (ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) {
      out.push({ text: t })
      if (s.name?.text === "createProgram") {
        out.push({ text: liftJavascriptDiagnostics(ts, sf, s, topLevel) })
        count("JavaScript diagnostics")
      }
      continue
    }
    if (ts.isVariableStatement(s)) {
      // `var x = <expression>`: marked pure, dropped with x when nothing uses x. Anything esbuild may
      // not prove pure (`f(Object.keys(t))`: an annotated call keeps its arguments; `X.y`, `[...a]`)
      // is wrapped in an arrow called at once, annotated: same value, same order.
      let patched = t
      for (const d of [...s.declarationList.declarations].reverse()) {
        if (d.initializer === undefined || isPlainlyPure(ts, d.initializer)) continue
        const init = unwrap(ts, d.initializer)
        const from = d.initializer.getStart(sf) - s.getStart(sf), to = d.initializer.end - s.getStart(sf)
        const annotated = /\/\*\s*@__PURE__\s*\*\/\s*$/.test(source.slice(d.initializer.pos, d.initializer.getStart(sf)))
        if ((ts.isCallExpression(init) || ts.isNewExpression(init)) && annotated) continue
        const isTable = ts.isIdentifier(d.name) && d.name.text === "Diagnostics" && ts.isObjectLiteralExpression(init)
        patched = patched.slice(0, from) + `/* @__PURE__ */ (() => (${isTable ? DIAGNOSTICS : patched.slice(from, to)}))()` + patched.slice(to)
        count(isTable ? "Diagnostics" : "pure initialiser")
        if (isTable) {
          diagnostics = new Map(init.properties.map((p) => {
            if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name)) fail(`unknown Diagnostics entry ${text(p).slice(0, 80)}`)
            return [p.name.text, text(p)]
          }))
        }
      }
      out.push({ text: patched })
      continue
    }
    if (ts.isBlock(s) && s.statements.length === 0) continue
    if (ts.isIfStatement(s)) {
      // `if (sys && sys.debugMode) …`: configures sys, Debug from the environment; `if (typeof console …) Debug.loggingHost = …`.
      const cond = unwrap(ts, s.expression)
      const left = ts.isBinaryExpression(cond) && cond.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ? unwrap(ts, cond.left) : undefined
      if (left && ts.isIdentifier(left) && left.text === "sys") {
        out.push({ text: t, subject: "sys" })
        count("if (sys …)")
        continue
      }
      if (/^if \(typeof console !== "undefined"\) \{\s*Debug\.loggingHost = /.test(t)) {
        out.push({ text: t, subject: "Debug" })
        count("if (console) Debug")
        continue
      }
      fail(`unknown top-level if: ${t.slice(0, 80)}`)
    }
    if (!ts.isExpressionStatement(s)) fail(`unknown top-level ${ts.SyntaxKind[s.kind]}: ${t.slice(0, 80)}`)
    const e = unwrap(ts, s.expression)
    if (ts.isStringLiteral(e) && e.text === "use strict") continue
    // `0 && (module.exports = { … })`: a hint for Node's ESM importers, never run.
    if (ts.isBinaryExpression(e) && e.left.kind === ts.SyntaxKind.NumericLiteral && e.left.text === "0" && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) continue
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      if (/^module\.exports = __toCommonJS\(typescript_exports\)$/.test(text(e))) {
        count("module.exports")
        continue
      }
      const root = ts.isIdentifier(e.left) ? undefined : rootIdentifier(ts, e.left)
      if (root === undefined) fail(`unknown top-level assignment: ${t.slice(0, 80)}`)
      out.push({ text: t, subject: root })
      count("X.field = …")
      continue
    }
    if (ts.isCallExpression(e)) {
      const callee = unwrap(ts, e.expression)
      if (ts.isIdentifier(callee) && callee.text === "__export") {
        const ns = e.arguments[0]
        if (!ns || !ts.isIdentifier(ns) || !ts.isObjectLiteralExpression(e.arguments[1])) fail(`unknown __export call: ${t.slice(0, 80)}`)
        if (ns.text === "typescript_exports") {
          publicExports = new Map(e.arguments[1].properties.map((p) => {
            const body = ts.isPropertyAssignment(p) && ts.isArrowFunction(p.initializer) ? unwrap(ts, p.initializer.body) : undefined
            if (!body || !ts.isIdentifier(body)) fail(`unknown export ${text(p).slice(0, 80)}`)
            return [p.name.text, body.text]
          }))
          count("public exports")
          continue
        }
        out.push({ text: t, subject: ns.text })
        count("__export(namespace)")
        continue
      }
      if (ts.isIdentifier(callee) && (callee.text === "registerCodeFix" || callee.text === "registerRefactor")) {
        out.push({ text: t, subject: callee.text })
        count(callee.text)
        continue
      }
      if (ts.isIdentifier(callee) && callee.text === "setObjectAllocator" && text(e) === "setObjectAllocator(getServicesObjectAllocator())") {
        // Only the node constructors: a parse makes nothing else, and the services' Symbol, Type and
        // Signature objects (whose methods reach JSDoc, completions, the checker) would keep those alive.
        out.push({ text: `setObjectAllocator({ ...objectAllocator, ${nodeConstructors(ts, sf).join(", ")} });` })
        count("setObjectAllocator")
        continue
      }
      // A namespace: `((X2) => { … })(X || (X = {}))`.
      const arg = e.arguments.length === 1 ? unwrap(ts, e.arguments[0]) : undefined
      if (ts.isArrowFunction(callee) && arg && ts.isBinaryExpression(arg) && arg.operatorToken.kind === ts.SyntaxKind.BarBarToken && ts.isIdentifier(arg.left) && /^\w+ \|\| \(\w+ = \{\}\)$/.test(text(arg))) {
        out.push({ text: t, subject: arg.left.text })
        count("namespace IIFE")
        continue
      }
    }
    fail(`unknown top-level statement: ${t.slice(0, 80)}`)
  }
  if (publicExports === undefined) fail("no `__export(typescript_exports, …)`")
  for (const k of ["public exports", "module.exports", "namespace IIFE", "__export(namespace)", "registerCodeFix", "registerRefactor", "setObjectAllocator", "JavaScript diagnostics", "if (sys …)", "pure initialiser", "Diagnostics"]) {
    if (!counts[k]) fail(`no ${k} statement found`)
  }
  if (diagnostics === undefined) fail("no `var Diagnostics = { … }`")
  return { statements: out, publicExports, diagnostics, counts }
}

/** The top-level names esbuild's output declares (those it kept), and the Diagnostics it names. */
const outputNames = (ts, output) => {
  const sf = ts.createSourceFile("out.js", output, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, ts.ScriptKind.JS)
  const declared = new Set()
  const diagnostics = new Set()
  for (const s of sf.statements) {
    if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name) declared.add(s.name.text)
    if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) declared.add(d.name.text)
  }
  // Diagnostics.Name only: any other use (Diagnostics[k], Object.keys(Diagnostics)) needs the whole table.
  const visit = (n, parent) => {
    if (ts.isIdentifier(n) && n.text === "Diagnostics" && !(parent && ts.isVariableDeclaration(parent) && parent.name === n)) {
      if (!(parent && ts.isPropertyAccessExpression(parent) && parent.expression === n && ts.isIdentifier(parent.name))) fail(`the parser uses Diagnostics other than as Diagnostics.Name: ${output.slice(n.pos - 40, n.end + 40)}`)
      diagnostics.add(parent.name.text)
    }
    ts.forEachChild(n, (c) => visit(c, n))
  }
  visit(sf, undefined)
  return { declared, diagnostics }
}

/**
 * Writes the parser bundle for `names` (public names of typescript's API) to `outfile`, from
 * `source` (lib/typescript.js); `ts` is that TypeScript, loaded, to read it. Returns sizes and counts.
 */
export const buildTypescriptParser = async ({ ts, source, names, outfile }) => {
  const license = /^\/\*![\s\S]*?\*\/\n/.exec(source)?.[0]
  if (license === undefined || !license.includes("Microsoft Corporation")) fail("no license header")
  const { statements, publicExports, diagnostics, counts } = classify(ts, source)
  const missing = names.filter((n) => !publicExports.has(n) && n !== LIFTED)
  if (missing.length > 0) throw new Error(`scripts/typescriptParserBundle.mjs: not exported by TypeScript: ${missing.join(", ")} (src/domain/typescriptParserApi.ts)`)
  const exportList = `\nexport { ${names.map((n) => ((publicExports.get(n) ?? n) === n ? n : `${publicExports.get(n)} as ${n}`)).join(", ")} };\n`
  const shake = async (kept, table, minify) => {
    const entry = statements.filter((s) => s.subject === undefined || kept.has(s.subject)).map((s) => s.text).join("\n").replace(DIAGNOSTICS, `{\n${table.join(",\n")}\n}`) + exportList
    const out = await build({
      stdin: { contents: entry, loader: "js", sourcefile: "typescript.js" },
      bundle: true,
      write: false,
      format: "cjs",
      platform: "node",
      target: "esnext",
      treeShaking: true,
      minifySyntax: true,
      minifyWhitespace: minify,
      // Only the bundle's own names are renamed; a function's name shows only in Debug's assertion
      // messages (a crash of the parser), never in a syntax error.
      minifyIdentifiers: minify,
      legalComments: "none",
      logLevel: "warning"
    })
    return out.outputFiles[0].text
  }
  // Statements kept with their binding, to a fixed point (one added back can keep another's binding).
  // The Diagnostics table keeps nothing alive (its entries are diag(…) calls): empty until the end.
  const subjects = new Set(statements.filter((s) => s.subject !== undefined).map((s) => s.subject))
  let kept = new Set()
  let used
  for (let round = 0; ; round++) {
    if (round > 10) fail("the statements kept with their bindings do not settle")
    const output = await shake(kept, [], false)
    used = outputNames(ts, output)
    const next = [...used.declared].filter((n) => subjects.has(n) && !kept.has(n))
    if (next.length === 0) break
    kept = new Set([...kept, ...next])
  }
  const table = [...used.diagnostics].sort().map((k) => diagnostics.get(k) ?? fail(`no Diagnostics.${k}`))
  const text = license + "// TypeScript's parser only: lib/typescript.js tree-shaken by splice's scripts/typescriptParserBundle.mjs.\n\"use strict\";\n" + (await shake(kept, table, true))
  writeFileSync(outfile, text)
  return { bytes: Buffer.byteLength(text), kept: [...kept].sort(), diagnostics: table.length, counts }
}

/** The tree and syntax errors of a parse, as plain data (positions, kinds, flags; no identity). */
const shapeOf = (ts, sf) => {
  const nodes = []
  const visit = (n) => {
    nodes.push(n.kind, n.pos, n.end, n.flags, n.text ?? "")
    ts.forEachChild(n, visit, (list) => {
      nodes.push("[", list.pos, list.end)
      for (const c of list) visit(c)
      nodes.push("]")
    })
  }
  visit(sf)
  return JSON.stringify({ nodes, errors: sf.parseDiagnostics.map((d) => [d.start, d.length, d.code]) })
}

/** A JavaScript file's syntax errors as the whole TypeScript gives them: a one-file program's. */
const programErrors = (ts, sf) => {
  const host = {
    getSourceFile: (f) => (f === sf.fileName ? sf : undefined),
    fileExists: (f) => f === sf.fileName,
    readFile: () => undefined,
    getDefaultLibFileName: () => "lib.d.ts",
    writeFile: () => undefined,
    getCurrentDirectory: () => "/",
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n"
  }
  return ts.createProgram({ rootNames: [sf.fileName], options: { allowJs: true, noResolve: true, noLib: true, types: [] }, host }).getSyntacticDiagnostics(sf)
}

const errorsOf = (ds) => JSON.stringify(ds.map((d) => [d.start, d.length, d.code, typeof d.messageText === "string" ? d.messageText : d.messageText.messageText]))

/** Throws unless the parser bundle parses these files (name → text) as the whole TypeScript does, as TS, TSX and JS. */
export const checkTypescriptParser = (ts, file, samples) => {
  const mod = { exports: {} }
  new Function("module", "exports", "require", "__filename", "__dirname", readFileSync(file, "utf8"))(mod, mod.exports, createRequire(import.meta.url), file, dirname(file))
  const small = mod.exports
  if (small.version !== ts.version) fail(`${file} says version ${small.version}, not ${ts.version}`)
  for (const [name, text] of samples) {
    for (const kind of ["TS", "TSX", "JS"]) {
      const parse = (api) => api.createSourceFile("/" + name.replace(/.*\//, ""), text, { languageVersion: api.ScriptTarget.Latest, jsDocParsingMode: api.JSDocParsingMode.ParseNone }, false, api.ScriptKind[kind])
      const sf = parse(small)
      if (shapeOf(small, sf) !== shapeOf(ts, parse(ts))) fail(`${file} parses ${name} as ${kind} differently from lib/typescript.js`)
      if (typeof sf.statements[0]?.getStart !== "function") fail(`${file}'s nodes have no getStart: the services' node objects are missing`)
      if (kind === "JS" && errorsOf(small.sortAndDeduplicateDiagnostics([...small[LIFTED](sf), ...sf.parseDiagnostics])) !== errorsOf(programErrors(ts, parse(ts)))) fail(`${file} finds other syntax errors in ${name} as JavaScript than a program of lib/typescript.js`)
    }
  }
}

/** The whole step, for scripts/build.mjs: reads typescript, builds, checks. */
export const typescriptParserBundle = async ({ packageDir, outfile, samples }) => {
  const require = createRequire(import.meta.url)
  const ts = require(`${packageDir}/lib/typescript.js`)
  const source = readFileSync(`${packageDir}/lib/typescript.js`, "utf8")
  const names = await parserApiNames()
  const result = await buildTypescriptParser({ ts, source, names, outfile })
  checkTypescriptParser(ts, outfile, samples.map((f) => [f, readFileSync(f, "utf8")]))
  return result
}
