/** `splice undo [TX]`; the program is src/commands/undo.ts. */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Option from "effect/Option"
import { undo } from "../commands/undo.js"
import * as common from "./common.js"

const flags = {
  tx: Args.text({ name: "TX" }).pipe(Args.withDescription("Transaction id (or a unique prefix); default: the latest"), Args.optional),
  lockTimeout: common.lockTimeout,
  db: common.refreshDb,
  workspace: common.workspace,
  output: common.output
}

const command = Command.make("undo", flags, (f) =>
  undo({ ...(Option.isSome(f.tx) ? { tx: f.tx.value } : {}), lockTimeoutMs: Option.getOrElse(f.lockTimeout, () => 10) * 1000, ...common.dbOf(f) })).pipe(
    Command.withDescription("Reverse the latest (or the given) committed transaction, provided its files still hold what it wrote")
  )

export const undoCommand = Command.provide(command, common.layerFor)
