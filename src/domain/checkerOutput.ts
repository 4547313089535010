/**
 * Parsers from each checker's output to Diagnostics. Pure: they see the text the tool printed and a
 * function that turns the paths it printed into workspace-relative ones.
 */
import type { Diagnostic, Severity } from "./diagnostics.js"
import { pyflakesSeverity } from "./pyflakesClasses.js"

export type PathMapper = (printed: string) => string

const severityOf = (s: string): Severity => (/error|fatal/i.test(s) ? "error" : /warn/i.test(s) ? "warning" : "note")

/** `file(line,col): error TS2322: message` (tsc --pretty false). */
export const parseTsc = (out: string, rel: PathMapper): Diagnostic[] => {
  const ds: Diagnostic[] = []
  const re = /^(.+?)\((\d+),(\d+)\): (error|warning|message) (TS\d+): (.*)$/
  const lines = out.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const m = re.exec(lines[i]!)
    if (m === null) {
      // A global error ("error TS5083: Cannot read file ...") has no location.
      const g = /^(error|warning) (TS\d+): (.*)$/.exec(lines[i]!)
      if (g !== null) ds.push({ tool: "tsc", file: "", line: 0, column: 0, code: g[2]!, severity: severityOf(g[1]!), message: g[3]! })
      continue
    }
    let message = m[6]!
    // Continuation lines of a long message are indented.
    while (i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1]!)) message += "\n" + lines[++i]!.trim()
    ds.push({ tool: "tsc", file: rel(m[1]!), line: Number(m[2]), column: Number(m[3]), code: m[5]!, severity: severityOf(m[4]!), message })
  }
  return ds
}

/**
 * The files `tsc --listFiles` printed (one absolute path per line, beside its diagnostics), as
 * workspace paths: the files its program read.
 */
export const parseTscListedFiles = (out: string, rel: PathMapper): string[] =>
  out.split(/\r?\n/).filter((l) => LISTED_FILE.test(l)).map(rel)

/**
 * `go list -f GO_LIST_FILES pkg`: the package's files that build reads (go vet checks these, its
 * tests included), one absolute path a line; files its build constraints leave out are not listed.
 */
export const GO_LIST_FILES = "{{range .GoFiles}}{{$.Dir}}/{{.}}\n{{end}}{{range .CgoFiles}}{{$.Dir}}/{{.}}\n{{end}}" +
  "{{range .TestGoFiles}}{{$.Dir}}/{{.}}\n{{end}}{{range .XTestGoFiles}}{{$.Dir}}/{{.}}\n{{end}}"

export const parseGoListedFiles = (out: string, rel: PathMapper): string[] =>
  out.split(/\r?\n/).filter((l) => l.trim().endsWith(".go")).map((l) => rel(l.trim()))

/** A line of `tsc --listFiles`: an absolute path of a script, and no diagnostic's `(line,col): `. */
const LISTED_FILE = /^(?:\/|[A-Za-z]:[\\/])(?!.*\(\d+,\d+\): ).*\.(?:d\.)?[cm]?[jt]sx?$/

interface GccLocation {
  readonly caret?: { readonly file?: string; readonly line?: number; readonly column?: number }
}
interface GccDiagnostic {
  readonly kind: string
  readonly message: string
  readonly option?: string
  readonly locations?: ReadonlyArray<GccLocation>
  readonly children?: ReadonlyArray<GccDiagnostic>
  readonly fixits?: ReadonlyArray<{ readonly string?: string }>
}

