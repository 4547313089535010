/** Which tsconfig/jsconfig owns a file (src/domain/moveImports/owningConfig.ts). */
import { describe, expect, it } from "vitest"
import { type ConfigFacts, configScope, configsUpFrom, owningConfig, referencesOf, scopeIncludes } from "../../src/domain/moveImports/owningConfig.js"

const facts = (configs: Record<string, string>) => (config: string): ConfigFacts | undefined => {
  const text = configs[config]
  return text === undefined ? undefined : { scope: configScope([{ path: config, text }]), references: referencesOf(config, text) }
}

describe("configScope and scopeIncludes", () => {
  it("without files or include, everything under the config's directory but node_modules and the outDir", () => {
    const scope = configScope([{ path: "packages/app/tsconfig.json", text: "{ \"compilerOptions\": { \"outDir\": \"dist\" } }" }])
    expect(scopeIncludes(scope, "packages/app/src/a.ts")).toBe(true)
    expect(scopeIncludes(scope, "packages/app/a.ts")).toBe(true)
    expect(scopeIncludes(scope, "packages/app/dist/a.d.ts")).toBe(false)
    expect(scopeIncludes(scope, "packages/app/node_modules/x/index.d.ts")).toBe(false)
    expect(scopeIncludes(scope, "packages/core/src/a.ts")).toBe(false)
  })

  it("include (a directory, `**`, `*`, `?`), files and exclude, with comments and trailing commas", () => {
    const scope = configScope([{ path: "tsconfig.app.json", text: "{\n  // the app\n  \"include\": [\"src\", \"types/*.d.ts\", \"env?.ts\",],\n  \"files\": [\"extra/one.ts\"],\n  \"exclude\": [\"src/**/__fixtures__\", \"src/**/*.spec.ts\"]\n}" }])
    expect(scopeIncludes(scope, "src/deep/a.tsx")).toBe(true)
    expect(scopeIncludes(scope, "types/global.d.ts")).toBe(true)
    expect(scopeIncludes(scope, "types/deep/global.d.ts")).toBe(false)
    expect(scopeIncludes(scope, "env1.ts")).toBe(true)
    expect(scopeIncludes(scope, "extra/one.ts")).toBe(true)
    expect(scopeIncludes(scope, "extra/two.ts")).toBe(false)
    expect(scopeIncludes(scope, "src/x/__fixtures__/f.ts")).toBe(false)
    expect(scopeIncludes(scope, "src/x/a.spec.ts")).toBe(false)
  })

  it("files, include and exclude are inherited through extends, relative to the config that wrote them; the nearest one wins", () => {
    const chain = [
      { path: "packages/app/tsconfig.json", text: "{ \"extends\": \"../../tsconfig.base.json\", \"exclude\": [\"legacy\"] }" },
      { path: "tsconfig.base.json", text: "{ \"include\": [\"packages/*/src\"], \"exclude\": [\"**/dist\"] }" }
    ]
    const scope = configScope(chain)
    expect(scope.include).toEqual(["packages/*/src"])
    expect(scope.exclude).toEqual(["packages/app/legacy"])
    expect(scopeIncludes(scope, "packages/core/src/a.ts")).toBe(true)
    expect(scopeIncludes(scope, "packages/app/a.ts")).toBe(false)
  })

  it("references: a directory's tsconfig.json or a named file; paths that climb out of the workspace are dropped", () => {
    expect(referencesOf("tsconfig.json", "{ \"files\": [], \"references\": [{ \"path\": \"./packages/core\" }, { \"path\": \"./tsconfig.node.json\" }, { \"path\": \"../../x\" }, {}] }"))
      .toEqual(["packages/core/tsconfig.json", "tsconfig.node.json"])
    expect(referencesOf("packages/app/tsconfig.json", "{ \"references\": [{ \"path\": \"..\" }] }")).toEqual(["packages/tsconfig.json"])
  })
})

describe("owningConfig", () => {
  it("the nearest config up from the file that takes it in; tsconfig.json before jsconfig.json in one directory", () => {
    expect(configsUpFrom("packages/app/src/a.ts")).toEqual([
      "packages/app/src/tsconfig.json", "packages/app/src/jsconfig.json",
      "packages/app/tsconfig.json", "packages/app/jsconfig.json",
      "packages/tsconfig.json", "packages/jsconfig.json",
      "tsconfig.json", "jsconfig.json"
    ])
    const look = facts({ "tsconfig.json": "{}", "packages/app/tsconfig.json": "{ \"include\": [\"src\"] }", "packages/web/jsconfig.json": "{}" })
    expect(owningConfig("packages/app/src/a.ts", look)).toBe("packages/app/tsconfig.json")
    expect(owningConfig("packages/web/main.js", look)).toBe("packages/web/jsconfig.json")
    // Not in the package's include: the next config up.
    expect(owningConfig("packages/app/scripts/build.ts", look)).toBe("tsconfig.json")
    expect(owningConfig("x.ts", facts({}))).toBeUndefined()
  })

  it("a solution-style config (files: []) hands the file to the referenced config that includes it (Vite's tsconfig.app.json / tsconfig.node.json)", () => {
    const look = facts({
      "tsconfig.json": "{ \"files\": [], \"references\": [{ \"path\": \"./tsconfig.node.json\" }, { \"path\": \"./tsconfig.app.json\" }] }",
      "tsconfig.app.json": "{ \"include\": [\"src\"], \"references\": [{ \"path\": \"./tsconfig.json\" }] }",
      "tsconfig.node.json": "{ \"include\": [\"vite.config.ts\"] }"
    })
    expect(owningConfig("src/main.ts", look)).toBe("tsconfig.app.json")
    expect(owningConfig("vite.config.ts", look)).toBe("tsconfig.node.json")
    // A reference cycle ends; nothing includes it.
    expect(owningConfig("other.ts", look)).toBeUndefined()
  })
})
