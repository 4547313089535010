/** The JS/TS code style read from the files nearest a target (what `splice suggest` drafts in). */
import { describe, expect, it } from "vitest"
import { packageTypeOf, scriptStyleOf } from "../../src/domain/graph/scriptStyle.js"

/** qs's style: 'use strict', var + function expressions, module.exports object with explicit keys, single quotes, semicolons, 4 spaces. */
const QS_UTILS = [
  "'use strict';",
  "",
  "var formats = require('./formats');",
  "",
  "var has = Object.prototype.hasOwnProperty;",
  "",
  "/* A \"block\" comment with \"double\" quotes and no semicolon */",
  "var compact = function compact(value) {",
  "    var queue = [{ obj: { o: value }, prop: 'o' }];",
  "    for (var i = 0; i < queue.length; ++i) {",
  "        var item = queue[i];",
  "        if (has.call(item, 'obj')) {",
  "            queue.push(item.obj);",
  "        }",
  "    }",
  "    return value;",
  "};",
  "",
  "module.exports = {",
  "    compact: compact,",
  "    formats: formats",
  "};",
  ""
].join("\n")

/** tanstack's style: ESM, single quotes, no semicolons, 2 spaces, JSX with double-quoted attributes. */
const TSX = [
  "import * as React from 'react'",
  "import { useQueryClient } from './QueryClientProvider'",
  "",
  "/**",
  " * A boundary.",
  " */",
  "export function Boundary({ children }: { children: React.ReactNode }) {",
  "  const client = useQueryClient()",
  "  const label = client.isFetching() ? 'busy' : 'idle'",
  "  return (",
  "    <div",
  "      className=\"boundary\"",
  "      data-state=\"ready\"",
  "    >",
  "      {label}",
  "    </div>",
  "  )",
  "}",
  ""
].join("\n")

