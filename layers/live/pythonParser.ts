import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import type { LineWorker, ProcessRunnerService } from "../../services/ProcessRunner.js"

/**
 * Python's own parser as the judge of a Python edit: tree-sitter-python accepts some indentation
 * errors (a method dedented to 2 spaces in a 4-space class, a body left without its header).
 * python3 runs `-I -S` (isolated: no current directory on sys.path, PYTHON* variables, site and user
 * site-packages left out) from a fresh empty directory, the source on stdin as one JSON line, so
 * nothing of the workspace is imported or run. `compile()` reports the first error only; the
 * before-state is compiled only when the after-state has one, to tell whether it is new.
 *
 * A CLI process starts python3 for its edit (the request, then EOF). `splice mcp` keeps one running
 * (ProcessRunner's worker: ~5 ms a check instead of ~100–150 ms a start), the same script answering a line per
 * request; one that died is started again, and one that hangs is killed at the timeout.
 *
 * The python3 found on PATH may be a launcher rather than the interpreter (a pyenv shim is a bash
 * script that picks a version: ~0.5 s a start, against ~0.05 s). Each run reports the interpreter it
 * ended up in, and later runs of the process (`splice mcp`) start that one directly.
 */

const DRIVER = `
import json, os, sys, warnings
warnings.simplefilter("ignore")
# Answers go to the stdout this started with, one line each; anything else printed goes to stderr.
answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
os.dup2(2, 1)
sys.stdout = sys.stderr
if "worker" in sys.argv[1:]:
    # Never outlive splice: Linux kills this when its parent dies, even inside compile(); elsewhere
    # a watcher does (and a closed stdin ends the loop below).
    if "pdeathsig" in sys.argv[1:]:
        try:
            import ctypes
            ctypes.CDLL(None).prctl(1, 9)
        except Exception:
            pass
    import threading, time
    parent = os.getppid()
    def watch():
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()
def check(src, path):
    try:
        compile(src, path, "exec", dont_inherit=True)
        return None
    except SyntaxError as e:
        return {"line": e.lineno or 1, "column": e.offset or 1, "message": e.msg, "type": type(e).__name__}
    except ValueError as e:
        return {"line": 1, "column": 1, "message": str(e), "type": "ValueError"}
for raw in iter(sys.stdin.buffer.readline, b""):
    try:
        req = json.loads(raw.decode("utf-8"))
        after = check(req["after"], req["path"])
        before = check(req["before"], req["path"]) if after is not None and req["before"] is not None else None
        reply = {"version": "%d.%d.%d" % tuple(sys.version_info[:3]), "executable": sys.executable, "after": after, "before": before}
    except Exception as e:
        # RecursionError, MemoryError: a source too deep or too big for this interpreter to compile.
        reply = {"failed": "%s: %s" % (type(e).__name__, e)}
    answers.write(json.dumps(reply) + "\\n")
    answers.flush()
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
    const r = JSON.parse(stdout.trim().split("\n").pop() ?? "") as { version?: unknown; executable?: unknown; after?: unknown; before?: unknown; failed?: unknown }
    if (typeof r.failed === "string") return { kind: "failed_to_run", detail: `python3 could not compile it: ${r.failed.slice(0, 300)}` }
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

/** The check through the process's python3 worker; a worker that dies on it is started again once. */
const throughWorker = (worker: LineWorker, request: string, timeoutMs: number): Effect.Effect<PythonVerdict> =>
  Effect.gen(function*() {
    let r = yield* worker.request(request, timeoutMs)
    if (r !== "not_found" && r.kind === "exited") r = yield* worker.request(request, timeoutMs)
    if (r === "not_found") return { kind: "missing" } as const
    if (r.kind === "timed_out") return { kind: "failed_to_run", detail: `python3 timed out after ${timeoutMs} ms` } as const
    if (r.kind === "exited") return { kind: "failed_to_run", detail: `python3 exited ${r.code}: ${r.stderr.slice(-500)}` } as const
    const reply = parseReply(r.line)
    if (reply === undefined) {
      // Not our driver's answer: whatever the process is now, it is not to be trusted with the next.
      yield* worker.restart
      return { kind: "failed_to_run", detail: `python3 answered ${JSON.stringify(r.line.slice(0, 200))}, not a verdict` } as const
    }
    if (reply.kind !== "checked") return reply
    const { executable: _, ...verdict } = reply
    return verdict
  })

/** Compiles `after` (and `before`, when `after` fails) with python3, if there is one. */
export const pythonSyntax = (
  runner: ProcessRunnerService,
  file: string,
  before: string | null,
  after: string,
  timeoutMs: number = TIMEOUT_MS
): Effect.Effect<PythonVerdict> =>
  Effect.gen(function*() {
    // Relative PATH entries (".", "bin") would resolve inside the workspace: only absolute ones.
    const searchPath = (process.env["PATH"] ?? "").split(path.delimiter).filter((d) => path.isAbsolute(d))
    const found = yield* runner.which("python3", [], searchPath)
    if (found === undefined) return { kind: "missing" } as const
    const request = JSON.stringify({ path: file, before, after })
    if (runner.worker !== undefined) {
      // Under Node the worker is spawned by the main thread, whose end (ours) Linux can signal it on.
      const args = ["-I", "-S", "-c", DRIVER, "worker", ...("Deno" in globalThis ? [] : ["pdeathsig"])]
      return yield* throughWorker(runner.worker({ command: found, args, env: { PYENV_DIR: process.cwd() } }), request, timeoutMs)
    }
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
              timeoutMs,
              // A pyenv shim picks the version from .python-version where the user runs splice, not
              // from the neutral directory it runs in.
              env: { PYENV_DIR: process.cwd() },
              stdin: request + "\n"
            }),
            (r): PythonVerdict & { readonly executable?: string } => {
              if (r === "not_found") return { kind: "missing" }
              if (r.timedOut) return { kind: "failed_to_run", detail: `python3 timed out after ${timeoutMs} ms` }
              const reply = r.exitCode === 0 ? parseReply(r.stdout) : undefined
              if (reply?.kind === "failed_to_run") return reply
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
