/** Which of TypeScript's standard library files the LanguageService is given, from the tsconfig's options. */
import { describe, expect, it } from "vitest"
import * as ts from "typescript-parser"
import { libFiles, libText } from "../../layers/live/typescriptLibs.js"

const options = (compilerOptions: Record<string, unknown>) => ts.convertCompilerOptionsFromJson(compilerOptions, "/").options

describe("libFiles", () => {
  it("takes the tsconfig's lib as it is (the DOM only when listed)", () => {
    expect(libFiles(ts, options({ lib: ["es2020", "dom"] }))).toEqual(["lib.es2020.d.ts", "lib.dom.d.ts"])
    expect(libFiles(ts, options({ lib: ["ES2022", "esnext.array"], target: "es5" }))).toEqual(["lib.es2022.d.ts", "lib.esnext.array.d.ts"])
  })

  it("without a lib: the target's library without the DOM tsc would add; ES2020's without a target", () => {
    expect(libFiles(ts, options({}))).toEqual(["lib.es2020.d.ts"])
    expect(libFiles(ts, options({ target: "es2017" }))).toEqual(["lib.es2017.d.ts"])
    expect(libFiles(ts, options({ target: "ESNext" }))).toEqual(["lib.esnext.d.ts"])
    expect(libFiles(ts, options({ target: "es5" }))).toEqual(["lib.es5.d.ts"])
    expect(libFiles(ts, options({ target: "es3" }))).toEqual(["lib.es5.d.ts"])
  })
})

describe("libText", () => {
  it("reads the lib files TypeScript ships, and nothing else", () => {
    expect(libText("lib.es2020.d.ts")).toContain('/// <reference lib="es2019" />')
    expect(libText("lib.dom.d.ts")).toContain("interface Document")
    expect(libText("lib.nothing.d.ts")).toBeUndefined()
    expect(libText("../package.json")).toBeUndefined()
    expect(libText("typescript.js")).toBeUndefined()
  })
})
