/** `splice trust`. */
import { trustCommand } from "../../commands/trust.js"
import { defineCommand } from "../command.js"
import { flag } from "../param.js"

export const trustSpec = defineCommand({
  name: "trust",
  summary: "Let this workspace's gates run its own code (custom gates in splice.json, node_modules/.bin/tsc, cargo), pinned to the BLAKE3 of splice.json",
  guide: "A workspace's own checker runs code from that workspace, so splice runs it only once the workspace is trusted; a changed splice.json must be trusted again, and SPLICE_TRUST=1 trusts every workspace. " +
    "Use status to see whether (and why not) a workspace is trusted; trusting is a person's decision about code they have read, so do not trust a workspace just to silence SPL-E047.",
  params: {
    status: flag("status", "Say whether this workspace is trusted (and why not); change nothing"),
    revoke: flag("revoke", "Stop trusting this workspace")
  },
  needs: "workspace",
  readOnly: false,
  // A model must not grant itself the right to run the workspace's code.
  cliOnly: true,
  examples: ["splice trust --status", "splice trust", "splice trust --revoke"],
  run: (v) => trustCommand({ status: v.status, revoke: v.revoke })
})
