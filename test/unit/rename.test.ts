/** The pure parts of `splice rename`: writing the sites, mapping offsets, identifiers, import statements, binding checks. */
import fc from "fast-check"
import * as ts from "typescript-parser"
import { describe, expect, it } from "vitest"
import type { FileFacts } from "../../src/domain/graph/facts.js"
import { scriptFacts } from "../../src/domain/graph/scriptFacts.js"
import { bindingClashes, exportedNames, topLevelNames } from "../../src/domain/rename/bindingCheck.js"
import { type GoType, goSignature, tiedMethods } from "../../src/domain/rename/goMethodSets.js"
import { CASE_STYLES, identifierWords, toCase } from "../../src/domain/rename/identifierCase.js"
import { identifierProblem } from "../../src/domain/rename/identifiers.js"
import { importsReaching } from "../../src/domain/rename/importChain.js"
import { importNameSites } from "../../src/domain/rename/importSites.js"
import { renameText } from "../../src/domain/rename/renameText.js"
import { editDistance, typoDistance } from "../../src/domain/similarity.js"

const bytes = (s: string) => new TextEncoder().encode(s).length

describe("renameText", () => {
  it("rewrites exactly the sites, maps every offset, and writes a shorthand as `old: new`, a prefix and suffix around the new name (property)", () => {
    const filler = fc.string({ unit: fc.constantFrom("a", " ", "\n", "é", "€", "😀", "(", "{"), maxLength: 12 })
    // A plain site, a shorthand, TypeScript's `{ nëw: old }` (a suffix) and a prefix of its own.
    const form = fc.constantFrom("plain", "shorthand", "suffix", "prefix")
    fc.assert(
      fc.property(fc.array(fc.tuple(filler, form), { maxLength: 8 }), filler, (pieces, tail) => {
        let text = ""
        let expected = ""
        const sites: Array<{ startByte: number; endByte: number; shorthand?: boolean; prefix?: string; suffix?: string }> = []
        const marks: Array<[number, number]> = []
        for (const [before, kind] of pieces) {
          marks.push([bytes(text), bytes(expected)])
          text += before
          expected += before
          const around = kind === "shorthand" ? { shorthand: true } : kind === "suffix" ? { suffix: ": old" } : kind === "prefix" ? { prefix: "é😀: " } : {}
          sites.push({ startByte: bytes(text), endByte: bytes(text) + bytes("old"), ...around })
          text += "old"
          expected += kind === "shorthand" ? "old: nëw" : kind === "suffix" ? "nëw: old" : kind === "prefix" ? "é😀: nëw" : "nëw"
        }
        marks.push([bytes(text), bytes(expected)])
        text += tail
        expected += tail
        const r = renameText(text, sites, "old", "nëw")
        if ("kind" in r) throw new Error("mismatch")
        expect(r.text).toBe(expected)
        // Each site's new name is where the renamed text has it; the text between sites keeps its place.
        const enc = new TextEncoder().encode(expected)
        for (const start of r.siteStarts) expect(new TextDecoder().decode(enc.subarray(start, start + bytes("nëw")))).toBe("nëw")
        // A suffix that keeps the old name (`nëw: old`) says where it is; no other site does.
        expect([...r.keptAt.keys()]).toEqual(sites.filter((x) => x.suffix !== undefined).map((x) => x.startByte))
        for (const at of r.keptAt.values()) expect(new TextDecoder().decode(enc.subarray(at, at + bytes("old")))).toBe("old")
        // (A site's own start maps to its new name, the shorthand's `old: ` skipped.)
        for (const [oldAt, newAt] of marks) if (!sites.some((x) => x.startByte === oldAt)) expect(r.mapOffset(oldAt)).toBe(newAt)
      }),
      { numRuns: 300 }
    )
  })

  it("reports the lines it changed and refuses a site that does not hold the old name", () => {
    const r = renameText("a\nold\nx old\n", [{ startByte: 2, endByte: 5 }, { startByte: 8, endByte: 11 }], "old", "new")
    expect("kind" in r ? r : r.lines).toEqual([2, 3])
    expect(renameText("a\nolf\n", [{ startByte: 2, endByte: 5 }], "old", "new")).toEqual({ kind: "mismatch", startByte: 2, found: "olf" })
  })
})

