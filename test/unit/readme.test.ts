/** The README's tables are documentation users rely on: they must match the one error registry. */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { ErrorRegistry } from "../../src/domain/errors.js"

const readme = fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8")

describe("README", () => {
  it("lists every error code with its name, exit code and retryability", () => {
    const rows = new Map([...readme.matchAll(/^\| (SPL-E\d{3}) \| (\w+)[^|]*\| ([\d /]+) \| (yes|no) \|$/gm)].map((m) => [m[1]!, m]))
    for (const [code, spec] of Object.entries(ErrorRegistry)) {
      const row = rows.get(code)
      expect(row, `${code} is missing from the README's error table`).toBeDefined()
      expect([code, row![2], row![3]!.split(" / ")[0], row![4]]).toEqual([code, spec.name, String(spec.exit), spec.retryable ? "yes" : "no"])
    }
    expect([...rows.keys()].filter((c) => !(c in ErrorRegistry))).toEqual([])
  })
})
