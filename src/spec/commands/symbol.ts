/** `splice patch`, `splice delete`, `splice insert`: one definition of a file replaced, removed, or given new code next to it or in its body. */
import * as Effect from "effect/Effect"
import { deleteSymbol } from "../../commands/symbol/delete.js"
import { insert } from "../../commands/symbol/insert.js"
import { patch } from "../../commands/symbol/patch.js"
import { spliceError } from "../../domain/SpliceError.js"
import { Input } from "../../../services/Input.js"
import { defineCommand } from "../command.js"
import { flag, text } from "../param.js"
import { given, holdMs, settingsFrom } from "../settings.js"
import { allowGitDir, diff, expectChecksum, gates, graphDb, preview, refreshDb } from "../shared.js"
import { kind } from "./graph.js"

const file = text("file", "The file that defines the symbol", { required: true, alias: "f" })
const content = text("content", "The new code itself")
// Argument files and stdin are the CLI's: over MCP stdin is the protocol, and argument files are not confined to the workspace.
const withFile = text("with", "Read the new code from this file (- = stdin)", { only: "cli" })

const usage = (message: string, flagName: string) => Effect.fail(spliceError("SPL-E010", message, { context: { flag: flagName } }))

/** The new code: --content, or --with FILE|- on the command line; exactly one. */
const newCode = (v: { readonly content: string | undefined; readonly with: string | undefined }) =>
  Effect.gen(function*() {
    if (v.content !== undefined && v.with !== undefined) return yield* usage("give --content or --with, not both", "with")
    if (v.content !== undefined) return v.content
    if (v.with === undefined) return yield* usage("missing the new code: --content TEXT or --with FILE (- = stdin)", "content")
    return new TextDecoder().decode(yield* (yield* Input).argumentFile(v.with))
  })

/** The write parameters every symbol command shares with edit. */
const writing = { preview, diff, expectChecksum, allowGitDir, ...gates }

const writeSettings = (v: Parameters<typeof settingsFrom>[0] & { readonly preview: boolean; readonly diff: boolean; readonly expectChecksum: string | undefined; readonly allowGitDir: boolean; readonly db: string | undefined }) =>
  Effect.map(settingsFrom(v), (settings) => ({
    preview: v.preview,
    showDiff: v.diff,
    ...given("expectChecksum", v.expectChecksum),
    ...settings,
    ...holdMs(),
    ...(v.allowGitDir ? { allowGitDir: true } : {}),
    ...given("db", v.db)
  }))

const SYMBOL = "symbol: a name or qualified name (Class.method; in Rust `impl Type` or `impl Trait for Type` for an impl block). SPL-E001 unknown (close names given); SPL-E002 ambiguous: qualify it or give kind. "

export const patchSpec = defineCommand({
  name: "patch",
  summary: "Replace a symbol's definition, or only its body, with new code: re-indented, validated, atomic, journaled, undoable",
  guide: "The new code replaces the definition (with body: what is between its braces, or its Python block), re-indented to fit (tabs stay tabs), with the file's line breaks. The doc comment and decorators above stay unless the new code starts with its own. " +
    SYMBOL + "SPL-E144 no body; SPL-E146 declared together with others; SPL-E042 the result does not parse, nothing written.",
  params: {
    file,
    symbol: text("symbol", "The symbol: name, qualified name (Class.method), or `impl Type` in Rust", { required: true }),
    kind,
    content,
    with: withFile,
    body: flag("body", "Replace only the body: between the braces, or the indented block in Python"),
    ...writing,
    db: refreshDb
  },
  needs: "workspace",
  readOnly: false,
  examples: [
    "splice patch -f src/cache.ts --symbol Cache.get --with new-get.ts",
    "printf 'return a * b\\n' | splice patch -f src/math.ts --symbol mul --body --with -"
  ],
  run: (v) =>
    Effect.gen(function*() {
      const code = yield* newCode(v)
      const settings = yield* writeSettings(v)
      return yield* patch({ file: v.file, symbol: v.symbol, ...given("kind", v.kind), content: code, body: v.body, ...settings })
    })
})

export const deleteSpec = defineCommand({
  name: "delete",
  summary: "Delete a symbol's definition with its doc comment and decorators, refused while the code graph knows uses of it",
  guide: "Removes the definition, the comments and decorators right above it, and the blank line it would leave doubled. The graph is refreshed first; uses of it (or of what it contains) elsewhere refuse the delete (SPL-E143: context.references resolved to it, context.by_name matching its name only) unless force. " +
    SYMBOL + "SPL-E146 declared together with others.",
  params: {
    file,
    symbol: text("symbol", "The symbol: name, qualified name (Class.method), or `impl Type` in Rust", { required: true }),
    kind,
    force: flag("force", "Delete it even while uses exist (the result lists them)"),
    ...writing,
    db: graphDb
  },
  needs: "graph-create",
  readOnly: false,
  examples: [
    "splice delete -f src/legacy.ts --symbol oldParse --preview",
    "splice delete -f app/models.py --symbol User.legacy_name --force"
  ],
  run: (v) =>
    Effect.gen(function*() {
      const settings = yield* writeSettings({ ...v, db: undefined })
      return yield* deleteSymbol({ file: v.file, symbol: v.symbol, ...given("kind", v.kind), force: v.force, ...settings })
    })
})

export const insertSpec = defineCommand({
  name: "insert",
  summary: "Insert code next to a symbol or at the end of a class/struct/impl body, indented to fit: validated, atomic, journaled, undoable",
  guide: "after-symbol / before-symbol: as lines of their own after the definition or before its doc comment, separated by as many blank lines as its siblings are. in: at the end of the body of a class, struct, interface, trait, enum, module, namespace or Rust impl. " +
    SYMBOL + "SPL-E145 in a symbol that is no container; SPL-E146 it shares its lines with other code.",
  params: {
    file,
    afterSymbol: text("after-symbol", "Insert after this symbol's definition"),
    beforeSymbol: text("before-symbol", "Insert before this symbol's definition (and its doc comment)"),
    in: text("in", "Insert at the end of this class, struct, interface, trait, enum, module, namespace or impl (`impl Type` in Rust)"),
    kind,
    content,
    with: withFile,
    ...writing,
    db: refreshDb
  },
  needs: "workspace",
  readOnly: false,
  examples: [
    "splice insert -f src/math.ts --after-symbol add --content 'export const sub = (a: number, b: number) => a - b'",
    "splice insert -f src/shapes.rs --in 'impl Circle' --with area.rs"
  ],
  run: (v) =>
    Effect.gen(function*() {
      const anchors = ([["after", v.afterSymbol], ["before", v.beforeSymbol], ["in", v.in]] as const).filter(([, s]) => s !== undefined)
      if (anchors.length !== 1) {
        return yield* usage(anchors.length === 0 ? "give where: --after-symbol S, --before-symbol S or --in S" : "give one of --after-symbol, --before-symbol and --in", "after-symbol")
      }
      const [position, symbol] = anchors[0]!
      const code = yield* newCode(v)
      const settings = yield* writeSettings(v)
      return yield* insert({ file: v.file, position, symbol: symbol!, ...given("kind", v.kind), content: code, ...settings })
    })
})