describe("identifierProblem", () => {
  it("accepts identifiers and refuses reserved words and other text, per language", () => {
    expect(identifierProblem("typescript", "$élan_2")).toBeUndefined()
    expect(identifierProblem("typescript", "await")).toMatch(/reserved/)
    expect(identifierProblem("typescript", "a-b")).toMatch(/not an identifier/)
    expect(identifierProblem("python", "None")).toMatch(/reserved/)
    expect(identifierProblem("python", "$x")).toMatch(/not an identifier/)
    expect(identifierProblem("go", "func")).toMatch(/reserved/)
    expect(identifierProblem("go", "Ünïcode")).toBeUndefined()
    expect(identifierProblem("rust", "9lives")).toMatch(/not an identifier/)
  })
})

describe("importNameSites", () => {
  it("finds the imported name in one-line, parenthesized and continued Python imports, not an alias or the module path", () => {
    const text = "import os\nfrom a.scale import (\n    other,  # scale here is a comment\n    scale as s,\n)\nfrom b import x, \\\n    scale\n"
    expect(importNameSites(text, 2, "scale", "python")).toEqual([{ startByte: text.indexOf("scale as"), endByte: text.indexOf("scale as") + 5, line: 4 }])
    const at = text.lastIndexOf("scale")
    expect(importNameSites(text, 6, "scale", "python")).toEqual([{ startByte: at, endByte: at + 5, line: 7 }])
  })

  it("finds a Rust use list's name but not a path segment", () => {
    const text = "use crate::shapes::{area, shapes_area};\nuse crate::area::thing;\n"
    expect(importNameSites(text, 1, "area", "rust")).toEqual([{ startByte: 20, endByte: 24, line: 1 }])
    expect(importNameSites(text, 2, "area", "rust")).toEqual([])
  })
})

const facts = (text: string): FileFacts => scriptFacts(ts, ts.createSourceFile("m.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS))

/** The clashes of renaming `old` (declared at the start of the text) to `neu`, as the command checks them. */
const clashesOf = (text: string, neu: string) => {
  const before = facts(text)
  const def = before.symbols.find((s) => s.name === "old")!
  const refs = before.refs.filter((r) => r.binding?.kind === "symbol" && before.symbols[r.binding.index] === def)
  const sites = [...def.nameBytes!.map((b) => ({ startByte: b, endByte: b + 3 })), ...refs.map((r) => ({ startByte: r.startByte, endByte: r.endByte, ...(r.shorthand ? { shorthand: true } : {}) }))]
  const renamed = renameText(text, sites, "old", neu)
  if ("kind" in renamed) throw new Error("mismatch")
  return bindingClashes(before, facts(renamed.text), {
    oldName: "old",
    newName: neu,
    renamedDeclarations: new Map([["old", neu]]),
    renamedRefs: new Set([...refs.map((r) => r.startByte), ...def.nameBytes!]),
    mapOffset: renamed.mapOffset
  })
}

/** The clashes in a file importing the renamed namespace `util`: every `util` of the text is renamed, as the command does. */
const importerClashes = (text: string, neu: string) => {
  const before = facts(text)
  const sites = [...text.matchAll(/\butil\b/g)].map((m) => ({ startByte: bytes(text.slice(0, m.index)), endByte: bytes(text.slice(0, m.index)) + 4 }))
  const renamed = renameText(text, sites, "util", neu)
  if ("kind" in renamed) throw new Error("mismatch")
  return bindingClashes(before, facts(renamed.text), {
    oldName: "util",
    newName: neu,
    renamedDeclarations: new Map([["util", neu]]),
    renamedRefs: new Set(before.refs.filter((r) => r.name === "util").map((r) => r.startByte)),
    mapOffset: renamed.mapOffset
  })
}

describe("bindingClashes", () => {
  it("passes a rename that changes no binding, shorthand properties included", () => {
    expect(clashesOf("function old() { return 1 }\nexport const o = { old, b: old() }\n", "fresh")).toEqual([])
  })

  it("finds a use captured by a parameter of the new name", () => {
    expect(clashesOf("function old() { return 1 }\nexport function f(fresh: number) { return old() + fresh }\n", "fresh")).toEqual([
      expect.objectContaining({ line: 2, name: "old", reason: expect.stringContaining("would no longer refer to it") })
    ])
  })

  it("finds a global of the new name that the renamed declaration would capture", () => {
    expect(clashesOf("function old() { return 1 }\nexport const f = () => fetch('x') && old()\n", "fetchy")).toEqual([])
    expect(clashesOf("function old() { return 1 }\nexport const f = () => myGlobal && old()\n", "myGlobal")).toEqual([
      expect.objectContaining({ line: 2, name: "myGlobal", reason: expect.stringContaining("would refer to the declaration myGlobal") })
    ])
  })

  it("a member read through a type path that names the renamed namespace (`p?.async` of `p: util.InexactPartial<P>`) keeps its meaning; one the new name's namespace captures does not", () => {
    const use = "import { util } from './helpers'\ninterface P { async: boolean }\nexport const f = (p?: util.InexactPartial<P>) => p?.async\n"
    expect(importerClashes(use, "utilRn")).toEqual([])
    const captured = "import { util } from './helpers'\ninterface P { async: boolean }\nexport namespace Outer {\n  export namespace utilRn { export type InexactPartial<T> = { async: string } }\n  export const f = (p?: util.InexactPartial<P>) => p?.async\n}\n"
    expect(importerClashes(captured, "utilRn")).toEqual(expect.arrayContaining([
      expect.objectContaining({ line: 5, name: "async", reason: "async here refers to a member of util.InexactPartial from ./helpers; after the rename async would refer to the declaration Outer.utilRn.InexactPartial.async" })
    ]))
  })

  it("lists a file's top-level and exported names", () => {
    const f = facts("import { a, b as c } from './x'\nimport * as ns from './y'\nimport d from './z'\nexport function e() {}\nconst g = 1\nexport { g as h }\n")
    expect([...topLevelNames(f).keys()].sort()).toEqual(["a", "c", "d", "e", "g", "ns"])
    // g counts as exported (its symbol is, under another name): a conservative answer for clash checks.
    expect([...exportedNames(f)].sort()).toEqual(["e", "g", "h"])
  })
})

describe("typoDistance", () => {
  it("counts a swap of two neighbours as one edit, and is an edit distance otherwise", () => {
    expect(typoDistance("aera", "area")).toBe(1)
    expect(typoDistance("prase", "parse")).toBe(1)
    expect(typoDistance("", "abc")).toBe(3)
    expect(typoDistance("kitten", "sitting")).toBe(3)
    fc.assert(fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
      expect(typoDistance(a, b)).toBe(typoDistance(b, a))
      expect(typoDistance(a, b)).toBeLessThanOrEqual(editDistance(a, b))
      expect(typoDistance(a, b) === 0).toBe(a === b)
    }))
  })
})

