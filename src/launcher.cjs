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
const source = fs.readFileSync(file, "utf8")
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

let cachedData
let commands = []
if (useCache) {
  try {
    cachedData = fs.readFileSync(cacheFile)
    commands = fs.readFileSync(listFile, "utf8").split("\n").filter((c) => c !== "")
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
      if (!stale) return
      // Caches of earlier builds or versions of this runtime are dead weight (as are those named
      // the way earlier launchers named them).
      for (const name of fs.readdirSync(dir)) {
        const old = name.startsWith(`bundle-${runtime.split("-")[0]}-`) || /^bundle-\d/.test(name)
        if (old && !name.startsWith(build)) fs.rmSync(path.join(dir, name), { force: true })
      }
    } catch {}
  })
}
const bundle = { exports: {} }
script.runInThisContext()(bundle.exports, createRequire(file), bundle, file, here)
