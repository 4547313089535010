#!/usr/bin/env node
// splice as an ES module (copied to dist/splice.mjs by the build): what `deno run -A dist/splice.mjs`
// and `node dist/splice.mjs` start. It runs the launcher, dist/launch.cjs (npm's bin), which Node
// starts faster as a CommonJS entry (see there).
import { createRequire } from "node:module"

createRequire(import.meta.url)("./launch.cjs")
