/** Where a tsconfig's `extends` entries are looked for (as TypeScript looks), and reading them from JSONC. */
import { describe, expect, it } from "vitest"
import { extendsCandidates, extendsOf, manifestTsconfig } from "../../src/domain/tsconfigExtends.js"

describe("tsconfig extends", () => {
  it("reads a string or an array (TypeScript 5) from JSONC with comments and trailing commas; anything else is none", () => {
    expect(extendsOf("{\n  // base\n  \"extends\": \"./base\",\n}")).toEqual(["./base"])
    expect(extendsOf("{ \"extends\": [\"@tsconfig/node20\", \"./b.json\", 3, \"\"] }")).toEqual(["@tsconfig/node20", "./b.json"])
    expect(extendsOf("{ \"compilerOptions\": {} }")).toEqual([])
    expect(extendsOf("not json")).toEqual([])
  })

  it("a relative path from the config's directory, with .json added when the name has none; nothing outside the workspace", () => {
    expect(extendsCandidates("packages/app/tsconfig.json", "../../tsconfig.base")).toEqual([{ file: "tsconfig.base" }, { file: "tsconfig.base.json" }])
    expect(extendsCandidates("tsconfig.json", "./config/base.json")).toEqual([{ file: "config/base.json" }])
    expect(extendsCandidates("tsconfig.json", "../outside.json")).toEqual([])
    expect(extendsCandidates("tsconfig.json", "/etc/tsconfig.json")).toEqual([])
  })

  it("a package from the node_modules of the config's directory and each above it: by subpath, or its root's package.json then tsconfig.json", () => {
    expect(extendsCandidates("packages/app/tsconfig.json", "@tsconfig/strictest/tsconfig.json").map((c) => c.file)).toEqual([
      "packages/app/node_modules/@tsconfig/strictest/tsconfig.json",
      "packages/node_modules/@tsconfig/strictest/tsconfig.json",
      "node_modules/@tsconfig/strictest/tsconfig.json"
    ])
    expect(extendsCandidates("tsconfig.json", "base-config/strict")).toEqual([{ file: "node_modules/base-config/strict" }, { file: "node_modules/base-config/strict.json" }])
    expect(extendsCandidates("tsconfig.json", "@tsconfig/node20")).toEqual([
      { file: "node_modules/@tsconfig/node20/package.json", manifest: true },
      { file: "node_modules/@tsconfig/node20/tsconfig.json" }
    ])
    expect(manifestTsconfig("node_modules/base/package.json", "{ \"tsconfig\": \"./configs/base.json\" }")).toBe("node_modules/base/configs/base.json")
    expect(manifestTsconfig("node_modules/base/package.json", "{ \"name\": \"base\" }")).toBeUndefined()
  })
})
