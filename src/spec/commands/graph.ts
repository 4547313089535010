/** The code-graph commands (index, status, find, refs, outline, files, suggest, export, impact, dead-code); the programs are src/commands/graph/. */
import { completeCommand } from "../../commands/graph/complete.js"
import { deadCodeCommand } from "../../commands/graph/deadCode.js"
import { exportCommand } from "../../commands/graph/export.js"
import { filesCommand } from "../../commands/graph/files.js"
import { findCommand } from "../../commands/graph/find.js"
import { impactCommand } from "../../commands/graph/impact.js"
import { indexCommand } from "../../commands/graph/index.js"
import { outlineCommand } from "../../commands/graph/outline.js"
import { refsCommand } from "../../commands/graph/refs.js"
import { statusCommand } from "../../commands/graph/status.js"
import { suggestCommand } from "../../commands/graph/suggest.js"
import { defineCommand } from "../command.js"
import { choice, flag, integer, text } from "../param.js"
import { given } from "../settings.js"
import { graphDb, maxBytes } from "../shared.js"
import { DEFAULT_MAX_BYTES } from "../../commands/textTarget.js"

const kinds = ["function", "method", "class", "interface", "type", "enum", "struct", "trait", "constant", "variable", "module", "namespace", "macro", "property"] as const
export const kind = choice("kind", kinds, "Only symbols of this kind")

export const indexSpec = defineCommand({
  name: "index",
  summary: "Build or refresh the code graph (progress on stderr)",
  guide: "Parses the workspace's source files into the graph the other graph commands query (symbols, imports, references), re-parsing only files that changed; full re-parses everything. " +
    "find, refs, outline and export refresh the graph themselves before answering, so index is needed only to build it up front; SPL-E091 when the database cannot be read or written.",
  params: { full: flag("full", "Re-parse every file"), db: graphDb },
  needs: "graph-create",
  readOnly: false,
  examples: ["splice index", "splice index --full --db /tmp/graph.db"],
  run: (v) => indexCommand(v.full)
})

export const statusSpec = defineCommand({
  name: "status",
  summary: "Where the graph is, how it was found, its counts and stale files",
  guide: "Says which graph database the graph commands use and how it was found (--db, SPLICE_DB, the workspace, ~/.magellan), how many files, symbols and references it holds, and which files changed since they were indexed. It never builds one: SPL-E091 when none exists (run index).",
  params: { db: graphDb },
  needs: "graph",
  readOnly: true,
  examples: ["splice status"],
  run: () => statusCommand
})

export const findSpec = defineCommand({
  name: "find",
  summary: "Find symbols by name, glob or fuzzy match",
  guide: "Where a function, class, type or variable is defined: file, lines, signature, exported or not. Use it instead of grep to locate a definition before reading or editing it. " +
    "SPL-E001 nothing matches: the error suggests close names; try fuzzy or a glob such as 'get*'.",
  params: {
    name: text("name", "A name, a qualified name (Class.method), or a glob (* and ?)", { required: true, positional: "NAME" }),
    kind,
    file: text("file", "Only symbols of this file (or path suffix)"),
    exported: flag("exported", "Only exported (public) symbols"),
    fuzzy: flag("fuzzy", "Match the letters of NAME in order, ranked by similarity"),
    limit: integer("limit", "Print at most this many symbols; the result says truncated: true and the total when there were more", { defaultValue: 200 }),
    db: graphDb
  },
  needs: "graph-create",
  readOnly: true,
  examples: ["splice find parseConfig", "splice find 'Parser.*' --kind method", "splice find usr --fuzzy --limit 10"],
  run: (v) => findCommand({ name: v.name, exported: v.exported, fuzzy: v.fuzzy, limit: v.limit, ...given("kind", v.kind), ...given("file", v.file) })
})

export const refsSpec = defineCommand({
  name: "refs",
  summary: "A symbol's definition, references, callers and callees",
  guide: "Everything that uses a symbol (references with file and line, the functions that call it, and what it calls): check it before renaming or changing a signature. " +
    "`references` are resolved through scopes and imports; `by_name` lists uses that only match by name (a method called on a value of unknown type): check those by reading them. " +
    "SPL-E001 no such symbol (close names suggested); SPL-E002 the name is defined in several places: give file or kind to pick one.",
  params: {
    name: text("name", "The symbol's name or qualified name", { required: true, positional: "NAME" }),
    kind,
    file: text("file", "The definition's file, when the name is ambiguous"),
    db: graphDb
  },
  needs: "graph-create",
  readOnly: true,
  examples: ["splice refs parseConfig", "splice refs render --file src/view.ts"],
  run: (v) => refsCommand({ name: v.name, ...given("kind", v.kind), ...given("file", v.file) })
})

export const outlineSpec = defineCommand({
  name: "outline",
  summary: "A file's symbols as a tree with signatures and spans",
  guide: "The structure of one file (classes, their methods, functions, types) with signatures and line spans: read it first to find the lines to read or edit in a large file. SPL-E020 no such file; SPL-E010 the file is not indexed (no grammar for its language, or ignored).",
  params: {
    file: text("file", "The file to outline", { required: true, positional: "FILE" }),
    db: graphDb
  },
  needs: "graph-create",
  readOnly: true,
  examples: ["splice outline src/app.ts"],
  run: (v) => outlineCommand(v.file)
})

