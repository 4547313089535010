import { describe, expect, it } from "vitest"
import { configRewrite } from "../../src/domain/moveImports/configPaths.js"

const edit = (text: string, old: string, newText: string) => ({ start: text.indexOf(old), length: old.length, newText })

describe("configRewrite (a tsconfig after a move)", () => {
  it("applies TypeScript's edits, keeps an entry's ./ (paths without baseUrl need it), reports each at its line", () => {
    const text = "{\n  \"compilerOptions\": { \"paths\": { \"@a\": [\"./src/a.ts\"] } },\n  \"include\": [\"src\"]\n}\n"
    const r = configRewrite("tsconfig.json", text, [edit(text, "./src/a.ts", "lib/a.ts"), edit(text, "\"src\"", "\"lib\"")])
    expect(r?.text).toBe(text.replace("./src/a.ts", "./lib/a.ts").replace("[\"src\"]", "[\"lib\"]"))
    expect(r?.specifiers).toEqual([{ line: 2, from: "./src/a.ts", to: "./lib/a.ts" }, { line: 3, from: "\"src\"", to: "\"lib\"" }])
  })

  it("a parent path or a pattern keeps TypeScript's spelling; edits that change nothing give nothing", () => {
    const text = "{ \"compilerOptions\": { \"paths\": { \"@a\": [\"./src/a.ts\"] } } }"
    expect(configRewrite("t.json", text, [edit(text, "./src/a.ts", "../other/a.ts")])?.text).toContain("\"../other/a.ts\"")
    expect(configRewrite("t.json", text, [edit(text, "./src/a.ts", "./src/a.ts")])).toBeUndefined()
    expect(configRewrite("t.json", text, [])).toBeUndefined()
  })
})
