/** The two flags every CLI command has, and the glue from them to a command's live layer. */
import * as Options from "@effect/cli/Options"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type { Catalog } from "../domain/locale/index.js"
import { liveLayer } from "../../layers/live/index.js"
import { chooseMode } from "../../layers/live/OutputLive.js"

export const workspace = Options.text("workspace").pipe(
  Options.withDescription("Workspace root (default: SPLICE_WORKSPACE, else the git root, else the current directory)"),
  Options.optional
)
export const output = Options.choice("output", ["json", "human"]).pipe(
  Options.withDescription("Output format (default: json when stdout is not a terminal)"),
  Options.optional
)

export interface CommonFlags {
  readonly workspace: Option.Option<string>
  readonly output: Option.Option<"json" | "human">
}

/**
 * The messages of the run, chosen before the command line is parsed (`--locale` is global: it may
 * stand before the command's name, where @effect/cli takes no flag; src/main.ts).
 */
export class RunCatalog extends Context.Tag("splice/RunCatalog")<RunCatalog, Catalog>() {}

/** The live services for one run of a command (graph access included: only a few stat calls until used). */
export const layerFor = <A extends CommonFlags>(flags: A) =>
  Layer.unwrapEffect(Effect.map(RunCatalog, (catalog) =>
    liveLayer({ workspace: Option.getOrUndefined(flags.workspace), output: chooseMode(Option.getOrUndefined(flags.output)), catalog })))
