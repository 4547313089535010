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
import { specSession, type Step } from "../support/specSession.js"

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
    expect(human[8]).toContain("prévia: notes.txt não foi modificado\n")
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

describe("the commands that read, inspect, move and explain, in pt-BR", () => {
  const TREE = {
    "src/greet.ts": FILES["greet.ts"],
    "src/main.ts": "import { greet } from \"./greet\"\nexport const main = () => greet(\"x\")\n",
    "old/a.txt": "a\n",
    "old/b.txt": "b\n",
    "logo.png": new Uint8Array([0, 1, 2])
  }
  const steps: ReadonlyArray<Step> = [
    ["mv", { from: "old", to: "new", preview: true }],
    ["mv", { from: "old", to: "new" }],
    ["rm", { paths: ["new/a.txt"] }],
    ["ls", { long: true }],
    ["count", { byLanguage: true }],
    ["history", { stats: true }],
    ["stat", { files: ["new/b.txt"] }],
    ["explain", { code: "E020" }],
    ["refs", { name: "greet" }],
    ["check", { files: ["src/greet.ts"] }],
    ["diff", { a: "logo.png", b: "src/greet.ts" }],
    ["dead-code", {}]
  ]
  const TX = "\\d{8}T\\d{9}Z-[0-9a-z]{8}"

  it("print their summaries in Portuguese, and the same NDJSON as in English", async () => {
    const [pt, english] = await Promise.all([specSession(ptBR, TREE, steps), specSession(en, TREE, steps)])
    expect(pt.map((r) => r.exit)).toEqual(steps.map(() => 0))
    const blank = (r: { lines: ReadonlyArray<unknown> }) =>
      JSON.stringify(r.lines).replace(new RegExp(TX, "g"), "TX").replace(/"(elapsed_ms|ms|files_per_second|mtime|created)":("[^"]*"|\d+)/g, "\"$1\":0")
    expect(pt.map(blank)).toEqual(english.map(blank))
    const [mvPreview, mv, rm, ls, count, stats, stat, explain, refs, check, diff, dead] = pt.map((r) => r.human)
    expect(mvPreview).toBe("moveria old → new (2 arquivos, 4 bytes)\n  old/a.txt → new/a.txt\n  old/b.txt → new/b.txt\n")
    expect(mv).toMatch(new RegExp(`^movido: old → new \\(2 arquivos, 4 bytes\\), compilador: pulado \\(nenhum verificador para new/a\\.txt; nenhum verificador para new/b\\.txt\\), tx ${TX}\\n$`))
    expect(rm).toMatch(new RegExp(`^removido: new/a\\.txt \\(1 arquivo, 2 bytes\\), tx ${TX}\\n$`))
    expect(ls).toBe(
      "       3 B       -  binário      e1be4d7a8ab5  logo.png\n" +
        "       2 B       1  texto        9d902f9864f3  new/b.txt\n" +
        "      74 B       3  typescript   de5662c0ceac  src/greet.ts\n" +
        "      69 B       2  typescript   7e73fe46aa99  src/main.ts\n" +
        "4 arquivos, 148 B\n"
    )
    expect(count).toBe(
      "4 arquivos, 6 linhas, 148 B (1 binário)\npor linguagem:\n" +
        "  typescript            2 arquivos         5 linhas      143 B\n" +
        "  texto                 1 arquivo          1 linha         2 B\n" +
        "  binário               1 arquivo          0 linhas        3 B\n"
    )
    expect(stats).toMatch(new RegExp(`^2 transações, \\d+ bytes em \\.splice/tx: 0 pendentes, 2 commitadas, 0 revertidas, 0 desfeitas; a mais antiga é ${TX} \\(\\S+\\); 0 em quarentena\\n$`))
    expect(stat).toMatch(/^new\/b\.txt: 2 bytes, modo 0644, 1 linha, quebras de linha LF, utf-8, modificado em \S+\n {2}blake3 9d902f98\w{56}\n$/)
    expect(explain).toBe(
      "SPL-E020 file_not_found (saída 4)\n\nO arquivo não existe. Um caminho relativo parte do diretório atual quando ele está dentro do workspace (--workspace, SPLICE_WORKSPACE, a raiz do git ou o diretório atual), senão da raiz do workspace; context.file o nomeia a partir da raiz.\n\n" +
        "dica: Confira o caminho: um caminho relativo parte do diretório atual (context.file diz aonde ele levou, a partir da raiz do workspace).\n"
    )
    expect(refs).toBe(
      "função greet em src/greet.ts:1\n  function greet(name: string): string\nreferências (2):\n  src/main.ts:1:10  import\n  src/main.ts:2:27  chamada  em main\nchamado por (1): main\nchama (0): \n"
    )
    expect(check).toBe("ok: 1 arquivo; sintaxe ok; compilador pulado (nenhum verificador para src/greet.ts)\n")
    expect(diff).toBe("Os arquivos binários logo.png e src/greet.ts são diferentes (comparados pelo checksum)\n")
    expect(dead).toBe("0 símbolos mortos, 0 linhas; fora da lista: 0 em testes, 0 exportados por arquivos de entrada, 1 main/protocolo/acessores, 0 outros exportados (--include-exported os lista)\n")
  })

  it("the symbol commands' words agree with the kind (a constante removida, um método removido) and a preview says prévia", async () => {
    const tree = {
      "src/shapes.ts": "export const fromIterable = 1\n\n// Area of a unit square.\nexport function unit() {\n  return 1\n}\n\nexport class Box {\n  size() { return 1 }\n}\n"
    }
    const [constant, method, fn] = await specSession(ptBR, tree, [
      ["delete", { file: "src/shapes.ts", symbol: "fromIterable", preview: true }],
      ["delete", { file: "src/shapes.ts", symbol: "Box.size", preview: true }],
      ["patch", { file: "src/shapes.ts", symbol: "unit", content: "export function unit() {\n  return 2\n}\n", preview: true }]
    ])
    expect(constant!.human).toContain("sintaxe: ok (typescript)\nprévia: src/shapes.ts não foi modificado\nsrc/shapes.ts: constante fromIterable removida (linha 1) (prévia)\n")
    expect(method!.human).toContain("src/shapes.ts: método Box.size removido (linha 9) (prévia)\n")
    expect(fn!.human).toContain("src/shapes.ts: função unit substituída (linhas 4-6; os comentários e decorators acima dela foram mantidos) (prévia)\n")
    expect(`${constant!.human}${method!.human}${fn!.human}`).not.toMatch(/\bpreview\b/)
  })

  it("stderr notes speak Portuguese too: a binary file named to search", async () => {
    const [r] = await specSession(ptBR, TREE, [["search", { pattern: "x", paths: ["logo.png"] }]])
    expect([r!.exit, r!.logs, r!.human]).toEqual([0, "splice: logo.png é binário: não foi pesquisado", "0 ocorrências em 0 linhas de 0 arquivos (1 pesquisado, 1 binário ignorado)\n"])
  })
})
