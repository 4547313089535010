/**
 * Messages in the user's language, as built, under Node and Deno: SPLICE_LOCALE (POSIX spelling)
 * and --locale (before the command's name) choose pt-BR for human output; NDJSON is the same in
 * every locale; an unknown --locale is a usage error.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ensureBuilt, runAsync, runtimes, tempWorkspace } from "./harness.js"

beforeAll(() => ensureBuilt())

const GREET = "export function greet(name: string): string {\n  return \"Hello, \" + name\n}\n"
/** No locale from the machine running the tests: English unless a case asks. */
const ENGLISH = { SPLICE_LOCALE: "", LC_ALL: "", LC_MESSAGES: "", LANG: "C" }

describe.each(runtimes)("splice in pt-BR under $name", (rt) => {
  const ws = tempWorkspace("splice-locale-")
  fs.mkdirSync(path.join(ws, ".git"))
  fs.mkdirSync(path.join(ws, "src", "deep"), { recursive: true })
  fs.writeFileSync(path.join(ws, "src", "greet.ts"), GREET)
  const cwd = path.join(ws, "src", "deep")
  afterAll(() => fs.rmSync(ws, { recursive: true, force: true }))

  it("SPLICE_LOCALE=pt_BR.UTF-8 and --locale pt-BR: Portuguese errors and summaries; --output json the same as in English", async () => {
    const miss = ["edit", "--file", "../greet.ts", "--replace-old", "    return \"Hello, \" + name", "--replace-new", "x"]
    const human = await runAsync(rt, [...miss, "--output", "human"], { cwd, env: { ...ENGLISH, SPLICE_LOCALE: "pt_BR.UTF-8" } })
    expect(human.code).toBe(6)
    expect(human.stderr).toMatch(/^erro\[SPL-E071\]: texto não encontrado em src\/greet\.ts\n {2}dica: A ocorrência mais próxima está na linha 2: a indentação difere\.\n/m)
    const [ptJson, enJson] = await Promise.all([
      runAsync(rt, [...miss, "--output", "json"], { cwd, env: { ...ENGLISH, LANG: "pt_BR.UTF-8" } }),
      runAsync(rt, [...miss, "--output", "json"], { cwd, env: ENGLISH })
    ])
    expect([ptJson.code, ptJson.stdout]).toEqual([6, enJson.stdout])
    expect(enJson.last).toMatchObject({ code: "SPL-E071", message: "text not found in src/greet.ts" })

    const done = await runAsync(rt, ["--locale", "pt-BR", "edit", "--file", "../greet.ts", "--after-line", "1", "--replace-new", "  // oi", "--output", "human"], { cwd, env: ENGLISH })
    expect([done.code, done.stderr]).toEqual([0, ""])
    expect(done.stdout).toMatch(/^src\/greet\.ts editado: linha 2 inserida depois da linha 1, sintaxe: ok \(typescript\), compilador: .+, tx \S+\n/)
  })

  it("an unknown --locale is SPL-E010 (exit 2); LANG of a language splice does not speak is English", async () => {
    const bad = await runAsync(rt, ["read", "--file", "../greet.ts", "--locale", "fr"], { cwd, env: ENGLISH })
    expect([bad.code, bad.last["code"], (bad.last["context"] as { known: string[] }).known]).toEqual([2, "SPL-E010", ["en", "pt-BR"]])
    const french = await runAsync(rt, ["read", "--file", "nope.ts", "--output", "human"], { cwd, env: { ...ENGLISH, LANG: "fr_FR.UTF-8" } })
    expect([french.code, french.stderr.split("\n")[0]]).toEqual([4, "error[SPL-E020]: no such file: src/deep/nope.ts"])
  })
})
