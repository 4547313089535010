/**
 * The parts of a definition in its file: the doc comment and decorators above it (or, as
 * TypeScript's parser spans a decorated class, at its start), the definition itself, and its body
 * — a pair of braces, or an indented block. Offsets are UTF-16 indexes into the text. Pure.
 */
import { leadingTrivia, type Trivia } from "../leadingTrivia.js"

export interface DefinitionParts {
  /** Where the definition starts with its doc comment and decorators. */
  readonly start: number
  /** Where the definition proper starts: past decorators at its own start. */
  readonly core: number
  readonly end: number
  readonly docComment: boolean
  readonly decorators: boolean
}

/**
 * The parts of the definition spanning [defStart, defEnd): decorators (and comments among them) at
 * its start move `core` past them, and the comments and decorators right above it extend `start`.
 */
export const definitionParts = (text: string, defStart: number, defEnd: number, trivia: ReadonlyArray<Trivia>): DefinitionParts => {
  let core = defStart
  // Decorators, and comments once past the first decorator: `@a /* why */ @b class X`.
  let decorated = false
  for (;;) {
    const t: Trivia | undefined = trivia.find((x) => x.start === core && x.end <= defEnd && (x.kind === "decorator" || decorated))
    if (t === undefined) break
    decorated = true
    let next = t.end
    while (next < defEnd && /\s/.test(text[next]!)) next++
    if (next >= defEnd) break
    core = next
  }
  const leading = leadingTrivia(text, defStart, trivia)
  return {
    start: leading.start,
    core,
    end: defEnd,
    docComment: leading.docComment,
    decorators: leading.decorators || core > defStart
  }
}

/** Comment starts by language family (the languages the code graph reads). */
const HASH_COMMENTS = new Set(["python", "ruby"])
const SLASH_COMMENTS = new Set(["typescript", "tsx", "javascript", "rust", "go", "java", "c", "cpp", "csharp", "php", "kotlin"])

/**
 * Whether new code begins with a comment or a decorator/attribute of its language: then it brings
 * its own, and the definition's old ones are replaced with it instead of kept.
 */
export const startsWithLeading = (language: string, code: string): boolean => {
  const head = code.trimStart()
  if (SLASH_COMMENTS.has(language) && /^(\/\/|\/\*)/.test(head)) return true
  if ((HASH_COMMENTS.has(language) || language === "php") && /^#(?!\[)/.test(head)) return true
  if (/^@[A-Za-z_]/.test(head)) return language !== "ruby" && language !== "go" && language !== "c" && language !== "cpp" && language !== "rust"
  if (/^#!?\[/.test(head)) return language === "rust" || language === "php"
  if (/^\[[A-Za-z_]/.test(head)) return language === "csharp"
  return false
}

/**
 * A definition's body: what is between its braces, or its indented block (`docEnd`: where the
 * Python docstring that opens it ends).
 */
export type Body =
  | { readonly kind: "braces"; readonly open: number; readonly close: number }
  | { readonly kind: "block"; readonly start: number; readonly end: number; readonly docEnd?: number }

/** Whether Python code starts with a string literal: a docstring of its own. */
export const startsWithString = (code: string): boolean => /^[rRuUbBfF]{0,2}("|')/.test(code.trimStart())