describe("scriptStyleOf", () => {
  it("a CommonJS package (qs): module.exports object with keys, single quotes, semicolons, 4 spaces, 'use strict'", () => {
    expect(scriptStyleOf("lib/nested.js", "commonjs", [{ path: "lib/utils.js", text: QS_UTILS }])).toEqual({
      module: "commonjs", quote: "'", semicolon: true, indent: "    ", useStrict: true, commonJsExport: { kind: "object", shorthand: false }
    })
  })

  it("an ES module package (tanstack .tsx): ESM, single quotes (JSX attributes aside), no semicolons, 2 spaces", () => {
    expect(scriptStyleOf("src/Other.tsx", "module", [{ path: "src/Boundary.tsx", text: TSX }])).toMatchObject({
      module: "esm", quote: "'", semicolon: false, indent: "  ", useStrict: false
    })
  })

  it("module system: the extension, then package.json's type module, then the nearest neighbour that shows one, then the package's default", () => {
    const esm = { path: "lib/a.js", text: "export const a = 1\n" }
    const cjs = { path: "lib/b.js", text: "const a = require('./a')\nexports.b = a\n" }
    expect(scriptStyleOf("lib/x.cjs", "module", [esm]).module).toBe("commonjs")
    expect(scriptStyleOf("lib/x.mjs", "commonjs", [cjs]).module).toBe("esm")
    expect(scriptStyleOf("lib/x.cts", "commonjs", [cjs]).module).toBe("esm") // TypeScript writes export syntax
    expect(scriptStyleOf("lib/x.js", "module", [cjs]).module).toBe("esm")
    // No "type": Node reads .js as CommonJS, but a bundled package writes ESM in its .js files.
    expect(scriptStyleOf("lib/x.js", "commonjs", [esm, cjs]).module).toBe("esm")
    expect(scriptStyleOf("lib/x.js", "commonjs", [cjs, esm]).module).toBe("commonjs")
    expect(scriptStyleOf("lib/x.js", "commonjs", []).module).toBe("commonjs")
    expect(scriptStyleOf("lib/x.js", null, []).module).toBe("esm")
    // A file that only mentions require in a string or a comment shows nothing.
    expect(scriptStyleOf("lib/x.js", null, [{ path: "lib/c.js", text: "// require('x')\nconst s = \"require('y')\"\n" }]).module).toBe("esm")
  })

  it("CommonJS export forms: exports.f, module.exports.f, { f }, { f: f }, module.exports = f", () => {
    const form = (text: string) => scriptStyleOf("lib/x.js", "commonjs", [{ path: "lib/a.js", text }]).commonJsExport
    expect(form("function a() {}\nexports.a = a\n")).toEqual({ kind: "member", prefix: "exports" })
    expect(form("module.exports.a = function () {}\n")).toEqual({ kind: "member", prefix: "module.exports" })
    expect(form("module.exports = { a, b, c: d }\n")).toEqual({ kind: "object", shorthand: true })
    expect(form("module.exports = {\n  a: a,\n  b: b\n}\n")).toEqual({ kind: "object", shorthand: false })
    expect(form("module.exports = function parse(str) {\n  return str\n}\n")).toEqual({ kind: "single" })
  })

  it("a target with content: no second 'use strict', and a function added to module.exports rather than replacing it", () => {
    const own = { path: "lib/utils.js", text: QS_UTILS }
    expect(scriptStyleOf("lib/utils.js", "commonjs", [own])).toMatchObject({ useStrict: false, commonJsExport: { kind: "member", prefix: "module.exports" } })
    const members = { path: "lib/m.js", text: "'use strict'\nexports.a = 1\n" }
    expect(scriptStyleOf("lib/m.js", "commonjs", [members, own])).toMatchObject({ useStrict: false, commonJsExport: { kind: "member", prefix: "exports" } })
  })

  it("'use strict' only when most CommonJS neighbours start with it (after comments)", () => {
    const strict = { path: "a.js", text: "/* license */\n// more\n\"use strict\"\nexports.a = 1\n" }
    const loose = { path: "b.js", text: "exports.b = 1\n" }
    expect(scriptStyleOf("x.js", "commonjs", [strict]).useStrict).toBe(true)
    expect(scriptStyleOf("x.js", "commonjs", [strict, loose, loose]).useStrict).toBe(false)
    expect(scriptStyleOf("x.mjs", "commonjs", [strict]).useStrict).toBe(false)
  })

  it("semicolons: statements read past continuation lines, block heads and comments; quotes counted outside comments and templates", () => {
    const noSemi = "const a = foo()\n  .then((x) => x)\nif (a)\n  run(a)\nconst b = [\n  1,\n  2\n]\nexport default b // done;\n"
    expect(scriptStyleOf("x.ts", null, [{ path: "y.ts", text: noSemi }]).semicolon).toBe(false)
    const semi = "const a = foo()\n  .then((x) => x);\nif (a) {\n  run(a);\n}\nexport default a;\n"
    expect(scriptStyleOf("x.ts", null, [{ path: "y.ts", text: semi }]).semicolon).toBe(true)
    const quotes = "// 'one' 'two' 'three'\nconst t = `it's ${'x'}`\nconst a = \"b\"\nconst c = \"d\"\n"
    expect(scriptStyleOf("x.ts", null, [{ path: "y.ts", text: quotes }]).quote).toBe("\"")
  })

  it("indentation: the nearest file that indents (tabs too; JSDoc's aligned stars are no step); 2 spaces when none does", () => {
    expect(scriptStyleOf("x.js", null, [{ path: "a.js", text: "exports.a = 1\n" }, { path: "b.js", text: "function b() {\n\treturn 1\n}\n" }]).indent).toBe("\t")
    expect(scriptStyleOf("x.js", null, [{ path: "a.js", text: "/**\n * Doc.\n */\nfunction a() {\n    if (x) {\n        return 1\n    }\n}\n" }]).indent).toBe("    ")
    expect(scriptStyleOf("x.js", null, [{ path: "a.js", text: "exports.a = 1\n" }]).indent).toBe("  ")
  })

  it("package.json's type: module only when it says so at the top level", () => {
    expect(packageTypeOf("{ \"type\": \"module\" }")).toBe("module")
    expect(packageTypeOf("{ \"repository\": { \"type\": \"git\" } }")).toBe("commonjs")
    expect(packageTypeOf("{ not json")).toBe("commonjs")
  })
})
