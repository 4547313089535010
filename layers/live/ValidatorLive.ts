import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { extensionOf, grammarForPath } from "../../src/domain/languages.js"
import { newIssues } from "../../src/domain/newIssues.js"
import { Syntax, type SyntaxIssue } from "../../services/Syntax.js"
import { type NewSyntaxError, Validator, type Verdict } from "../../services/Validator.js"

/** The syntax gate: parse before and after, block only the errors the edit introduced. */

const sourceLine = (text: string, line: number): string => {
  const lines = text.split(/\r\n|\r|\n/)
  const l = lines[line - 1] ?? ""
  return l.length > 200 ? l.slice(0, 200) + "…" : l
}

const describe = (issue: SyntaxIssue, text: string): string => {
  if (issue.kind === "missing") return `missing ${JSON.stringify(issue.expected)}`
  const rest = text.slice(issue.offset, issue.offset + 40).split(/\r|\n/)[0]!.trim()
  return rest.length > 0 ? `unexpected ${JSON.stringify(rest)}` : "unexpected end of input"
}

export const ValidatorLive: Layer.Layer<Validator, never, Syntax> = Layer.effect(
  Validator,
  Effect.map(Syntax, (syntax) => ({
    validate: (input) =>
      Effect.gen(function*() {
        if (input.mode === "none") {
          return { gate: "syntax", status: "skipped", reason: "disabled by --validate none", errors: [], preexisting: 0 } satisfies Verdict
        }
        const grammar = grammarForPath(input.path)
        if (grammar === undefined) {
          const ext = extensionOf(input.path)
          return {
            gate: "syntax",
            status: "skipped",
            reason: ext === "" ? "no grammar for files without an extension" : `no grammar for ${ext} files`,
            errors: [],
            preexisting: 0
          } satisfies Verdict
        }
        const after = yield* syntax.issues(grammar, input.after)
        if (after.length === 0) {
          return { gate: "syntax", status: "passed", language: grammar.language, errors: [], preexisting: 0 } satisfies Verdict
        }
        const beforeText = input.before ?? ""
        const before = input.before === null ? [] : yield* syntax.issues(grammar, beforeText)
        const fresh = newIssues(beforeText, before, input.after, after)
        const errors: NewSyntaxError[] = fresh.map((i) => ({
          line: i.line,
          column: i.column,
          message: describe(i, input.after),
          source: sourceLine(input.after, i.line)
        }))
        return {
          gate: "syntax",
          status: errors.length === 0 ? "passed" : "failed",
          language: grammar.language,
          errors,
          preexisting: after.length - fresh.length
        } satisfies Verdict
      })
  }))
)
