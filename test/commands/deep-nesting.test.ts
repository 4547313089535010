/** 3,000 nested functions: `index` and `outline` walk the symbol tree without recursion (issue 8, §4). */
import { describe, expect, it } from "vitest"
import { indexCommand } from "../../src/commands/graph/index.js"
import { outlineCommand } from "../../src/commands/graph/outline.js"
import { runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs } from "../support/memory.js"
import { nestedPython, nestedTypeScript } from "../support/nesting.js"

const DEPTH = 3000
// tree-sitter-python's scanner keeps at most ~510 indentation levels in its serialized state (and
// 3,000 levels of indentation make a 4.5 MB file, over the graph's 2 MiB limit): Python nests as
// deep as its grammar can follow.
const PYTHON_DEPTH = 500

interface Outlined {
  readonly name: string
  readonly container: string | null
  readonly children: ReadonlyArray<Outlined>
  readonly flattened?: boolean
}

/**
 * The names along the tree's only path, read without recursion: nested one per level down to
 * MAX_JSON_DEPTH, then listed flat (in order, marked flattened) so JSON output stays shallow.
 */
const chain = (roots: ReadonlyArray<Outlined>): string[] => {
  const names: string[] = []
  let level = roots
  while (level.length === 1 && level[0]!.flattened !== true) {
    names.push(level[0]!.name)
    level = level[0]!.children
  }
  for (const n of level) {
    expect(n.flattened).toBe(true)
    names.push(n.name)
  }
  return names
}

describe("deeply nested code", () => {
  for (const [file, depth] of [["deep.py", PYTHON_DEPTH], ["deep.ts", DEPTH]] as const) {
    const text = file.endsWith(".py") ? nestedPython(depth) : nestedTypeScript(depth)
    it(`index and outline ${file} with ${depth} nested functions`, async () => {
      const mem = new MemoryFs({ [file]: text })
      const saved = new SavedGraph()
      const indexed = await runGraph(indexCommand(false), mem, saved)
      expect([indexed.exit, indexed.last["symbols"]]).toEqual([0, depth])
      const r = await runGraph(outlineCommand(file), mem, saved)
      expect(r.exit).toBe(0)
      const names = chain(r.last["symbols"] as Outlined[])
      expect(names).toEqual(Array.from({ length: depth }, (_, i) => `f${i}`))
      // What the JSON output does with it must not recurse past the stack (Node overflowed at 3,000).
      expect(() => JSON.stringify(r.last)).not.toThrow()
      const lines = r.human.split("\n").filter((l) => l.length > 0)
      expect(lines).toHaveLength(depth)
      expect(lines[depth - 1]).toMatch(new RegExp(`^ {${2 * (depth - 1)}}function f${depth - 1} `))
    }, 120_000)
  }
})