/** gcc/g++ -fdiagnostics-format=json (one JSON array on stderr). */
export const parseGccJson = (out: string, rel: PathMapper, tool: string): Diagnostic[] => {
  const start = out.indexOf("[")
  if (start === -1) return []
  let list: GccDiagnostic[]
  try {
    list = JSON.parse(out.slice(start, out.lastIndexOf("]") + 1)) as GccDiagnostic[]
  } catch {
    return []
  }
  return list.map((d) => {
    const caret = d.locations?.[0]?.caret
    const help = (d.children ?? []).filter((c) => c.kind === "note").map((c) => c.message)
    const fix = (d.fixits ?? []).map((f) => f.string).filter((s): s is string => typeof s === "string")
    const remediation = [...help, ...fix.map((f) => `insert ${JSON.stringify(f)}`)].join("; ")
    return {
      tool,
      file: caret?.file === undefined ? "" : rel(caret.file),
      line: caret?.line ?? 0,
      column: caret?.column ?? 0,
      code: d.option ?? "",
      severity: severityOf(d.kind),
      message: d.message,
      ...(remediation.length > 0 ? { remediation } : {}),
      ...(/fatal/i.test(d.kind) ? { fatal: true } : {})
    }
  })
}

/**
 * `node --check`: "<file>:<line>\n<source>\n<caret>\n\nSyntaxError: message". Only a SyntaxError is a
 * verdict on the file; any other error (a missing file, a bad flag) means node did not check it.
 */
export const parseNodeCheck = (out: string, rel: PathMapper): Diagnostic[] => {
  const lines = out.split(/\r?\n/)
  const loc = /^(.+):(\d+)$/.exec(lines[0] ?? "")
  const errLine = lines.find((l) => /^SyntaxError: /.test(l))
  if (errLine === undefined) return []
  const [name, ...rest] = errLine.split(": ")
  const caret = lines.findIndex((l) => /^\s*\^+\s*$/.test(l))
  return [{
    tool: "node",
    file: loc === null ? "" : rel(loc[1]!),
    line: loc === null ? 0 : Number(loc[2]),
    column: caret === -1 ? 0 : lines[caret]!.indexOf("^") + 1,
    code: name!,
    severity: "error",
    message: rest.join(": ")
  }]
}

/**
 * Python's compile() through splice's driver (layers/live/pythonChecks.ts, tool "py_compile"):
 * `{"errors": [{class, line, col, message}]}`, col 1-based. SyntaxError and its subclasses
 * (IndentationError, TabError) and ValueError (NUL bytes) are errors. Undefined when the output is
 * not that object.
 */
export const parsePyCompileJson = (out: string, file: string): Diagnostic[] | undefined => {
  let parsed: { errors?: unknown }
  try {
    parsed = JSON.parse(out.trim())
  } catch {
    return undefined
  }
  if (parsed === null || typeof parsed !== "object" || !Array.isArray(parsed.errors)) return undefined
  return (parsed.errors as PyflakesMessage[]).map((e) => ({
    tool: "py_compile", file, line: Number(e.line) || 0, column: Number(e.col) || 0, code: String(e.class), severity: "error", message: String(e.message)
  }))
}

interface PyflakesMessage {
  readonly class: string
  readonly line: number
  readonly col: number
  readonly message: string
}

/**
 * pyflakes through splice's driver (layers/live/pythonChecks.ts): one JSON object
 * `{"messages": [{class, line, col, message}]}`, `col` 0-based. Each message is classified by its
 * pyflakes class (src/domain/pyflakesClasses.ts). Undefined when the output is not that object.
 */
export const parsePyflakesJson = (out: string, file: string): Diagnostic[] | undefined => {
  let parsed: { messages?: unknown }
  try {
    parsed = JSON.parse(out.trim())
  } catch {
    return undefined
  }
  if (parsed === null || typeof parsed !== "object" || !Array.isArray(parsed.messages)) return undefined
  return (parsed.messages as PyflakesMessage[]).map((m) => ({
    tool: "pyflakes",
    file,
    line: Number(m.line) || 0,
    column: (Number(m.col) || 0) + 1,
    code: String(m.class),
    severity: pyflakesSeverity(String(m.class)),
    message: String(m.message)
  }))
}

interface CargoSpan {
  readonly file_name: string
  readonly line_start: number
  readonly column_start: number
  readonly is_primary: boolean
  readonly suggested_replacement?: string | null
}
interface CargoMessage {
  readonly message: string
  readonly level: string
  readonly code?: { readonly code: string } | null
  readonly spans: ReadonlyArray<CargoSpan>
  readonly children: ReadonlyArray<CargoMessage>
}

