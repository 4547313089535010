import { describe, expect, it } from "vitest"
import { atGoReceiverType, goPackageName, receiverFileFits } from "../../src/domain/goReceiverTypes.js"

describe("Go receiver types", () => {
  it("a receiver type is being typed after `func (`, an optional name and an optional star; not in the parameters, the name, nor a function literal's", () => {
    for (const yes of ["func (s *Se", "func (Se", "\tfunc (", "func (s ", "func (s *", "func(t T"]) expect(atGoReceiverType(yes), yes).toBe(true)
    for (const no of ["func (s *Set) Ad", "func Se", "x := func(a in", "func (s *Set) M(a Se", "// func (s *Se"]) expect(atGoReceiverType(no), no).toBe(false)
  })

  it("reads the package clause after comments (a block comment that mentions package is no clause)", () => {
    expect(goPackageName("// Copyright\n\n//go:build ignore\n\npackage main\n")).toBe("main")
    expect(goPackageName("/*\npackage fake\n*/\npackage real\n")).toBe("real")
    expect(goPackageName("// nothing\n")).toBeUndefined()
  })

  it("fits: the same directory and package; a test type only for a test file", () => {
    const f = (path: string, pkg: string) => ({ path, pkg })
    expect(receiverFileFits(f("a/x.go", "a"), f("a/y.go", "a"))).toBe(true)
    expect(receiverFileFits(f("a/x.go", "a"), f("a/y_test.go", "a"))).toBe(false)
    expect(receiverFileFits(f("a/x_test.go", "a"), f("a/y_test.go", "a"))).toBe(true)
    expect(receiverFileFits(f("a/x_test.go", "a"), f("a/e_test.go", "a_test"))).toBe(false)
    expect(receiverFileFits(f("a/x.go", "a"), f("a/gen.go", "main"))).toBe(false)
    expect(receiverFileFits(f("a/x.go", "a"), f("a/b/y.go", "a"))).toBe(false)
    expect(receiverFileFits(f("x.go", "m"), f("y.go", "m"))).toBe(true)
  })
})
