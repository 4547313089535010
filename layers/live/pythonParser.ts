import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import { type ProcessRunnerService } from "../../services/ProcessRunner.js"

/**
 * Python's own parser as the judge of a Python edit: tree-sitter-python accepts some indentation
 * errors (a method dedented to 2 spaces in a 4-space class, a body left without its header).
 * One python3 start per edit: `-I -S` (isolated: no current directory on sys.path, PYTHON* variables,
 * site and user site-packages left out) from a fresh empty directory, the source on stdin, so nothing of the
 * workspace is imported or run. `compile()` reports the first error only; the before-state is
 * compiled only when the after-state has one, to tell whether it is new.
 *
 * The python3 found on PATH may be a launcher rather than the interpreter (a pyenv shim is a bash
 * script that picks a version: ~0.5 s a start, against ~0.05 s). Each run reports the interpreter it
 * ended up in, and later runs of the process (`splice mcp`) start that one directly.
 */

const DRIVER = `
import json, sys, warnings
warnings.simplefilter("ignore")
req = json.loads(sys.stdin.buffer.read().decode("utf-8"))
def check(src):
    try:
        compile(src, req["path"], "exec", dont_inherit=True)
        return None
    except SyntaxError as e:
        return {"line": e.lineno or 1, "column": e.offset or 1, "message": e.msg, "type": type(e).__name__}
    except ValueError as e:
        return {"line": 1, "column": 1, "message": str(e), "type": "ValueError"}
after = check(req["after"])
before = check(req["before"]) if after is not None and req["before"] is not None else None
print(json.dumps({"version": "%d.%d.%d" % tuple(sys.version_info[:3]), "executable": sys.executable, "after": after, "before": before}))
`.trim()

export interface PythonSyntaxError {
  /** 1-based, as Python reports them (column in characters). */
  readonly line: number
  readonly column: number
  readonly message: string
  /** SyntaxError, IndentationError, TabError, ValueError (null bytes on old Pythons). */
  readonly type: string
}

export type PythonVerdict =
  | { readonly kind: "checked"; readonly version: string; readonly after: PythonSyntaxError | null; readonly before: PythonSyntaxError | null }
  | { readonly kind: "missing" }
  | { readonly kind: "failed_to_run"; readonly detail: string }

const TIMEOUT_MS = 15_000

/** The interpreter a python3 on PATH turned out to run, by that python3 and the directory it chose a version in. */
const interpreters = new Map<string, string>()

const parseReply = (stdout: string): (PythonVerdict & { readonly executable?: string }) | undefined => {
  try {
    const r = JSON.parse(stdout.trim().split("\n").pop() ?? "") as { version?: unknown; executable?: unknown; after?: unknown; before?: unknown }
    if (typeof r.version !== "string") return undefined
    return {
      kind: "checked",
      version: r.version,
      after: (r.after ?? null) as PythonSyntaxError | null,
      before: (r.before ?? null) as PythonSyntaxError | null,
      ...(typeof r.executable === "string" ? { executable: r.executable } : {})
    }
  } catch {
    return undefined
  }
}

/** Compiles `after` (and `before`, when `after` fails) with python3, if there is one. */
export const pythonSyntax = (
  runner: ProcessRunnerService,
  file: string,
  before: string | null,
  after: string
): Effect.Effect<PythonVerdict> =>
  Effect.gen(function*() {
    // Relative PATH entries (".", "bin") would resolve inside the workspace: only absolute ones.
    const searchPath = (process.env["PATH"] ?? "").split(path.delimiter).filter((d) => path.isAbsolute(d))
    const found = yield* runner.which("python3", [], searchPath)
    if (found === undefined) return { kind: "missing" } as const
    const key = `${found}\0${process.cwd()}`
    const once = (python: string) =>
      Effect.acquireUseRelease(
        Effect.sync(() => fs.mkdtempSync(path.join(os.tmpdir(), "splice-py-"))),
        (cwd) =>
          Effect.map(
            runner.run({
              command: python,
              args: ["-I", "-S", "-c", DRIVER],
              cwd,
              timeoutMs: TIMEOUT_MS,
              // A pyenv shim picks the version from .python-version where the user runs splice, not
              // from the neutral directory it runs in.
              env: { PYENV_DIR: process.cwd() },
              stdin: JSON.stringify({ path: file, before, after })
            }),
            (r): PythonVerdict & { readonly executable?: string } => {
              if (r === "not_found") return { kind: "missing" }
              if (r.timedOut) return { kind: "failed_to_run", detail: `python3 timed out after ${TIMEOUT_MS} ms` }
              const reply = r.exitCode === 0 ? parseReply(r.stdout) : undefined
              return reply ?? { kind: "failed_to_run", detail: `python3 exited ${r.exitCode}: ${r.stderr.trim().slice(-500)}` }
            }
          ),
        (cwd) => Effect.sync(() => fs.rmSync(cwd, { recursive: true, force: true }))
      )
    const direct = interpreters.get(key)
    let reply = yield* once(direct ?? found)
    // The interpreter it reported before is gone or broken (a version uninstalled): PATH's again.
    if (direct !== undefined && reply.kind !== "checked") {
      interpreters.delete(key)
      reply = yield* once(found)
    }
    if (reply.kind !== "checked") return reply
    const { executable, ...verdict } = reply
    if (executable !== undefined && path.isAbsolute(executable) && fs.existsSync(executable)) interpreters.set(key, executable)
    return verdict
  })
