/** `splice recover [--discard TX]`; the program is src/commands/recover.ts. */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Option from "effect/Option"
import { recoverWith } from "../commands/recover.js"
import * as common from "./common.js"

const flags = {
  discard: Options.text("discard").pipe(
    Options.withDescription("Resolve a pending transaction that cannot be rolled back by accepting its files as they are now (an id or a unique prefix)"),
    Options.optional
  ),
  workspace: common.workspace,
  output: common.output
}

const command = Command.make("recover", flags, (f) => recoverWith(Option.isSome(f.discard) ? { discard: f.discard.value } : {})).pipe(
  Command.withDescription("Roll back transactions left behind by a crashed or killed splice; quarantine journal entries that are not yours; clean up leftovers")
)

export const recoverCommand = Command.provide(command, common.layerFor)
