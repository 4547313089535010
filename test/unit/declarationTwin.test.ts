import { describe, expect, it } from "vitest"
import { declarationTwins } from "../../src/domain/rename/declarationTwin.js"

const files = (...paths: ReadonlyArray<string>) => new Map(paths.map((p) => [p, ""]))

describe("declarationTwins", () => {
  it("pairs a module with the declaration file TypeScript reads for it, by basename and extension", () => {
    const ws = files("a/index.js", "a/index.d.ts", "b.mjs", "b.d.mts", "c.cjs", "c.d.cts", "d.jsx", "d.d.ts", "e.js", "e.d.mts")
    expect(declarationTwins("a/index.js", ws)).toEqual(["a/index.d.ts"])
    expect(declarationTwins("a/index.d.ts", ws)).toEqual(["a/index.js"])
    expect(declarationTwins("b.mjs", ws)).toEqual(["b.d.mts"])
    expect(declarationTwins("b.d.mts", ws)).toEqual(["b.mjs"])
    expect(declarationTwins("c.d.cts", ws)).toEqual(["c.cjs"])
    expect(declarationTwins("d.jsx", ws)).toEqual(["d.d.ts"])
    // e.d.mts describes e.mjs, not e.js.
    expect(declarationTwins("e.js", ws)).toEqual([])
  })
  it("pairs a package.json's main with its types (or typings), relative to the package", () => {
    const ws = new Map([
      ["pkg/package.json", JSON.stringify({ main: "./lib/index.js", types: "typings/index.d.ts" })],
      ["pkg/lib/index.js", ""],
      ["pkg/typings/index.d.ts", ""],
      ["other/package.json", JSON.stringify({ main: "x.js", typings: "../pkg/typings/index.d.ts" })],
      ["other/x.js", ""],
      ["broken/package.json", "{ not json"]
    ])
    expect(declarationTwins("pkg/lib/index.js", ws)).toEqual(["pkg/typings/index.d.ts"])
    expect(declarationTwins("pkg/typings/index.d.ts", ws)).toEqual(["other/x.js", "pkg/lib/index.js"])
    expect(declarationTwins("other/x.js", ws)).toEqual(["pkg/typings/index.d.ts"])
    expect(declarationTwins("pkg/lib/other.js", ws)).toEqual([])
  })
  it("leaves a module without a declaration file, and a .ts file, alone", () => {
    expect(declarationTwins("a.js", files("a.js", "a.ts"))).toEqual([])
    expect(declarationTwins("a.ts", files("a.js", "a.ts", "a.d.ts"))).toEqual([])
  })
})
