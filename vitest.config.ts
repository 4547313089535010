import { defineConfig } from "vitest/config"

// Under Deno the suite runs everything but the e2e tests: those already start the bundle under
// both Node and Deno as processes, from the Node run.
const underDeno = typeof (globalThis as { Deno?: unknown }).Deno !== "undefined"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: underDeno ? ["test/e2e/**", "node_modules/**"] : ["node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    setupFiles: ["test/support/isolateConfig.ts"],
    reporters: ["default"]
  }
})
