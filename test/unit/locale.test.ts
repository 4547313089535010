/** Choosing the locale (src/domain/locale/locale.ts) and the catalogs' completeness. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type ErrorCode, ErrorRegistry } from "../../src/domain/errors.js"
import type { Catalog, ErrorText } from "../../src/domain/locale/catalog.js"
import { en } from "../../src/domain/locale/en.js"
import { catalogs } from "../../src/domain/locale/index.js"
import { LOCALES, localeOfTag, resolveLocale, takeLocaleFlag } from "../../src/domain/locale/locale.js"
import { ptBR } from "../../src/domain/locale/ptBR.js"
import { ptBRExplanations } from "../../src/domain/locale/ptBRExplanations.js"
import { humanError } from "../../src/domain/render.js"
import { spliceError } from "../../src/domain/SpliceError.js"

describe("locale tags", () => {
  it("POSIX and BCP 47 spellings of Portuguese are Brazilian Portuguese; of English, English; others none", () => {
    for (const tag of ["pt_BR.UTF-8", "pt-BR", "pt", "PT_br", "pt_BR@euro", "pt_PT.UTF-8", "pt-Latn-BR"]) expect([tag, localeOfTag(tag)]).toEqual([tag, "pt-BR"])
    for (const tag of ["en", "en_US.UTF-8", "en-GB", "C", "POSIX", "C.UTF-8"]) expect([tag, localeOfTag(tag)]).toEqual([tag, "en"])
    for (const tag of ["fr_FR.UTF-8", "de", "", "portuguese", "p", "ptBR", "xx-YY"]) expect([tag, localeOfTag(tag)]).toEqual([tag, undefined])
  })
})

describe("resolveLocale", () => {
  it("--locale first, then SPLICE_LOCALE, then LC_ALL, LC_MESSAGES, LANG; empty variables do not count", () => {
    const env = { SPLICE_LOCALE: "pt_BR.UTF-8", LC_ALL: "en_US.UTF-8", LANG: "en_US.UTF-8" }
    expect(resolveLocale("en", env)).toEqual({ locale: "en" })
    expect(resolveLocale(undefined, env)).toEqual({ locale: "pt-BR" })
    expect(resolveLocale(undefined, { SPLICE_LOCALE: "", LC_ALL: "pt_BR.UTF-8", LANG: "en_US" })).toEqual({ locale: "pt-BR" })
    expect(resolveLocale(undefined, { LC_ALL: "C", LC_MESSAGES: "pt_BR.UTF-8" })).toEqual({ locale: "en" })
    expect(resolveLocale(undefined, { LC_MESSAGES: "pt_BR.UTF-8", LANG: "en_US.UTF-8" })).toEqual({ locale: "pt-BR" })
    expect(resolveLocale(undefined, { LANG: "pt_BR.UTF-8" })).toEqual({ locale: "pt-BR" })
  })
  it("a language splice does not speak falls back to English from the environment; from the flag it is refused", () => {
    expect(resolveLocale(undefined, { LANG: "fr_FR.UTF-8" })).toEqual({ locale: "en" })
    expect(resolveLocale(undefined, { SPLICE_LOCALE: "klingon", LANG: "pt_BR.UTF-8" })).toEqual({ locale: "en" })
    expect(resolveLocale("fr", {})).toEqual({ invalid: "fr" })
    expect(resolveLocale("", {})).toEqual({ invalid: "" })
  })
  it("with no variable set, the runtime's own locale decides (Windows, macOS)", () => {
    expect(resolveLocale(undefined, {}, "pt-BR")).toEqual({ locale: "pt-BR" })
    expect(resolveLocale(undefined, {}, "ja-JP")).toEqual({ locale: "en" })
    expect(resolveLocale(undefined, {})).toEqual({ locale: "en" })
  })
  it("property: any environment resolves to a supported locale", () => {
    const value = fc.option(fc.oneof(fc.string(), fc.constantFrom("pt_BR.UTF-8", "pt", "en_US", "C", "", " ", "de_DE@euro")), { nil: undefined })
    fc.assert(fc.property(fc.record({ SPLICE_LOCALE: value, LC_ALL: value, LC_MESSAGES: value, LANG: value }), fc.option(fc.string(), { nil: undefined }), (env, system) => {
      const r = resolveLocale(undefined, env, system)
      expect("locale" in r && (LOCALES as ReadonlyArray<string>).includes(r.locale)).toBe(true)
    }))
  })
})

describe("--locale on the command line", () => {
  const none = new Set<string>()
  it("is taken out wherever it stands before --, in both spellings", () => {
    expect(takeLocaleFlag(["--locale", "pt-BR", "read", "--file", "a"], none)).toEqual({ flag: "pt-BR", args: ["read", "--file", "a"] })
    expect(takeLocaleFlag(["read", "--file", "a", "--locale=pt"], none)).toEqual({ flag: "pt", args: ["read", "--file", "a"] })
    expect(takeLocaleFlag(["search", "--", "--locale", "x"], none)).toEqual({ flag: undefined, args: ["search", "--", "--locale", "x"] })
  })
  it("never when it is another flag's value", () => {
    expect(takeLocaleFlag(["edit", "--replace-old", "--locale", "--replace-new", "x"], new Set(["--replace-old", "--replace-new"])))
      .toEqual({ flag: undefined, args: ["edit", "--replace-old", "--locale", "--replace-new", "x"] })
  })
})

describe("the catalogs", () => {
  const codes = Object.keys(ErrorRegistry) as ErrorCode[]
  const sample = (code: ErrorCode) => {
    const e = spliceError(code as "SPL-E099", `english message of ${code}`)
    return humanError(e, ErrorRegistry[code].exit, ptBR)
  }

  it("every error code has a pt-BR message and hint, built from an empty context as from a full one", () => {
    for (const code of codes) {
      const t = ptBR.errors[code] as ErrorText<ErrorCode>
      const message = t.message({}, "english message")
      const hint = t.hint({}, ErrorRegistry[code].hint)
      expect([code, message.length > 0, hint.length > 0, hint === ErrorRegistry[code].hint]).toEqual([code, true, true, false])
      expect(sample(code)).toMatch(/^erro\[SPL-E\d{3}\]: .+\n {2}dica: .+\n/)
    }
  })

  /** Every function of a catalog section called with plausible arguments. */
  const texts = (c: Catalog) => {
    const s = c.summary
    const v = { status: "passed", language: "typescript", parser: "tree-sitter", tool: "tsc", preexisting: 1, reason: "nothing to change" }
    return {
      action: s.action("restored"),
      edited: s.edited("a.ts", "x", "y", "z", "tx1"),
      replacements: s.replacements(2, "exact"),
      inserted: s.inserted(2, 3, "after_line", 1),
      replacedLines: s.replacedLines(2, 3, 1),
      deletedLines: s.deletedLines(2, 2),
      nothingToChange: s.nothingToChange("a.ts", ["tx1"]),
      linesAlreadySo: s.linesAlreadySo("a.ts"),
      written: s.written("appended", "a.ts", 10, 4, "c", "tx1"),
      writeUnchanged: s.writeUnchanged("a.ts", undefined),
      dataSet: s.dataSet("a.b", "1", "2"),
      dataDeleted: s.dataDeleted("a.b"),
      dataSame: s.dataSame("a.b"),
      dataChanged: s.dataChanged("f.json", "x", "y", "z", "tx1"),
      dataUnchanged: s.dataUnchanged("f.json", "x"),
      applied: s.applied("codex", "x", "y", "z", "tx1"),
      applyUnchanged: s.applyUnchanged(1, ["tx1"]),
      replaced: s.replaced(3, 2, "a (1), b (2)", "y", "z", "tx1"),
      wouldReplace: s.wouldReplace(3, 2, "a (1), b (2)"),
      replaceNoMatch: s.replaceNoMatch("foo", 4),
      replaceSame: s.replaceSame(2),
      searched: s.searched(3, 2, 1, 10, 1, 5),
      undone: s.undone("tx1", "edit", ["x"], "tx2"),
      link: s.link("removed", "l"),
      syntax: c.verdict.syntax(v),
      compiler: c.verdict.compiler({ ...v, status: "skipped" }),
      syntaxOk: c.verdict.syntaxOk("failed"),
      moreErrors: c.verdict.moreErrors(2),
      previewUnchanged: c.verdict.previewUnchanged("a.ts"),
      previewRefused: c.verdict.previewRefused("a.ts"),
      graphRefreshed: c.verdict.graphRefreshed(1, 0, 5),
      heading: c.error.heading("SPL-E020", "m"),
      nearLine: c.error.nearLine(3, 93, "indentation differs")
    }
  }
  /** Texts that are the same in every language: they only arrange translated parts. */
  const neutral = new Set(["heading", "dataChanged"])

  it("every summary line and verdict text has a pt-BR text of its own (none left in English)", () => {
    const english = texts(en)
    const portuguese = texts(ptBR)
    expect(Object.keys(portuguese)).toEqual(Object.keys(english))
    for (const key of Object.keys(english) as Array<keyof typeof english>) {
      if (neutral.has(key)) continue
      expect([key, portuguese[key] !== english[key], portuguese[key].length > 0]).toEqual([key, true, true])
    }
    for (const section of ["summary", "verdict", "error"] as const) expect(Object.keys(ptBR[section]).sort()).toEqual(Object.keys(en[section]).sort())
    expect(Object.keys(catalogs).sort()).toEqual([...LOCALES].sort())
    // Every section, to the last key, is in both catalogs (texts used by commands are checked in test/commands/locale-coverage.test.ts).
    const shape = (node: unknown): unknown =>
      node !== null && typeof node === "object" ? Object.fromEntries(Object.entries(node).filter(([k]) => k !== "errors").map(([k, v]) => [k, shape(v)])) : typeof node
    expect(shape(ptBR)).toEqual(shape(en))
    // Every text of the summary and the verdicts is exercised above.
    for (const key of [...Object.keys(en.summary), ...Object.keys(en.verdict).filter((k) => k !== "reason")]) expect(Object.keys(english)).toContain(key)
  })

  it("every error code has a pt-BR explanation of its own for `splice explain`", () => {
    for (const code of codes) {
      expect([code, ptBRExplanations[code] !== ErrorRegistry[code].explanation, ptBRExplanations[code].length > 20]).toEqual([code, true, true])
      expect(ptBR.explain.explanation(code, ErrorRegistry[code].explanation)).toBe(ptBRExplanations[code])
      expect(en.explain.explanation(code, ErrorRegistry[code].explanation)).toBe(ErrorRegistry[code].explanation)
    }
  })

  it("the gates' reasons read in Portuguese, several joined by \"; \" each on its own", () => {
    const cases: Array<[string, string]> = [
      ["no checker for src/a.ts; no checker for .txt files", "nenhum verificador para src/a.ts; nenhum verificador para arquivos .txt"],
      ["no grammar for files without an extension", "nenhuma gramática para arquivos sem extensão"],
      ["no tsconfig.json or jsconfig.json between src/a.ts and the workspace root", "nenhum tsconfig.json nem jsconfig.json entre src/a.ts e a raiz do workspace"],
      ["tsc is not installed (looked in node_modules/.bin, PATH)", "tsc não está instalado (procurado em node_modules/.bin, PATH)"],
      ["workspace not trusted; run splice trust", "workspace não confiável; rode splice trust"],
      ["gcc stopped at a fatal error that was there before the edit (a.c:1: x.h: No such file; sorry) and checked nothing after it",
        "gcc parou num erro fatal que já existia antes da edição (a.c:1: x.h: No such file; sorry) e não verificou nada depois dele"],
      ["tree-sitter reported 2 new error(s); TypeScript's parser finds none", "o tree-sitter apontou 2 erro(s) novo(s); o parser do TypeScript não acha nenhum"],
      ["no Cargo.toml: cargo check needs a crate", "nenhum Cargo.toml: o cargo check precisa de um crate"]
    ]
    for (const [english, portuguese] of cases) expect(ptBR.verdict.reason(english)).toBe(portuguese)
  })
})

