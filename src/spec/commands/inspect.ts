/** The commands that look at files and change nothing: stat, diff, extract, query; the programs are src/commands/. */
import { diff } from "../../commands/diff.js"
import { extract } from "../../commands/extract.js"
import { DEFAULT_MAX_NODES, query } from "../../commands/query.js"
import { stat } from "../../commands/stat.js"
import { DEFAULT_MAX_BYTES } from "../../commands/textTarget.js"
import { defineCommand } from "../command.js"
import { choice, flag, integer, list, text } from "../param.js"
import { given } from "../settings.js"
import { maxBytes } from "../shared.js"

const symbolKinds = ["function", "method", "class", "interface", "type", "enum", "struct", "trait", "constant", "variable", "module", "namespace", "macro", "property"] as const

export const statSpec = defineCommand({
  name: "stat",
  summary: "What a file is and holds: size, mode, mtime, links, encoding, BOM, line endings, lines, language, BLAKE3",
  guide: "Facts about files before reading or editing them: size, permissions, owner, mtime, hard links, the symlink a name is (and where it leads), encoding (utf-8, utf-16/32 with a BOM, binary, unknown-8bit), BOM, line endings (lf, crlf, cr, mixed, none, with counts), lines, the language the syntax gate parses it as, and its BLAKE3 checksum. SPL-E020 no such file; SPL-E021 unreadable.",
  params: {
    files: list("files", "The files to describe", { required: true, positional: "FILE" })
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice stat src/app.ts", "splice stat README.md assets/logo.png"],
  run: (v) => stat({ files: v.files })
})

export const diffSpec = defineCommand({
  name: "diff",
  summary: "Unified diff of two files (or a file and stdin) with a summary: identical, hunks, lines added and removed",
  guide: "Compares two files line by line (line endings and a BOM count as changes) and returns the unified diff plus identical, hunks, added, removed and each side's BLAKE3; content that is not UTF-8 text is compared by checksum only. Differing files are an answer, not an error: exit 0 either way. " +
    "On the command line - reads one side from stdin, and the patch then names the file on both sides.",
  params: {
    a: text("a", "The old side: a file, or - for stdin", { required: true, positional: "A" }),
    b: text("b", "The new side: a file, or - for stdin", { required: true, positional: "B" }),
    context: integer("context", "Lines of context around each change", { defaultValue: 3, alias: "U" }),
    maxBytes
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice diff src/old.ts src/new.ts", "generate-config | splice diff config.yaml -", "splice diff a.txt b.txt --context 0"],
  run: (v) => diff({ a: v.a, b: v.b, context: v.context, maxBytes: v.maxBytes ?? DEFAULT_MAX_BYTES })
})

export const extractSpec = defineCommand({
  name: "extract",
  summary: "A piece of a file by lines or by symbol, with its checksum and span",
  guide: "The exact text of some lines, or of one definition found by the graph's parser in this file alone (with its doc comment and decorators), with its BLAKE3, its span (lines, columns, byte offsets) and the file's checksum for --expect-checksum. " +
    "SPL-E120 the range starts past the end; SPL-E001 no such symbol (close names suggested); SPL-E002 several: use Class.method or kind.",
  params: {
    file: text("file", "The file to read", { required: true, alias: "f" }),
    lines: text("lines", "Line range A:B (1-based, inclusive; A: or :B for open ends)"),
    symbol: text("symbol", "A symbol defined in the file: a name or a qualified name (Class.method)"),
    kind: choice("kind", symbolKinds, "Only a symbol of this kind"),
    maxBytes
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice extract --file src/app.ts --symbol App.render", "splice extract --file lib/util.py --lines 10:40"],
  run: (v) => extract({ file: v.file, maxBytes: v.maxBytes ?? DEFAULT_MAX_BYTES, ...given("lines", v.lines), ...given("symbol", v.symbol), ...given("kind", v.kind) })
})

export const querySpec = defineCommand({
  name: "query",
  summary: "The tree-sitter nodes of the given kinds in a file, with spans and text",
  guide: "Structural search in one file: every node of the named kinds (the grammar's names: function_definition, call, \"if\", a supertype such as expression, or ERROR for parse errors), outer before inner, with lines, columns, byte offsets and text; list-kinds prints the grammar's kinds. " +
    "SPL-E121 a kind the grammar lacks (close names suggested); SPL-E010 no grammar for the file.",
  params: {
    file: text("file", "The file to parse", { required: true, alias: "f" }),
    kinds: list("kind", "A node kind to find (repeat for several)"),
    listKinds: flag("list-kinds", "Print the node kinds of the file's grammar instead"),
    max: integer("max", "Print at most this many nodes; the result says truncated: true and the total when there were more", { defaultValue: DEFAULT_MAX_NODES }),
    maxBytes
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice query --file src/app.py --kind function_definition --kind class_definition", "splice query --file main.go --kind call_expression --max 20", "splice query --file x.rs --list-kinds"],
  run: (v) => query({ file: v.file, kinds: v.kinds, listKinds: v.listKinds, max: v.max, maxBytes: v.maxBytes ?? DEFAULT_MAX_BYTES })
})

export const inspectSpecs = [statSpec, diffSpec, extractSpec, querySpec] as const
