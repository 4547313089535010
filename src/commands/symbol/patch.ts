/**
 * `splice patch --file F --symbol S --with FILE|-`: a definition replaced by new code, or with
 * --body only its body. The new code is re-indented to the definition's place in the file's unit
 * and takes the file's line breaks. The doc comment and decorators above the definition stay unless
 * the new code brings its own.
 */
import type { Catalog } from "../../domain/locale/catalog.js"
import * as Effect from "effect/Effect"
import type { SpliceError } from "../../domain/SpliceError.js"
import type { Syntax } from "../../../services/Syntax.js"
import { spliceError } from "../../domain/SpliceError.js"
import { replaceBody, replaceSpan } from "../../domain/symbolEdit/edits.js"
import { startsWithLeading, startsWithString } from "../../domain/symbolEdit/parts.js"
import { applyReplacement, lineAt } from "../../domain/symbolEdit/textLines.js"
import { Output } from "../../../services/Output.js"
import { graphAfterWrite } from "../graphAfterWrite.js"
import { bodyOf, declaredWith, type Definition, describe, symbolName, findDefinition, type Site } from "./site.js"
import { checkContent } from "./content.js"
import { endsWithLineComment, trailingCommentEnd } from "../../domain/symbolEdit/trailingComment.js"
import { type SymbolChange, type SymbolWriteConfig, writeSymbol } from "./writeSymbol.js"

export interface PatchConfig extends SymbolWriteConfig {
  readonly symbol: string
  readonly kind?: string
  /** The new definition, or with `body` the new body. */
  readonly content: string
  readonly body: boolean
}

type PatchFields = { readonly part: "definition" | "body"; readonly leading: "kept" | "replaced" | "none"; readonly docstring?: "kept" | "replaced" }

/** SPL-E144: a definition without a body. */
export const noBody = (site: Site, def: Definition, what: string) =>
  spliceError("SPL-E144", `${describe(def)} has no body ${what} (no braces or block of its own)`, {
    context: { file: site.target.path.relative, name: def.qualifiedName, kind: def.kind, line: lineAt(site.lines, def.parts.core) + 1 }
  })

/** SPL-E146 when other definitions share the text [start, end). */
export const refuseShared = (site: Site, def: Definition, start: number, end: number) => {
  const shared = declaredWith(site, def, start, end)
  if (shared.length === 0) return Effect.void
  return Effect.fail(spliceError("SPL-E146", `${def.qualifiedName} is declared together with ${shared.map((s) => s.qualifiedName).join(", ")}: changing its text would change theirs`, {
    context: { file: site.target.path.relative, name: def.qualifiedName, line: lineAt(site.lines, def.parts.core) + 1, reason: "shared_declaration" as const, shared: shared.map((s) => s.qualifiedName) }
  }))
}

const planPatch = (config: PatchConfig) => (site: Site): Effect.Effect<SymbolChange<PatchFields>, SpliceError, Syntax> =>
  Effect.gen(function*() {
    const def = yield* findDefinition(site, config.symbol, config.kind)
    const text = site.target.content.text
    if (config.body) {
      const body = yield* bodyOf(site, def)
      if (body === undefined) return yield* Effect.fail(noBody(site, def, "to replace"))
      const planned = replaceBody(site.lines, body, config.content)
      const docstring = body.kind === "block" && body.docEnd !== undefined ? (startsWithString(config.content) ? "replaced" as const : "kept" as const) : undefined
      return {
        def,
        text: applyReplacement(text, planned.replacement),
        lines: planned.lines,
        fields: { part: "body", leading: def.parts.start < def.parts.core ? "kept" : "none", ...(docstring !== undefined ? { docstring } : {}) },
        summary: (t: Catalog) => t.symbol.replacedBody(symbolName(def)),
        ...(docstring === "kept" ? { note: (t: Catalog) => t.symbol.docstringKept } : {})
      }
    }
    const hasLeading = def.parts.start < def.parts.core
    const replacesLeading = hasLeading && startsWithLeading(site.grammar.language, config.content)
    const start = replacesLeading ? def.parts.start : def.parts.core
    yield* refuseShared(site, def, start, def.parts.end)
    // New code that ends with its own line comment takes the place of the old one after the definition.
    const comment = endsWithLineComment(config.content, site.grammar.language) ? trailingCommentEnd(text, def.parts.end, site.grammar.language) : undefined
    const planned = replaceSpan(site.lines, start, comment ?? def.parts.end, config.content)
    return {
      def,
      text: applyReplacement(text, planned.replacement),
      lines: planned.lines,
      fields: { part: "definition", leading: !hasLeading ? "none" : replacesLeading ? "replaced" : "kept" },
      summary: (t: Catalog) => t.symbol.replaced(symbolName(def)),
      ...(hasLeading && !replacesLeading ? { note: (t: Catalog) => t.symbol.leadingKept(symbolName(def)) } : {})
    }
  })

export const patch = (config: PatchConfig) =>
  Effect.gen(function*() {
    yield* checkContent(config.file, config.content, "the new code")
    const { outcome, human } = yield* writeSymbol("patch", config, planPatch(config), (paths) => graphAfterWrite(paths, config))
    return yield* (yield* Output).result("patch", outcome, human)
  })
