/**
 * The pure parts of mv's import updates: paths under a move, relative specifiers, span edits, the
 * TS/JS completion of TypeScript's edits (style kept, what cannot be rewritten listed) and Python's
 * module names and import rewrites.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { joinUnder, movedPath, relativeSpecifier } from "../../src/domain/moveImports/movedPaths.js"
import { moduleName, planPythonMove, type PythonFile } from "../../src/domain/moveImports/pythonModules.js"
import { keepExtension, type PathKind, planScriptMove, type SpecifierSite } from "../../src/domain/moveImports/scriptSpecifiers.js"
import { applySpanEdits, lineAt } from "../../src/domain/moveImports/spanEdits.js"

describe("moved paths and relative specifiers", () => {
  it("a moved file, anything under a moved directory, and nothing else", () => {
    const moves = [{ from: "src/lib", to: "pkg/lib" }]
    expect(movedPath(moves, "src/lib")).toBe("pkg/lib")
    expect(movedPath(moves, "src/lib/a/b.ts")).toBe("pkg/lib/a/b.ts")
    expect(movedPath(moves, "src/library.ts")).toBeUndefined()
    expect(movedPath(moves, "src/x.ts")).toBeUndefined()
  })

  it("relative specifiers as a person writes them", () => {
    expect(relativeSpecifier("src", "src/lib/util")).toBe("./lib/util")
    expect(relativeSpecifier("src/a/b", "src/util")).toBe("../../util")
    expect(relativeSpecifier("src", "src")).toBe(".")
    expect(relativeSpecifier("src/a", "src")).toBe("..")
    expect(relativeSpecifier("", "x.ts")).toBe("./x.ts")
    expect(joinUnder("src/a", "../../x")).toBe("x")
    expect(joinUnder("src", "../../x")).toBeUndefined()
  })

  it("property: joining a directory with the specifier from it gives the path back", () => {
    const seg = fc.constantFrom("a", "b", "src", "lib", "x.ts")
    const path = fc.array(seg, { minLength: 0, maxLength: 5 }).map((s) => s.join("/"))
    fc.assert(fc.property(path, path, (dir, to) => joinUnder(dir, relativeSpecifier(dir, to)) === to))
  })

  it("span edits apply together; an overlapping one is left out and returned; lines count from 1", () => {
    const text = "import a from './a'\nimport b from './b'\n"
    const r = applySpanEdits(text, [{ start: 35, end: 38, text: "../b" }, { start: 15, end: 18, text: "./x/a" }, { start: 15, end: 18, text: "./x/a" }, { start: 16, end: 17, text: "z" }])
    expect(r.text).toBe("import a from './x/a'\nimport b from '../b'\n")
    expect(r.skipped).toEqual([{ start: 16, end: 17, text: "z" }])
    expect(lineAt(text, 0)).toBe(1)
    expect(lineAt(text, 21)).toBe(2)
  })

  it("a specifier keeps its extension when TypeScript spells another", () => {
    expect(keepExtension("./u.ts", "./lib/u.js")).toBe("./lib/u.ts")
    expect(keepExtension("./u.js", "./lib/u.js")).toBe("./lib/u.js")
    expect(keepExtension("./u", "./lib/u")).toBe("./lib/u")
  })
})

/** The specifiers of a text as TypeScript's scanner gives them (for these tests: every quoted relative path). */
const sitesOf = (file: string, text: string): SpecifierSite[] =>
  [...text.matchAll(/(["'])(\.[^"']*)\1/g)].map((m) => ({ file, specifier: m[2]!, start: m.index + 1, end: m.index + 1 + m[2]!.length }))

const kinds = (files: ReadonlyArray<string>, dirs: ReadonlyArray<string> = []) => (p: string): PathKind =>
  files.includes(p) ? "file" : dirs.includes(p) ? "directory" : undefined

describe("TS/JS: completing TypeScript's edits", () => {
  it("a moved file's imports TypeScript left alone are respelled from the new place, extension and index kept", () => {
    const text = "import './theme.css'\nimport d from \"./data.json\"\nimport * as w from './widgets'\nimport x from '../x.js'\n"
    const r = planScriptMove({
      moves: [{ from: "src/a.ts", to: "src/ui/a.ts" }],
      movedFiles: new Set(["src/a.ts"]),
      texts: new Map([["src/a.ts", text]]),
      edits: [],
      specifiers: sitesOf("src/a.ts", text),
      kindOf: kinds(["src/theme.css", "src/data.json", "src/widgets/index.ts", "x.ts"])
    })
    expect(r.notRewritten).toEqual([])
    expect(r.files).toEqual([{
      file: "src/a.ts",
      text: "import '../theme.css'\nimport d from \"../data.json\"\nimport * as w from '../widgets'\nimport x from '../../x.js'\n",
      specifiers: [
        { line: 1, from: "./theme.css", to: "../theme.css" },
        { line: 2, from: "./data.json", to: "../data.json" },
        { line: 3, from: "./widgets", to: "../widgets" },
        { line: 4, from: "../x.js", to: "../../x.js" }
      ]
    }])
  })

  it("TypeScript's edits are taken as they are, and a file naming a moved stylesheet is respelled", () => {
    const app = "import { u } from './util'\nimport './util.css'\n"
    const r = planScriptMove({
      moves: [{ from: "src", to: "lib" }],
      movedFiles: new Set(),
      texts: new Map([["app.ts", app]]),
      edits: [{ file: "app.ts", start: 19, length: 6, newText: "./lib/util" }],
      specifiers: sitesOf("app.ts", app),
      kindOf: kinds(["src/util.css"])
    })
    expect(r.files[0]!.text).toBe("import { u } from './lib/util'\nimport './util.css'\n")
    const moved = planScriptMove({
      moves: [{ from: "src/util.css", to: "styles/util.css" }],
      movedFiles: new Set(),
      texts: new Map([["src/app.ts", "import './util.css'\n"]]),
      edits: [],
      specifiers: sitesOf("src/app.ts", "import './util.css'\n"),
      kindOf: kinds(["src/util.css"])
    })
    expect(moved.files[0]!.text).toBe("import '../styles/util.css'\n")
  })

  it("what cannot be rewritten is listed: above the root, naming nothing, computed", () => {
    const text = "import a from '../../up'\nimport b from './gone'\nconst c = require(`./${name}`)\n// require(x) in a comment\nconst d = import(path)\n"
    const r = planScriptMove({
      moves: [{ from: "a.ts", to: "lib/a.ts" }],
      movedFiles: new Set(["a.ts"]),
      texts: new Map([["a.ts", text]]),
      edits: [],
      specifiers: sitesOf("a.ts", text).filter((s) => !s.specifier.includes("$")),
      kindOf: kinds([])
    })
    expect(r.notRewritten).toEqual([
      { file: "a.ts", line: 1, specifier: "../../up", reason: "outside_workspace" },
      { file: "a.ts", line: 2, specifier: "./gone", reason: "not_found" },
      { file: "a.ts", line: 3, specifier: "require(`./${name}`)", reason: "computed" },
      { file: "a.ts", line: 5, specifier: "import(path)", reason: "computed" }
    ])
  })
})

/** A Python file as the command's tree-sitter query gives it, from a small line-based reading (enough for these tests). */
const py = (file: string, text: string): PythonFile => {
  const imports: PythonFile["imports"][number][] = []
  const chains: PythonFile["chains"][number][] = []
  let offset = 0
  for (const line of text.split("\n")) {
    const imp = /^import ([\w.]+)( as \w+)?$/.exec(line)
    if (imp) imports.push({ kind: "import", module: { text: imp[1]!, start: offset + 7, end: offset + 7 + imp[1]!.length }, aliased: imp[2] !== undefined })
    const from = /^from ([\w.]+) import (.+)$/.exec(line)
    if (from) {
      const at = offset + 5
      let nameAt = offset + line.indexOf(" import ") + 8
      const names = from[2]!.split(", ").map((n) => {
        const [name, alias] = n.split(" as ")
        const span = { text: name!, start: nameAt, end: nameAt + name!.length, aliased: alias !== undefined }
        nameAt += n.length + 2
        return span
      })
      imports.push({ kind: "from", module: { text: from[1]!, start: at, end: at + from[1]!.length }, names, wildcard: false })
    }
    for (const m of line.matchAll(/\b[a-z_]+(\.[a-z_]+)+/g)) {
      if (imp || from) continue
      const parts = m[0].split(".")
      for (let k = 1; k <= parts.length; k++) chains.push({ text: parts.slice(0, k).join("."), start: offset + m.index, end: offset + m.index + parts.slice(0, k).join(".").length })
    }
    offset += line.length + 1
  }
  return { file, text, imports, chains }
}

describe("Python: module names and import rewrites", () => {
  const files = new Set(["pkg/__init__.py", "pkg/a.py", "pkg/b.py", "pkg/sub/__init__.py", "pkg/sub/c.py", "tool.py"])

  it("a module's name runs from its package root", () => {
    expect(moduleName("pkg/sub/c.py", files)).toBe("pkg.sub.c")
    expect(moduleName("pkg/sub/__init__.py", files)).toBe("pkg.sub")
    expect(moduleName("tool.py", files)).toBe("tool")
    expect(moduleName("app/pkg/a.py", new Set(["app/pkg/__init__.py", "app/pkg/a.py"]))).toBe("pkg.a")
  })

  it("absolute, aliased and relative imports of a moved module, and the moved module's own relative imports", () => {
    const r = planPythonMove({
      moves: [{ from: "pkg/a.py", to: "pkg/sub/a.py" }],
      pyFiles: files,
      files: [
        py("tool.py", "import pkg.a\nimport pkg.a as m\nfrom pkg.a import f\nfrom pkg import a\nx = pkg.a.f(pkg.ab)"),
        py("pkg/b.py", "from .a import f\nfrom . import a"),
        py("pkg/a.py", "from .b import g\nfrom .sub import c\nfrom pkg import b")
      ]
    })
    expect(r.notRewritten).toEqual([])
    expect(Object.fromEntries(r.files.map((f) => [f.file, f.text]))).toEqual({
      "tool.py": "import pkg.sub.a\nimport pkg.sub.a as m\nfrom pkg.sub.a import f\nfrom pkg.sub import a\nx = pkg.sub.a.f(pkg.ab)",
      "pkg/b.py": "from .sub.a import f\nfrom .sub import a",
      "pkg/a.py": "from ..b import g\nfrom . import c\nfrom pkg import b"
    })
  })

  it("a top-level module into a new directory: imported by its path from the workspace root (a namespace package)", () => {
    const r = planPythonMove({
      moves: [{ from: "tool.py", to: "scripts/tool.py" }],
      pyFiles: new Set([...files, "main.py"]),
      files: [py("main.py", "import tool\nfrom tool import run\nx = tool.run()")]
    })
    expect(r.files[0]!.text).toBe("import scripts.tool\nfrom scripts.tool import run\nx = scripts.tool.run()")
  })

  it("a renamed module imported from its package keeps the importer's name for it; a mixed from-import is listed", () => {
    const r = planPythonMove({
      moves: [{ from: "pkg/b.py", to: "pkg/beta.py" }],
      pyFiles: files,
      files: [py("tool.py", "from pkg import b\nfrom pkg import b as bee\nfrom pkg import a, b")]
    })
    expect(r.files[0]!.text).toBe("from pkg import beta as b\nfrom pkg import beta as bee\nfrom pkg import a, b")
    expect(r.notRewritten).toEqual([{ file: "tool.py", line: 3, specifier: "from pkg import a, b", reason: "mixed_from_import" }])
  })
})
