import { describe, expect, it } from "vitest"
import { goDefaultConfig, type GoToolchain } from "../../src/domain/goBuildConstraint.js"
import { goOtherBuilds, MAX_EXTRA_BUILDS } from "../../src/domain/goOtherBuilds.js"

const tc: GoToolchain = { goos: "linux", goarch: "amd64", cgo: true, minor: 19, toolTags: [] }
const src = (path: string, constraint = "", dir = "m") => ({ path, dir, text: `${constraint === "" ? "" : `//go:build ${constraint}\n\n`}package m\n` })

describe("the builds an edit of a Go file reaches beyond go vet's", () => {
  it("host builds with other tags are vetted (one per configuration, with the directories they reach); other platforms' are named; files never built with the edit are left alone", () => {
    const edited = { path: "m/m.go", text: "package m\n" }
    const r = goOtherBuilds(edited, goDefaultConfig(tc), [
      src("m/plain.go"), src("m/a_test.go", "integration"), src("app/b.go", "integration", "app"), src("m/c.go", "!cgo"),
      src("m/m_windows.go"), src("m/d.go", "linux && arm64"), src("m/e.go", "gccgo")
    ], tc)
    expect(r.extra).toEqual([
      { config: { goos: "linux", goarch: "amd64", cgo: true, tags: ["integration"] }, dirs: ["app", "m"] },
      { config: { goos: "linux", goarch: "amd64", cgo: false, tags: [] }, dirs: ["m"] }
    ])
    expect(r.unchecked).toEqual([{ path: "m/m_windows.go", config: "GOOS=windows CGO_ENABLED=0" }, { path: "m/d.go", config: "GOARCH=arm64 CGO_ENABLED=0" }])
  })

  it("a tagged edited file reaches only siblings that build with it; past MAX_EXTRA_BUILDS host builds, the rest are named", () => {
    const edited = { path: "m/x_windows.go", text: "package m\n" }
    const windows = { goos: "windows", goarch: "amd64", cgo: false, tags: [] }
    expect(goOtherBuilds(edited, windows, [src("m/y_linux.go"), src("m/z.go", "linux")], tc)).toEqual({ extra: [], unchecked: [] })
    const many = Array.from({ length: MAX_EXTRA_BUILDS + 2 }, (_, i) => src(`m/t${i}.go`, `tag${i}`))
    const r = goOtherBuilds({ path: "m/m.go", text: "package m\n" }, goDefaultConfig(tc), many, tc)
    expect(r.extra).toHaveLength(MAX_EXTRA_BUILDS)
    expect(r.unchecked.map((u) => u.path)).toEqual(["m/t3.go", "m/t4.go"])
  })
})
