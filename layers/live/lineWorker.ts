import type * as ChildProcess from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import type { LineWorker, WorkerReply, WorkerSpec } from "../../services/ProcessRunner.js"
import { lazyBuiltin } from "./builtin.js"
import { killGroup } from "./killGroup.js"

/**
 * Long-lived helper processes spoken to in lines (services/ProcessRunner.ts, LineWorker). Each runs
 * without a shell, in its own process group and its own empty scratch directory, and must never
 * outlive this process: every one still running is killed when this process exits (and the worker
 * itself watches for its parent's death, for a `kill -9` of this one). They do not keep this process
 * alive: a server whose client went away exits with its workers idle.
 */

const childProcess = lazyBuiltin<typeof ChildProcess>("node:child_process")

type Event = { readonly line: string } | { readonly exit: number | null; readonly notFound: boolean }

interface Running {
  readonly child: ChildProcess.ChildProcess
  readonly dir: string
  /** stdout after the last full line. */
  out: string
  /** The end of stderr, for the message when it dies. */
  err: string
  ended: boolean
  listener: ((e: Event) => void) | undefined
}

const running = new Set<Running>()
let exitHooked = false

const stop = (r: Running) => {
  r.ended = true
  running.delete(r)
  killGroup(r.child.pid)
  fs.rmSync(r.dir, { recursive: true, force: true })
}

/** Streams and handles that would keep the event loop alive: a worker waits for requests, not us. */
const unref = (x: unknown) => (x as { unref?: () => void } | null)?.unref?.()

const start = (spec: WorkerSpec): Running => {
  if (!exitHooked) {
    exitHooked = true
    process.on("exit", stopWorkers)
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "splice-worker-"))
  const child = childProcess().spawn(spec.command, [...spec.args], {
    cwd: dir,
    env: { ...process.env, ...spec.env },
    stdio: ["pipe", "pipe", "pipe"],
    detached: process.platform !== "win32",
    shell: false
  })
  const r: Running = { child, dir, out: "", err: "", ended: false, listener: undefined }
  running.add(r)
  // A worker that died (or never started) must not crash us with EPIPE.
  child.stdin!.on("error", () => undefined)
  child.stdout!.setEncoding("utf8").on("data", (d: string) => {
    r.out += d
    for (let nl = r.out.indexOf("\n"); nl >= 0; nl = r.out.indexOf("\n")) {
      const line = r.out.slice(0, nl)
      r.out = r.out.slice(nl + 1)
      r.listener?.({ line })
    }
  })
  child.stderr!.setEncoding("utf8").on("data", (d: string) => {
    r.err = (r.err + d).slice(-4000)
  })
  const ended = (code: number | null, notFound: boolean) => {
    if (!r.ended) stop(r)
    r.listener?.({ exit: code, notFound })
  }
  child.on("error", (e: NodeJS.ErrnoException) => ended(null, e.code === "ENOENT" || e.code === "EACCES"))
  child.on("close", (code) => ended(code, false))
  for (const x of [child, child.stdin, child.stdout, child.stderr]) unref(x)
  return r
}

const makeLineWorker = (spec: WorkerSpec): LineWorker => {
  let current: Running | undefined
  const turn = Effect.unsafeMakeSemaphore(1)

  const once = (line: string, timeoutMs: number) =>
    Effect.async<WorkerReply | "not_found">((resume) => {
      if (current === undefined || current.ended) {
        try {
          current = start(spec)
        } catch (e) {
          // No scratch directory (disk full), no process: this request's answer.
          return resume(Effect.succeed({ kind: "exited", code: null, stderr: String(e) }))
        }
      }
      const r = current
      r.out = "" // nothing before the request is its answer
      let done = false
      const finish = (v: WorkerReply | "not_found") => {
        if (done) return
        done = true
        clearTimeout(timer)
        r.listener = undefined
        resume(Effect.succeed(v))
      }
      r.listener = (e) =>
        finish("line" in e ? { kind: "line", line: e.line } : e.notFound ? "not_found" : { kind: "exited", code: e.exit, stderr: r.err.trim() })
      const timer = setTimeout(() => {
        stop(r)
        finish({ kind: "timed_out" })
      }, timeoutMs)
      r.child.stdin!.write(line + "\n", "utf8")
      // Interrupted (a cancelled call): its answer would be taken for the next request's.
      return Effect.sync(() => {
        if (done) return
        done = true
        clearTimeout(timer)
        r.listener = undefined
        stop(r)
      })
    })

  return {
    request: (line, timeoutMs) => turn.withPermits(1)(once(line, timeoutMs)),
    restart: Effect.sync(() => {
      if (current !== undefined) stop(current)
      current = undefined
    })
  }
}

const workers = new Map<string, LineWorker>()

/** This process's workers, one per distinct spec, shared by every workspace a server serves. */
export const lineWorkers = () => (spec: WorkerSpec): LineWorker => {
  const key = JSON.stringify([spec.command, spec.args, spec.env ?? {}])
  let w = workers.get(key)
  if (w === undefined) workers.set(key, w = makeLineWorker(spec))
  return w
}

/** Kills every worker of this process (at its exit); the next request starts its worker again. */
export const stopWorkers = () => {
  for (const r of [...running]) stop(r)
}

/** Workers running now (for tests: none may be left behind). */
export const runningWorkers = (): ReadonlyArray<number> => [...running].flatMap((r) => (r.child.pid === undefined ? [] : [r.child.pid]))