describe("pt-BR words agree with a symbol's kind", () => {
  it("feminine kinds (função, constante, struct) and masculine ones (método, tipo, an impl block)", () => {
    expect(ptBR.symbol.deleted({ kind: "constant", name: "fromIterable" })).toBe("constante fromIterable removida")
    expect(ptBR.symbol.deleted({ kind: "method", name: "Box.size" })).toBe("método Box.size removido")
    expect(ptBR.symbol.replaced({ kind: "struct", name: "Point" })).toBe("struct Point substituída")
    expect(ptBR.symbol.replaced({ kind: null, name: "impl Display for P" })).toBe("impl Display for P substituído")
    expect(ptBR.symbol.leadingKept({ kind: "type", name: "T" })).toBe("os comentários e decorators acima dele foram mantidos")
    expect(ptBR.graph.dead("a.ts", 3, "function", "f", true)).toBe("a.ts:3  função    f  exportada, mas nenhum arquivo do workspace a importa ou usa\n")
    expect(ptBR.graph.dead("a.ts", 3, "method", "m", false)).toBe("a.ts:3  método    m  nenhuma referência a ele em todo o workspace (nem uma chamada pelo nome)\n")
    expect(en.symbol.deleted({ kind: "constant", name: "fromIterable" })).toBe("deleted constant fromIterable")
  })
})
