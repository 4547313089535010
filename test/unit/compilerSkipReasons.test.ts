import { describe, expect, it } from "vitest"
import { skipReasons } from "../../src/commands/compilerGate.js"

describe("the compiler gate's skip reasons over many files", () => {
  it("names a missing project file once for all the files it concerns", () => {
    const reasons = Array.from({ length: 20 }, (_, i) => `no tsconfig.json between src/f${i}.ts and the workspace root`)
    expect(skipReasons(reasons)).toBe("no tsconfig.json between any of 20 files (src/f0.ts, src/f1.ts, src/f2.ts and 17 more) and the workspace root")
    expect(skipReasons(reasons.slice(0, 2))).toBe("no tsconfig.json between any of 2 files (src/f0.ts, src/f1.ts) and the workspace root")
    expect(skipReasons(reasons.slice(0, 1))).toBe(reasons[0])
  })

  it("keeps other reasons, each once, in order, and groups by what is missing", () => {
    expect(skipReasons([
      "no checker for .sh files",
      "no go.mod between a/x.go and the workspace root",
      "no checker for .sh files",
      "no tsconfig.json between b.ts and the workspace root",
      "no go.mod between a/y.go and the workspace root"
    ])).toBe("no checker for .sh files; no go.mod between any of 2 files (a/x.go, a/y.go) and the workspace root; no tsconfig.json between b.ts and the workspace root")
    expect(skipReasons([])).toBe("")
  })
})
