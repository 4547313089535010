/** `splice recover`; the program is src/commands/recover.ts. */
import * as Command from "@effect/cli/Command"
import { recoverCommand as program } from "../commands/recover.js"
import * as common from "./common.js"

const command = Command.make("recover", { workspace: common.workspace, output: common.output }, () => program).pipe(
  Command.withDescription("Roll back transactions left behind by a crashed or killed splice")
)

export const recoverCommand = Command.provide(command, common.layerFor)
