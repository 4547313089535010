/** Flags of `splice hash`; the program is src/commands/hash.ts. */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Option from "effect/Option"
import { hash } from "../commands/hash.js"
import * as common from "./common.js"

const flags = {
  files: Args.text({ name: "FILE" }).pipe(Args.atLeast(1)),
  verify: Options.text("verify").pipe(Options.withDescription("Check the file against this BLAKE3 checksum (exit 7 on mismatch)"), Options.optional),
  workspace: common.workspace,
  output: common.output
}

const command = Command.make("hash", flags, (f) =>
  hash({ files: f.files, ...(Option.isSome(f.verify) ? { verify: f.verify.value } : {}) })).pipe(
    Command.withDescription("BLAKE3 checksums, b3sum-compatible")
  )

export const hashCommand = Command.provide(command, common.layerFor)
