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
    // Two files at a time even on two cores (vitest's default is cores − 1): most of an e2e test is
    // waiting for the splice processes it starts, which run on the other core.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    setupFiles: ["test/support/isolateConfig.ts"],
    reporters: ["default"]
  }
})
