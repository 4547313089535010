import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { Language, Node, Parser, Query, Tree } from "web-tree-sitter"
import type { Grammar } from "../../src/domain/languages.js"
import { maskHtmlText } from "../../src/domain/htmlText.js"
import { blankCommentRuns } from "../../src/domain/pythonCommentRuns.js"
import { type SpliceError, spliceError } from "../../src/domain/SpliceError.js"
import { newIssues } from "../../src/domain/newIssues.js"
import type { ParseMap } from "../../src/domain/parseMap.js"
import { lineOfOffset, lineStarts } from "../../src/domain/textMatch.js"
import { treeEditOf } from "../../src/domain/treeEdit.js"
import { type Capture, Syntax, type SyntaxIssue, type TsSyntaxError } from "../../services/Syntax.js"
import { readWasm } from "./grammarFiles.js"
import { goStandardPackage } from "./goRoot.js"
import { keepsRecent, parseWhenIdle, recall, remember } from "./recentTrees.js"
import { keepFreshParse, keepsParseOf, scriptKindOf, typescriptCompletions, typescriptEditErrors, typescriptDefinitionFiles, typescriptFacts, typescriptFileRenameEdits, typescriptRenameLocations } from "./typescriptParser.js"

/**
 * tree-sitter through web-tree-sitter. The runtime and each grammar are loaded from bytes (paths
 * break inside bundles and executables) on first use, so a command that parses no TypeScript never
 * pays for the TypeScript grammar. Loading is per process and can be started early (`preloadGrammar`)
 * so the wasm compiles on a background thread while the command line is still being parsed.
 */

// Imported on first parse: commands that never parse never load (or even compile) the runtime.
const treeSitter = () => import("web-tree-sitter")
let runtime: Promise<Parser> | undefined
const languages = new Map<string, Promise<Language>>()

const parser = () =>
  (runtime ??= treeSitter().then(async ({ Parser }) => {
    // (typed as ArrayBuffer by @types/emscripten; Emscripten accepts any BufferSource)
    await Parser.init({ wasmBinary: readWasm("web-tree-sitter.wasm", "web-tree-sitter") as unknown as ArrayBuffer })
    return new Parser()
  }))

const language = (g: Grammar): Promise<Language> => {
  let l = languages.get(g.wasm)
  if (l === undefined) {
    // Language.load needs the runtime initialised first.
    l = parser().then(() => treeSitter()).then(({ Language }) => Language.load(readWasm(g.wasm, g.pkg)))
    languages.set(g.wasm, l)
  }
  return l
}

/** Start loading a grammar now; errors surface later, when it is used. */
export const preloadGrammar = (g: Grammar): void => {
  language(g).catch(() => undefined)
}

const collect = (root: Node, text: string): SyntaxIssue[] => {
  const starts = lineStarts(text)
  const out: SyntaxIssue[] = []
  const stack: Node[] = [root]
  while (stack.length > 0) {
    const n = stack.pop()!
    if (!n.hasError && !n.isMissing) continue
    if (n.isMissing || n.isError) {
      const line = lineOfOffset(starts, n.startIndex)
      const column = n.startIndex - starts[line - 1]! + 1
      out.push(n.isMissing
        ? { kind: "missing", expected: n.type, offset: n.startIndex, line, column }
        : { kind: "error", offset: n.startIndex, line, column })
      if (n.isMissing) continue
    }
    // All children in one call: a wasm round trip per child costs more (big files have thousands).
    const children = n.children
    for (let i = children.length - 1; i >= 0; i--) {
      const c = children[i]
      if (c !== null && c !== undefined) stack.push(c)
    }
  }
  return out.sort((a, b) => a.offset - b.offset)
}

// Compiled queries, per grammar and query text (compiling one costs more than running it).
const queries = new Map<string, Promise<Query>>()
const compiled = (g: Grammar, source: string): Promise<Query> => {
  const key = `${g.wasm}\u0000${source}`
  let q = queries.get(key)
  if (q === undefined) {
    q = Promise.all([language(g), treeSitter()]).then(([lang, { Query }]) => new Query(lang, source))
    queries.set(key, q)
  }
  return q
}

/** Where each row starts as tree-sitter counts rows and columns: after each LF, in UTF-16 units. */
const rowStarts = (text: string): number[] => {
  const starts = [0]
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1)
  return starts
}

const issuesOf = (tree: Tree, text: string): SyntaxIssue[] => tree.rootNode.hasError ? collect(tree.rootNode, text) : []

/** A tree's top-level nodes, comments and other extras left out, as [start, end) pairs (parseMap.ts). */
const topLevel = (tree: Tree): number[] => {
  const out: number[] = []
  for (const c of tree.rootNode.children) if (c !== null && !c.isExtra) out.push(c.startIndex, c.endIndex)
  return out
}

const mapOf = (tree: Tree, text: string): ParseMap => ({ length: text.length, nodes: topLevel(tree) })

/**
 * What the gate parses: the text itself, but for HTML without what tree-sitter-html wrongly rejects
 * (see htmlText.ts), and for Python without the comment lines its scanner is quadratic on (pythonCommentRuns.ts).
 */
