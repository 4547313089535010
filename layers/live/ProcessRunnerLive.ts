import type * as ChildProcess from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type ProcessResult, ProcessRunner, type ProcessSpec } from "../../services/ProcessRunner.js"
import { lazyBuiltin } from "./builtin.js"
import { killGroup } from "./killGroup.js"
import { lineWorkers } from "./lineWorker.js"

/**
 * child_process without a shell. The tool runs in its own process group so that a timeout or an
 * interrupt kills it and its children (cargo runs rustc, npm runs tsc), not just the parent.
 */

const MAX_OUTPUT = 8 * 1024 * 1024
// Only the compiler gate and Python's parser start processes.
const childProcess = lazyBuiltin<typeof ChildProcess>("node:child_process")

const run = (spec: ProcessSpec) =>
  Effect.async<ProcessResult | "not_found">((resume) => {
    const started = Date.now()
    const child = childProcess().spawn(spec.command, [...spec.args], {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      stdio: [spec.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      detached: process.platform !== "win32",
      shell: false
    })
    if (spec.stdin !== undefined && child.stdin !== null) {
      // A tool that exits without reading its input must not crash us with EPIPE.
      child.stdin.on("error", () => undefined)
      child.stdin.end(spec.stdin, "utf8")
    }
    let stdout = ""
    let stderr = ""
    let timedOut = false
    let settled = false
    child.stdout!.setEncoding("utf8").on("data", (d: string) => {
      if (stdout.length < MAX_OUTPUT) stdout += d
    })
    child.stderr!.setEncoding("utf8").on("data", (d: string) => {
      if (stderr.length < MAX_OUTPUT) stderr += d
    })
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child.pid)
    }, spec.timeoutMs)
    child.on("error", (e: NodeJS.ErrnoException) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resume(Effect.succeed(e.code === "ENOENT" || e.code === "EACCES" ? "not_found" : {
        exitCode: null, stdout, stderr: stderr + String(e), timedOut, durationMs: Date.now() - started
      }))
    })
    child.on("close", (code) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resume(Effect.succeed({ exitCode: code, stdout, stderr, timedOut, durationMs: Date.now() - started }))
    })
    // Interrupted (Ctrl-C, or the command gave up): the checker must not outlive us.
    return Effect.sync(() => {
      settled = true
      clearTimeout(timer)
      killGroup(child.pid)
    })
  })

const isExecutable = (p: string) => {
  try {
    fs.accessSync(p, fs.constants.X_OK)
    return fs.statSync(p).isFile()
  } catch {
    return false
  }
}

const which = (name: string, extraDirs: ReadonlyArray<string> = [], searchPath?: ReadonlyArray<string>) =>
  Effect.sync(() => {
    if (name.includes("/")) return isExecutable(name) ? path.resolve(name) : undefined
    const dirs = [...extraDirs, ...(searchPath ?? (process.env["PATH"] ?? "").split(path.delimiter).filter((d) => d.length > 0))]
    for (const d of dirs) {
      const p = path.join(d, name)
      if (isExecutable(p)) return p
    }
    return undefined
  })

/** The services themselves, for a caller that builds several without a layer each (liveLayer). */
export const processRunner = (warm: boolean): Context.Tag.Service<ProcessRunner> => warm ? { run, which, worker: lineWorkers() } : { run, which }

export const ProcessRunnerLive: Layer.Layer<ProcessRunner> = Layer.succeed(ProcessRunner, processRunner(false))

/**
 * For a long-running process (`splice mcp`): checkers that can stay up between requests do (the
 * Python syntax gate's python3: ~5 ms a check instead of ~100–150 ms a start, README "Speed").
 */
export const ProcessRunnerWarm: Layer.Layer<ProcessRunner> = Layer.sync(ProcessRunner, () => processRunner(true))
