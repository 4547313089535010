import * as fs from "node:fs"
import * as path from "node:path"
import { defineConfig } from "vitest/config"

// Under Deno the suite runs everything but the e2e tests (those already start the bundle under both
// Node and Deno as processes, from the Node run) and the command tests that run only on the memory
// layers: pure JavaScript over an in-memory disk, the same under either runtime, and more than half of
// the Deno run's time. A command test that touches a real disk or process (a live layer, a temp dir) runs
// under Deno too.
const underDeno = typeof (globalThis as { Deno?: unknown }).Deno !== "undefined"
const memoryOnlyCommandTests = (): string[] =>
  fs.readdirSync("test/commands", { recursive: true, encoding: "utf8" })
    .map((f) => path.join("test/commands", f))
    .filter((f) => f.endsWith(".test.ts") && !/layers\/live|mkdtemp|tempWorkspace|node:child_process/.test(fs.readFileSync(f, "utf8")))

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: underDeno ? ["test/e2e/**", "node_modules/**", ...memoryOnlyCommandTests()] : ["node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time even on two cores (vitest's default is cores − 1): most of an e2e test is
    // waiting for the splice processes it starts, which run on the other core.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    setupFiles: ["test/support/isolateConfig.ts"],
    reporters: ["default"]
  }
})