/** `cargo check --message-format=json`: one JSON object per line; compiler messages carry spans. */
export const parseCargoJson = (out: string, rel: PathMapper): Diagnostic[] =>
  out.split(/\r?\n/).flatMap((l) => {
    if (!l.startsWith("{")) return []
    let o: { reason?: string; message?: CargoMessage }
    try {
      o = JSON.parse(l)
    } catch {
      return []
    }
    if (o.reason !== "compiler-message" || o.message === undefined) return []
    const m = o.message
    if (m.level !== "error" && m.level !== "warning") return []
    if (/^aborting due to|^could not compile/.test(m.message)) return []
    const span = m.spans.find((s) => s.is_primary) ?? m.spans[0]
    const help = m.children.filter((c) => c.level === "help" || c.level === "note").map((c) => {
      const fix = c.spans.find((s) => typeof s.suggested_replacement === "string")?.suggested_replacement
      return fix ? `${c.message}: \`${fix}\`` : c.message
    })
    return [{
      tool: "cargo",
      file: span === undefined ? "" : rel(span.file_name),
      line: span?.line_start ?? 0,
      column: span?.column_start ?? 0,
      code: m.code?.code ?? "",
      severity: m.level === "error" ? "error" : "warning",
      message: m.message,
      ...(help.length > 0 ? { remediation: help.join("; ") } : {})
    } satisfies Diagnostic]
  })

/** `go vet` / `go build`: `file.go:line:col: message` (vet adds a `vet: ` prefix). */
export const parseGo = (out: string, rel: PathMapper, tool: string): Diagnostic[] =>
  out.split(/\r?\n/).flatMap((l) => {
    const m = /^(?:vet: )?(\S+?\.go):(\d+):(?:(\d+):)? (.*)$/.exec(l.trim())
    if (m === null) return []
    return [{ tool, file: rel(m[1]!), line: Number(m[2]), column: m[3] === undefined ? 0 : Number(m[3]), code: "", severity: "error", message: m[4]! } satisfies Diagnostic]
  })

/** javac: `File.java:3: error: message` followed by the source line and a caret. */
export const parseJavac = (out: string, rel: PathMapper): Diagnostic[] => {
  const lines = out.split(/\r?\n/)
  const ds: Diagnostic[] = []
  for (let i = 0; i < lines.length; i++) {
    const m = /^(.+\.java):(\d+): (error|warning): (.*)$/.exec(lines[i]!)
    if (m === null) continue
    const caret = lines.slice(i + 1, i + 4).find((l) => /^\s*\^\s*$/.test(l))
    ds.push({ tool: "javac", file: rel(m[1]!), line: Number(m[2]), column: caret === undefined ? 0 : caret.indexOf("^") + 1, code: "", severity: severityOf(m[3]!), message: m[4]! })
  }
  return ds
}

/** A custom gate's output: every non-empty line is one finding (an error when the gate failed). */
export const parseCustom = (out: string, tool: string, file: string): Diagnostic[] =>
  out.split(/\r?\n/).map((l) => l.trimEnd()).filter((l) => l.length > 0).slice(0, 200)
    .map((message) => ({ tool, file, line: 0, column: 0, code: "", severity: "error", message }))

/** What one checker step told splice: diagnostics (maybe none), or that it could not give a verdict. */
export type StepOutcome =
  | { readonly kind: "ran"; readonly diagnostics: Diagnostic[] }
  | {
    readonly kind: "failed_to_run"
    readonly exitCode: number | null
    /** Why splice does not take the output as a verdict. */
    readonly reason: string
    /** The end of what the tool printed: stderr, or stdout when stderr is empty (tsc prints there). */
    readonly outputTail: string
  }

const TAIL_LINES = 20
const TAIL_BYTES = 2048

