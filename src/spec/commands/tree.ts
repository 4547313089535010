/** `splice ls` and `splice count`: the tree as search and replace walk it. */
import { count } from "../../commands/tree/count.js"
import { ls } from "../../commands/tree/ls.js"
import { defineCommand } from "../command.js"
import { flag, integer, text } from "../param.js"
import { given } from "../settings.js"
import { walkParams } from "./search.js"

const path = text("path", "The directory (or file) to list (default: the current directory)", { positional: "PATH" })

export const lsSpec = defineCommand({
  name: "ls",
  summary: "List the tree's files as git sees them (.gitignore honoured), with size, lines, language and checksum on request",
  guide: "One `entry` line per file, in git's path order; with depth, the directories at the limit too (kind directory). " +
    "long adds size, lines (null for binary), language and the BLAKE3 checksum (pass it to an edit as its expected checksum).",
  params: {
    path,
    ...walkParams,
    depth: integer("depth", "Levels to descend: 1 lists what the directory holds itself (default: all)", { alias: "d" }),
    long: flag("long", "Add each file's size, lines, language and BLAKE3 checksum")
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice ls src --glob '*.ts'", "splice ls --depth 1", "splice ls src/lib --long"],
  run: (v) => ls({ paths: v.path === undefined ? [] : [v.path], globs: v.glob, hidden: v.hidden, noIgnore: v.noIgnore, ...given("maxDepth", v.depth), long: v.long })
})

export const countSpec = defineCommand({
  name: "count",
  summary: "Count the tree's files, lines and bytes (.gitignore honoured), with the largest files and a split by language",
  guide: "Binary files are counted apart and have no lines. by_size N adds the N largest files; by_language the counts per language, most lines first.",
  params: {
    path,
    ...walkParams,
    bySize: integer("by-size", "Also list the N largest files"),
    byLanguage: flag("by-language", "Also count per language")
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice count", "splice count src --by-size 10 --by-language"],
  run: (v) => count({ paths: v.path === undefined ? [] : [v.path], globs: v.glob, hidden: v.hidden, noIgnore: v.noIgnore, ...given("bySize", v.bySize), byLanguage: v.byLanguage })
})
