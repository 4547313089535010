/**
 * Compiler diagnostics and the rule that decides which of them an edit introduced: a diagnostic
 * after the edit is old when the same file has one with the same code and message before it.
 * Lines are ignored on purpose: an edit above an old error moves it without changing it.
 */

export type Severity = "error" | "warning" | "note"

export interface Diagnostic {
  readonly tool: string
  /** Workspace-relative path, or "" when the tool names no file. */
  readonly file: string
  readonly line: number
  readonly column: number
  readonly code: string
  readonly severity: Severity
  readonly message: string
  readonly remediation?: string
  /**
   * The tool stopped here and checked nothing after it (gcc's "fatal error", e.g. a missing header).
   * A fatal error the edit did not introduce means the edit itself went unchecked.
   */
  readonly fatal?: boolean
}

const key = (d: Diagnostic) => `${d.file}\u0000${d.code}\u0000${d.message}`

/** The diagnostics of `after` that `before` does not account for (as a multiset). */
export const newDiagnostics = (before: ReadonlyArray<Diagnostic>, after: ReadonlyArray<Diagnostic>): Diagnostic[] => {
  const seen = new Map<string, number>()
  for (const d of before) seen.set(key(d), (seen.get(key(d)) ?? 0) + 1)
  const fresh: Diagnostic[] = []
  for (const d of after) {
    const n = seen.get(key(d)) ?? 0
    if (n > 0) seen.set(key(d), n - 1)
    else fresh.push(d)
  }
  return fresh
}

export const errorsOf = (ds: ReadonlyArray<Diagnostic>): Diagnostic[] => ds.filter((d) => d.severity === "error")