export const filesSpec = defineCommand({
  name: "files",
  summary: "Indexed files with language, symbol count and freshness",
  guide: "Lists the files the graph knows, each with its language, how many symbols it defines and whether it changed since it was indexed: an overview of a workspace's source.",
  params: { db: graphDb },
  needs: "graph-create",
  readOnly: true,
  examples: ["splice files"],
  run: () => filesCommand
})

export const suggestSpec = defineCommand({
  name: "suggest",
  summary: "A function scaffold grounded in the code graph's related symbols and types",
  guide: "Drafts a new function's signature and body outline from the graph: symbols and types related to the description, with the imports they need relative to the target file. A starting point to edit, never written anywhere by itself.",
  params: {
    fnName: text("fn-name", "Name of the function to scaffold", { required: true }),
    desc: text("desc", "What it should do", { required: true, alias: "d" }),
    file: text("file", "Target file: its language, and imports relative to it in the project's style"),
    includeTests: flag("include-tests", "Let test code (test/ dirs, *.test.*, *_test.go, test_*.py) be a source of related symbols"),
    db: graphDb
  },
  needs: "graph-create",
  readOnly: true,
  examples: ["splice suggest --fn-name parseDuration --desc 'parse 1h30m into milliseconds' --file src/time.ts"],
  run: (v) => suggestCommand({ fnName: v.fnName, desc: v.desc, includeTests: v.includeTests, ...given("file", v.file) })
})

export const exportSpec = defineCommand({
  name: "export",
  summary: "The whole graph as JSON or JSON lines",
  guide: "Dumps every file, symbol, import and reference of the graph, for other tools to consume. Large on a big workspace: prefer find, refs and outline for questions.",
  params: {
    format: choice("format", ["json", "jsonl"] as const, "One JSON document, or one JSON object per line", { defaultValue: "json" }),
    db: graphDb
  },
  needs: "graph-create",
  readOnly: true,
  examples: ["splice export --format jsonl > graph.jsonl"],
  run: (v) => exportCommand(v.format)
})

export const impactSpec = defineCommand({
  name: "impact",
  summary: "What a change to a symbol can break: its users, their users, to N levels, with the files and tests",
  guide: "Follows the graph's references from a symbol to the functions that use it, then to theirs, up to depth levels (default 3); lists each with the symbol it uses, every file reached and the test files among them: run those tests after the change. " +
    "Steps through uses known only by name are marked resolution name. SPL-E001 no such symbol; SPL-E002 ambiguous: give file or kind.",
  params: {
    name: text("name", "The symbol's name or qualified name", { required: true, positional: "NAME" }),
    depth: integer("depth", "Levels of users to follow (default 3, at most 20)"),
    kind,
    file: text("file", "The definition's file, when the name is ambiguous"),
    db: graphDb
  },
  needs: "graph-create",
  readOnly: true,
  examples: ["splice impact parseConfig", "splice impact Cache.get --depth 5 --file src/cache.ts"],
  run: (v) => impactCommand({ name: v.name, depth: v.depth ?? 3, ...given("kind", v.kind), ...given("file", v.file) })
})

export const deadCodeSpec = defineCommand({
  name: "dead-code",
  summary: "Symbols nothing in the workspace uses, each with why it is considered dead",
  guide: "Lists symbols with no reference, not even a use by the same name the graph could not resolve. Not listed: test code, main and protocol methods (constructor, __init__, String), what package.json's entry files export, and other exported symbols unless include_exported (a library's users are outside the workspace). " +
    "Read each before deleting it: reflection, string lookups and dynamic imports are invisible to the graph.",
  params: {
    path: text("path", "Only symbols in this file or directory"),
    includeExported: flag("include-exported", "Also list exported symbols no file of the workspace uses"),
    db: graphDb
  },
  needs: "graph-create",
  readOnly: true,
  examples: ["splice dead-code", "splice dead-code --path src/legacy --include-exported"],
  run: (v) => deadCodeCommand({ includeExported: v.includeExported, ...given("path", v.path) })
})

export const completeSpec = defineCommand({
  name: "complete",
  summary: "Names that can be written at a position of a file (completion), best first",
  guide: "Candidates with kind, signature and source at --line/--column (1-based; the column counts UTF-8 bytes, as splice's positions do), narrowed to the partial word before it. " +
    "TS/JS from TypeScript's LanguageService; other languages from the graph: after `x.` the members of what x names, else the file's names, then the workspace's exports (with the file to import from). SPL-E010 bad position.",
  params: {
    file: text("file", "The file to complete in", { required: true }),
    line: integer("line", "1-based line of the position", { required: true }),
    column: integer("column", "1-based column (UTF-8 bytes): where the cursor is, after the partial word", { required: true }),
    limit: integer("limit", "At most this many candidates (default 20)"),
    maxBytes,
    db: graphDb
  },
  needs: "graph-create",
  readOnly: true,
  examples: ["splice complete --file src/app.ts --line 12 --column 18", "splice complete --file pkg/util.py --line 40 --column 9 --limit 5"],
  run: (v) => completeCommand({ file: v.file, line: v.line, column: v.column, limit: v.limit ?? 20, maxBytes: v.maxBytes ?? DEFAULT_MAX_BYTES })
})

export const graphSpecs = [indexSpec, statusSpec, findSpec, refsSpec, outlineSpec, filesSpec, suggestSpec, exportSpec, impactSpec, deadCodeSpec, completeSpec] as const
