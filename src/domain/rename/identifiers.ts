/** Whether a new name can be written where an identifier of the language stands. */

const JS_RESERVED = new Set([
  "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export",
  "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super",
  "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with",
  // Strict mode (every module) and TypeScript's own.
  "implements", "interface", "let", "package", "private", "protected", "public", "static", "yield", "await"
])

const PYTHON_RESERVED = new Set([
  "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif",
  "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or",
  "pass", "raise", "return", "try", "while", "with", "yield"
])

const GO_RESERVED = new Set([
  "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func", "go", "goto",
  "if", "import", "interface", "map", "package", "range", "return", "select", "struct", "switch", "type", "var"
])

const JS_IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u
const PYTHON_IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}]*$/u
const GO_IDENTIFIER = /^[\p{L}_][\p{L}\p{Nd}_]*$/u
const C_LIKE_IDENTIFIER = /^[\p{L}_][\p{L}\p{Nd}_]*$/u

/** Why `name` cannot be an identifier in `language`, or undefined when it can. */
export const identifierProblem = (language: string, name: string): string | undefined => {
  const [shape, reserved] = language === "typescript" || language === "tsx" || language === "javascript"
    ? [JS_IDENTIFIER, JS_RESERVED]
    : language === "python"
    ? [PYTHON_IDENTIFIER, PYTHON_RESERVED]
    : language === "go"
    ? [GO_IDENTIFIER, GO_RESERVED]
    : [C_LIKE_IDENTIFIER, new Set<string>()]
  if (!shape.test(name)) return `${JSON.stringify(name)} is not an identifier in ${language}`
  if (reserved.has(name)) return `${JSON.stringify(name)} is a reserved word in ${language}`
  return undefined
}