const gateText = (grammar: Grammar, text: string): string =>
  grammar.language === "html" ? maskHtmlText(text) : grammar.language === "python" ? blankCommentRuns(text) : text

const parsed = (tree: Tree | null): Tree => {
  if (tree === null) throw new Error("parser returned no tree")
  return tree
}

/** What `read` makes of a fresh parse of the text's gate text (the tree is deleted after). */
const freshParse = <A>(grammar: Grammar, original: string, read: (tree: Tree, text: string) => A): Effect.Effect<A, SpliceError> =>
  Effect.tryPromise({
    try: async () => {
      const text = gateText(grammar, original)
      const [p, lang] = await Promise.all([parser(), language(grammar)])
      p.setLanguage(lang)
      const tree = parsed(p.parse(text))
      try {
        return read(tree, text)
      } finally {
        tree.delete()
      }
    },
    catch: (e) => spliceError("SPL-E099", `tree-sitter failed for ${grammar.language}: ${String(e)}`)
  })

/** The service itself, for a caller that builds several without a layer each (liveLayer). */
export const syntaxService: Context.Tag.Service<Syntax> = {
  tomlEngine: Effect.tryPromise({
    try: () => import("./tomlWasm.js").then((m) => m.tomlEngine()),
    catch: (e) => spliceError("SPL-E099", `TOML's parser (toml_edit wasm) could not be loaded: ${String(e)}`)
  }),
  scriptFacts: (path, text) =>
    Effect.try({
      try: () => {
        try {
          return typescriptFacts(path, text, scriptKindOf(path) ?? "ts")
        } catch (e) {
          // TypeScript's parser recurses: thousands of nested blocks overflow the stack.
          if (e instanceof RangeError) return undefined
          throw e
        }
      },
      catch: (e) => spliceError("SPL-E099", `TypeScript's parser failed on ${path}: ${String(e)}`)
    }),
  nodeKinds: (grammar) =>
    Effect.tryPromise({
      try: async () => {
        const [lang, { Query }] = await Promise.all([language(grammar), treeSitter()])
        const named = new Set<string>(["ERROR"])
        const anonymous = new Set<string>()
        const hidden = new Set<string>()
        // Ids from 1: 0 is the end of input. A kind can have several ids (aliases): sets keep it once.
        for (let id = 1; id < lang.nodeTypeCount; id++) {
          const name = lang.nodeTypeForId(id)
          if (name === null || name.length === 0) continue
          if (!lang.nodeTypeIsVisible(id)) hidden.add(name)
          else (lang.nodeTypeIsNamed(id) ? named : anonymous).add(name)
        }
        // Supertypes: grammars built for ABI 15 list them; older ones do not, but their query
        // compiler still knows them, so a hidden kind a query accepts is one.
        const supertypes = new Set(lang.supertypes.map((id) => lang.nodeTypeForId(id)).filter((n): n is string => n !== null))
        for (const h of hidden) {
          if (supertypes.has(h)) continue
          try {
            new Query(lang, `(${h}) @n`).delete()
            supertypes.add(h)
          } catch {
            // Not a supertype: a hidden rule no tree holds.
          }
        }
        const sorted = (s: Set<string>) => [...s].sort()
        return { named: sorted(named), anonymous: sorted(anonymous), supertypes: sorted(supertypes) }
      },
      catch: (e) => spliceError("SPL-E099", `tree-sitter could not list the node kinds of ${grammar.language}: ${String(e)}`)
    }),
  scriptRename: ({ files, tsconfig, conditions, file, offset, prefixAndSuffix }) =>
    // A failure of the LanguageService (a TypeScript bug, a stack overflow) leaves the graph to do the rename.
    Effect.sync(() => {
      try {
        return typescriptRenameLocations({ files, tsconfig, conditions }, file, offset, prefixAndSuffix === true)
      } catch {
        return undefined
      }
    }),
  scriptFileRename: ({ files, tsconfig, conditions, moves, scan }) =>
    // A failure of the LanguageService (a TypeScript bug, a stack overflow): the move reports its importers as not updated.
    Effect.sync(() => {
      try {
        return typescriptFileRenameEdits({ files, tsconfig, conditions }, moves, scan)
      } catch {
        return undefined
      }
    }),
  scriptDefinitionFiles: ({ files, tsconfig, conditions, uses }) =>
    Effect.sync(() => {
      try {
        return typescriptDefinitionFiles({ files, tsconfig, conditions }, uses)
      } catch {
        return undefined
      }
    }),
  scriptEditErrors: (path, before, after, from) =>
    Effect.sync(() => {
      const kind = scriptKindOf(path)
      if (!keepsRecent() || kind === undefined || (from === "kept" && !keepsParseOf(path, kind, before))) return undefined
      try {
        const errors = typescriptEditErrors(path, kind, before, after)
        // New errors: the edit is likely refused and the file keeps the before-text, whose parse the
        // update spent; parsed again once the process is idle, for the next try.
        const key = (e: TsSyntaxError) => ({ kind: "error" as const, expected: String(e.code), offset: e.start })
        if (newIssues(before, errors.before.map(key), after, errors.after.map(key)).length > 0) {
          parseWhenIdle(`typescript\u0000${path}`, before, async () => keepFreshParse(path, kind, before))
        }
        return errors
      } catch {
        // Not loadable, or its recursive parser overflowed the stack: the gate's other way decides.
        return undefined
      }
    }),
  goStandardPackage: (importPath) => Effect.sync(() => goStandardPackage(importPath)),
  scriptCompletions: ({ files, tsconfig, conditions, file, offset, describe }) =>
    Effect.sync(() => {
      try {
        return typescriptCompletions({ files, tsconfig, conditions }, file, offset, describe)
      } catch {
        return undefined
      }
    }),
  query: (grammar, text, source) =>
    Effect.tryPromise({
      try: async () => {
        const [p, lang, q] = await Promise.all([parser(), language(grammar), compiled(grammar, source)])
        p.setLanguage(lang)
        const tree = p.parse(text)
        if (tree === null) throw new Error("parser returned no tree")
        try {
          // End positions from the end index (one wasm call per capture fewer: a graph query has ~2 per identifier).
          const starts = rowStarts(text)
          return q.matches(tree.rootNode).map((m) =>
            m.captures.map((c): Capture => {
              const end = c.node.endIndex
              const endRow = lineOfOffset(starts, end) - 1
              return {
                name: c.name,
                type: c.node.type,
                start: c.node.startIndex,
                end,
                startRow: c.node.startPosition.row,
                startColumn: c.node.startPosition.column,
                endRow,
                endColumn: end - starts[endRow]!
              }
            })
          )
        } finally {
          tree.delete()
        }
      },
      catch: (e) => spliceError("SPL-E099", `tree-sitter query failed for ${grammar.language}: ${String(e)}`)
    }),
  // A fresh parse, neither taken from nor added to the kept trees: the reference answer.
  issues: (grammar, text) => freshParse(grammar, text, issuesOf),
  parseMap: (grammar, text) => freshParse(grammar, text, (tree, t) => ({ ...mapOf(tree, t), errors: tree.rootNode.hasError })),
  editIssues: (grammar, originalBefore, originalAfter, options) =>
    Effect.tryPromise({
      try: async () => {
        const before = gateText(grammar, originalBefore)
        const after = gateText(grammar, originalAfter)
        const [p, lang, { Edit }] = await Promise.all([parser(), language(grammar), treeSitter()])
        // From here on, synchronous: no other fiber can use the parser or the kept trees meanwhile.
        p.setLanguage(lang)
        // Kept trees are keyed by the texts as given, each the tree of its gate text.
        const known = recall(grammar.wasm, originalBefore)
        const beforeTree = known?.tree ?? parsed(p.parse(before))
        let afterTree: Tree
        const edited = beforeTree.copy()
        try {
          edited.edit(new Edit(treeEditOf(before, after)))
          afterTree = parsed(p.parse(after, edited))
        } catch (e) {
          if (known === undefined) beforeTree.delete()
          throw e
        } finally {
          edited.delete()
        }
        let afterIssues: SyntaxIssue[]
        try {
          afterIssues = issuesOf(afterTree, after)
        } catch (e) {
          afterTree.delete()
          throw e
        }
        // An incremental tree with no error is the tree a fresh parse gives (tree-sitter's own tests
        // hold its incremental parses to that): kept for the next edit. One with errors is not (see
        // recentTrees.ts): the edited text is parsed afresh once the process is idle.
        const clean = afterIssues.length === 0
        const afterMap = options?.maps === true && clean ? mapOf(afterTree, after) : undefined
        if (clean) remember(grammar.wasm, originalAfter, afterTree, afterIssues)
        else afterTree.delete()
        // Nothing to compare when the edited text is clean: the before-errors are not even collected.
        const beforeIssues = afterIssues.length === 0 ? undefined : known?.issues ?? issuesOf(beforeTree, before)
        const maps = options?.maps === true ? { before: beforeTree.rootNode.hasError ? undefined : mapOf(beforeTree, before), after: afterMap } : undefined
        // The before-text stays on disk if the gate fails: its tree is worth keeping too.
        if (known === undefined) remember(grammar.wasm, originalBefore, beforeTree, beforeIssues)
        else known.issues ??= beforeIssues
        // A long-running process parses the edited text afresh later, for the next edit of it.
        if (!clean) parseWhenIdle(grammar.wasm, originalAfter, async () => {
          const [idleParser, idleLang] = await Promise.all([parser(), language(grammar)])
          idleParser.setLanguage(idleLang)
          const tree = parsed(idleParser.parse(after))
          remember(grammar.wasm, originalAfter, tree, issuesOf(tree, after))
        })
        return { after: afterIssues, before: beforeIssues, ...(maps !== undefined ? { maps } : {}) }
      },
      catch: (e) => spliceError("SPL-E099", `tree-sitter failed for ${grammar.language}: ${String(e)}`)
    })
}

export const SyntaxLive: Layer.Layer<Syntax> = Layer.succeed(Syntax, syntaxService)
