/** Running the built CLI as a real process, under Node and under Deno. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

export const ROOT = path.resolve(import.meta.dirname, "../..")
export const BUNDLE = path.join(ROOT, "dist", "splice.mjs")
/** What npm's bin (`npx splice`) runs under Node: the launcher as a CommonJS entry; dist/splice.mjs requires it. */
export const LAUNCHER = path.join(ROOT, "dist", "launch.cjs")
/**
 * The deno binary from the npm package's platform dependency. Not node_modules/.bin/deno: that is a
 * Node shim which would receive the test's signals instead of deno.
 */
export const DENO = (() => {
  const scope = path.join(ROOT, "node_modules", "@deno")
  for (const dir of fs.existsSync(scope) ? fs.readdirSync(scope) : []) {
    const exe = path.join(scope, dir, "deno")
    if (fs.existsSync(exe)) return exe
  }
  return path.join(ROOT, "node_modules", ".bin", "deno")
})()

export interface Runtime {
  readonly name: "node" | "deno"
  readonly argv: (args: ReadonlyArray<string>) => [string, string[]]
}

export const runtimes: ReadonlyArray<Runtime> = [
  { name: "node", argv: (args) => [process.execPath, [LAUNCHER, ...args]] },
  { name: "deno", argv: (args) => [DENO, ["run", "-A", BUNDLE, ...args]] }
]

/**
 * For e2e suites whose behaviour is the same JavaScript under either runtime (what a graph query,
 * a rename or a data format edit computes): Node only. Every command runs as a Deno process in
 * output-schema.test.ts; what a runtime can change (signals, pipes, locks, races, the file system,
 * the MCP server, start-up, workspace discovery) keeps its suites under both. CI time.
 */
export const logicRuntimes: ReadonlyArray<Runtime> = runtimes.filter((rt) => rt.name === "node")

/** Build once if the bundle is missing (CI builds before testing; this keeps `vitest` alone usable). */
export const ensureBuilt = (): void => {
  if (fs.existsSync(BUNDLE) && fs.existsSync(LAUNCHER) && fs.existsSync(path.join(ROOT, "dist", "splice.cjs"))) return
  const r = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: ROOT, stdio: "inherit" })
  if (r.status !== 0) throw new Error("build failed")
}

export const tempWorkspace = (prefix = "splice-e2e-"): string => fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)))

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "splice-cache-"))
// Runs trust every workspace (SPLICE_TRUST=1, as CI would) unless a test passes SPLICE_TRUST: "".

export interface Result {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
  readonly lines: Array<Record<string, unknown>>
  readonly last: Record<string, unknown>
}

const parse = (stdout: string) =>
  stdout.split("\n").filter((l) => l.trim().length > 0).map((l) => {
    try {
      return JSON.parse(l) as Record<string, unknown>
    } catch {
      return { unparsed: l }
    }
  })

export interface RunOptions {
  readonly cwd: string
  readonly input?: string
  readonly env?: Record<string, string>
}

/** The environment every splice process of the suite gets: its own code cache, trusted gates. */
export const childEnv = (options: RunOptions, plain = true): NodeJS.ProcessEnv => ({
  ...process.env,
  SPLICE_CACHE_DIR: cacheDir,
  ...(plain ? { NO_COLOR: "1" } : {}),
  SPLICE_TRUST: "1",
  ...options.env
})

export const runSync = (rt: Runtime, args: ReadonlyArray<string>, options: RunOptions): Result => {
  const [cmd, argv] = rt.argv(args)
  const r = spawnSync(cmd, argv, {
    cwd: options.cwd,
    input: options.input ?? "",
    env: childEnv(options),
    encoding: "utf8",
    timeout: 60_000
  })
  const lines = parse(r.stdout)
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, lines, last: lines[lines.length - 1] ?? {} }
}

/**
 * The same as runSync without blocking the test worker: a file that runs many processes in a row
 * must not starve vitest's own messages (its RPC times out after a minute of blocked event loop).
 */
export const runAsync = (rt: Runtime, args: ReadonlyArray<string>, options: RunOptions): Promise<Result> => {
  const [cmd, argv] = rt.argv(args)
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, {
      cwd: options.cwd,
      env: childEnv(options),
      stdio: ["pipe", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stdout!.on("data", (d) => (stdout += d))
    child.stderr!.on("data", (d) => (stderr += d))
    child.stdin!.on("error", () => undefined)
    child.stdin!.end(options.input ?? "")
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000)
    child.on("close", (code, signal) => {
      clearTimeout(timer)
      const lines = parse(stdout)
      resolve({ code, signal, stdout, stderr, lines, last: lines[lines.length - 1] ?? {} })
    })
  })
}

/** Start a process and resolve once its stderr contains `marker`. */
export const startUntil = (rt: Runtime, args: ReadonlyArray<string>, options: RunOptions, marker: RegExp) => {
  const [cmd, argv] = rt.argv(args)
  const child = spawn(cmd, argv, {
    cwd: options.cwd,
    env: childEnv(options, false),
    stdio: ["ignore", "pipe", "pipe"]
  })
  let stdout = ""
  let stderr = ""
  child.stdout!.on("data", (d) => (stdout += d))
  const reached = new Promise<void>((resolve, reject) => {
    child.stderr!.on("data", (d) => {
      stderr += d
      if (marker.test(stderr)) resolve()
    })
    child.on("exit", () => reject(new Error(`exited before ${marker}: ${stderr}`)))
  })
  const done = new Promise<Result>((resolve) =>
    child.on("exit", (code, signal) => {
      const lines = parse(stdout)
      resolve({ code, signal, stdout, stderr, lines, last: lines[lines.length - 1] ?? {} })
    })
  )
  return { child: child as ChildProcess, reached, done }
}

/** A probe run once, when a test file first asks (most never do). */
const once = <A>(probe: () => A): (() => A) => {
  let value: { readonly a: A } | undefined
  return () => (value ??= { a: probe() }).a
}

/** Whether this machine lets the tests mount a tmpfs (root in a container that allows it): a real full disk, another device. */
export const canMountTmpfs = once(() => {
  const dir = tempWorkspace("splice-mnt-probe-")
  const ok = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir]).status === 0
  if (ok) spawnSync("umount", [dir])
  fs.rmSync(dir, { recursive: true, force: true })
  return ok
})

/** Whether `chattr +i` works here (root on a file system that has it): a real permission denied, even for root. */
export const canChattr = once(() => {
  const dir = tempWorkspace("splice-chattr-probe-")
  const f = path.join(dir, "f")
  fs.writeFileSync(f, "x")
  const ok = spawnSync("chattr", ["+i", f]).status === 0
  if (ok) spawnSync("chattr", ["-i", f])
  fs.rmSync(dir, { recursive: true, force: true })
  return ok
})
