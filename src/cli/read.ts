/** Flags of `splice read`; the program is src/commands/read.ts. */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Option from "effect/Option"
import { read } from "../commands/read.js"
import { DEFAULT_MAX_BYTES } from "../commands/textTarget.js"
import * as common from "./common.js"

const flags = {
  file: Options.text("file").pipe(Options.withAlias("f"), Options.withDescription("The file to read")),
  lines: Options.text("lines").pipe(Options.withDescription("Line range A:B (1-based, inclusive; A: or :B for open ends)"), Options.optional),
  numbered: Options.boolean("numbered").pipe(Options.withDescription("Prefix each line with its number and a tab")),
  maxBytes: common.maxBytes,
  workspace: common.workspace,
  output: common.output
}

const command = Command.make("read", flags, (f) =>
  read({ file: f.file, ...(Option.isSome(f.lines) ? { lines: f.lines.value } : {}), numbered: f.numbered, maxBytes: Option.getOrElse(f.maxBytes, () => DEFAULT_MAX_BYTES) })).pipe(
    Command.withDescription("Print a file (or some of its lines) with its BLAKE3 checksum")
  )

export const readCommand = Command.provide(command, common.layerFor)
