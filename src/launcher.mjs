#!/usr/bin/env node
// splice's entry point (copied to dist/splice.mjs by the build).
//
// Start-up time matters: agents call splice for every edit. On Node, V8 spends ~65 ms compiling the
// bundle on every start; this launcher runs the CommonJS bundle through vm.Script with a V8 code
// cache kept in ~/.cache/splice (SPLICE_CACHE_DIR overrides, SPLICE_NO_CACHE=1 disables), which
// removes most of that. Deno keeps its own code cache, so under Deno the ESM bundle is imported.
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"

if (typeof globalThis.Deno !== "undefined") {
  await import("./splice-esm.mjs")
} else {
  const fs = await import("node:fs")
  const path = await import("node:path")
  const os = await import("node:os")
  const vm = await import("node:vm")
  const v8 = await import("node:v8")
  // Set here, before compiling, because V8 rejects a code cache made under other flags; main sets
  // them too (for the single executable) and says why. Not for the long-running server, where the
  // optimised wasm pays for itself after a few edits (its code cache is kept apart).
  const serving = process.argv[2] === "mcp"
  if (!serving) {
    v8.setFlagsFromString("--no-wasm-tier-up")
    v8.setFlagsFromString("--no-wasm-dynamic-tiering")
  }
  const here = path.dirname(fileURLToPath(import.meta.url))
  const file = path.join(here, "splice.cjs")
  const require = createRequire(file)
  const source = fs.readFileSync(file, "utf8")
  const stat = fs.statSync(file)
  const dir = process.env.SPLICE_CACHE_DIR ||
    path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "splice")
  const useCache = process.env.SPLICE_NO_CACHE !== "1"
  const build = `bundle-${stat.size}-${Math.floor(stat.mtimeMs)}-${process.version}-${process.arch}`
  const cacheFile = path.join(dir, `${build}${serving ? "-server" : ""}.v8cache`)
  let cachedData
  if (useCache) {
    try {
      cachedData = fs.readFileSync(cacheFile)
    } catch {}
  }
  const wrapper = "(function (exports, require, module, __filename, __dirname) {" + source + "\n})"
  const script = new vm.Script(wrapper, { filename: file, cachedData, importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER })
  if (useCache && (cachedData === undefined || script.cachedDataRejected)) {
    // Written once, at exit, so it holds every function this run compiled. Atomic: temp + rename.
    process.once("exit", () => {
      try {
        fs.mkdirSync(dir, { recursive: true })
        const tmp = `${cacheFile}.${process.pid}.tmp`
        fs.writeFileSync(tmp, script.createCachedData())
        fs.renameSync(tmp, cacheFile)
        // Caches of earlier builds or Node versions are dead weight.
        for (const name of fs.readdirSync(dir)) {
          if (name.startsWith("bundle-") && name.endsWith(".v8cache") && !name.startsWith(build)) {
            fs.rmSync(path.join(dir, name), { force: true })
          }
        }
      } catch {}
    })
  }
  const module = { exports: {} }
  script.runInThisContext()(module.exports, require, module, file, here)
}