describe("identifier case styles", () => {
  it("splits words at case steps, acronyms, separators and digits, keeping leading and trailing underscores", () => {
    expect(identifierWords("parseJSONValue").words).toEqual(["parse", "JSON", "Value"])
    expect(identifierWords("HTTPServer").words).toEqual(["HTTP", "Server"])
    expect(identifierWords("utf8Decode").words).toEqual(["utf8", "Decode"])
    expect(identifierWords("__max_retries__")).toEqual({ lead: "__", words: ["max", "retries"], trail: "__" })
    expect(toCase("parseJSONValue", "snake")).toBe("parse_json_value")
    expect(toCase("HTTPServer", "camel")).toBe("httpServer")
    expect(toCase("max_retries", "screaming")).toBe("MAX_RETRIES")
    expect(toCase("MAX_RETRIES", "pascal")).toBe("MaxRetries")
    expect(toCase("_privateThing", "snake")).toBe("_private_thing")
    expect(toCase("make-point", "camel")).toBe("makePoint")
    expect(toCase("makePoint", "kebab")).toBe("make-point")
  })

  it("is stable: converting to a style twice gives the same name, and snake ↔ camel round-trips lowercase words (property)", () => {
    // Words of two letters or more: `a_a_a` in camel case (`aAA`) reads back as a, AA — single letters run together.
    const word = fc.stringMatching(/^[a-z]{2}[a-z0-9]{0,4}$/)
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.constantFrom(...CASE_STYLES), (words, style) => {
      const snake = words.join("_")
      const once = toCase(snake, style)
      expect(toCase(once, style)).toBe(once)
      expect(toCase(toCase(snake, "camel"), "snake")).toBe(toCase(snake, "snake"))
    }))
  })
})

describe("importsReaching", () => {
  it("follows imports by name from the definition's file through re-exporting modules, to a fixed point, in any order", () => {
    const i = (fileId: number, ...resolved: number[]) => ({ fileId, resolved })
    // 1 defines; 2 imports from 1; 3 imports from 2 (listed first); 4 imports from 5, which nothing reaches.
    const imports = [i(3, 2), i(2, 1), i(4, 5), i(6, 9, 3)]
    expect(importsReaching(1, imports)).toEqual([i(3, 2), i(2, 1), i(6, 9, 3)])
    expect(importsReaching(7, imports)).toEqual([])
  })
})

