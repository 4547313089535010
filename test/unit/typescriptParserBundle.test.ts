/**
 * scripts/typescriptParserBundle.mjs on a small lib/typescript.js of the same shape: what it keeps,
 * what it drops, and that a statement it does not know, or a pattern it no longer finds, fails the
 * build (so a TypeScript upgrade cannot silently change what the parser bundle holds). The real
 * lib/typescript.js is checked by the build itself and by test/integration/typescript-parser-bundle.test.ts.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { createRequire } from "node:module"
import { describe, expect, it } from "vitest"
import type * as TS from "typescript-parser"

const ts = createRequire(import.meta.url)("typescript-parser") as typeof TS
interface Bundler {
  buildTypescriptParser: (o: { ts: typeof TS; source: string; names: ReadonlyArray<string>; outfile: string }) => Promise<{ bytes: number; kept: ReadonlyArray<string>; diagnostics: number }>
}
const bundler = async () => (await import("../../scripts/typescriptParserBundle.mjs" as string)) as Bundler

const LIB = `/*! *****************************************************************************
Copyright (c) Microsoft Corporation. All rights reserved.
***************************************************************************** */

var ts = {}; ((module) => {
"use strict";
var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __toCommonJS = (mod) => mod;
var typescript_exports = {};
__export(typescript_exports, {
  parse: () => parse,
  createProgram: () => createProgram,
  complete: () => complete
});
module.exports = __toCommonJS(typescript_exports);
function diag(code, message) {
  return { code, message };
}
var Diagnostics = {
  Used_by_the_parser: diag(1, "used"),
  Used_by_completions: diag(2, "completions"),
  Only_in_JavaScript: diag(3, "javascript")
};
var objectAllocator = { getNodeConstructor: () => Object };
function setObjectAllocator(alloc) {
  objectAllocator = alloc;
}
var Debug;
((Debug2) => {
  Debug2.fail = (m) => { throw new Error(m); };
})(Debug || (Debug = {}));
var Completions;
((Completions2) => {
  Completions2.run = () => Diagnostics.Used_by_completions;
})(Completions || (Completions = {}));
var ts_Completions_exports = {};
__export(ts_Completions_exports, { run: () => Completions.run });
var registry = /* @__PURE__ */ new Map();
function registerCodeFix(fix) {
  registry.set(fix.id, fix);
}
registerCodeFix({ id: "fix", run: () => ts_Completions_exports.run() });
function registerRefactor(name, refactor) {
  registry.set(name, refactor);
}
registerRefactor("refactor", {});
var sys = (() => ({ args: process.argv }))();
if (sys && sys.debugMode) {
  Debug.isDebugging = true;
}
var table = Object.keys(Diagnostics);
var _Node = class {
  constructor() { this.kind = 0; }
  getStart() { return 0; }
};
_Node.zero = new _Node();
var NodeObject = _Node;
function getServicesObjectAllocator() {
  return {
    getNodeConstructor: () => NodeObject,
    getTokenConstructor: () => NodeObject,
    getIdentifierConstructor: () => NodeObject,
    getPrivateIdentifierConstructor: () => NodeObject,
    getSourceFileConstructor: () => NodeObject,
    getSymbolConstructor: () => Completions
  };
}
setObjectAllocator(getServicesObjectAllocator());
function parse(text) {
  if (typeof text !== "string") Debug.fail("text");
  const C = objectAllocator.getNodeConstructor();
  const node = new C();
  node.errors = text.includes("!") ? [Diagnostics.Used_by_the_parser] : [];
  return node;
}
function complete() {
  return ts_Completions_exports.run();
}
function createProgram(options) {
  const checker = complete();
  function runWithCancellationToken(func) {
    return func();
  }
  function getJSSyntacticDiagnosticsForFile(sourceFile) {
    return runWithCancellationToken(() => options.strict || sourceFile.errors.length > 0 ? [Diagnostics.Only_in_JavaScript] : []);
  }
  return { checker, getJSSyntacticDiagnosticsForFile };
}
var startTracing = Debug.fail;
})({ get exports() { return ts; }, set exports(v) { ts = v; if (typeof module !== "undefined" && module.exports) { module.exports = v; } } })
`

const build = async (source: string, names: ReadonlyArray<string> = ["parse", "getJSSyntacticDiagnosticsForFile"]) => {
  const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "splice-tsparser-")), "parser.cjs")
  const result = await (await bundler()).buildTypescriptParser({ ts, source, names, outfile })
  const text = fs.readFileSync(outfile, "utf8")
  const mod = { exports: {} as Record<string, (...a: ReadonlyArray<unknown>) => unknown> }
  new Function("module", "exports", "require", text)(mod, mod.exports, createRequire(import.meta.url))
  return { result, text, api: mod.exports }
}

describe("the TypeScript parser bundle's build", () => {
  it("keeps what the exported names reach, with their statements, and drops the rest", async () => {
    const { result, text, api } = await build(LIB)
    expect(text.startsWith("/*! ****")).toBe(true)
    expect(text).toContain("Microsoft Corporation")
    // The parser and what it reaches: Debug's namespace, the services' node class (with its static field).
    const node = api["parse"]!("a!") as { getStart: () => number; errors: ReadonlyArray<{ code: number }> }
    expect(node.getStart()).toBe(0)
    expect(node.errors.map((e) => e.code)).toEqual([1])
    expect(() => api["parse"]!(1)).toThrow("text")
    expect(result.kept).toEqual(["Debug", "_Node"])
    // The lifted JavaScript check, with createProgram's closure (options unset) but not createProgram.
    expect((api["getJSSyntacticDiagnosticsForFile"]!(node) as ReadonlyArray<{ code: number }>).map((e) => e.code)).toEqual([3])
    expect(api["getJSSyntacticDiagnosticsForFile"]!(api["parse"]!("a"))).toEqual([])
    // Completions, its namespace export, the code fix it registers, sys and the table of every key are gone;
    // of Diagnostics, only the two entries the parser names.
    expect(result.diagnostics).toBe(2)
    for (const gone of ["Used_by_completions", "registry", "process.argv", "Object.keys", "complete"]) expect(text).not.toContain(gone)
  })

  it("fails on a top-level statement it does not know", async () => {
    await expect(build(LIB.replace("var startTracing = Debug.fail;", "var startTracing = Debug.fail;\nfor (const k in Debug) sideEffect(k);"))).rejects.toThrow(/unknown top-level ForInStatement: for \(const k in Debug\)/)
    await expect(build(LIB.replace("registerCodeFix({", "somethingElse({"))).rejects.toThrow(/unknown top-level statement: somethingElse/)
  })

  it("fails when a pattern it expects is no longer there", async () => {
    await expect(build(LIB.replace("setObjectAllocator(getServicesObjectAllocator());\n", ""))).rejects.toThrow(/no setObjectAllocator statement found/)
    await expect(build(LIB.replace(/  function runWithCancellationToken[\s\S]*?\n  }\n/, "").replace("return runWithCancellationToken(() =>", "return (() =>"))).rejects.toThrow(/no longer uses runWithCancellationToken/)
    await expect(build(LIB.replace("options.strict ||", "checker ||"))).rejects.toThrow(/takes checker from createProgram's closure/)
    await expect(build(LIB.replace("Copyright (c) Microsoft Corporation", "Copyright"))).rejects.toThrow(/no license header/)
    await expect(build(LIB, ["parse", "nope"])).rejects.toThrow(/not exported by TypeScript: nope/)
    await expect(build(LIB.replace("var table = Object.keys(Diagnostics);", "var table = Object.keys(Diagnostics);\nvar keep = Diagnostics;\nDebug.keep = () => keep;"))).rejects.toThrow(/uses Diagnostics other than as Diagnostics.Name/)
  })
})
