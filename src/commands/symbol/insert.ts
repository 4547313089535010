/**
 * `splice insert --file F (--after-symbol S | --before-symbol S | --in S) (--content TEXT | --with FILE|-)`:
 * new code next to a definition (before its doc comment and decorators, or after its last line),
 * separated by the blank lines that separate it from its siblings, or at the end of the body of a
 * class, struct, interface, trait, enum, module, namespace or Rust impl block; indented to fit.
 */
import type { Catalog } from "../../domain/locale/catalog.js"
import * as Effect from "effect/Effect"
import type { SpliceError } from "../../domain/SpliceError.js"
import type { Syntax } from "../../../services/Syntax.js"
import { spliceError } from "../../domain/SpliceError.js"
import { appendToBody, insertBeside, ownsLines } from "../../domain/symbolEdit/edits.js"
import { applyReplacement, lineAt } from "../../domain/symbolEdit/textLines.js"
import { Output } from "../../../services/Output.js"
import { graphAfterWrite } from "../graphAfterWrite.js"
import { checkContent } from "./content.js"
import { noBody } from "./patch.js"
import { bodyOf, describe, symbolName, findDefinition, type Site } from "./site.js"
import { changedOutcome, type SymbolChange, type SymbolWriteConfig, writeSymbol } from "./writeSymbol.js"

export type InsertPosition = "after" | "before" | "in"

export interface InsertConfig extends SymbolWriteConfig {
  readonly position: InsertPosition
  readonly symbol: string
  readonly kind?: string
  readonly content: string
}

/** Kinds whose body holds definitions (and a Rust impl block). */
const CONTAINERS = new Set(["class", "interface", "struct", "trait", "enum", "module", "namespace", "impl"])

/** Bodies whose members a comma separates: enums of the C family and TypeScript, Rust's enums and structs. */
const separatedByCommas = (language: string, kind: string) =>
  (kind === "enum" && ["typescript", "tsx", "javascript", "rust", "c", "cpp", "csharp"].includes(language)) || (kind === "struct" && language === "rust")

/** Blank lines around a definition that stands alone: PEP 8's two at a Python file's top level, else one. */
const fallbackGap = (site: Site, indent: string) => (site.grammar.language === "python" && indent === "" ? 2 : 1)

const planInsert = (config: InsertConfig) => (site: Site): Effect.Effect<SymbolChange<{ readonly position: InsertPosition }>, SpliceError, Syntax> =>
  Effect.gen(function*() {
    const def = yield* findDefinition(site, config.symbol, config.kind)
    const file = site.target.path.relative
    const text = site.target.content.text
    const line = lineAt(site.lines, def.parts.core) + 1
    const described = describe(def)
    if (config.position === "in") {
      if (!CONTAINERS.has(def.kind)) {
        return yield* Effect.fail(spliceError("SPL-E145", `${described} holds no definitions: --in takes a class, struct, interface, trait, enum, module, namespace or impl block`, {
          context: { file, name: def.qualifiedName, kind: def.kind, line }
        }))
      }
      const body = yield* bodyOf(site, def)
      if (body === undefined) return yield* Effect.fail(noBody(site, def, "to add to"))
      const planned = appendToBody(site.lines, body, config.content, separatedByCommas(site.grammar.language, def.kind))
      return { def, text: applyReplacement(text, planned.replacement), lines: planned.lines, fields: { position: "in" as const }, summary: (t: Catalog) => t.symbol.insertedIn(symbolName(def)) }
    }
    if (!ownsLines(site.lines, def.parts.start, def.parts.end)) {
      return yield* Effect.fail(spliceError("SPL-E146", `${described} shares its lines with other code: no line ${config.position} it is its own`, {
        context: { file, name: def.qualifiedName, line, reason: "shared_line" as const, shared: [] }
      }))
    }
    const indent = site.lines.lines[lineAt(site.lines, def.parts.start)]!.match(/^[ \t]*/)![0]
    const position = config.position
    const planned = insertBeside(site.lines, def.parts.start, def.parts.end, position, config.content, fallbackGap(site, indent))
    return {
      def,
      text: applyReplacement(text, planned.replacement),
      lines: planned.lines,
      fields: { position: config.position },
      summary: (t: Catalog) => t.symbol.inserted(position, symbolName(def))
    }
  })

export const insert = (config: InsertConfig) =>
  Effect.gen(function*() {
    yield* checkContent(config.file, config.content, "the code to insert")
    const { outcome, human } = yield* writeSymbol("insert", config, planInsert(config), (paths) => graphAfterWrite(paths, config))
    // Insertion always changes the text: there is no "unchanged" insert result.
    if (!changedOutcome(outcome)) return yield* Effect.dieMessage("insert changed nothing")
    return yield* (yield* Output).result("insert", outcome, human)
  })
