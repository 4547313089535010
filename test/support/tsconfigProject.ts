/**
 * A monorepo-shaped workspace whose tsconfig.json holds nothing but `extends`: an array (TypeScript 5)
 * of a package from node_modules by its name alone (`@tsconfig/node20`: its tsconfig.json) and a
 * relative path without `.json` to a base that extends another package by subpath
 * (`@tsconfig/strictest/tsconfig.json`) and sets the DOM library and a `paths` alias. The two
 * packages are the real ones (test/fixtures/tsconfig-bases).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import type { MemoryFs } from "./memory.js"

const BASES = path.join(import.meta.dirname, "..", "fixtures", "tsconfig-bases")

export const AREA = "export function area(r: number): number {\n  return r * r\n}\n"
export const MAIN = "import { area } from \"@geo/area\"\nexport const total = area(2)\nexport function scale(a?: number) { return a }\nexport const el = document.getElementBy\n"

export const tsconfigMonorepo = (mem: MemoryFs): void => {
  for (const [name, dir] of [["strictest", "@tsconfig/strictest"], ["node20", "@tsconfig/node20"]] as const) {
    for (const f of ["package.json", "tsconfig.json", "LICENSE"]) mem.put(`node_modules/${dir}/${f}`, fs.readFileSync(path.join(BASES, name, f), "utf8"))
  }
  mem.put("tsconfig.json", "{\n  // the workspace's own options live in the bases\n  \"extends\": [\"@tsconfig/node20\", \"./config/tsconfig.base\"]\n}\n")
  mem.put("config/tsconfig.base.json", JSON.stringify({
    extends: "@tsconfig/strictest/tsconfig.json",
    compilerOptions: { lib: ["es2023", "dom"], module: "esnext", moduleResolution: "bundler", baseUrl: "..", paths: { "@geo/*": ["packages/geo/src/*"] } }
  }, null, 2) + "\n")
  mem.put("packages/geo/src/area.ts", AREA)
  mem.put("packages/app/src/main.ts", MAIN)
}
