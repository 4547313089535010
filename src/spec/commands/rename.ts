/** `splice rename`: a symbol and every reference the graph resolved to it, across files, in one transaction. */
import * as Effect from "effect/Effect"
import { rename, type RenameConfig } from "../../commands/rename.js"
import { CASE_STYLES } from "../../domain/rename/identifierCase.js"
import { spliceError } from "../../domain/SpliceError.js"
import { defineCommand } from "../command.js"
import { choice, flag, text } from "../param.js"
import { given, holdMs, settingsFrom } from "../settings.js"
import { diff, gates, graphDb, preview } from "../shared.js"
import { kind } from "./graph.js"

/** What rename and case share: which symbol, which uses, the gates. */
const symbolParams = {
  symbol: text("symbol", "The symbol's name or qualified name (Class.method)", { required: true }),
  path: text("path", "The definition's file, when the name is ambiguous (--file, as refs and find spell it, works too)", { longAlias: "file" }),
  kind,
  includeUnresolved: flag("include-unresolved", "Also rename uses known only by name (listed in every result)"),
  keepUnresolved: flag("keep-unresolved", "TS/JS: rename the proven uses and leave those on values of no known type (refused without this or --include-unresolved: SPL-E159)"),
  engine: choice("engine", ["auto", "graph"] as const, "TS/JS locations from TypeScript's LanguageService (auto, the default) or from the graph alone (faster on huge trees)"),
  preview,
  diff,
  ...gates,
  db: graphDb
}

const renameTo = (
  v: Parameters<typeof settingsFrom>[0] & {
    readonly symbol: string
    readonly path: string | undefined
    readonly kind: string | undefined
    readonly includeUnresolved: boolean
    readonly keepUnresolved: boolean
    readonly engine: "auto" | "graph" | undefined
    readonly preview: boolean
    readonly diff: boolean
  },
  to: RenameConfig["to"],
  command: "rename" | "case"
) =>
  Effect.gen(function*() {
    if (v.includeUnresolved && v.keepUnresolved) {
      return yield* Effect.fail(spliceError("SPL-E010", "invalid command line: --include-unresolved and --keep-unresolved say opposite things; give one of them"))
    }
    const settings = yield* settingsFrom(v)
    return yield* rename({
      symbol: v.symbol,
      to,
      ...given("path", v.path),
      ...given("kind", v.kind),
      includeUnresolved: v.includeUnresolved,
      ...(v.keepUnresolved ? { keepUnresolved: true } : {}),
      ...given("engine", v.engine),
      preview: v.preview,
      showDiff: v.diff,
      ...settings,
      ...holdMs()
    }, command)
  })

export const renameSpec = defineCommand({
  name: "rename",
  summary: "Rename a symbol and every reference to it across files: checked, atomic, journaled, undoable",
  guide: "Renames the definition (all overloads), references resolved through scopes and imports, import/export specifiers (`{ x }` becomes `{ x: y }`) in one gated transaction. " +
    "Uses known only by name are listed in `unresolved`, renamed only with include_unresolved. " +
    "TS/JS uses on values of no known type refuse it (SPL-E159) unless include_unresolved or keep_unresolved. " +
    "SPL-E001 unknown (close names given); SPL-E002 ambiguous: give path or kind; SPL-E140 the name clashes (context.clashes); SPL-E141 not an identifier; SPL-E142 a file changed: rerun.",
  params: { ...symbolParams, to: text("to", "The new name", { required: true }) },
  needs: "graph-create",
  readOnly: false,
  examples: [
    "splice rename --symbol parseConfig --to loadConfig --preview",
    "splice rename --symbol Cache.get --to lookup --path src/cache.ts"
  ],
  run: (v) => renameTo(v, v.to, "rename")
})

export const caseSpec = defineCommand({
  name: "case",
  summary: "Change a symbol's identifier case (camel, pascal, snake, kebab, screaming) everywhere: a rename",
  guide: "Computes the new name from the old one's words (parseJSON → parse_json with snake; HTTPServer → httpServer with camel) and renames as `rename` does, with the same checks and errors. " +
    "SPL-E141 when the result is not an identifier (kebab in most languages); SPL-E010 when it is already in that case.",
  params: { ...symbolParams, to: choice("to", CASE_STYLES, "The case style: camel, pascal, snake, kebab or screaming (SCREAMING_SNAKE)", { required: true }) },
  needs: "graph-create",
  readOnly: false,
  examples: [
    "splice case --symbol parse_json --to camel --preview",
    "splice case --symbol maxRetries --to screaming --path src/config.ts"
  ],
  run: (v) => renameTo(v, { style: v.to }, "case")
})
