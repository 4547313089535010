// Builds a Node single executable (SEA) from the CommonJS bundle, offline: dist/splice-sea, with
// the grammars it reads from dist/grammars beside it. (`deno task compile` is the other single
// executable; it needs Deno's runtime binary from the network, which this machine cannot reach.)
import { execFileSync } from "node:child_process"
import { chmodSync, copyFileSync, existsSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"

if (!existsSync("dist/splice.cjs")) execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" })
const config = { main: "dist/splice.cjs", output: "dist/sea-prep.blob", disableExperimentalSEAWarning: true, useCodeCache: true }
writeFileSync("dist/sea-config.json", JSON.stringify(config))
execFileSync(process.execPath, ["--experimental-sea-config", "dist/sea-config.json"], { stdio: "inherit" })
const exe = join("dist", "splice-sea")
rmSync(exe, { force: true })
copyFileSync(process.execPath, exe)
chmodSync(exe, 0o755)
execFileSync(process.execPath, [
  join("node_modules", "postject", "dist", "cli.js"),
  exe,
  "NODE_SEA_BLOB",
  "dist/sea-prep.blob",
  "--sentinel-fuse",
  "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2"
], { stdio: "inherit" })
rmSync("dist/sea-prep.blob", { force: true })
rmSync("dist/sea-config.json", { force: true })
console.log(`built ${exe}`)
