/**
 * The JSON and YAML editors on generated documents: a set or delete at any path leaves exactly the
 * data it should (the same check the commands run before writing, here over thousands of cases).
 */
import fc from "fast-check"
import { stringify as yamlStringify } from "yaml"
import { describe, expect, it } from "vitest"
import type { DataEditor } from "../../src/domain/data/formats.js"
import { jsoncEditor, jsonEditor } from "../../src/domain/data/jsonEditor.js"
import type { KeyPath, Segment } from "../../src/domain/data/keyPath.js"
import { lookup, type Plain, planSet, sameData, withDeleted, withSet } from "../../src/domain/data/tree.js"
import { yamlEditor } from "../../src/domain/data/yamlEditor.js"
import { tomlEditor } from "../../src/domain/data/tomlEditor.js"
import { stringify as tomlStringify } from "@rainbowatcher/toml-edit-js/index"
import { tomlEngine } from "../../layers/live/tomlWasm.js"

const keyName = fc.constantFrom("a", "b", "name", "x.y", "with space", "1")
const scalar: fc.Arbitrary<Plain> = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.boolean(), fc.constantFrom("text", "true", "12", "", "a: b", "# not a comment"), fc.constant(null))
const { value: data } = fc.letrec<{ value: Plain }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(keyName, tie("value"), { maxKeys: 4 })
  )
}))
const root = fc.dictionary(keyName, data, { minKeys: 1, maxKeys: 4 }) as fc.Arbitrary<Plain>

/** Every path to an existing value of the data. */
const paths = (v: Plain, at: Segment[] = []): KeyPath[] => {
  const here: KeyPath[] = at.length > 0 ? [at] : []
  if (Array.isArray(v)) return [...here, ...v.flatMap((x, i) => paths(x as Plain, [...at, { kind: "index", index: i }]))]
  if (v !== null && typeof v === "object") return [...here, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, { kind: "key", key: k }]))]
  return here
}

const layouts: ReadonlyArray<[string, DataEditor, (v: Plain) => string]> = [
  ["JSON, two spaces", jsonEditor, (v) => JSON.stringify(v, null, 2) + "\n"],
  ["JSONC, tabs", jsoncEditor, (v) => JSON.stringify(v, null, "\t") + "\n"],
  ["YAML", yamlEditor, (v) => yamlStringify(v)]
]

describe.each(layouts)("%s", (_, editor, print) => {
  it("set at any existing path, or one key below it, leaves exactly the intended data (property)", () => {
    fc.assert(fc.property(root, fc.nat(), fc.boolean(), scalar, (doc, pick, deeper, value) => {
      const all = paths(doc)
      let path = all[pick % all.length]!
      if (deeper) path = [...path, { kind: "key", key: "new" }]
      const plan = planSet(doc, path, value)
      if (!plan.ok) return
      const text = print(doc)
      const out = editor.set(text, plan.at, plan.value, plan.append)
      const parsed = editor.parse(out)
      expect(parsed, out).toEqual({ ok: true, value: withSet(doc, plan.at, plan.value) })
    }), { numRuns: 300 })
  })

  it("delete at any existing path leaves exactly the data without it (property)", () => {
    fc.assert(fc.property(root, fc.nat(), (doc, pick) => {
      const all = paths(doc)
      const path = all[pick % all.length]!
      expect(lookup(doc, path).found).toBe(true)
      const out = editor.del(print(doc), path)
      expect(editor.parse(out), out).toEqual({ ok: true, value: withDeleted(doc, path) })
    }), { numRuns: 300 })
  })
})

/** TOML has no null; and an edit the library cannot make is refused (it throws), never made wrong. */
describe("TOML", () => {
  const toml = tomlEditor(tomlEngine())
  const noNull = (v: Plain): Plain =>
    v === null ? "none" : Array.isArray(v) ? v.map((x) => noNull(x as Plain)) : typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, noNull(x)])) : v
  const tomlRoot = root.map(noNull)
  const tomlScalar = scalar.map(noNull)

  it("set and delete at any path: the intended data, or a refusal; most are made (property)", () => {
    let made = 0
    let refused = 0
    let wrong = 0
    fc.assert(fc.property(tomlRoot, fc.nat(), fc.boolean(), tomlScalar, fc.boolean(), (doc, pick, deeper, value, remove) => {
      const all = paths(doc)
      let path = all[pick % all.length]!
      if (deeper && !remove) path = [...path, { kind: "key", key: "new" }]
      const text = tomlStringify(doc)
      let out: string
      let expected: Plain
      try {
        if (remove) {
          expected = withDeleted(doc, path)
          out = toml.del(text, path)
        } else {
          const plan = planSet(doc, path, value)
          if (!plan.ok) return
          expected = withSet(doc, plan.at, plan.value)
          out = toml.set(text, plan.at, plan.value, plan.append)
        }
      } catch {
        // toml-edit-js 0.6.5 cannot replace a top-level [table] as a whole, nor reach into an inline table inside an array.
        refused++
        return
      }
      // What does not parse or holds other data is refused by the command's check (SPL-E049).
      const parsed = toml.parse(out)
      if (parsed.ok && sameData(parsed.value, expected)) made++
      else wrong++
    }), { numRuns: 300 })
    expect(made).toBeGreaterThan(refused + wrong)
  })
})