describe("Go method sets (goMethodSets)", () => {
  const type = (key: string, iface: boolean, methods: Record<string, string>, embeds: string[] = [], external = false): GoType => ({
    key, name: key.split("\0").pop()!, interface: iface, external, file: `${key.split("\0")[0]}/x.go`, line: 1,
    methods: new Map(Object.entries(methods)), embeds
  })
  const sig = goSignature

  it("compares signatures by their types: names, grouped names and package qualifiers do not count", () => {
    expect(sig("(w ResponseWriter, r *Request)", null)).toBe(sig("(ResponseWriter, *Request)", null))
    expect(sig("(a, b int, rest ...string)", "(n int, err error)")).toBe(sig("(int, int, ...string)", "(int, error)"))
    expect(sig("()", "net.Addr")).toBe(sig("()", "Addr"))
    expect(sig("(ch chan int, f func(int) error)", null)).toBe(sig("(chan int, func(int) error)", null))
    expect(sig("(m map[string]int)", null)).not.toBe(sig("(map[string]string)", null))
    expect(sig("(p []byte)", "(int, error)")).not.toBe(sig("(p []byte)", "int"))
  })

  it("ties an interface, every type satisfying it and the interfaces those satisfy; a type missing a method is not tied", () => {
    const write = sig("([]byte)", "(int, error)"), header = sig("(int)", null)
    const rw = type("a\0ResponseWriter", true, { Write: write, WriteHeader: header })
    const resp = type("a\0response", false, { Write: write, WriteHeader: header, Flush: sig("()", null) })
    const half = type("a\0halfWriter", false, { Write: write })
    const other = type("b\0recorder", false, { Write: write, WriteHeader: header })
    const ties = tiedMethods("Write", resp, [rw, resp, half, other])
    expect(ties.group.map((t) => t.name)).toEqual(["ResponseWriter", "response", "recorder"])
    expect(ties.declarers.map((t) => t.name)).toEqual(["ResponseWriter", "response", "recorder"])
    expect(ties.external).toEqual([])
    // From the interface's side, the same group.
    expect(tiedMethods("Write", rw, [rw, resp, half, other]).group.map((t) => t.name)).toEqual(["ResponseWriter", "response", "recorder"])
    // A method no interface declares is alone.
    expect(tiedMethods("Flush", resp, [rw, resp, half, other]).group.map((t) => t.name)).toEqual(["response"])
  })

  it("an embedded interface declares the method: it is the one renamed, and one outside the workspace makes the rename impossible", () => {
    const close = sig("()", "error"), read = sig("([]byte)", "(int, error)")
    const closer = type("go:io\0Closer", true, { Close: close }, [], true)
    const reader = type("go:io\0Reader", true, { Read: read }, [], true)
    const readCloser = type("go:io\0ReadCloser", true, {}, ["go:io\0Reader", "go:io\0Closer"], true)
    const body = type("a\0body", false, { Read: read, Close: close })
    const lone = type("a\0lone", false, { Close: close })
    // io.Closer is known only as what io.ReadCloser embeds: a type with Close alone is not tied to it.
    expect(tiedMethods("Close", lone, [body, lone, readCloser], [closer, reader]).external).toEqual([])
    const ties = tiedMethods("Close", body, [body, lone, readCloser], [closer, reader])
    expect(ties.group.map((t) => t.name)).toEqual(["ReadCloser", "body"])
    expect(ties.external.map((t) => t.name)).toEqual(["Closer"])
    // A workspace interface embedding another of the workspace: the embedded one's declaration is renamed.
    const base = type("a\0Base", true, { Close: close })
    const full = type("a\0Full", true, { Read: read }, ["a\0Base"])
    expect(tiedMethods("Close", body, [base, full, body]).declarers.map((t) => t.name)).toEqual(["Base", "body"])
  })

  it("a different signature does not tie", () => {
    const i = type("a\0Sizer", true, { Size: sig("()", "int64") })
    const t = type("a\0file", false, { Size: sig("()", "int") })
    expect(tiedMethods("Size", t, [i, t]).group.map((x) => x.name)).toEqual(["file"])
  })
})
