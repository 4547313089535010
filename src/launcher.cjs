#!/usr/bin/env node
// splice's entry point, copied to dist/launch.cjs by the build: npm's bin.
//
// CommonJS on purpose: Node starts an ES module entry through its ES module loader, which loads
// node:fs/promises, readline's interface and the streams (10-14 ms of CPU per start, measured as an
// empty .mjs against an empty .cjs). dist/splice.mjs, for `deno run -A dist/splice.mjs` and `node
// dist/splice.mjs`, only requires this file.
//
// Start-up time matters: agents call splice for every edit. V8 compiles a function the first time it
// runs, and a start-up runs a few thousand of them (Effect, @effect/cli, splice's layers): ~100 ms
// on Node, more under Deno. This launcher runs the CommonJS bundle through vm.Script with a V8 code
// cache kept in ~/.cache/splice (SPLICE_CACHE_DIR overrides, SPLICE_NO_CACHE=1 disables), which
// removes most of that, on Node and on Deno alike. (Deno's own module cache holds only the code
// compiled before a module runs, not the functions compiled while it runs, so importing the ESM
// bundle under Deno paid for them on every start.)
//
// The cache is written at exit, so it holds every function the run compiled. A command runs code
// no other command does, so the first run of each command rewrites the cache: it accumulates the
// code of every command used since the bundle was built (the commands it holds are listed beside it).
"use strict"
const { createRequire } = require("node:module")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const vm = require("node:vm")

const deno = globalThis.Deno
const serving = process.argv[2] === "mcp"
try {
  // Set here, before compiling, because V8 rejects a code cache made under other flags; main sets
  // them too (for the single executable) and says why. Not for the long-running server, where the
  // optimised wasm pays for itself after a few edits (its code cache is kept apart).
  if (!serving) {
    const v8 = require("node:v8")
    v8.setFlagsFromString("--no-wasm-tier-up")
    v8.setFlagsFromString("--no-wasm-dynamic-tiering")
  }
} catch {}

const here = __dirname
const file = path.join(here, "splice.cjs")
// The bundle is ASCII (esbuild escapes the rest; the build checks it), so Latin-1 reads it alike,
// without UTF-8 validation of its 1.6 MB.
const source = fs.readFileSync(file, "latin1")
const stat = fs.statSync(file)
const dir = process.env.SPLICE_CACHE_DIR ||
  path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "splice")
const useCache = process.env.SPLICE_NO_CACHE !== "1"
// A cache is only valid for the V8 that wrote it: one per runtime and version, so Node and Deno
// used side by side do not overwrite each other's.
const runtime = deno !== undefined ? `deno-${deno.version.deno}` : `node-${process.version}`
const build = `bundle-${runtime}-${process.arch}-${stat.size}-${Math.floor(stat.mtimeMs)}`
const cacheFile = path.join(dir, `${build}${serving ? "-server" : ""}.v8cache`)
const listFile = `${cacheFile}.commands`
const command = /^[a-z][a-z-]*$/.test(process.argv[2] ?? "") ? process.argv[2] : "-"
const HOUR = 3600e3

/**
 * Bounds the cache directory when a new cache is written (a new build or runtime version: rare), as
 * a least-recently-used set: of this runtime's builds, the KEEP last run in the past MAX_AGE stay,
 * so that builds used in turns (two versions installed side by side, a build and the one before it
 * compared) each keep theirs, and a stream of rebuilds does not fill the disk. A build's last run is
 * the newest mtime of its files (the command list is touched hourly when used). Leftover temp files
 * and the names earlier launchers used go too.
 */
const KEEP = 6
const MAX_AGE = 30 * 24 * HOUR
const evict = () => {
  const kind = runtime.split("-")[0]
  const lastRun = new Map()
  const doomed = []
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name)
    if (/^bundle-\d/.test(name)) doomed.push(full)
    const m = /^(bundle-([a-z]+)-.*?)(-server)?\.v8cache(\.commands)?(\.\d+\.tmp)?$/.exec(name)
    if (m === null || m[2] !== kind || m[1] === build) continue
    const mtime = fs.statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? 0
    if (m[5] !== undefined) {
      if (Date.now() - mtime > HOUR) doomed.push(full) // a writer that died before its rename
      continue
    }
    const other = lastRun.get(m[1]) ?? { files: [], mtime: 0 }
    other.files.push(full)
    other.mtime = Math.max(other.mtime, mtime)
    lastRun.set(m[1], other)
  }
  const others = [...lastRun.values()].sort((a, b) => b.mtime - a.mtime)
  others.forEach((o, rank) => {
    if (rank >= KEEP - 1 || Date.now() - o.mtime > MAX_AGE) doomed.push(...o.files)
  })
  for (const f of doomed) fs.rmSync(f, { force: true })
}

let cachedData
let commands = []
if (useCache) {
  try {
    cachedData = fs.readFileSync(cacheFile)
    commands = fs.readFileSync(listFile, "utf8").split("\n").filter((c) => c !== "")
    // The list's mtime says when this build last ran (to the hour), for the eviction below.
    const now = Date.now()
    if (now - fs.statSync(listFile).mtimeMs > HOUR) fs.utimesSync(listFile, now / 1000, now / 1000)
  } catch {}
}
const wrapper = "(function (exports, require, module, __filename, __dirname) {" + source + "\n})"
const script = new vm.Script(wrapper, { filename: file, cachedData, importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER })
const stale = cachedData === undefined || script.cachedDataRejected === true
if (useCache && (stale || !commands.includes(command))) {
  process.once("exit", () => {
    try {
      fs.mkdirSync(dir, { recursive: true })
      // Atomic (temp + rename); two processes racing at worst drop a command from the list, which
      // only means one more rewrite later.
      const write = (target, data) => {
        const tmp = `${target}.${process.pid}.tmp`
        fs.writeFileSync(tmp, data)
        fs.renameSync(tmp, target)
      }
      write(cacheFile, script.createCachedData())
      write(listFile, [...(stale ? [] : commands), command].join("\n") + "\n")
      if (stale) evict()
    } catch {}
  })
}
const bundle = { exports: {} }
script.runInThisContext()(bundle.exports, createRequire(file), bundle, file, here)
