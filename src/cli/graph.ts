/** Flags of the code-graph commands (index, status, find, refs, outline, files, suggest, export); the programs are src/commands/graph/. */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { GraphDbLive } from "../../layers/live/GraphDbLive.js"
import { exportCommand } from "../commands/graph/export.js"
import { filesCommand } from "../commands/graph/files.js"
import { findCommand } from "../commands/graph/find.js"
import { indexCommand } from "../commands/graph/index.js"
import { outlineCommand } from "../commands/graph/outline.js"
import { refsCommand } from "../commands/graph/refs.js"
import { statusCommand } from "../commands/graph/status.js"
import { suggestCommand } from "../commands/graph/suggest.js"
import * as common from "./common.js"

const base = { db: common.db, workspace: common.workspace, output: common.output }
const kinds = ["function", "method", "class", "interface", "type", "enum", "struct", "trait", "constant", "variable", "module", "namespace", "macro"] as const

/** The live services plus the graph database; `create` builds one when none is found. */
const withGraph = (create: boolean) => <A extends common.CommonFlags & { readonly db: Option.Option<string> }>(flags: A) => {
  const live = common.layerFor(flags)
  const explicit = Option.getOrUndefined(flags.db)
  return Layer.provideMerge(GraphDbLive({ create, ...(explicit !== undefined ? { explicit } : {}) }), live)
}

const index = Command.make("index", { ...base, full: Options.boolean("full").pipe(Options.withDescription("Re-parse every file")) }, (f) => indexCommand(f.full))
  .pipe(Command.withDescription("Build or refresh the code graph (progress on stderr)"))

const status = Command.make("status", base, () => statusCommand)
  .pipe(Command.withDescription("Where the graph is, how it was found, its counts and stale files"))

const find = Command.make("find", {
  ...base,
  name: Args.text({ name: "NAME" }).pipe(Args.withDescription("A name, a qualified name, or a glob (* and ?)")),
  kind: Options.choice("kind", kinds).pipe(Options.optional),
  file: Options.text("file").pipe(Options.withDescription("Only symbols of this file (or path suffix)"), Options.optional),
  exported: Options.boolean("exported").pipe(Options.withDescription("Only exported (public) symbols")),
  fuzzy: Options.boolean("fuzzy").pipe(Options.withDescription("Match the letters of NAME in order, ranked by similarity")),
  limit: Options.integer("limit").pipe(
    Options.withDescription("Print at most this many symbols (default 200); the result says truncated: true and the total when there were more"),
    Options.withDefault(200)
  )
}, (f) => findCommand({
  name: f.name, exported: f.exported, fuzzy: f.fuzzy, limit: f.limit,
  ...(Option.isSome(f.kind) ? { kind: f.kind.value } : {}), ...(Option.isSome(f.file) ? { file: f.file.value } : {})
})).pipe(Command.withDescription("Find symbols by name, glob or fuzzy match"))

const refs = Command.make("refs", {
  ...base,
  name: Args.text({ name: "NAME" }),
  kind: Options.choice("kind", kinds).pipe(Options.optional),
  file: Options.text("file").pipe(Options.withDescription("The definition's file, when the name is ambiguous"), Options.optional)
}, (f) => refsCommand({ name: f.name, ...(Option.isSome(f.kind) ? { kind: f.kind.value } : {}), ...(Option.isSome(f.file) ? { file: f.file.value } : {}) }))
  .pipe(Command.withDescription("A symbol's definition, references, callers and callees"))

const outline = Command.make("outline", { ...base, file: Args.text({ name: "FILE" }) }, (f) => outlineCommand(f.file))
  .pipe(Command.withDescription("A file's symbols as a tree with signatures and spans"))

const files = Command.make("files", base, () => filesCommand)
  .pipe(Command.withDescription("Indexed files with language, symbol count and freshness"))

const suggest = Command.make("suggest", {
  ...base,
  fnName: Options.text("fn-name").pipe(Options.withDescription("Name of the function to scaffold")),
  desc: Options.text("desc").pipe(Options.withAlias("d"), Options.withDescription("What it should do")),
  file: Options.text("file").pipe(Options.withDescription("Target file: its language, and imports relative to it"), Options.optional)
}, (f) => suggestCommand({ fnName: f.fnName, desc: f.desc, ...(Option.isSome(f.file) ? { file: f.file.value } : {}) }))
  .pipe(Command.withDescription("A function scaffold grounded in the code graph's related symbols and types"))

const exportGraph = Command.make("export", { ...base, format: Options.choice("format", ["json", "jsonl"]).pipe(Options.withDefault("json" as const)) }, (f) => exportCommand(f.format))
  .pipe(Command.withDescription("The whole graph as JSON or JSON lines"))

export const graphCommands = [
  Command.provide(index, withGraph(true)),
  Command.provide(status, withGraph(false)),
  Command.provide(find, withGraph(true)),
  Command.provide(refs, withGraph(true)),
  Command.provide(outline, withGraph(true)),
  Command.provide(files, withGraph(true)),
  Command.provide(suggest, withGraph(true)),
  Command.provide(exportGraph, withGraph(true))
] as const
