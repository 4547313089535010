/** `splice search`: ripgrep-like search of the tree; `splice replace`: every match replaced, as one transaction. */
import * as Effect from "effect/Effect"
import { replace } from "../../commands/tree/replace.js"
import { search } from "../../commands/tree/search.js"
import { defineCommand } from "../command.js"
import { flag, integer, list, text } from "../param.js"
import { given, holdMs, settingsFrom } from "../settings.js"
import { diff, gates, preview, refreshDb } from "../shared.js"

/** The walk's parameters, shared by search, replace, ls and count. */
export const walkParams = {
  glob: list("glob", "Only files matching this gitignore-style glob; !GLOB excludes (*.ts: any depth; a/*.ts: from here)", { alias: "g" }),
  hidden: flag("hidden", "Include names starting with a dot (.git and .splice are never entered)"),
  noIgnore: flag("no-ignore", "Do not honour .gitignore files and .git/info/exclude")
}

/** The pattern parameters, shared by search and replace. */
export const patternParams = {
  regex: flag("regex", "PATTERN is a JavaScript regular expression (Unicode mode) instead of a literal text"),
  ignoreCase: flag("ignore-case", "Match regardless of case (Unicode case folding)", { alias: "i" }),
  word: flag("word", "Only whole words: no letter, digit or _ right before or after a match", { alias: "w" })
}

export const searchSpec = defineCommand({
  name: "search",
  summary: "Search the tree for a text or regex, ripgrep-style: .gitignore honoured, binary files skipped",
  guide: "One `match` line per matching line: file, line, column (1-based, characters), offset (of the line, bytes), text, " +
    "submatches [{text, start, end}] (bytes in the line); then a summary. Literal unless `regex`. No match is not an error. " +
    "SPL-E100 invalid regex; SPL-E101 empty pattern; SPL-E020 no such path.",
  params: {
    pattern: text("pattern", "The text to look for (a regex with --regex)", { required: true, positional: "PATTERN" }),
    paths: list("paths", "Files or directories to search (default: the current directory)", { positional: "PATH" }),
    ...patternParams,
    context: integer("context", "Lines of context before and after each matching line", { alias: "C" }),
    filesWithMatches: flag("files-with-matches", "Print only the names of files with a match", { alias: "l" }),
    count: flag("count", "Print only the number of matching lines of each file", { alias: "c" }),
    maxCount: integer("max-count", "Stop searching a file after this many matching lines", { alias: "m" }),
    limit: integer("limit", "Stop after this many matching lines in all (files with -l or -c); the result says truncated"),
    ...walkParams
  },
  needs: "workspace",
  readOnly: true,
  examples: [
    "splice search TODO",
    "splice search 'fn\\s+\\w+\\(' src --regex --glob '*.rs'",
    "splice search useState -w -C 2 --glob '!*.test.tsx'",
    "splice search -l -i deprecated"
  ],
  run: (v) =>
    search({
      pattern: v.pattern,
      paths: v.paths,
      regex: v.regex,
      ignoreCase: v.ignoreCase,
      word: v.word,
      context: v.context ?? 0,
      filesWithMatches: v.filesWithMatches,
      count: v.count,
      ...given("maxCount", v.maxCount),
      ...given("limit", v.limit),
      globs: v.glob,
      hidden: v.hidden,
      noIgnore: v.noIgnore
    })
})

export const replaceSpec = defineCommand({
  name: "replace",
  summary: "Replace every match of a text or regex in the tree, as one transaction: locked, syntax-gated, journaled, undoable",
  guide: "Literal unless `regex` (then REPLACEMENT takes $1, $<name>, $&, $$). Every matching file is locked and changed in memory, " +
    "each result syntax-gated, then all are written atomically in one transaction (undo reverses it whole). Use expect_count to refuse " +
    "a surprise (SPL-E102, nothing written); preview shows the diff. SPL-E042 a result would not parse; SPL-E103 a group the pattern lacks.",
  params: {
    pattern: text("pattern", "The text to replace (a regex with --regex)", { required: true, positional: "PATTERN" }),
    replacement: text("replacement", "What replaces each match (with --regex: $1, $<name>, $& and $$ as in JavaScript)", { required: true, positional: "REPLACEMENT" }),
    paths: list("paths", "Files or directories (default: the current directory)", { positional: "PATH" }),
    ...patternParams,
    expectCount: integer("expect-count", "Refuse (exit 6, nothing written) unless exactly this many matches are replaced"),
    preview,
    diff,
    ...walkParams,
    ...gates,
    db: refreshDb
  },
  needs: "workspace",
  readOnly: false,
  examples: [
    "splice replace oldName newName src --word --preview",
    "splice replace 'import (\\w+) from \"lodash\"' 'import $1 from \"lodash-es\"' --regex --glob '*.ts'",
    "splice replace http:// https:// docs --expect-count 12"
  ],
  run: (v) =>
    Effect.gen(function*() {
      const settings = yield* settingsFrom(v)
      return yield* replace({
        pattern: v.pattern,
        replacement: v.replacement,
        paths: v.paths,
        regex: v.regex,
        ignoreCase: v.ignoreCase,
        word: v.word,
        ...given("expectCount", v.expectCount),
        preview: v.preview,
        showDiff: v.diff,
        globs: v.glob,
        hidden: v.hidden,
        noIgnore: v.noIgnore,
        ...settings,
        ...holdMs(),
        ...given("db", v.db)
      })
    })
})
