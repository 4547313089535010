import { describe, expect, it } from "vitest"
import {
  describeGoConfig, goConfigFor, goSurelyBuilt, goFileIncluded, goFileNameConstraint, goHeaderConstraint, parseGoBuildExpr, parseGoContext, type GoToolchain
} from "../../src/domain/goBuildConstraint.js"

const tc: GoToolchain = { goos: "linux", goarch: "amd64", cgo: true, minor: 19, toolTags: ["goexperiment.regabiargs"] }
const file = (constraint: string) => `// Copyright\n\n${constraint}\n\npackage m\n\nvar x = 1\n`

describe("Go build constraints", () => {
  it("parses //go:build expressions with Go's precedence (&& binds tighter than ||), and rejects malformed ones", () => {
    expect(parseGoBuildExpr("a || b && !c")).toEqual({
      kind: "or", x: { kind: "tag", name: "a" }, y: { kind: "and", x: { kind: "tag", name: "b" }, y: { kind: "not", x: { kind: "tag", name: "c" } } }
    })
    expect(parseGoBuildExpr("(linux || darwin) && go1.18")?.kind).toBe("and")
    for (const bad of ["", "a &&", "(a", "a b", "a & b", "!"]) expect(parseGoBuildExpr(bad), bad).toBeUndefined()
  })

  it("reads the header only (before the package clause); //go:build wins over // +build, whose lines are ANDed, terms ORed, commas ANDed", () => {
    expect(goHeaderConstraint("package m\n\n//go:build linux\n")).toBeUndefined()
    expect(goHeaderConstraint(file("//go:build linux\n// +build windows"))?.text).toBe("linux")
    const old = goHeaderConstraint(file("// +build linux,386 darwin,!cgo\n// +build go1.12"))!
    expect(old.expr).toBeDefined()
    const holds = (goos: string, goarch: string, cgo: boolean) => goFileIncluded("x.go", file("// +build linux,386 darwin,!cgo\n// +build go1.12"), { goos, goarch, cgo, tags: [] }, tc)
    expect([holds("linux", "386", true), holds("darwin", "arm64", false), holds("darwin", "arm64", true), holds("linux", "amd64", false)]).toEqual([true, true, false, false])
  })

  it("reads GOOS/GOARCH from the file name as go/build does (_test stripped; no underscore, no constraint)", () => {
    expect(goFileNameConstraint("lp_windows.go")).toEqual({ goos: "windows" })
    expect(goFileNameConstraint("x_linux_arm64_test.go")).toEqual({ goos: "linux", goarch: "arm64" })
    expect(goFileNameConstraint("asm_amd64.go")).toEqual({ goarch: "amd64" })
    expect(goFileNameConstraint("linux.go")).toEqual({})
    expect(goFileNameConstraint("windows_test.go")).toEqual({})
    expect(goFileNameConstraint("x_arm64_linux.go")).toEqual({ goos: "linux" })
  })

  it("tag meanings: android implies linux, illumos solaris, ios darwin; unix for Unix systems; go1.N up to the toolchain; goexperiment.* from the toolchain only", () => {
    const inc = (constraint: string, goos = "linux", tags: string[] = []) => goFileIncluded("x.go", file(`//go:build ${constraint}`), { goos, goarch: "arm64", cgo: false, tags }, tc)
    expect([inc("linux", "android"), inc("solaris", "illumos"), inc("darwin", "ios"), inc("unix", "darwin"), inc("unix", "windows"), inc("gc"), inc("gccgo")]).toEqual([true, true, true, true, false, true, false])
    expect([inc("go1.19"), inc("go1.20"), inc("goexperiment.regabiargs"), inc("goexperiment.foo", "linux", ["goexperiment.foo"])]).toEqual([true, false, true, false])
  })

  it("default when the default build takes the file in; otherwise the configuration closest to the default that does", () => {
    const cfg = (name: string, constraint = "") => goConfigFor(name, constraint === "" ? "package m\n" : file(`//go:build ${constraint}`), tc)
    expect(cfg("m.go")).toEqual({ kind: "default" })
    expect(cfg("m_linux.go", "!windows && go1.18")).toEqual({ kind: "default" })
    expect(cfg("m.go", "integration")).toEqual({ kind: "config", config: { goos: "linux", goarch: "amd64", cgo: true, tags: ["integration"] } })
    expect(cfg("lp_windows.go")).toEqual({ kind: "config", config: { goos: "windows", goarch: "amd64", cgo: false, tags: [] } })
    expect(cfg("m.go", "linux && arm64")).toEqual({ kind: "config", config: { goos: "linux", goarch: "arm64", cgo: false, tags: [] } })
    expect(cfg("m.go", "!cgo")).toEqual({ kind: "config", config: { goos: "linux", goarch: "amd64", cgo: false, tags: [] } })
    expect(cfg("m.go", "tools")).toEqual({ kind: "config", config: { goos: "linux", goarch: "amd64", cgo: true, tags: ["tools"] } })
    expect(cfg("m.go", "!unix && !windows && !js && !wasip1")).toMatchObject({ kind: "config", config: { goos: "plan9" } })
    expect(cfg("m.go", "(a || b) && !a && c")).toMatchObject({ kind: "config", config: { tags: ["b", "c"] } })
    // `ignore` is never set: -tags ignore takes in the standard library's own generators and breaks it.
    expect(cfg("m.go", "ignore || integration")).toMatchObject({ kind: "config", config: { tags: ["integration"] } })
    expect(cfg("m.go", "ignore && a")).toMatchObject({ kind: "none" })
    expect(cfg("m_darwin.go", "386")).toMatchObject({ kind: "none" }) // darwin/386 is no port
  })

  it("none, with the reason, for contradictions and constraints that do not parse", () => {
    expect(goConfigFor("m.go", file("//go:build linux && windows"), tc)).toEqual({ kind: "none", reason: "no build configuration satisfies `//go:build linux && windows` (Go 1.19, gc)" })
    expect(goConfigFor("m_windows.go", file("//go:build linux"), tc)).toMatchObject({ kind: "none", reason: expect.stringContaining("with its name (windows)") })
    expect(goConfigFor("m.go", file("//go:build go1.99"), tc)).toMatchObject({ kind: "none" })
    expect(goConfigFor("m.go", file("//go:build gccgo"), tc)).toMatchObject({ kind: "none" })
    expect(goConfigFor("m.go", file("//go:build a &&"), tc)).toEqual({ kind: "none", reason: "its build constraint `a &&` does not parse" })
  })

  it("surely built by default (no go list needed): only a plain file; not one with a constraint, cgo, package documentation, or a path go skips", () => {
    expect(goSurelyBuilt("a/m.go", "// Package m.\npackage m\n")).toBe(true)
    for (const [p, text] of [["a/m_windows.go", "package m\n"], ["a/m.go", "//go:build x\n\npackage m\n"], ["a/m.go", "package m\n\nimport \"C\"\n"],
      ["a/m.go", "package m\n\nimport (\n\t\"C\"\n)\n"], ["a/doc.go", "package documentation\n"], ["a/_m.go", "package m\n"], ["_x/m.go", "package m\n"], ["a/testdata/m.go", "package m\n"]]) {
      expect(goSurelyBuilt(p!, text!), `${p}: ${text}`).toBe(false)
    }
  })

  it("says a configuration as the differences from the default, and reads the toolchain's context", () => {
    expect(describeGoConfig({ goos: "windows", goarch: "amd64", cgo: false, tags: ["a", "b"] }, tc)).toBe("GOOS=windows CGO_ENABLED=0 -tags a,b")
    expect(parseGoContext("linux\namd64\ntrue\ngo1.1 go1.2 go1.19\ngoexperiment.regabiargs\n")).toEqual({ goos: "linux", goarch: "amd64", cgo: true, minor: 19, toolTags: ["goexperiment.regabiargs"] })
    expect(parseGoContext("go: cannot find main module\n")).toBeUndefined()
  })
})
