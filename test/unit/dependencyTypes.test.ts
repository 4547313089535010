/** Which node_modules files a TypeScript program over the workspace is given, and where it looks for them. */
import { describe, expect, it } from "vitest"
import { carriesTypes, importedPackages, packageDirs, packageOf, typesPackageOf } from "../../src/domain/dependencyTypes.js"
import { codeWords } from "../../src/domain/completionRank.js"

describe("dependency types", () => {
  it("a bare specifier's package; relative, absolute, node: and URL specifiers are none", () => {
    expect(packageOf("react")).toBe("react")
    expect(packageOf("react-dom/client")).toBe("react-dom")
    expect(packageOf("@tanstack/query-core")).toBe("@tanstack/query-core")
    expect(packageOf("@tanstack/query-core/build/modern")).toBe("@tanstack/query-core")
    for (const s of ["./a", "../b", "/abs", "node:fs", "https://x/y.js", "@scope", ""]) expect(packageOf(s), s).toBeUndefined()
    expect(typesPackageOf("react")).toBe("@types/react")
    expect(typesPackageOf("@babel/core")).toBe("@types/babel__core")
  })

  it("the packages a script or declaration imports, in every form", () => {
    const text = [
      "import { a } from 'alpha'",
      "import type { B } from \"@beta/b/sub\"",
      "export * from 'gamma'",
      "import 'delta/register'",
      "const e = await import('epsilon')",
      "const z = require(\"zeta\")",
      "import eta = require('eta')",
      "/// <reference types=\"theta\" />",
      "import { local } from './local.js'",
      "import fs from 'node:fs'"
    ].join("\n")
    expect(importedPackages(text).sort()).toEqual(["@beta/b", "alpha", "delta", "epsilon", "eta", "gamma", "theta", "zeta"])
  })

  it("where a package may be, nearest first; the files that carry types", () => {
    expect(packageDirs("packages/app/src", "react")).toEqual([
      "packages/app/src/node_modules/react", "packages/app/node_modules/react", "packages/node_modules/react", "node_modules/react"
    ])
    // From inside a package: its own node_modules, then up (never node_modules/node_modules).
    expect(packageDirs("node_modules/@acme/client/dist", "x")).toEqual([
      "node_modules/@acme/client/dist/node_modules/x", "node_modules/@acme/client/node_modules/x", "node_modules/@acme/node_modules/x", "node_modules/x"
    ])
    expect(["a/index.d.ts", "a/index.d.mts", "a/index.d.cts", "a/package.json"].every(carriesTypes)).toBe(true)
    expect(["a/index.js", "a/index.ts", "a/README.md", "a/tsconfig.json"].some(carriesTypes)).toBe(false)
  })

  it("code words leave out the words of comments", () => {
    const text = "// Mounts the client\nclient.mount() /* and moves */\n"
    const comments = [{ start: 0, end: 20 }, { start: 36, end: 51 }]
    expect([...codeWords(text, comments)].sort()).toEqual(["client", "mount"])
  })
})