/** The last 20 lines, at most 2 KB, of what a tool printed. */
export const outputTail = (result: { readonly stdout: string; readonly stderr: string }): string => {
  const text = (result.stderr.trim().length > 0 ? result.stderr : result.stdout).trimEnd()
  let tail = text.split(/\r?\n/).slice(-TAIL_LINES).join("\n")
  if (tail.length > TAIL_BYTES) tail = "…" + tail.slice(tail.length - TAIL_BYTES)
  return tail
}

const parseBuiltIn = (tool: string, file: string, result: { readonly stdout: string; readonly stderr: string; readonly exitCode: number | null }, rel: PathMapper): Diagnostic[] | undefined => {
  const both = result.stdout + (result.stdout.length > 0 && result.stderr.length > 0 ? "\n" : "") + result.stderr
  switch (tool) {
    case "tsc":
      return parseTsc(both, rel)
    case "node":
      return parseNodeCheck(result.stderr, rel)
    case "py_compile":
      return parsePyCompileJson(result.stdout, file)
    case "pyflakes":
      return parsePyflakesJson(result.stdout, file)
    case "cargo":
      return parseCargoJson(result.stdout, rel)
    case "go vet":
      return parseGo(both, rel, "go vet")
    case "go list":
      // With -e it reports a package's errors in its output, not as findings: go vet reports them.
      return []
    case "gcc":
    case "g++":
      return parseGccJson(result.stderr, rel, tool)
    case "javac":
      return parseJavac(both, rel)
    default:
      return undefined
  }
}

/**
 * One checker step's result, read the way that tool means it. A verdict needs evidence:
 * - a built-in checker that exits 0 passed (its warnings still count as warnings);
 * - one that exits non-zero must have printed at least one error splice can place in a file
 *   (tsc's location-less errors are configuration errors: it did not check the code); otherwise it
 *   failed to run (cargo offline, a crash, a missing dependency, a bad flag, a too-old toolchain);
 * - splice's Python drivers (compile, pyflakes) must print their JSON, whatever their exit code;
 * - a custom gate passes on exit 0 and fails on 1–125 with each output line a finding; 126/127 (the
 *   command could not be executed), 128+ and death by a signal mean it did not run.
 */
export const interpretCheckerOutput = (
  step: { readonly tool: string; readonly custom: boolean; readonly file: string },
  printed: { readonly stdout: string; readonly stderr: string; readonly exitCode: number | null },
  rel: PathMapper
): StepOutcome => {
  // tsc --listFiles: the program's files are no finding, and no output to show for a failure.
  const result = step.tool === "tsc" && !step.custom ? { ...printed, stdout: printed.stdout.split(/\r?\n/).filter((l) => !LISTED_FILE.test(l)).join("\n") } : printed
  const failed = (reason: string): StepOutcome => ({ kind: "failed_to_run", exitCode: result.exitCode, reason, outputTail: outputTail(result) })
  const code = result.exitCode
  if (code === null) return failed(`${step.tool} was killed by a signal`)
  if (step.custom) {
    if (code === 0) return { kind: "ran", diagnostics: [] }
    if (code === 126 || code === 127) return failed(`${step.tool} exited with ${code}: a command it runs could not be executed`)
    if (code >= 128) return failed(`${step.tool} exited with ${code} (killed by signal ${code - 128})`)
    const both = result.stdout + (result.stdout.length > 0 && result.stderr.length > 0 ? "\n" : "") + result.stderr
    return { kind: "ran", diagnostics: parseCustom(both.length > 0 ? both : `exited with ${code}`, step.tool, step.file) }
  }
  const diagnostics = parseBuiltIn(step.tool, step.file, result, rel)
  if (diagnostics === undefined) return failed(`${step.tool} exited with ${code} and did not print the output splice reads`)
  if (code === 0) return { kind: "ran", diagnostics }
  if (diagnostics.some((d) => d.severity === "error" && d.file !== "")) return { kind: "ran", diagnostics }
  return failed(`${step.tool} exited with ${code} without reporting an error in a file`)
}
