/** Flags of `splice trust`; the program is src/commands/trust.ts. */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { trustCommand as program } from "../commands/trust.js"
import * as common from "./common.js"

const flags = {
  status: Options.boolean("status").pipe(Options.withDescription("Say whether this workspace is trusted (and why not); change nothing")),
  revoke: Options.boolean("revoke").pipe(Options.withDescription("Stop trusting this workspace")),
  workspace: common.workspace,
  output: common.output
}

const command = Command.make("trust", flags, (f) => program({ status: f.status, revoke: f.revoke })).pipe(
  Command.withDescription(
    "Let this workspace's gates run its own code (custom gates in splice.json, node_modules/.bin/tsc, cargo), " +
      "pinned to the BLAKE3 of splice.json: a changed splice.json must be trusted again. SPLICE_TRUST=1 trusts every workspace"
  )
)

export const trustCommand = Command.provide(command, common.layerFor)
