/**
 * Parsers from each checker's output to Diagnostics. Pure: they see the text the tool printed and a
 * function that turns the paths it printed into workspace-relative ones.
 */
import type { Diagnostic, Severity } from "./diagnostics.js"

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
      ...(remediation.length > 0 ? { remediation } : {})
    }
  })
}

/** `node --check`: "<file>:<line>\n<source>\n<caret>\n\nSyntaxError: message". */
export const parseNodeCheck = (out: string, rel: PathMapper): Diagnostic[] => {
  const lines = out.split(/\r?\n/)
  const loc = /^(.+):(\d+)$/.exec(lines[0] ?? "")
  const errLine = lines.find((l) => /^\w*Error: /.test(l))
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

/** `python3 -m py_compile`: a traceback ending in `File "x.py", line N` … `SyntaxError: message`. */
export const parsePyCompile = (out: string, rel: PathMapper): Diagnostic[] => {
  const lines = out.split(/\r?\n/)
  const ds: Diagnostic[] = []
  for (let i = lines.length - 1; i >= 0; i--) {
    const err = /^(\w*Error): (.*)$/.exec(lines[i]!)
    if (err === null) continue
    let file = ""
    let line = 0
    let column = 0
    for (let j = i - 1; j >= 0; j--) {
      const f = /^\s*File "(.+)", line (\d+)/.exec(lines[j]!)
      if (f !== null) {
        file = rel(f[1]!)
        line = Number(f[2])
        const caret = lines.slice(j + 1, i).find((l) => /^\s*\^+\s*$/.test(l))
        const source = lines[j + 1] ?? ""
        if (caret !== undefined) column = caret.indexOf("^") - (source.length - source.trimStart().length) + 1
        break
      }
    }
    ds.push({ tool: "py_compile", file, line, column: Math.max(column, 0), code: err[1]!, severity: "error", message: err[2]! })
    break
  }
  return ds
}

/** pyflakes: `file:line:col: message` (col since 2.2). Undefined names break at run time: errors. */
export const parsePyflakes = (out: string, rel: PathMapper): Diagnostic[] =>
  out.split(/\r?\n/).flatMap((l) => {
    const m = /^(.+?):(\d+):(?:(\d+):?)? (.*)$/.exec(l)
    if (m === null) return []
    const message = m[4]!
    const fatal = /undefined name|syntax|invalid syntax|unexpected|expected/i.test(message)
    const code = /undefined name/.test(message) ? "undefined-name" : /imported but unused/.test(message) ? "unused-import" : /redefinition/.test(message) ? "redefinition" : /assigned to but never used/.test(message) ? "unused-variable" : "pyflakes"
    return [{ tool: "pyflakes", file: rel(m[1]!), line: Number(m[2]), column: m[3] === undefined ? 0 : Number(m[3]), code, severity: fatal ? "error" : "warning", message } satisfies Diagnostic]
  })

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

/** Diagnostics from one checker step, by tool. A custom gate counts only when it failed. */
export const parseCheckerOutput = (
  step: { readonly tool: string; readonly custom: boolean; readonly file: string },
  result: { readonly stdout: string; readonly stderr: string; readonly exitCode: number | null },
  rel: PathMapper
): Diagnostic[] => {
  const both = result.stdout + (result.stdout.length > 0 && result.stderr.length > 0 ? "\n" : "") + result.stderr
  if (step.custom) return result.exitCode === 0 ? [] : parseCustom(both.length > 0 ? both : `exited with ${result.exitCode}`, step.tool, step.file)
  switch (step.tool) {
    case "tsc":
      return parseTsc(both, rel)
    case "node":
      return result.exitCode === 0 ? [] : parseNodeCheck(result.stderr, rel)
    case "py_compile":
      return result.exitCode === 0 ? [] : parsePyCompile(result.stderr, rel)
    case "pyflakes":
      return parsePyflakes(both, rel)
    case "cargo":
      return parseCargoJson(result.stdout, rel)
    case "go vet":
      return parseGo(both, rel, "go vet")
    case "gcc":
    case "g++":
      return parseGccJson(result.stderr, rel, step.tool)
    case "javac":
      return parseJavac(both, rel)
    default:
      return result.exitCode === 0 ? [] : parseCustom(both, step.tool, step.file)
  }
}
