/**
 * Human output in English and Brazilian Portuguese on the memory layers: the same runs in both
 * locales print the same NDJSON (codes, keys, message and hint stay English) and their human text
 * in the chosen language.
 */
import { describe, expect, it } from "vitest"
import type * as Effect from "effect/Effect"
import { apply, type ApplyConfig } from "../../src/commands/apply.js"
import { del, set } from "../../src/commands/data.js"
import { edit } from "../../src/commands/edit.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { replace, type ReplaceConfig } from "../../src/commands/tree/replace.js"
import { search } from "../../src/commands/tree/search.js"
import { undo } from "../../src/commands/undo.js"
import { write } from "../../src/commands/write.js"
import { type Catalog, en } from "../../src/domain/locale/index.js"
import { ptBR } from "../../src/domain/locale/ptBR.js"
import { humanError } from "../../src/domain/render.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"
import { editConfig, oneEdit, writeConfig } from "../support/configs.js"
import { MemoryFs, run, type RunResult } from "../support/memory.js"

const FILES = {
  "greet.ts": "export function greet(name: string): string {\n  return \"Hello, \" + name\n}\n",
  "package.json": "{\n  \"name\": \"demo\",\n  \"version\": \"1.0.0\"\n}\n",
  "notes.txt": "one\ntwo\n"
}
const data = (file: string, keyPath: string) => ({ file, keyPath, preview: false, showDiff: false, maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200 })
const replacing = (pattern: string, replacement: string, over: Partial<ReplaceConfig> = {}): ReplaceConfig => ({
  pattern, replacement, paths: [], regex: false, ignoreCase: false, word: false, preview: false, showDiff: false, globs: [], hidden: false, noIgnore: false,
  validate: "syntax", maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200, ...over
})
const applying = (over: Partial<ApplyConfig> = {}): ApplyConfig => ({
  input: "-", format: "auto", preview: false, showDiff: false, exact: false, expectChecksums: [], validate: "syntax", maxBytes: DEFAULT_MAX_BYTES, lockTimeoutMs: 200, ...over
})
const PATCH = "*** Begin Patch\n*** Update File: notes.txt\n@@\n-two\n+deux\n*** End Patch\n"

type Program = Effect.Effect<unknown, SpliceError, any>
/** The same steps on a fresh workspace in one locale: each step's result, and its human text. */
const session = async (catalog: Catalog, steps: ReadonlyArray<readonly [Program, { stdin?: string }?]>): Promise<RunResult[]> => {
  const mem = new MemoryFs(FILES)
  const out: RunResult[] = []
  for (const [program, options] of steps) out.push(await run(program as never, mem, { catalog, ...options }))
  return out
}
/** NDJSON with what differs between two runs of the same thing (transaction ids, timings) blanked. */
const stable = (r: RunResult) => JSON.stringify(r.lines).replace(/\d{8}T\d{9}Z-[0-9a-z]{8}/g, "TX").replace(/"(elapsed_ms|ms)":\d+/g, "\"$1\":0")

describe("human output in pt-BR", () => {
  const steps = [
    [edit(oneEdit("greet.ts", "\"Hello, \" + name", "`Hello, ${name}!`"))],
    [edit(editConfig({ file: "greet.ts", positional: { mode: "after_line", line: 1, content: "  // oi" } }))],
    [edit(oneEdit("greet.ts", "`Hello, ${name}!`", "`Hello, ${name}!`"))],
    [write(writeConfig("new.txt", "a\n"))],
    [set({ ...data("package.json", "version"), value: "1.1.0", json: false })],
    [set({ ...data("package.json", "version"), value: "1.1.0", json: false })],
    [del(data("package.json", "name"))],
    [apply(applying()), { stdin: PATCH }],
    [replace(replacing("one", "uno", { preview: true }))],
    [replace(replacing("one", "uno"))],
    [search({ pattern: "uno", paths: [], regex: false, ignoreCase: false, word: false, context: 0, filesWithMatches: false, count: false, globs: [], hidden: false, noIgnore: false })],
    [undo({ lockTimeoutMs: 200 })],
    [edit(oneEdit("greet.ts", "  return \"Hello\"", "x"))],
    [edit(editConfig({ file: "greet.ts", positional: { mode: "delete_lines", from: 9, to: 9 } }))]
  ] as const

  it("every step prints the same NDJSON in both locales", async () => {
    const a = await session(en, steps)
    const b = await session(ptBR, steps)
    expect(b.map(stable)).toEqual(a.map(stable))
    expect(b.map((r) => r.exit)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 6])
  })

  it("the summary lines speak Portuguese", async () => {
    const r = await session(ptBR, steps)
    const human = r.map((x) => x.human)
    expect(human[0]).toMatch(/^greet\.ts editado: 1 substituição, sintaxe: ok \(typescript\), compilador: pulado \(.+\), tx \S+\n$/)
    expect(human[1]).toMatch(/^greet\.ts editado: linha 2 inserida depois da linha 1, sintaxe: ok/)
    expect(human[2]).toBe("greet.ts: nada a mudar\n")
    expect(human[3]).toMatch(/^new\.txt criado \(2 bytes\), compilador: pulado \(desligado por --validate\), tx \S+\n$/)
    expect(human[4]).toMatch(/^package\.json: version: "1\.0\.0" → "1\.1\.0", sintaxe: ok \(json, jsonc-parser\), compilador: pulado/)
    expect(human[5]).toBe("package.json: version já tem esse valor, nada a mudar\n")
    expect(human[6]).toMatch(/^package\.json: name apagada, sintaxe: ok/)
    expect(human[7]).toMatch(/^change set codex aplicado: atualizado notes\.txt; sintaxe: pulada, compilador: pulado/)
    expect(human[8]).toContain("preview: notes.txt não foi modificado\n")
    expect(human[8]).toMatch(/substituiria 1 ocorrência em 1 arquivo: notes\.txt \(1\)\n$/)
    expect(human[9]).toMatch(/^1 ocorrência substituída em 1 arquivo: notes\.txt \(1\); sintaxe: pulada, compilador: pulado/)
    expect(human[10]).toMatch(/\n1 ocorrência em 1 linha de 1 arquivo \(\d+ pesquisados\)\n$/)
    expect(human[11]).toMatch(/^\S+ \(replace\) desfeita: restaurado notes\.txt; tx \S+\n$/)
  })

  it("errors: message and hint from the error's context, the frame translated; English unchanged", async () => {
    const r = await session(ptBR, steps)
    const notFound = humanError(r[12]!.error!, 6, ptBR)
    expect(notFound).toMatch(/^erro\[SPL-E071\]: texto não encontrado em greet\.ts\n {2}dica: .+\n {2}candidatos:\n {4}linha \d+ \(\d+% parecida/)
    expect(notFound).toMatch(/ {2}\(saída 6\)\n$/)
    expect(humanError(r[13]!.error!, 6, ptBR)).toBe(
      "erro[SPL-E120]: a linha 9 está fora de greet.ts, que tem 4 linhas\n" +
        "  dica: As linhas vão de 1 a 4; --after-line 0 insere no topo, --after-line 4 acrescenta no fim. Releia o arquivo se ele mudou.\n" +
        "  (saída 6)\n"
    )
    expect(humanError(r[13]!.error!, 6, en)).toBe(humanError(r[13]!.error!, 6))
    expect(humanError(r[13]!.error!, 6)).toMatch(/^error\[SPL-E120\]: --delete-lines: line 9 is out of range; greet\.ts has 4 line\(s\)\n {2}hint: Lines are numbered/)
  })
})
