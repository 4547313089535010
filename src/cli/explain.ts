/** `splice explain [CODE]`: needs no workspace, so it builds only the output layer. */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Option from "effect/Option"
import { chooseMode, OutputLive } from "../../layers/live/OutputLive.js"
import { explain } from "../commands/explain.js"
import * as common from "./common.js"

const flags = {
  code: Args.text({ name: "CODE" }).pipe(Args.withDescription("An error code such as SPL-E071"), Args.optional),
  output: common.output
}

export const explainCommand = Command.make("explain", flags, (f) => explain(Option.getOrUndefined(f.code))).pipe(
  Command.withDescription("Explain an error code (or list them all)"),
  Command.provide((f) => OutputLive(chooseMode(Option.getOrUndefined(f.output))))
)
